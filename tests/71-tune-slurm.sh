#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# make tune EXPORT=slurm on a real Slurm: a one-node cluster on this
# machine (munged, slurmctld and slurmd with a key, configuration, state
# and logs in the scratch directory, on ports of their own), the exported
# job array submitted with sbatch and waited for, then the same tune
# command merges what the array ran, as it merges local runs.  The daemons
# are stopped on the way out, whatever happens, and the test checks that
# none is left running.
. tests/lib/common.sh
[ -x "${IDLESIM_WORKLOAD_HOST:-}" ] || skip "the workload generator is not built"
for c in munged mungekey slurmctld slurmd sbatch scontrol sinfo; do
	command -v "$c" >/dev/null ||
		skip "no $c: Slurm is not installed (make deps installs slurmctld, slurmd, slurm-client and munge)"
done
[ "$(id -u)" -eq 0 ] || skip "slurmd must run as root to start jobs; run the tests as root for this one"

s=$IDLESIM_SCRATCH/slurm
mkdir -p "$s/munge" "$s/state" "$s/spool" "$s/log"
chmod 700 "$s/munge"
export SLURM_CONF=$s/slurm.conf
pids() { cat "$s/munge/munged.pid" "$s/slurmctld.pid" "$s/slurmd.pid" 2>/dev/null; }
alive() {
	local p
	for p in $(pids); do kill -0 "$p" 2>/dev/null && return 0; done
	return 1
}
stop() {
	scontrol shutdown >/dev/null 2>&1
	munged --stop --socket="$s/munge/munge.socket" >/dev/null 2>&1
	local i p
	for i in $(seq 50); do
		alive || return 0
		sleep 0.2
	done
	for p in $(pids); do kill -9 "$p" 2>/dev/null; done
}
trap stop EXIT

# free ports of our own: a Slurm already on this machine keeps its 6817/6818
port() {
	local p
	for p in $(shuf -i 20000-60000 -n 50); do
		ss -Hltn "sport = :$p" | grep -q . || { echo "$p"; return; }
	done
	fail "no free TCP port"
}
ctld_port=$(port)
slurmd_port=$(port)
[ "$ctld_port" != "$slurmd_port" ] || slurmd_port=$((ctld_port + 1))
host=$(hostname -s)
# --mem=2G a task: what the exported script asks
mem=$(awk '/^MemTotal:/ { print int($2 / 1024) - 512 }' /proc/meminfo)

mungekey --create --keyfile="$s/munge/munge.key" || fail "mungekey failed"
chmod 600 "$s/munge/munge.key"
munged --force --key-file="$s/munge/munge.key" --socket="$s/munge/munge.socket" \
	--pid-file="$s/munge/munged.pid" --log-file="$s/munge/munged.log" \
	--seed-file="$s/munge/munged.seed" || fail "munged did not start: $(tail -3 "$s/munge/munged.log")"
cat >"$SLURM_CONF" <<EOF
# a one-node Slurm for tests/71, everything under $s
ClusterName=idlesim
SlurmctldHost=$host(127.0.0.1)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$s/munge/munge.socket
CredType=cred/munge
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
StateSaveLocation=$s/state
SlurmdSpoolDir=$s/spool
SlurmctldPidFile=$s/slurmctld.pid
SlurmdPidFile=$s/slurmd.pid
SlurmctldLogFile=$s/log/slurmctld.log
SlurmdLogFile=$s/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU_Memory
SchedulerType=sched/builtin
ReturnToService=2
MpiDefault=none
NodeName=$host NodeAddr=127.0.0.1 CPUs=$(nproc) RealMemory=$mem State=UNKNOWN
PartitionName=idlesim Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
slurmctld -f "$SLURM_CONF" || fail "slurmctld did not start: $(tail -5 "$s/log/slurmctld.log")"
slurmd -f "$SLURM_CONF" || fail "slurmd did not start: $(tail -5 "$s/log/slurmd.log")"
for i in $(seq 50); do
	[ "$(sinfo -h -o %t 2>/dev/null)" = idle ] && break
	sleep 0.2
done
[ "$(sinfo -h -o %t 2>/dev/null)" = idle ] ||
	fail "the node did not come up: sinfo says '$(sinfo -h -o '%t %E' 2>&1)'; $(tail -3 "$s/log/slurmd.log")"
note "Slurm $(sinfo -V | cut -d' ' -f2) on $host: slurmctld :$ctld_port, slurmd :$slurmd_port, $(nproc) CPUs, $mem MB"

# the sweep: exported, submitted, waited for, merged by the same command
scn=$PWD/tests/data/tune-short.ini
dir=$IDLESIM_SCRATCH/sweep
tune() { scripts/tune.sh --scenario "$scn" --out "$dir" --state cluster-off --values 2000,5000 "$@"; }
expect_exit 0 tune --export slurm
expect_grep "exported [0-9]+ runs: sbatch $dir/tune.sbatch" "$out" "the export"
n=$(sed -n 's/^#SBATCH --array=1-\([0-9]*\)$/\1/p' "$dir/tune.sbatch")
[ "${n:-0}" -ge 2 ] || fail "tune.sbatch: expected an array of the baseline and the sweep boots, got '$n'"
expect_exit 0 sbatch --wait "$dir/tune.sbatch"
expect_grep "Submitted batch job [0-9]+" "$out" "sbatch"
job=$(sed -n 's/.*Submitted batch job \([0-9]*\).*/\1/p' <<<"$out")
logs=("$dir"/slurm/"${job}"_*.log)
[ ${#logs[@]} -eq "$n" ] || fail "$n array tasks, ${#logs[@]} logs in $dir/slurm"
! grep -l "tune-run: FAILED" "${logs[@]}" || fail "an array task failed (above)"
[ "$(grep -l '^tune-run: ok ' "${logs[@]}" | wc -l)" -eq "$n" ] || fail "not every array task said ok: $(cat "${logs[@]}")"
expect_exit 0 tune
expect_grep " 0 to run" "$out" "the merge, with every run done by Slurm"
[ -s "$dir/results/tune.csv" ] && [ -s "$dir/results/recommendation.txt" ] || fail "no results after the merge"
[ "$(grep -vc '^point,' "$dir/results/tune.csv")" -eq 3 ] || fail "tune.csv: expected 3 points (2000, 5000 and the current 2500)"

stop
trap - EXIT
! alive || fail "a daemon is still running: $(for p in $(pids); do kill -0 "$p" 2>/dev/null && cat "/proc/$p/comm"; done)"
echo ok
