# SPDX-License-Identifier: GPL-2.0
# Sourced by the traced guest jobs scenario.sh and sweep.sh (the host puts
# it into /job beside them).
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
	trace-cmd record -q -b 4096 --compression none -C mono $(record_events) \
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

# In the traced part: the job's own stderr, not trace-cmd's error file.
window_stderr() {
	{ true >&3; } 2>/dev/null && exec 2>&3 3>&-
}
