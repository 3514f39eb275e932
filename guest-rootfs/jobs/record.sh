# SPDX-License-Identifier: GPL-2.0
# Sourced by the traced guest jobs scenario.sh and sweep.sh (the host puts
# it into /job beside them): the recording, and what turns an rt-app
# workload's logs into wake-up files.
#
# record_trace JOB: trace-cmd record of the idlesim events into
# $RESULTS/trace.dat while it runs "sh /job/run.sh --window"; the job
# script itself, again, for the traced part.  That part gets the job's
# stderr back on fd 3 (see window_stderr).
#
# -b: 4 MiB per CPU holds a 20 s scenario without loss.
# --compression none: libtracecmd 3.1.6 never frees a decompressed chunk
# (free_zpage()'s range test is inverted) and searches the ones it holds
# linearly for every page, so that reading a compressed trace takes
# memory and time that grow with its length; uncompressed pages are
# mapped from the file instead.
# trace-cmd writes one file per CPU beside the output and then copies
# them into it: the trace needs twice its size in $RESULTS, which is the
# guest's RAM.  When that runs out it prints libtracecmd errors and still
# exits 0, leaving a truncated trace, so anything it prints is a failure.
# -C mono: the trace's time stamps are CLOCK_MONOTONIC, the clock the
# workload records its wake-ups in, so that the analysis can tell which
# idle period served each wake-up; trace.clock says so to the analysis.
#
# /job/trace-events, when the host puts it there, replaces the events
# (one per line): a board's recording, power:cpu_idle alone, for the
# board-mode analysis to be held against the driver's own counters.
record_events() {
	if [ -f /job/trace-events ]; then
		while read -r _e; do [ -n "$_e" ] && printf -- '-e %s ' "$_e"; done </job/trace-events
	else
		echo "-e power:cpu_idle -e cpuidle:cpuidle_select -e simsoc"
	fi
}

record_trace() {
	_err=/tmp/trace-cmd.err
	# $PIN: the CPUs trace-cmd's readers (and the job they run) keep to
	${PIN:-} trace-cmd record -q -b 4096 --compression none -C mono $(record_events) \
		-o "$RESULTS/trace.dat" sh /job/run.sh --window 3>&2 2>"$_err"
	_rc=$?
	echo mono >"$RESULTS/trace.clock"
	if [ "$_rc" -ne 0 ] || [ -s "$_err" ]; then
		cat "$_err"
		# $RESULTS is a directory of the initramfs, not a mount point
		_free=$(df -k / 2>/dev/null | awk 'NR == 2 { print $4 }')
		echo "$1 job: trace-cmd failed to write the trace (exit $_rc;" \
			"${_free:-?} KiB left in $RESULTS);" \
			"a long or busy scenario needs a larger guest: MEM=1G"
		return 1
	fi
}

# rtapp_wakeups DIR: rt-app's per-task logs in DIR/rt-app (an rt-app
# workload: idlesim-rtapp (workloads/src/rtapp.c)) as the workload's wake-up files in DIR, so that the analysis reads their
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
	_dir=$1
	_sum=$_dir/workload-summary.txt
	_t0=$(sed -n 's/.* t0_ns=\([0-9]*\).*/\1/p' "$_sum")
	[ -n "$_t0" ] || return 0
	for _log in "$_dir"/rt-app/rt-app-*.log; do
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
			"$_log" "$_log" >"$_dir/wakeups-$_task.tsv"
		echo "thread=$_task phase=* count=$(grep -vc '^#' "$_dir/wakeups-$_task.tsv") source=rt-app" >>"$_sum"
	done
}

# In the traced part: the job's own stderr, not trace-cmd's error file.
window_stderr() {
	{ true >&3; } 2>/dev/null && exec 2>&3 3>&-
}
