# The test command's stages, measured: sourced by scripts/test.sh. Each stage runs in a group of processes of its own
# (scripts/cpu-cgroup.sh), so that its CPU seconds count every process it starts. At the end, stages_table prints each
# stage's wall and CPU seconds against its budget (docs/testing.md), and a warning line for each stage over its
# budget: a warning, not a failure, since machines are noisy.
#   run_stage ID BUDGET_S "what it does" COMMAND...   runs COMMAND (a program, or an exported function) as the stage
#   stages_table                                      the table of every stage run so far (the whole against
#                                                     $stages_budget, when the caller sets it)
#   stages_cleanup                                    removes the groups (on exit)
source scripts/cpu-cgroup.sh

stages_file=build/stages.txt
mkdir -p build
: >"$stages_file"
stages_t0=$(date +%s)
stages_cg=$(cg_new "moe-test.$$")
# (the stages' groups go under stages_cg; the caller stays where it is)

run_stage() {
  local id=$1 budget=$2 title=$3 cg="" status t0 c0 ms cpu
  shift 3
  echo "== $title"
  if [ -n "$stages_cg" ] && mkdir "$stages_cg/$id" 2>/dev/null; then cg="$stages_cg/$id"; fi
  t0=$(date +%s%N)
  c0=$(cg_cpu_ms "$cg")
  set +e
  # (a bash of its own, so that `set -e` holds inside even when run_stage is called from `if` or `||`: a stage
  # that is a function of the caller's must be exported, `export -f`)
  bash -c 'set -euo pipefail; source scripts/cpu-cgroup.sh; cg_join "$1"; shift; "$@"' run_stage "$cg" "$@"
  status=$?
  set -e
  ms=$(( ($(date +%s%N) - t0) / 1000000 ))
  cpu=$(( $(cg_cpu_ms "$cg") - c0 ))
  echo "$id $(( (ms + 500) / 1000 )) $(( (cpu + 500) / 1000 )) $budget $status" >>"$stages_file"
  echo "   ($id: $(( (ms + 500) / 1000 )) s wall, $(( (cpu + 500) / 1000 )) s CPU, budget $budget s)"
  return $status
}

stages_table() {
  echo "---- the stages: wall and CPU seconds against each stage's budget (docs/testing.md)"
  printf "%-10s %8s %8s %8s\n" stage "wall s" "CPU s" "budget s"
  local all=$(( $(date +%s) - stages_t0 ))
  awk '{ printf "%-10s %8d %8d %8d%s\n", $1, $2, $3, $4, ($5 != 0 ? "   FAILED" : ""); cpu += $3 }
       END { printf "%-10s %8d %8d %8d\n", "all", '"$all"', cpu, '"${stages_budget:-0}"' }' "$stages_file"
  awk '$2 > $4 { printf "WARNING: stage %s took %d s, over its budget of %d s\n", $1, $2, $4 }' "$stages_file"
  [ "$all" -le "${stages_budget:-$all}" ] || echo "WARNING: the whole command took $all s, over its budget of $stages_budget s"
  [ -n "$stages_cg" ] || echo "(CPU seconds: the whole machine's busy time, from /proc/stat: no cgroup could be made here)"
}

stages_cleanup() { cg_remove "$stages_cg"; }
