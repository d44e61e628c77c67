#!/usr/bin/env bash
# Builds the page and writes it as a self-contained static site: a folder that any static host serves
# as it is (no server code, no build step, nothing fetched from elsewhere), and a .tar.gz of that folder.
#
#   scripts/package-site.sh [OUT_DIR]      (default: dist/moe-lab-site, with dist/moe-lab-site.tar.gz)
#
# The page finds its .js and .wasm next to index.html by relative path, so the folder also works under a
# sub-path such as https://USER.github.io/REPO/. Hosts should send .wasm as application/wasm (all common
# ones do; python3 -m http.server does).
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-dist/moe-lab-site}"
case "$out" in /*) ;; *) out="$PWD/$out" ;; esac

scripts/setup.sh
scripts/build-web.sh --target moe-lab-web

site=build/web/site
for f in $(cat web/site-files.txt) sw.js; do
  [ -f "$site/$f" ] || { echo "package-site: $site/$f is missing after the build" >&2; exit 1; }
done

rm -rf "$out"
mkdir -p "$out"
cp -r "$site"/. "$out"/
touch "$out/.nojekyll"                     # GitHub Pages: serve the folder as it is
tar -C "$(dirname "$out")" -czf "$out.tar.gz" "$(basename "$out")"

echo "package-site: wrote $out/ and $out.tar.gz"
echo "package-site: what a browser downloads (raw / gzip-compressed, as most hosts send it):"
total=0; total_gz=0
for f in "$out"/*; do
  raw=$(stat -c %s "$f"); gz=$(gzip -9 -c "$f" | wc -c)
  total=$((total + raw)); total_gz=$((total_gz + gz))
  printf '  %-16s %9d bytes  %9d gzip\n' "$(basename "$f")" "$raw" "$gz"
done
printf '  %-16s %9d bytes  %9d gzip\n' "total" "$total" "$total_gz"
