#!/usr/bin/env bash
# Checks what the labs say about seeds: each lab declares, for every end-of-run outcome (core/outcome.hpp), in how
# many of seeds 1–N of its default preset the paper's case holds. `moe-lab reproduce` over those seeds counts it
# again and exits with 3 when a count differs from the declaration. Usage: scripts/check-outcomes.sh [moe-lab]
set -euo pipefail
cd "$(dirname "$0")/.."
cli=${1:-build/native/moe-lab}
labs=$("$cli" list --json | python3 -c 'import json, sys; print(" ".join(l["id"] for l in json.load(sys.stdin)["labs"]))')
for lab in $labs; do
  "$cli" reproduce --lab "$lab" --seeds 10 2>/dev/null | sed -n '/outcomes:/,$p' | sed "s/^/$lab /" ||
    { echo "check-outcomes: $lab's declared seed counts differ from its reproduction (above)" >&2; exit 1; }
done
