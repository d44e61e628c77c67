#!/usr/bin/env bash
# A reproduction over a Slurm cluster: N array tasks, each one part of the seeds, then a merge job.
#   scripts/slurm/submit.sh PARTS OUTDIR reproduce-arguments...
#   scripts/slurm/submit.sh 10 runs/ce-lecture --lab cluster-experts --preset lecture --seeds 100
# OUTDIR (on a file system every node sees) gets part-I.txt per task and report.json, the same report as
# `moe-lab reproduce ... --json` on one machine (timings aside). Prints the merge job's id.
set -euo pipefail
[ $# -ge 3 ] || { sed -n '2,6p' "$0" >&2; exit 2; }
parts=$1 out=$2; shift 2
here=$(cd "$(dirname "$0")" && pwd)
export MOE_LAB_CLI=${MOE_LAB_CLI:-$(cd "$here/../.." && pwd)/build/native/moe-lab}
mkdir -p "$out"
export MOE_PARTS=$(cd "$out" && pwd)
[ -x "$MOE_LAB_CLI" ] || { echo "submit.sh: no moe-lab at $MOE_LAB_CLI (build it, or set MOE_LAB_CLI)" >&2; exit 2; }
array=$(sbatch --parsable --chdir="$MOE_PARTS" --array="1-$parts" --export=ALL "$here/reproduce-array.sbatch" "$@")
sbatch --parsable --chdir="$MOE_PARTS" --dependency="afterok:${array%%;*}" --export=ALL "$here/merge.sbatch"
