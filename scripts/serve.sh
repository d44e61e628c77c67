#!/usr/bin/env bash
# Sets up, builds the page and serves it on http://127.0.0.1:${PORT:-8080} (or the port given).
set -euo pipefail
cd "$(dirname "$0")/.."
PORT="${1:-${PORT:-8080}}"
scripts/setup.sh
scripts/build-web.sh --target moe-lab-page
echo "MoE Lab: serving build/web/site at http://127.0.0.1:${PORT}/  (Ctrl+C to stop)"
exec python3 -m http.server "$PORT" --bind 127.0.0.1 --directory build/web/site
