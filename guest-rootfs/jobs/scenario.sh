# SPDX-License-Identifier: GPL-2.0
#
# Guest job: run one workload scenario under the current governor, traced.
#
# /job holds the scenario file (*.ini), snapshot.sh and record.sh
# (sourced) and, for a repeat under another seed, a file "seed" holding it.
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

# rt-app's per-task logs (an rt-app workload: scripts/rtapp-scenario.py)
# as the workload's wake-up files, so that the analysis reads their
# lateness like the generator's: one row per loop that slept on a timer
# (c_period > 0).  Log columns: idx perf run period start end rel_st slack
# c_duration c_period wu_lat, times in us of CLOCK_MONOTONIC.  rt-app
# does not log its timer's deadlines, but they are a fixed base plus the
# periods so far, and each loop bounds the base from below: start + run +
# slack is the deadline less the loop's own overhead before its sleep.
# The largest bound is the base; a deadline's wake-up is wu_lat after it.
# A loop whose deadline had passed before it could sleep (slack < 0) is
# an overrun.  The CPU is known when the workload pins the task to one.
rtapp_wakeups() {
	_sum=$RESULTS/workload-summary.txt
	_t0=$(sed -n 's/.* t0_ns=\([0-9]*\).*/\1/p' "$_sum")
	[ -n "$_t0" ] || return 0
	for _log in "$RESULTS"/rt-app/rt-app-*.log; do
		[ -f "$_log" ] || continue
		_task=${_log##*/rt-app-}
		_task=${_task%-*.log}
		# the task's CPU when the workload pins it to one, else unknown
		_cpu=$(awk -v t="$_task" '$1 == t { print $2 }' /job/rtapp-cpus 2>/dev/null)
		_task=rt-app.$_task
		awk -v t0="$_t0" -v cpu="$_cpu" '
			/^#/ || NF < 11 || $10 <= 0 { next }
			FNR == NR { p += $10; b = $5 + $3 + $8 - p; if (!n++ || b > base) base = b; next }
			!hdr++ { printf "# seq\tphase\tburst\tintended_ns\tactual_ns\tlateness_ns%s\n",
					cpu == "" ? "" : "\tbusy_req_ns\tbusy_cpu_ns\toverrun\tcpu" }
			{ q += $10; d = (base + q) * 1000 - t0; late = $8 < 0 ? 0 : $11 * 1000
				printf "%d\trt-app\t0\t%.0f\t%.0f\t%.0f", m++, d, d + late, late
				if (cpu != "")
					printf "\t0\t0\t%d\t%d", $8 < 0, cpu
				printf "\n" }' \
			"$_log" "$_log" >"$RESULTS/wakeups-$_task.tsv"
		echo "thread=$_task phase=* count=$(grep -vc '^#' "$RESULTS/wakeups-$_task.tsv") source=rt-app" >>"$_sum"
	done
}

# The traced part: trace-cmd runs this script again with --window, so that
# recording is under way before the workload starts.
if [ "$1" = --window ]; then
	window_stderr
	# an rt-app workload's logs (scripts/rtapp-scenario.py points them here)
	ls /job/*.json >/dev/null 2>&1 && mkdir -p "$RESULTS/rt-app"
	snapshot before
	idlesim-workload --out "$RESULTS" $seed "$scn"
	rc=$?
	snapshot after
	rtapp_wakeups
	echo $rc > "$RESULTS/workload.status"
	exit $rc
fi

[ -f "$scn" ] || { echo "scenario job: no scenario file in /job"; exit 1; }
events="power/cpu_idle cpuidle/cpuidle_select simsoc"
[ -f /job/trace-events ] && events=$(tr ':' '/' </job/trace-events)
for e in $events; do
	if [ ! -d "$tracing/events/$e" ]; then
		echo "scenario job: trace events '$e' are missing (unpatched kernel, or simsoc.ko not loaded?)"
		exit 1
	fi
done
record_trace scenario || exit 1
# trace-cmd does not pass the command's status on
rc=$(cat "$RESULTS/workload.status" 2>/dev/null)
[ -n "$rc" ] || { echo "scenario job: the workload did not run"; exit 1; }
exit "$rc"
