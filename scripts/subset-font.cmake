# The page's font: DejaVu Sans cut to the code points the page's atlas holds (src/app/plot/glyph_ranges.hpp, the one
# declaration of them), without hinting or layout tables, which ImGui's rasteriser does not read. The glyphs'
# outlines are unchanged, so the page draws the same text as with the whole font, in a tenth of its download
# (760 kB, 382 kB gzip, down to about 110 kB, 66 kB gzip).
#   cmake -DFONT=<ttf> -DRANGES=src/app/plot/glyph_ranges.hpp -DOUT=<ttf> -DPYFTSUBSET=<pyftsubset> -P scripts/subset-font.cmake
file(READ ${RANGES} text)
string(REGEX MATCHALL "0x[0-9A-Fa-f]+, 0x[0-9A-Fa-f]+" pairs "${text}")
set(unicodes "")
foreach(pair IN LISTS pairs)
  string(REGEX REPLACE "0x([0-9A-Fa-f]+), 0x([0-9A-Fa-f]+)" "U+\\1-\\2" range "${pair}")
  list(APPEND unicodes ${range})
endforeach()
if(NOT unicodes)
  message(FATAL_ERROR "subset-font: no ranges found in ${RANGES}")
endif()
string(REPLACE ";" "," unicodes "${unicodes}")
execute_process(COMMAND ${PYFTSUBSET} ${FONT} --unicodes=${unicodes} --no-hinting --layout-features=
                        --drop-tables+=FFTM --output-file=${OUT}
                RESULT_VARIABLE failed)
if(failed)
  message(FATAL_ERROR "subset-font: pyftsubset failed on ${FONT}")
endif()
