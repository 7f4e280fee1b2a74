# The word catalogs (engine/base/include/seneschal/base/words.hpp): assets/locale/<code>.po, one a
# language, compiled by msgfmt into <build>/locale/<code>/LC_MESSAGES/seneschal.mo, where the
# daemon run from the build tree reads them, and installed into share/locale.
#
#   cmake --build build --target pot      the words of the sources into assets/locale/seneschal.pot
#   cmake --build build --target po-merge  the new words into every <code>.po (msgmerge), to translate
find_program(MSGFMT msgfmt REQUIRED)
find_program(XGETTEXT xgettext)
find_program(MSGMERGE msgmerge)

set(SENESCHAL_LANGUAGES de fr es)
set(SENESCHAL_LOCALE_SOURCE ${CMAKE_SOURCE_DIR}/assets/locale)
set(SENESCHAL_BUILD_LOCALE_DIR ${CMAKE_BINARY_DIR}/locale)
set(SENESCHAL_INSTALLED_LOCALE_DIR ${CMAKE_INSTALL_FULL_LOCALEDIR})

# What xgettext looks for: the names words.hpp gives. Each entry with a {0} is then marked
# python-brace-format (cmake/brace_format.awk), so msgfmt --check holds its translations to its values.
set(SENESCHAL_XGETTEXT_ARGS
  --language=C++ --from-code=UTF-8 --package-name=seneschal --sort-by-file --add-comments=TRANSLATORS:
  --keyword= --keyword=tr --keyword=trf --keyword=say --keyword=trn:1,2 --keyword=N_)

set(catalog_outputs)
foreach(code IN LISTS SENESCHAL_LANGUAGES)
  set(po ${SENESCHAL_LOCALE_SOURCE}/${code}.po)
  set(mo ${SENESCHAL_BUILD_LOCALE_DIR}/${code}/LC_MESSAGES/seneschal.mo)
  add_custom_command(OUTPUT ${mo}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${SENESCHAL_BUILD_LOCALE_DIR}/${code}/LC_MESSAGES
    COMMAND ${MSGFMT} --check --output-file=${mo} ${po}
    DEPENDS ${po}
    COMMENT "Compiling the ${code} word catalog"
    VERBATIM)
  list(APPEND catalog_outputs ${mo})
  install(FILES ${mo} DESTINATION ${CMAKE_INSTALL_LOCALEDIR}/${code}/LC_MESSAGES)
endforeach()
add_custom_target(catalogs ALL DEPENDS ${catalog_outputs})

# The sources whose words are shown: everything but the tests and vision (which shows no word).
function(seneschal_word_sources out)
  file(GLOB_RECURSE sources RELATIVE ${CMAKE_SOURCE_DIR}
    ${CMAKE_SOURCE_DIR}/engine/*.cpp ${CMAKE_SOURCE_DIR}/engine/*.hpp
    ${CMAKE_SOURCE_DIR}/display/*.cpp ${CMAKE_SOURCE_DIR}/display/*.hpp
    ${CMAKE_SOURCE_DIR}/firmware/*.cpp ${CMAKE_SOURCE_DIR}/firmware/*.hpp)
  list(SORT sources)
  set(${out} ${sources} PARENT_SCOPE)
endfunction()

if(XGETTEXT AND MSGMERGE)
  seneschal_word_sources(word_sources)
  add_custom_target(pot
    COMMAND ${XGETTEXT} ${SENESCHAL_XGETTEXT_ARGS} --output=${CMAKE_BINARY_DIR}/seneschal.pot.raw ${word_sources}
    COMMAND awk -f ${CMAKE_SOURCE_DIR}/cmake/brace_format.awk ${CMAKE_BINARY_DIR}/seneschal.pot.raw
            > ${SENESCHAL_LOCALE_SOURCE}/seneschal.pot
    WORKING_DIRECTORY ${CMAKE_SOURCE_DIR}
    COMMENT "Collecting the words of the sources into assets/locale/seneschal.pot"
    VERBATIM)
  set(merges)
  foreach(code IN LISTS SENESCHAL_LANGUAGES)
    list(APPEND merges COMMAND ${MSGMERGE} --quiet --update --backup=none --no-fuzzy-matching --no-wrap
         ${SENESCHAL_LOCALE_SOURCE}/${code}.po ${SENESCHAL_LOCALE_SOURCE}/seneschal.pot)
  endforeach()
  add_custom_target(po-merge ${merges} DEPENDS pot WORKING_DIRECTORY ${CMAKE_SOURCE_DIR} VERBATIM)
endif()
