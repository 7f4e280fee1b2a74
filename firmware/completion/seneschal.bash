# bash completion for seneschal and seneschald. The sub-commands and options come from the
# program's own --help at each TAB, so what completes is exactly what the installed program
# takes, and this file never falls behind it. Installed as
# /usr/share/bash-completion/completions/{seneschal,seneschald}.

# The sub-commands a --help lists (CLI11 prints them under "Subcommands:").
_seneschal_subcommands() {
  awk '/^Subcommands:/ { on = 1; next } on && /^  [a-z]/ { print $1 }'
}

# Every option a --help lists ("  -h,--help", "  --assets TEXT=...").
_seneschal_options() {
  sed -n 's/^  \(-[^ ]*\).*/\1/p' | tr ',' '\n'
}

# The options that take a value: a type follows the name ("  --assets TEXT=...", "--seats INT").
_seneschal_value_options() {
  sed -n 's/^  \(-[^ ]*\) [A-Z][A-Z]*.*/\1/p' | tr ',' '\n'
}

_seneschal() {
  local cur="${COMP_WORDS[COMP_CWORD]}"
  local prev=""
  [ "$COMP_CWORD" -gt 0 ] && prev="${COMP_WORDS[COMP_CWORD - 1]}"
  # The command so far: the program and the sub-commands named before the cursor.
  local -a command=("${COMP_WORDS[0]}")
  local help word i
  help=$("${command[@]}" --help 2>/dev/null) || return 0
  for ((i = 1; i < COMP_CWORD; i++)); do
    word="${COMP_WORDS[i]}"
    if printf '%s\n' "$help" | _seneschal_subcommands | grep -qx -- "$word"; then
      command+=("$word")
      help=$("${command[@]}" --help 2>/dev/null) || return 0
    fi
  done
  # After an option that takes a value: files and folders (paths are most of them).
  if [[ "$prev" == -* ]] && printf '%s\n' "$help" | _seneschal_value_options | grep -qx -- "$prev"; then
    COMPREPLY=($(compgen -f -- "$cur"))
    return 0
  fi
  local candidates
  if [[ "$cur" == -* ]]; then
    candidates=$(printf '%s\n' "$help" | _seneschal_options)
  else
    candidates=$(printf '%s\n' "$help" | _seneschal_subcommands)
    if [ -z "$candidates" ]; then  # no sub-commands here: a file argument (replay's INPUT, a scene)
      COMPREPLY=($(compgen -f -- "$cur"))
      return 0
    fi
  fi
  COMPREPLY=($(compgen -W "$candidates" -- "$cur"))
  return 0
}

complete -o filenames -F _seneschal seneschal seneschald
