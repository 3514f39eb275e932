# SPDX-License-Identifier: GPL-2.0
#
# Guest job: run one workload scenario under the current governor, traced.
#
# /job holds the scenario file (*.ini), snapshot.sh and record.sh
# (sourced) and a file "seed" holding the seed to run it under (the
# file's own unless a repeat asks for another).
# The trace covers the whole workload.  The kernel's cpuidle counters and
# the sim driver's energy meter are snapshotted just before and just
# after it, each snapshot bracketed by trace_marker lines
# ("idlesim: snapshot before begin" ... "idlesim: snapshot after end"),
# so that the analysis can bound what the counters may have seen and
# cross-check its own figures against them.

tracing=/sys/kernel/tracing
scn=$(ls /job/*.ini 2>/dev/null | head -1)
seed=
[ -f /job/seed ] && seed="--seed $(cat /job/seed)"

. /job/snapshot.sh
. /job/record.sh


# The traced part: trace-cmd runs this script again with --window, so that
# recording is under way before the workload starts.
if [ "$1" = --window ]; then
	window_stderr
	# an rt-app workload's logs (idlesim-rtapp (workloads/src/rtapp.c) points them here)
	ls /job/*.json >/dev/null 2>&1 && mkdir -p "$RESULTS/rt-app"
	wake_idle_cpus
	snapshot before
	idlesim-workload --out "$RESULTS" $seed "$scn"
	rc=$?
	snapshot after
	rtapp_wakeups "$RESULTS"
	echo $rc > "$RESULTS/workload.status"
	exit $rc
fi

[ -f "$scn" ] || { echo "scenario job: no scenario file in /job"; exit 1; }
# More CPUs booted than the scenario asks for (make CPUS=soc): trace-cmd
# runs under taskset, and with it its readers and the traced part of this
# job (the workload, its threads and commands), so all keep to the
# scenario's CPUs, so that the other clusters idle beside it, as on a
# board where the scheduler keeps a light load off them.  Left to the
# scheduler, which here knows nothing of capacities or energy, the same
# audio scenario's threads landed on juno-r2's big or little cluster by
# seed and moved its energy by up to 40 %; trace-cmd's readers woke the
# idle clusters.
pin=
cpus=$(idlesim-workload --get cpus "$scn")
[ "$(grep -c ^processor /proc/cpuinfo)" -gt "$cpus" ] && pin="taskset -c 0-$((cpus - 1))"

events="power/cpu_idle cpuidle/cpuidle_select simsoc"
[ -f /job/trace-events ] && events=$(tr ':' '/' </job/trace-events)
for e in $events; do
	if [ ! -d "$tracing/events/$e" ]; then
		echo "scenario job: trace events '$e' are missing (unpatched kernel, or simsoc.ko not loaded?)"
		exit 1
	fi
done
PIN=$pin record_trace scenario || exit 1
# trace-cmd does not pass the command's status on
rc=$(cat "$RESULTS/workload.status" 2>/dev/null)
[ -n "$rc" ] || { echo "scenario job: the workload did not run"; exit 1; }
exit "$rc"
