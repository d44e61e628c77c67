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
scripts/build-web.sh --target moe-lab-page

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
# The Web Workers' files load only for a run whose sweeps they pay for (src/app/frame/workers.hpp, web/sw.js); a
# language's table and font only when it is chosen (words/, fonts/: src/core/words.hpp), each on its own line.
on_demand=" sweep-worker.js moe-lab-worker.js moe-lab-worker.wasm "
page=0; page_gz=0; later=0; later_gz=0
for f in "$out"/* "$out"/words/* "$out"/fonts/*; do
  [ -f "$f" ] || continue
  name=${f#"$out"/}
  case "$name" in words/* | fonts/*)
    printf '  %-20s %9d bytes  %9d gzip  (when the language is chosen)\n' "$name" "$(stat -c %s "$f")" \
      "$(gzip -9 -c "$f" | wc -c)"
    continue ;;
  esac
  [ "$name" = site-files.txt ] && continue   # (the build's list, not fetched)
  raw=$(stat -c %s "$f"); gz=$(gzip -9 -c "$f" | wc -c)
  if [[ "$on_demand" == *" $name "* ]]; then later=$((later + raw)); later_gz=$((later_gz + gz))
  else page=$((page + raw)); page_gz=$((page_gz + gz)); fi
  printf '  %-20s %9d bytes  %9d gzip\n' "$name" "$raw" "$gz"
done
printf '  %-20s %9d bytes  %9d gzip\n' "the page" "$page" "$page_gz"
printf '  %-20s %9d bytes  %9d gzip\n' "+ workers, on demand" "$later" "$later_gz"
