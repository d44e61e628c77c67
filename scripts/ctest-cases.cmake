# One ctest test per doctest case of a test binary, run after each build (CMakeLists.txt): the binary lists its
# cases, and this writes a ctest file that runs each by a filter that matches its whole name. A case's name may
# hold commas and semicolons, as sentences do: doctest reads a comma as the end of a filter and CMake a semicolon
# as the end of a list item, so each is matched by doctest's `?` wildcard instead (doctest's own discovery cut a
# name at its semicolon: the filter matched no case, and the test passed with no check run). A test whose filter
# matches no case fails ("test cases: 0").
#   cmake -D EXE=path -D OUT=file [-D EMULATOR=node] -P scripts/ctest-cases.cmake
execute_process(COMMAND ${EMULATOR} "${EXE}" --list-test-cases --no-version
                OUTPUT_VARIABLE listed RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "ctest-cases: ${EXE} --list-test-cases failed (${status})")
endif()
string(REPLACE ";" "<semicolon>" listed "${listed}")   # (before the lines become a CMake list)
string(REPLACE "\n" ";" lines "${listed}")
set(tests "")
set(count 0)
foreach(name IN LISTS lines)
  if(name STREQUAL "" OR name MATCHES "^\\[doctest\\]" OR name MATCHES "^=+$")
    continue()
  endif()
  string(REPLACE "," "?" filter "${name}")
  string(REPLACE "<semicolon>" "?" filter "${filter}")
  string(REPLACE "<semicolon>" "," shown "${name}")   # (the ctest name: a semicolon written as a comma)
  string(APPEND tests "add_test([==[${shown}]==] ${EMULATOR} [==[${EXE}]==] [==[--test-case=${filter}]==] --no-version)\n"
                      "set_tests_properties([==[${shown}]==] PROPERTIES FAIL_REGULAR_EXPRESSION [==[test cases: +0 \\|]==])\n")
  math(EXPR count "${count} + 1")
endforeach()
if(count EQUAL 0)
  message(FATAL_ERROR "ctest-cases: ${EXE} lists no test case")
endif()
file(WRITE "${OUT}" "${tests}")
