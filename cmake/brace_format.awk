# Marks every catalog entry whose English has fmt's {0} {1} as python-brace-format, the gettext
# format that is the same syntax, so `msgfmt --check` refuses a translation that drops or invents
# a value. xgettext applies --flag formats of Python only to Python sources, hence this step.
BEGIN { RS = ""; ORS = "\n\n" }
{
  n = split($0, lines, "\n")
  english = ""
  in_msgid = 0
  for (i = 1; i <= n; i++) {
    if (lines[i] ~ /^msgid /) in_msgid = 1
    else if (lines[i] ~ /^msgstr/) in_msgid = 0
    if (in_msgid) english = english lines[i]
  }
  if (english !~ /\{[0-9]+\}/ || $0 ~ /python-brace-format/) { print; next }
  out = ""
  flagged = 0
  for (i = 1; i <= n; i++) {
    line = lines[i]
    if (!flagged && line ~ /^#, /) { line = line ", python-brace-format"; flagged = 1 }
    if (!flagged && line ~ /^msgid /) { out = out "#, python-brace-format\n"; flagged = 1 }
    out = out line (i < n ? "\n" : "")
  }
  print out
}
