#!/bin/bash
# Every word the sources mark (words.hpp) is translated in every catalog, none fuzzy, and every
# translation keeps its English's {0} {1} (msgfmt --check, python-brace-format): the catalog check
# of issue [7/8]. The words are collected afresh from the sources by xgettext with the build's own
# arguments, so a word added without its translations fails here, not on a German table.
#   check_catalogs.sh SOURCE_DIR CODE... -- XGETTEXT_ARGS...
set -euo pipefail
src=$1
shift
codes=()
while [ "$1" != "--" ]; do codes+=("$1"); shift; done
shift
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$src"
mapfile -t files < <(find engine display firmware \( -name '*.cpp' -o -name '*.hpp' \) | LC_ALL=C sort)
xgettext "$@" --output="$tmp/sources.pot" "${files[@]}"
# xgettext writes no file when it finds no word.
[ -f "$tmp/sources.pot" ] || { echo "no marked words found in the sources: xgettext's arguments are wrong"; exit 1; }
words=$(msgattrib --no-wrap "$tmp/sources.pot" | grep -c '^msgid ')
words=$((words - 1))  # the header
echo "the sources mark $words words"
[ "$words" -gt 0 ] || { echo "no marked words found: xgettext's arguments are wrong"; exit 1; }
failed=0
for code in "${codes[@]}"; do
  po=assets/locale/$code.po
  if ! msgcmp --use-untranslated "$po" "$tmp/sources.pot" 2>"$tmp/$code.missing"; then
    echo "$po lacks $(grep -c 'this message is used but not defined' "$tmp/$code.missing" || true) words the sources mark:"
    grep -A1 'this message is used but not defined' "$tmp/$code.missing" | head -20 || true
    failed=1
  fi
  untranslated=$(msgattrib --untranslated --no-obsolete "$po" | grep -c '^msgid ' || true)
  fuzzy=$(msgattrib --only-fuzzy --no-obsolete "$po" | grep -c '^msgid ' || true)
  # Counted: the translated words of the catalog that the sources still use.
  used=$(msgcomm --more-than=1 --no-wrap "$tmp/sources.pot" "$po" 2>/dev/null | grep -c '^msgid ' || true)
  used=$((used > 0 ? used - 1 : 0))
  if [ "$untranslated" -gt 0 ] || [ "$fuzzy" -gt 0 ]; then
    echo "$po: $untranslated untranslated and $fuzzy fuzzy:"
    msgattrib --untranslated --no-obsolete --no-wrap "$po" | grep '^msgid ' | head -10
    msgattrib --only-fuzzy --no-obsolete --no-wrap "$po" | grep '^msgid ' | head -10
    failed=1
  fi
  if ! msgfmt --check --output-file=/dev/null "$po" 2>"$tmp/$code.check"; then
    echo "$po: msgfmt --check fails:"
    head -20 "$tmp/$code.check"
    failed=1
  fi
  translated=$((used - untranslated - fuzzy))
  echo "$code: $translated of $words words translated ($((100 * translated / words)) %), $untranslated untranslated, $fuzzy fuzzy"
done
exit $failed
