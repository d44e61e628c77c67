# CPU seconds of a group of processes, sourced by scripts/stages.sh and scripts/browser-tests.sh. A group is a cgroup
# made under the caller's own (cgroup v1's cpuacct, or cgroup v2) where the machine lets us make one: it counts every
# process started inside it, Chromium's renderers and GPU process too (they are not children that `time` waits for).
# Where no cgroup can be made, a group's CPU time is the whole machine's busy time from /proc/stat (true when the
# command runs alone on the machine).
#   cg=$(cg_new NAME)      a new group under the caller's ("" where none can be made)
#   cg_join "$cg"          the calling shell (and what it starts from now on) joins it
#   cg_cpu_ms "$cg"        CPU milliseconds the group has used ("" : the machine's busy time so far)
#   cg_remove "$cg"        removes it once its processes have ended

cg_own() {   # the caller's cgroup folder that counts CPU time, or nothing
  local path base
  path=$(awk -F: '$2 ~ /(^|,)cpuacct(,|$)/ {print $3}' /proc/self/cgroup 2>/dev/null | head -1)
  for base in /sys/fs/cgroup/cpuacct /sys/fs/cgroup/cpu,cpuacct; do
    [ -n "$path" ] && [ -f "$base${path%/}/cpuacct.usage" ] && { echo "$base${path%/}"; return; }
  done
  path=$(awk -F: '$1 == "0" {print $3}' /proc/self/cgroup 2>/dev/null | head -1)
  [ -n "$path" ] && [ -f "/sys/fs/cgroup${path%/}/cpu.stat" ] && echo "/sys/fs/cgroup${path%/}"
  return 0
}

cg_new() {
  local own
  own=$(cg_own)
  [ -n "$own" ] && mkdir -p "$own/$1" 2>/dev/null && echo "$own/$1"
  return 0
}

cg_join() { [ -z "$1" ] || echo "$BASHPID" >"$1/cgroup.procs"; }

cg_cpu_ms() {
  if [ -n "$1" ] && [ -f "$1/cpuacct.usage" ]; then
    echo $(( $(cat "$1/cpuacct.usage") / 1000000 ))
  elif [ -n "$1" ]; then
    echo $(( $(awk '$1 == "usage_usec" {print $2}' "$1/cpu.stat") / 1000 ))
  else   # user nice system irq softirq steal, in clock ticks
    awk -v hz="$(getconf CLK_TCK)" '$1 == "cpu" {printf "%d\n", ($2 + $3 + $4 + $7 + $8 + $9) * 1000 / hz}' /proc/stat
  fi
}

cg_remove() {   # (a group and the groups under it)
  [ -n "$1" ] && [ -d "$1" ] || return 0
  local d
  for d in "$1"/*/; do [ -d "$d" ] && cg_remove "${d%/}"; done
  rmdir "$1" 2>/dev/null || true
}
