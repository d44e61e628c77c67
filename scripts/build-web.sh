#!/usr/bin/env bash
# Builds the page (and the CLI and unit tests as WebAssembly) into build/web. Emscripten 3.1.6 from
# Debian needs NODE_PATH=/usr/share/nodejs to find the acorn module its optimiser uses.
set -euo pipefail
cd "$(dirname "$0")/.."
export NODE_PATH=/usr/share/nodejs
[ -f build/web/CMakeCache.txt ] || emcmake cmake -S . -B build/web -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build/web -j"$(nproc)" "$@"
