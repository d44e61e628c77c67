#!/usr/bin/env bash
# The default page's download against its budget: what a browser fetches to open the page (web/index.html, its
# scripts, style sheet, manifest and icon, and the module they load, moe-lab.wasm), gzip-compressed as hosts send
# it. Fails above the budget (1.1 MiB: docs/hosting.md), and prints each file beside the size recorded in scripts/download-sizes.txt
# so that what grew shows.
#   scripts/check-download.sh [SITE]        SITE: the built page's folder (default build/web/site)
#   scripts/check-download.sh --record [SITE]   writes the sizes measured now into scripts/download-sizes.txt
set -euo pipefail
cd "$(dirname "$0")/.."
record=0
[ "${1:-}" = "--record" ] && { record=1; shift; }
site=${1:-build/web/site}
budget=1153434
files=$( (echo index.html; grep -oE '(src|href)="[^"]+"' web/index.html | sed -E 's/^(src|href)="(.*)"$/\2/'; echo moe-lab.wasm) | sort -u)
total=0
table=""
for f in $files; do
  [ -f "$site/$f" ] || { echo "check-download: $site/$f is missing (build the page first)" >&2; exit 1; }
  n=$(gzip -9c "$site/$f" | wc -c)
  total=$((total + n))
  was=$(awk -v f="$f" '$1 == f {print $2}' scripts/download-sizes.txt 2>/dev/null || true)
  table+=$(printf "  %-22s %9d bytes gzip%s" "$f" "$n" "${was:+ (recorded $was, $((n - was)) more)}")$'\n'
done
if [ $record = 1 ]; then
  { echo "# The default page's files, bytes gzip -9 (scripts/check-download.sh --record)";
    for f in $files; do echo "$f $(gzip -9c "$site/$f" | wc -c)"; done; } > scripts/download-sizes.txt
fi
printf "%s" "$table"
echo "  total: $total bytes gzip; budget $budget (1.1 MiB)"
if [ "$total" -gt "$budget" ]; then
  echo "check-download: the default page is $((total - budget)) bytes over its budget; the files above, beside their" \
       "recorded sizes, show what grew" >&2
  exit 1
fi
