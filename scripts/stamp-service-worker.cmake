# Writes the site's sw.js with its version: the first 16 hex digits of the SHA-256 of every file it caches, so
# that any change to the page is a new version (web/sw.js). Run by CMake after the page is built:
#   cmake -DSITE=build/web/site -DTEMPLATE=web/sw.js -P scripts/stamp-service-worker.cmake
set(all "")
foreach(f index.html moe-lab.js moe-lab.wasm moe-lab-api.js style.css manifest.webmanifest icon.svg)
  file(SHA256 "${SITE}/${f}" h)
  string(APPEND all "${h}")
endforeach()
string(SHA256 version "${all}")
string(SUBSTRING "${version}" 0 16 MOE_SITE_VERSION)
configure_file("${TEMPLATE}" "${SITE}/sw.js" @ONLY)
