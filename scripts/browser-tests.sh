#!/usr/bin/env bash
# Runs the browser end-to-end tests (tests/e2e/*.test.mjs, or the files given) two files at a time, each file in a
# node --test process of its own (its own page server and Chromium, harness.mjs), the slowest files first so that
# the two lanes end together. A file that checks something against the wall clock says so in a line of its own,
# "// browser-tests.sh: alone", and runs after the others, by itself. Each file's output goes to
# build/e2e/<file>.log and is printed whole when the file ends; at the end, a line per file with its time and
# result. Exits 1 if any file failed. A file's CPU seconds count its Chromium (scripts/cpu-cgroup.sh); where no cgroup
# can be made, they are the machine's, the other lane's included.
#   scripts/browser-tests.sh [--lanes N] [files...]      (node 18's node --test runs one file at a time)
set -uo pipefail
cd "$(dirname "$0")/.."
lanes=2
if [ "${1:-}" = "--lanes" ]; then lanes=$2; shift 2; fi
files=("$@")
[ ${#files[@]} -gt 0 ] || files=(tests/e2e/*.test.mjs)
logs=build/e2e
mkdir -p "$logs"
times=$logs/seconds.txt   # each file's time on the last run here: the order of the next

# The files, slowest first by the last run's times; on a first run (a fresh clone), the longest files first.
order=$(for f in "${files[@]}"; do
          s=$(awk -v f="$f" '$2 == f {print $1}' "$times" 2>/dev/null | tail -1)
          [ -n "$s" ] || s=$(( $(wc -l <"$f") / 10 ))
          echo "$s $f"
        done | sort -rn | cut -d' ' -f2)

run_one() {   # one file: its log, its wall and CPU seconds (Chromium's processes counted) and its result
  local f=$1 log cg c0 cpu
  log=$logs/$(basename "$f").log
  cg=$(cg_new "e2e-$(basename "$f" .test.mjs)")
  c0=$(cg_cpu_ms "$cg")
  local t0=$SECONDS
  if (cg_join "$cg"; exec node --test "$f") >"$log" 2>&1; then r=ok; else r=FAILED; fi
  cpu=$(( ($(cg_cpu_ms "$cg") - c0 + 500) / 1000 ))
  cg_remove "$cg"
  echo "$(( SECONDS - t0 )) $f $cpu $r" >>"$logs/results.txt"
  # one file's output at a time
  flock "$logs/.print" bash -c 'echo "---- $1 ($2, $3 s, $4 s CPU)"; cat "$5"' _ "$f" "$r" "$(( SECONDS - t0 ))" "$cpu" "$log"
}
source scripts/cpu-cgroup.sh
export -f run_one cg_own cg_new cg_join cg_cpu_ms cg_remove
export logs
rm -f "$logs/results.txt"
alone=$(grep -l "^// browser-tests.sh: alone" $order || true)
beside=$(grep -L "^// browser-tests.sh: alone" $order || true)
[ -z "$beside" ] || echo "$beside" | xargs -P "$lanes" -I{} bash -c 'run_one "$1"' _ {}
for f in $alone; do run_one "$f"; done

echo "---- browser test files: wall seconds, file, CPU seconds, result ($lanes at a time; alone: $(echo $alone))"
touch "$logs/results.txt"
sort -rn "$logs/results.txt"
# this run's times replace those of the same files; the other files keep theirs
{ awk '{print $1, $2}' "$logs/results.txt"; grep -v -F -f <(awk '{print " " $2}' "$logs/results.txt") "$times" 2>/dev/null; } >"$times.new"
mv "$times.new" "$times"
# every file given ran and passed (a file that does not exist, or one that never reported, fails the run)
passed=$(grep -c " ok$" "$logs/results.txt" || true)
[ "$passed" -eq ${#files[@]} ] || { echo "browser-tests: $passed of ${#files[@]} files passed" >&2; exit 1; }
