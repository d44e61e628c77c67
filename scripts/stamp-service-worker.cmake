# Writes the site's sw.js with the files it caches (web/site-files.txt, the one list of the page's files) and its
# version: the first 16 hex digits of the SHA-256 of those files, so that any change to the page is a new version
# (web/sw.js). Run by CMake after the page is built:
#   cmake -DSITE=build/web/site -DTEMPLATE=web/sw.js -P scripts/stamp-service-worker.cmake
file(STRINGS "${SITE}/site-files.txt" files)
set(all "")
set(MOE_SITE_FILES "\"./\"")
foreach(f ${files})
  file(SHA256 "${SITE}/${f}" h)
  string(APPEND all "${h}")
  string(APPEND MOE_SITE_FILES ", \"${f}\"")
endforeach()
string(SHA256 version "${all}")
string(SUBSTRING "${version}" 0 16 MOE_SITE_VERSION)
configure_file("${TEMPLATE}" "${SITE}/sw.js" @ONLY)
