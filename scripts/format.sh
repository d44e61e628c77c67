#!/usr/bin/env bash
# Formats the C++ sources with the repository's .clang-format (Debian's clang-format 14).
#   scripts/format.sh           rewrite the files in place
#   scripts/format.sh --check   only report files that differ (scripts/test.sh runs this)
set -euo pipefail
cd "$(dirname "$0")/.."
mapfile -t files < <(git ls-files 'src/*.cpp' 'src/*.hpp' 'tests/*.cpp' 'tests/*.hpp')
if [ "${1:-}" = "--check" ]; then
  clang-format --dry-run --Werror "${files[@]}" || { echo "format: run scripts/format.sh to apply .clang-format" >&2; exit 1; }
  echo "format: ${#files[@]} files match .clang-format"
else
  clang-format -i "${files[@]}"
fi
