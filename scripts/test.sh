#!/usr/bin/env bash
# Sets up and runs every test: the native unit tests (ctest), the same unit tests compiled to
# WebAssembly under node (ctest), and the browser end-to-end test (node --test, Chromium).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh

echo "== native build and unit tests"
cmake --preset native -DMOE_BUILD_UI=ON >/dev/null
cmake --build build/native -j"$(nproc)"
ctest --test-dir build/native --output-on-failure

echo "== WebAssembly build and unit tests (node)"
scripts/build-web.sh
NODE_PATH=/usr/share/nodejs ctest --test-dir build/web --output-on-failure

echo "== browser end-to-end test (Chromium)"
node --test tests/e2e/
