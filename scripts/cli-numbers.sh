#!/usr/bin/env bash
# Writes the CLI's JSON report for every preset of every lab on seeds 1 and 2 into a folder, one file a run
# (LAB.PRESET.SEED.json), so that two builds can be compared byte for byte: a change to how the code is compiled
# (unity builds, other flags) must leave every number as it was. Runs as many at once as the machine has cores;
# the paper-sized presets take minutes each. The wall time a run took ("seconds") is left out of its report.
#   scripts/cli-numbers.sh OUT_DIR [moe-lab]       then: diff -r BEFORE_DIR AFTER_DIR
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:?usage: scripts/cli-numbers.sh OUT_DIR [moe-lab]}
cli=$(realpath "${2:-build/native/moe-lab}")
mkdir -p "$out"
"$cli" list --json | python3 -c '
import json, sys
for lab in json.load(sys.stdin)["labs"]:
    for p in lab["presets"]:
        for seed in (1, 2):
            print(lab["id"], p if isinstance(p, str) else p["id"], seed)' |
  xargs -P "$(nproc)" -L 1 sh -c '"$0" run --lab "$2" --preset "$3" --seed "$4" --json | sed "1s/ \"seconds\": [^,]*,//" > "$1/$2.$3.$4.json"' "$cli" "$out"
echo "cli-numbers: $(ls "$out" | wc -l) reports in $out"
