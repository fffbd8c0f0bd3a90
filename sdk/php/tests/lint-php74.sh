#!/usr/bin/env bash
# Keeps the PHP SDK loadable on PHP 7.4 while it is tested on a newer PHP: `php -l` on
# every file, then a grep for the PHP 8 syntax and functions a 7.4 parser or runtime
# refuses. A heuristic (a grep, not a parser): it can miss a construct written oddly,
# and a false alarm is fixed by rewriting the line plainly.
set -uo pipefail
cd "$(dirname "$0")/.."
status=0
files=$(find src tests autoload.php -name '*.php' | sort)
for f in $files; do
  php -l "$f" >/dev/null || status=1
done
check() {
  local what="$1" pattern="$2"
  # Comment lines are prose, not code.
  if grep -nE "$pattern" $files | grep -vE '^[^:]+:[0-9]+:[[:space:]]*(//|\*|/\*|#)'; then
    echo "PHP 8 only ($what): the lines above would not run on PHP 7.4" >&2
    status=1
  fi
}
check "match expression" '(^|[^>$:a-zA-Z_])match[[:space:]]*\('
check "nullsafe operator" '\?->'
check "mixed type" '(\(|,|:)[[:space:]]*\??mixed\b'
check "union type" '(function[^(]*\([^)]*[a-zA-Z_\\]\|[a-zA-Z_\\]|\):[[:space:]]*\??[a-zA-Z_\\]+\|)'
check "constructor promotion" '__construct\([^)]*(public|private|protected)[[:space:]]'
check "named argument" '[(,][[:space:]]*[a-z_][a-zA-Z0-9_]*:[[:space:]]+[$'"'"'"0-9a-zA-Z[]'
check "static/never return type" '\):[[:space:]]*(static|never)\b'
check "readonly, enum" '^[[:space:]]*(readonly|enum)[[:space:]]|[[:space:]]readonly[[:space:]]+(public|private|protected|[a-zA-Z?])'
check "throw expression" '(\?\?|=>|\?|:)[[:space:]]*throw[[:space:]]'
check "catch without variable" 'catch[[:space:]]*\([a-zA-Z_\\|[:space:]]+\)'
check "PHP 8 function" '\b(str_contains|str_starts_with|str_ends_with|get_debug_type|array_is_list|fdiv|get_resource_id)\('
exit $status
