#!/usr/bin/env bash
# The Slurm path tested on a real (one-node) Slurm: installs Debian's slurm-wlm and munge, starts munged,
# slurmctld and slurmd on this machine (as root, started directly: no systemd needed),
# submits a 3-part reproduction and its merge job (submit.sh), compares the report with a one-machine run,
# and stops the daemons it started. Needs the native CLI (cmake --preset native && cmake --build build/native).
set -euo pipefail
cd "$(dirname "$0")/../.."
SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
cli=build/native/moe-lab
[ -x "$cli" ] || { cmake --preset native -DMOE_BUILD_UI=OFF >/dev/null && cmake --build build/native -j"$(nproc)" --target moe-lab; }
# munge's install runs a step as the user munge: a root file system made unreadable to other users (some
# sandboxes' new roots are 700) makes it fail with "su: failed to execute /bin/sh: Permission denied".
[ "$(stat -c %a /)" = 755 ] || $SUDO chmod 755 /
dpkg-query -W -f='${Status}' slurm-wlm 2>/dev/null | grep -q "install ok installed" ||
  { $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq slurm-wlm munge \
      > /tmp/moe-slurm-apt.log 2>&1 || { grep -i -B2 -A4 "error\|fail\|munge:" /tmp/moe-slurm-apt.log | head -60; exit 1; }; }

host=$(hostname -s)
# munged and slurmd look their own host name up: a new root (a container, a chroot) may not resolve it
# ("Failed to lookup origin"), so it is added to /etc/hosts when it does not resolve.
getent hosts "$host" >/dev/null || echo "127.0.0.1 $host" | $SUDO tee -a /etc/hosts >/dev/null
mem=$(awk '/MemTotal/ {print int($2 / 1024 * 0.8)}' /proc/meminfo)
$SUDO mkdir -p /var/spool/slurmctld /var/spool/slurmd /var/log/slurm /run/munge
$SUDO chown munge:munge /run/munge 2>/dev/null || true
$SUDO tee /etc/slurm/slurm.conf >/dev/null <<CONF
ClusterName=moe-lab-test
SlurmctldHost=$host
SlurmUser=root
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
JobAcctGatherType=jobacct_gather/none
StateSaveLocation=/var/spool/slurmctld
SlurmdSpoolDir=/var/spool/slurmd
SlurmctldLogFile=/var/log/slurm/slurmctld.log
SlurmdLogFile=/var/log/slurm/slurmd.log
SlurmctldPidFile=/run/slurmctld.pid
SlurmdPidFile=/run/slurmd.pid
NodeName=$host NodeAddr=127.0.0.1 CPUs=$(nproc) RealMemory=$mem State=UNKNOWN
PartitionName=debug Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
started=()   # the daemons this script started, stopped by name when it ends (their pid files may be stale)
stop() { for d in "${started[@]}"; do $SUDO pkill -x "$d" 2>/dev/null || true; done; }
trap stop EXIT
running() { ps -C "$1" -o stat= | grep -qv '^Z'; }   # alive, not a zombie
for d in munged slurmctld slurmd; do running "$d" && { echo "$d is already running: stop it first"; exit 2; }; done
$SUDO runuser -u munge -- /usr/sbin/munged; started+=(munged); sleep 1
$SUDO /usr/sbin/slurmctld; started+=(slurmctld); sleep 2
$SUDO /usr/sbin/slurmd; started+=(slurmd); sleep 2
logs() { for f in /var/log/munge/munged.log /var/log/slurm/slurmctld.log /var/log/slurm/slurmd.log; do
  [ -f "$f" ] && { echo "--- $f"; $SUDO tail -n 15 "$f"; }; done; }
idle=""
for _ in $(seq 60); do timeout 5 sinfo -h -o %T 2>/dev/null | grep -q idle && { idle=1; break; }; sleep 1; done
[ -n "$idle" ] || { echo "slurm: the node did not come up idle within a minute"; timeout 5 sinfo || true; logs; exit 1; }
timeout 5 sinfo

out=$(mktemp -d)
args=(--lab cluster-experts --preset fast --seeds 6)
merge_job=$(scripts/slurm/submit.sh 3 "$out" "${args[@]}")
echo "merge job $merge_job"
for _ in $(seq 600); do
  [ -f "$out/report.json" ] && ! squeue -h | grep -q . && break
  sleep 1
done
[ -f "$out/report.json" ] || { echo "no report after 10 minutes"; squeue; cat "$out"/*.log; exit 1; }
"$cli" reproduce "${args[@]}" --json > "$out/one-machine.json"
untimed() { sed -E 's/"seconds": [0-9.e+-]+//' "$1"; }
if diff <(untimed "$out/one-machine.json") <(untimed "$out/report.json"); then
  echo "slurm: 3 array tasks + merge = one machine's report (timings aside): $out/report.json"
else
  echo "slurm: the merged report differs from one machine's"; exit 1
fi
