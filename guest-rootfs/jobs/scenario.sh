# SPDX-License-Identifier: GPL-2.0
#
# Guest job: run one workload scenario under the current governor, traced.
#
# /job holds the scenario file (the only other file the host put there).
# The trace covers the whole workload; inside it, trace_marker lines
# "idlesim: window start|end" bracket the part that the kernel's own
# cpuidle counters and the sim driver's energy meter were snapshotted
# around, so that the analysis can cross-check its figures on exactly
# that window.

tracing=/sys/kernel/tracing
simsoc=/sys/kernel/debug/simsoc
scn=$(ls /job/* | grep -v '/run.sh$' | head -1)

snapshot() { # FILE: the kernel's per-CPU, per-state counters and the meter
	for s in /sys/devices/system/cpu/cpu[0-9]*/cpuidle/state[0-9]*; do
		[ -d "$s" ] || continue
		cpu=${s%/cpuidle/*}
		echo "${cpu##*/cpu} ${s##*/state} $(cat $s/usage) $(cat $s/time) $(cat $s/above) $(cat $s/below)"
	done > "$1"
	if [ -r "$simsoc/energy" ]; then
		cat "$simsoc/energy" > "${1%.txt}.energy"
	fi
}

# The traced part: trace-cmd runs this script again with --window, so that
# recording is under way before the workload starts.
if [ "$1" = --window ]; then
	echo "idlesim: window start" > $tracing/trace_marker
	snapshot "$RESULTS/cpuidle-before.txt"
	idlesim-workload --out "$RESULTS" "$scn"
	rc=$?
	snapshot "$RESULTS/cpuidle-after.txt"
	echo "idlesim: window end" > $tracing/trace_marker
	echo $rc > "$RESULTS/workload.status"
	exit $rc
fi

[ -f "$scn" ] || { echo "scenario job: no scenario file in /job"; exit 1; }
for e in power/cpu_idle cpuidle/cpuidle_select simsoc; do
	if [ ! -d "$tracing/events/$e" ]; then
		echo "scenario job: trace events '$e' are missing (unpatched kernel, or simsoc.ko not loaded?)"
		exit 1
	fi
done
# -b: 4 MiB per CPU holds a 20 s scenario without loss
trace-cmd record -q -b 4096 -e power:cpu_idle -e cpuidle:cpuidle_select -e simsoc \
	-o "$RESULTS/trace.dat" sh /job/run.sh --window || exit 1
# trace-cmd does not pass the command's status on
rc=$(cat "$RESULTS/workload.status" 2>/dev/null)
[ -n "$rc" ] || { echo "scenario job: the workload did not run"; exit 1; }
exit "$rc"
