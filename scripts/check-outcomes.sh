#!/usr/bin/env bash
# Checks what the labs say about seeds. Each lab declares, for every end-of-run outcome (core/outcome.hpp), in how
# many of seeds 1–N of its default preset the paper's case holds, and for every tour question the seeds of 1–10 on
# which the question's run does not support the paper's answer (core/tour.hpp). `moe-lab reproduce` over seeds 1–10
# counts both again and exits with 3 when a count differs from the declaration: the default preset's reproduction
# decides its outcomes and the questions asked at its end, and each other preset a question is asked at the end of
# (`question_presets` in `moe-lab list --json`) is reproduced for its questions. Usage:
# scripts/check-outcomes.sh [moe-lab]
set -euo pipefail
cd "$(dirname "$0")/.."
cli=${1:-build/native/moe-lab}
"$cli" list --json | python3 -c '
import json, sys
for lab in json.load(sys.stdin)["labs"]:
    presets = [lab["presets"][0]] + [p for p in lab["question_presets"] if p != lab["presets"][0]]
    for p in presets: print(lab["id"], p)' |
while read -r lab preset; do
  "$cli" reproduce --lab "$lab" --preset "$preset" --seeds 10 2>/dev/null | sed -n '/outcomes:/,$p' |
    sed "s/^/$lab $preset /" ||
    { echo "check-outcomes: $lab's declared seeds differ from its reproduction of $preset (above)" >&2; exit 1; }
done
