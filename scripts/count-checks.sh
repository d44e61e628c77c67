#!/usr/bin/env bash
# Counts the checks the test command makes, so that a change to the suite shows what it moved or merged
# (docs/testing.md, "no check lost"): doctest test cases and CHECK/REQUIRE sites (tests/**/*.cpp, *.hpp), browser
# tests (test() calls in tests/e2e/*.test.mjs) and their assert sites (tests/e2e/*.mjs, the harness included).
set -euo pipefail
cd "$(dirname "$0")/.."
cases=$(grep -rhoE '\bTEST_CASE\b' tests --include=*.cpp --include=*.hpp | wc -l)
checks=$(grep -rhoE '\b(CHECK|REQUIRE)(_[A-Z_]+)?\s*\(' tests --include=*.cpp --include=*.hpp | wc -l)
browser=$(grep -hoE '\btest\(' tests/e2e/*.test.mjs | wc -l)
asserts=$(grep -hoE '\bassert(\.[a-zA-Z]+)?\(' tests/e2e/*.mjs | wc -l)
echo "doctest test cases: $cases"
echo "CHECK/REQUIRE sites: $checks"
echo "browser tests: $browser"
echo "browser assert sites: $asserts"
