#!/usr/bin/env bash
# Sets up and runs every test: the C++ format check, the native unit tests (ctest, also under ASan/UBSan, the threaded ones under TSan), the randomized CLI
# test, a bounded libFuzzer run, the same unit tests compiled to WebAssembly under node (ctest), and the
# browser end-to-end tests (node --test, Chromium, two files at a time: scripts/browser-tests.sh), also against
# the packaged static site.
#   scripts/test.sh            everything (the README's test command; CI runs it)
#   scripts/test.sh --quick    the developer's loop: the format, the native unit tests and the fast browser tests
set -euo pipefail
cd "$(dirname "$0")/.."
quick=0
case "${1:-}" in
  --quick) quick=1 ;;
  "") ;;
  *) echo "usage: scripts/test.sh [--quick]" >&2; exit 2 ;;
esac
# Each stage prints how long the one before it took (CI must stay well under its 90 minutes; aim: at most 30).
stage_start=$SECONDS
stage() {
    echo "   ($(( SECONDS - stage_start )) s)"
    stage_start=$SECONDS
    echo "== $1"
}
scripts/setup.sh

stage "C++ format (.clang-format; scripts/format.sh applies it)"
scripts/format.sh --check
scripts/check-citations.sh
scripts/check-layers.sh

stage "the string table (src/core/words.hpp): every text translated in every language, none shown without it"
python3 scripts/words.py check

stage "native build and unit tests"
cmake --preset native -DMOE_BUILD_UI=ON >/dev/null
cmake --build build/native -j"$(nproc)"
ctest --test-dir build/native --output-on-failure -j"$(nproc)"

if [ $quick = 1 ]; then
  stage "WebAssembly build (the page) and the fast browser tests (Chromium)"
  scripts/build-web.sh --target moe-lab-page
  scripts/browser-tests.sh tests/e2e/{page,links,exercise,reliability,questions,assistive,offline}.test.mjs
  stage "the quick tests passed (the full command: scripts/test.sh)"
  exit 0
fi

stage "native unit tests under AddressSanitizer and UndefinedBehaviorSanitizer"
cmake -S . -B build/asan -DMOE_BUILD_UI=OFF -DCMAKE_BUILD_TYPE=None -DMOE_NATIVE_OPT="-O1 -g1" \
      -DCMAKE_CXX_FLAGS="-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer" >/dev/null
cmake --build build/asan -j"$(nproc)" --target moe-tests
# Leaves out the generic tests that play every lab's default preset (ten times slower under ASan, ~5 minutes):
# the same code runs in them at the quick sizes of the other generic tests, which run here.
asan_skip="default run's progress and phase never go back|run_seeds: every lab gives the same bits"
asan_skip+="|every character the labs show|on the tour's seed, each question"
ctest --test-dir build/asan --output-on-failure -j"$(nproc)" -E "$asan_skip"

stage "the threaded tests under ThreadSanitizer (seeds and sweep jobs on threads, every lab)"
cmake -S . -B build/tsan -DMOE_BUILD_UI=OFF -DCMAKE_BUILD_TYPE=None -DMOE_NATIVE_OPT="-O2 -g1" \
      -DCMAKE_CXX_FLAGS="-fsanitize=thread -fno-omit-frame-pointer" >/dev/null
cmake --build build/tsan -j"$(nproc)" --target moe-thread-tests   # (those test files only: the stage's build halves)
build/tsan/moe-thread-tests --test-case="for_each_index*,run_seeds*,sweep on threads*,every lab: the same numbers on 1 thread*"

stage "randomized CLI test: 520 random configurations over every lab (in range, edges, out of range, garbage); beside it, the outcomes' seed counts and libFuzzer"
# Beside it (the random CLI test and the outcomes' counts are one thread each, the fuzz run too): what the
# end-of-run lines say about seeds 1–10 of each lab's default preset, counted again (about a minute), and
# libFuzzer over the link/command parsers and parameter validation (its build, then 30 s; clang, ASan, UBSan).
# Their output goes to build/check-outcomes.log and build/fuzz.log, printed (the fuzzer's summary) when they end.
scripts/check-outcomes.sh build/native/moe-lab > build/check-outcomes.log 2>&1 &
outcomes=$!
( t0=$SECONDS; scripts/fuzz.sh 30; echo "fuzz: build and run took $(( SECONDS - t0 )) s" ) > build/fuzz.log 2>&1 &
fuzz=$!
trap 'kill $outcomes $fuzz 2>/dev/null || true' EXIT   # (if the random CLI test fails, nothing stays running)
node tests/cli/random-cli.mjs build/native/moe-lab
wait $outcomes || { cat build/check-outcomes.log; echo "check-outcomes failed" >&2; exit 1; }
echo "check-outcomes: $(grep -c declared build/check-outcomes.log) outcomes' seed counts as declared"
wait $fuzz || { cat build/fuzz.log; echo "the fuzz stage failed" >&2; exit 1; }
grep -e "^fuzz:" -e "stat::number_of_executed_units" build/fuzz.log
trap - EXIT

stage "WebAssembly build and unit tests (node)"
scripts/build-web.sh
scripts/check-download.sh   # the default page within its budget of 1.0 MiB gzip, or what grew
# (without the same four default-preset runs: the browser test plays every default preset against both CLIs)
NODE_PATH=/usr/share/nodejs ctest --test-dir build/web --output-on-failure -j"$(nproc)" -E "$asan_skip"

stage "browser end-to-end tests (Chromium), two files at a time"
scripts/browser-tests.sh

stage "the packaged static site (scripts/package-site.sh), served from another folder by python3 -m http.server"
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
# The page's loading, links and one lab's phenomenon; every lab's play-through ran above on the build folder.
MOE_BASE_URL="http://127.0.0.1:$port/" node --test --test-name-pattern="loads|malformed|switching|phenomenon" \
    tests/e2e/page.test.mjs
stage "all tests passed"
