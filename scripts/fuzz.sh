#!/usr/bin/env bash
# Builds the libFuzzer target (clang from Debian, with AddressSanitizer and UndefinedBehaviorSanitizer)
# in build/fuzz and runs it for SECONDS (default 60) over tests/fuzz/corpus. New inputs it finds go to
# build/fuzz/corpus (not committed); a crash stops it, and the input is left in build/fuzz/crashes/:
# copy it to tests/fuzz/crashes/ so the unit tests replay it forever. Extra arguments go to libFuzzer.
# MOE_FUZZ_BUILD=DIR uses another build folder configured with MOE_BUILD_FUZZ (scripts/test.sh: build/asan, where the
# unit tests under ASan and UBSan are built with the same flags).
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_TO_RUN="${1:-60}"; shift || true
B=${MOE_FUZZ_BUILD:-build/fuzz}
[ -f $B/CMakeCache.txt ] || CC=clang CXX=clang++ cmake -S . -B $B -DMOE_BUILD_UI=OFF -DMOE_BUILD_FUZZ=ON \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_FLAGS="-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer" >/dev/null
cmake --build $B -j"$(nproc)" --target moe-fuzz
mkdir -p $B/corpus $B/crashes
echo "fuzz: running moe-fuzz for ${SECONDS_TO_RUN} s"
set +e   # libFuzzer's progress lines are dropped; its summary and any crash report are kept
$B/moe-fuzz -max_total_time="$SECONDS_TO_RUN" -max_len=512 -timeout=10 -rss_limit_mb=4096 -print_final_stats=1 \
  -dict=tests/fuzz/link.dict -artifact_prefix=$B/crashes/ "$@" $B/corpus tests/fuzz/corpus 2>&1 |
  grep -v -e '^#[0-9]*.*\(NEW\|REDUCE\|pulse\)' -e '^".*# Uses: ' -e 'recommended dictionary'
status=${PIPESTATUS[0]}
set -e
if [ "$status" -ne 0 ]; then
  echo "fuzz: moe-fuzz found a crash (status $status): see $B/crashes/; add the input to tests/fuzz/crashes/" >&2
  exit 1
fi
