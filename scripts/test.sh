#!/usr/bin/env bash
# Sets up and runs every test: the native unit tests (ctest, also under ASan/UBSan), the randomized CLI
# test, a bounded libFuzzer run, the same unit tests compiled to WebAssembly under node (ctest), and the
# browser end-to-end tests (node --test, Chromium).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh

echo "== native build and unit tests"
cmake --preset native -DMOE_BUILD_UI=ON >/dev/null
cmake --build build/native -j"$(nproc)"
ctest --test-dir build/native --output-on-failure

echo "== native unit tests under AddressSanitizer and UndefinedBehaviorSanitizer"
cmake -S . -B build/asan -DMOE_BUILD_UI=OFF -DCMAKE_BUILD_TYPE=RelWithDebInfo \
      -DCMAKE_CXX_FLAGS="-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer" >/dev/null
cmake --build build/asan -j"$(nproc)" --target moe-tests
ctest --test-dir build/asan --output-on-failure

echo "== randomized CLI test: 520 random configurations over every lab (in range, edges, out of range, garbage)"
node tests/cli/random-cli.mjs build/native/moe-lab

echo "== libFuzzer over the link/command parsers and parameter validation (60 s; clang, ASan, UBSan)"
scripts/fuzz.sh 60

echo "== WebAssembly build and unit tests (node)"
scripts/build-web.sh
NODE_PATH=/usr/share/nodejs ctest --test-dir build/web --output-on-failure

echo "== browser end-to-end test (Chromium)"
node --test tests/e2e/*.test.mjs
