# Writes a program's man page from its own --help at build time (help2man), so the page says
# what the binary takes. cmake -DPROGRAM=... -DNAME=... -DDESCRIPTION=... -DINCLUDE=... -DOUT=... -P
# Each sub-command's --help goes into a SUB-COMMANDS section; INCLUDE adds the exit status,
# environment and see-also sections. The page is gzipped, as Debian keeps man pages.
# The page shows the installed package's defaults, not this build tree's folders.
set(ENV{SENESCHAL_ASSETS} ${ASSETS})
execute_process(COMMAND ${PROGRAM} --help OUTPUT_VARIABLE help RESULT_VARIABLE failed)
if(failed)
  message(FATAL_ERROR "${PROGRAM} --help failed")
endif()
# The sub-commands a --help lists under "Subcommands:".
function(subcommands_of help out)
  set(names "")
  string(FIND "${help}" "Subcommands:" at)
  if(at GREATER -1)
    string(SUBSTRING "${help}" ${at} -1 listed)
    string(REGEX MATCHALL "\n  [a-z][a-z-]*" lines "${listed}")
    foreach(line ${lines})
      string(STRIP "${line}" name)
      list(APPEND names ${name})
    endforeach()
  endif()
  set(${out} ${names} PARENT_SCOPE)
endfunction()

# One sub-command's --help as a roff subsection, and its own sub-commands' after it.
function(add_section words out)
  execute_process(COMMAND ${PROGRAM} ${words} --help OUTPUT_VARIABLE sub_help)
  subcommands_of("${sub_help}" nested)
  # The page names the program, not the build tree's path to it; backslashes and leading dots
  # mean something to roff.
  string(REPLACE "${PROGRAM}" "${NAME}" sub_help "${sub_help}")
  string(REPLACE "\\" "\\e" sub_help "${sub_help}")
  string(REPLACE "\n." "\n\\&." sub_help "${sub_help}")
  string(REPLACE ";" " " title "${words}")
  set(text ".SS ${NAME} ${title}\n.nf\n${sub_help}\n.fi\n")
  foreach(sub ${nested})
    add_section("${words};${sub}" more)
    string(APPEND text "${more}")
  endforeach()
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

set(sections "")
subcommands_of("${help}" subcommands)
if(subcommands)
  set(sections "[SUB-COMMANDS]\n")
  foreach(sub ${subcommands})
    add_section("${sub}" text)
    string(APPEND sections "${text}")
  endforeach()
endif()
file(READ ${INCLUDE} static)
file(WRITE ${OUT}.h2m "${sections}\n${static}")
execute_process(COMMAND help2man --no-info --name=${DESCRIPTION} --include=${OUT}.h2m --output=${OUT} ${PROGRAM}
                RESULT_VARIABLE failed)
if(failed)
  message(FATAL_ERROR "help2man failed on ${PROGRAM}")
endif()
execute_process(COMMAND gzip -9nf ${OUT} RESULT_VARIABLE failed)
if(failed)
  message(FATAL_ERROR "gzip failed on ${OUT}")
endif()
