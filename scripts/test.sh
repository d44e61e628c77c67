#!/usr/bin/env bash
# Sets up and runs every test, stage by stage (docs/testing.md says what each stage checks, and its budget):
#   setup      Debian's packages, Dear ImGui's and libqrencode's sources, playwright-core (scripts/setup.sh)
#   checks     the C++ format, the citations, the layers, the string table
#   native     the native build (unity batches) and every unit test (doctest through ctest), the app's included
#   asan       the core, the session layer and the labs with their tests under ASan and UBSan (clang); the same
#              build makes the libFuzzer target
#   tsan       the threaded tests under ThreadSanitizer (seeds and sweep jobs on threads, every lab)
#   cli        the randomized CLI test (520 configurations), the GIFT export parsed, the outcomes' seed counts, 30 s of
#              libFuzzer
#   web        the page, the CLI and what can differ in WebAssembly (the numbers, the page's API, the string
#              table, the workers' protocol) built with Emscripten, its unit tests under node
#   browser    the browser files (tests/e2e/*.test.mjs, Chromium, two at a time: scripts/browser-tests.sh)
#   site       the packaged static site served from another folder
# It ends with a table: each stage's wall and CPU seconds (Chromium's processes counted) against its budget, and a
# warning for a stage over it (scripts/stages.sh).
#   scripts/test.sh            everything (the README's test command; CI runs it)
#   scripts/test.sh --quick    the developer's loop: the checks, the native unit tests and the fast browser tests
set -euo pipefail
cd "$(dirname "$0")/.."
quick=0
case "${1:-}" in
  --quick) quick=1 ;;
  "") ;;
  *) echo "usage: scripts/test.sh [--quick]" >&2; exit 2 ;;
esac
source scripts/stages.sh
trap 'status=$?; [ $status = 0 ] || stages_table; stages_cleanup; exit $status' EXIT   # (the table on a failure too)

# Left out under the sanitizers and in WebAssembly: the generic tests that play every lab's default preset or its
# tour's runs (ten times slower under ASan; the worksheets' test was 44 of the ASan stage's 177 CPU seconds): the
# same code runs in them at the quick sizes of the other generic tests, which run there.
export asan_skip="default run's progress and phase never go back|run_seeds: every lab gives the same bits"
asan_skip+="|every character the labs show|on the tour's seed, each question|every lab's worksheet"
# And two of the playground's headline claims at their full test sizes (28 of ASan's CPU seconds): their presets'
# code (expert choice, a collapse, skewed data) runs under ASan in "in every preset and comparison", shortened.
asan_skip+="|playground lab: expert choice loses|playground lab: on skewed data the router collapses"

checks() {
  scripts/format.sh --check
  scripts/check-citations.sh
  scripts/check-layers.sh
  python3 scripts/words.py check
  python3 -m unittest discover -s tests/scripts   # (the glossaries' forbidden forms refused: test_words.py)
}

native() {
  cmake --preset native -DMOE_BUILD_UI=ON >/dev/null
  cmake --build build/native -j"$(nproc)"
  ctest --test-dir build/native --output-on-failure -j"$(nproc)"
}

# One clang build for both: the unit tests of the core, the session layer and the labs under ASan and UBSan, and the
# libFuzzer target (its coverage instrumentation on the code it reaches only: CMakeLists.txt). At -O2: the tests take
# half the time they took at -O1, for a little more compiling.
asan() {
  [ -f build/asan/CMakeCache.txt ] && grep -q "MOE_BUILD_FUZZ:BOOL=ON" build/asan/CMakeCache.txt || rm -rf build/asan
  CC=clang CXX=clang++ cmake -S . -B build/asan -DMOE_BUILD_UI=OFF -DMOE_BUILD_FUZZ=ON -DCMAKE_BUILD_TYPE=None \
        -DMOE_NATIVE_OPT="-O2 -g1" \
        -DCMAKE_CXX_FLAGS="-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer" \
        >/dev/null
  cmake --build build/asan -j"$(nproc)" --target moe-tests moe-fuzz
  ctest --test-dir build/asan --output-on-failure -j"$(nproc)" -E "$asan_skip"
}

tsan() {
  # (at -O1: its compile 85 → 63 CPU s, its tests 104 → 113: the labs' code under TSan is mostly the calls it adds)
  cmake -S . -B build/tsan -DMOE_BUILD_UI=OFF -DCMAKE_BUILD_TYPE=None -DMOE_NATIVE_OPT="-O1 -g1" \
        -DCMAKE_CXX_FLAGS="-fsanitize=thread -fno-omit-frame-pointer" >/dev/null
  cmake --build build/tsan -j"$(nproc)" --target moe-thread-tests   # (those test files only)
  build/tsan/moe-thread-tests --test-case="for_each_index*,run_seeds*,sweep on threads*,every lab: the same numbers on 1 thread*"
}

# The random CLI test and the outcomes' counts are one thread each, the fuzz run too: side by side. What the
# end-of-run lines and the tour questions say about seeds 1–10 is counted again (scripts/check-outcomes.sh); libFuzzer
# runs over the
# link/command parsers and parameter validation for 30 s (built in the asan stage). Their output goes to
# build/check-outcomes.log and build/fuzz.log, printed (the fuzzer's summary) when they end.
cli() {
  scripts/check-outcomes.sh build/native/moe-lab >build/check-outcomes.log 2>&1 &
  outcomes=$!
  MOE_FUZZ_BUILD=build/asan scripts/fuzz.sh 30 >build/fuzz.log 2>&1 &
  fuzz=$!
  trap 'kill $outcomes $fuzz 2>/dev/null || true' EXIT   # (if the random CLI test fails, nothing stays running)
  node tests/cli/random-cli.mjs build/native/moe-lab
  node --test tests/cli/gift.test.mjs   # (the tours' questions for Moodle, read back by a third-party GIFT parser)
  wait $outcomes || { cat build/check-outcomes.log; echo "check-outcomes failed" >&2; exit 1; }
  echo "check-outcomes: $(grep -c '(declared [0-9]' build/check-outcomes.log) outcomes' seed counts and" \
       "$(grep -c 'declared \[' build/check-outcomes.log) tour questions' seeds as declared"
  wait $fuzz || { cat build/fuzz.log; echo "the fuzz stage failed" >&2; exit 1; }
  grep -e "^fuzz:" -e "stat::number_of_executed_units" build/fuzz.log
  trap - EXIT
}

web() {
  scripts/build-web.sh
  scripts/check-download.sh   # the default page within its budget of 1.0 MiB gzip, or what grew
  NODE_PATH=/usr/share/nodejs ctest --test-dir build/web --output-on-failure -j"$(nproc)" -E "$asan_skip"
}

quick_browser() {
  scripts/build-web.sh --target moe-lab-page
  scripts/browser-tests.sh tests/e2e/{page,links,exercise,reliability,questions,assistive,offline}.test.mjs
}

# The page's loading, links and one lab's phenomenon against the packaged static site, served from another folder by
# python3 -m http.server; every lab's play-through ran in the browser stage on the build folder.
site() {
  # (not local: the EXIT trap reads them when the stage's shell ends)
  pkg=$(mktemp -d)
  scripts/package-site.sh "$pkg/moe-lab-site" | tail -1
  port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  python3 -m http.server "$port" --bind 127.0.0.1 --directory "$pkg/moe-lab-site" >/dev/null 2>&1 &
  server=$!
  trap 'kill $server 2>/dev/null || true; rm -rf "$pkg"' EXIT
  python3 - "$port" <<'PY'
import sys, time, urllib.request
for _ in range(100):
    try:
        urllib.request.urlopen(f"http://127.0.0.1:{sys.argv[1]}/moe-lab.wasm").read(); break
    except OSError:
        time.sleep(0.1)
else:
    sys.exit("the packaged site did not come up")
PY
  MOE_BASE_URL="http://127.0.0.1:$port/" node --test --test-name-pattern="loads|malformed|switching|phenomenon" \
      tests/e2e/page.test.mjs
}
export -f checks native asan tsan cli web quick_browser site

# Each stage's budget in wall seconds on the CI machine (docs/testing.md): the whole at most 30 minutes there, TSan
# within the web stage's time beside it.
stages_budget=1800
run_stage setup 180 "set-up: Debian's packages, Dear ImGui and libqrencode from source packages, playwright-core" \
  scripts/setup.sh
run_stage checks 30 "the C++ format, citations, layers and the string table (every text translated, none shown without it)" \
  checks
run_stage native 200 "native build (unity batches) and every unit test" native
if [ $quick = 1 ]; then
  run_stage browser 120 "WebAssembly build (the page) and the fast browser tests (Chromium)" quick_browser
  stages_budget=300   # (the developer's loop: five minutes)
  stages_table
  echo "== the quick tests passed (the full command: scripts/test.sh)"
  exit 0
fi
run_stage asan 220 "the core, the session layer and the labs with their tests under ASan and UBSan (clang; the fuzzer's build)" asan
run_stage cli 150 "randomized CLI test (520 configurations over every lab), the outcomes' seed counts and libFuzzer, side by side" cli
# TSan leaves a core idle a third of its time (its links, its tests on one thread): beside the WebAssembly build.
# Its output is printed when both have ended.
run_stage tsan 400 "the threaded tests under ThreadSanitizer (seeds and sweep jobs on threads, every lab), beside the next stage" \
  tsan >build/stage-tsan.log 2>&1 &
tsan_stage=$!
web_status=0 tsan_status=0
run_stage web 400 "WebAssembly build (the page, the CLI, the web unit tests) and its unit tests under node, beside TSan" web ||
  web_status=$?
wait $tsan_stage || tsan_status=$?
cat build/stage-tsan.log
[ $web_status = 0 ] && [ $tsan_status = 0 ] || { echo "== the tsan or web stage failed (above)" >&2; exit 1; }
run_stage browser 600 "browser end-to-end tests (Chromium), two files at a time" scripts/browser-tests.sh
run_stage site 20 "the packaged static site (scripts/package-site.sh), served from another folder" site
stages_table
echo "== all tests passed"
