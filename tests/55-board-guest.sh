#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# A board's recording, made in the guest: the audio workload while the
# operating point steps (tests/data/opp-steps.ini), with power:cpu_idle
# and power:cpu_frequency alone in the trace (as a stock kernel with
# cpufreq would give it), analysed in board mode with the default SoC's
# description, each period at the operating point the trace announces,
# and held against what the kernel and the driver counted over the same
# window (the snapshots bracketing the workload): per CPU and state the
# sysfs usage and time, up to the periods that end inside a snapshot
# (below), and the energy within 1 % of the driver's meter (the reasons
# for what remains: docs/ARCHITECTURE.md, "Board traces").  The kernel's
# own verdicts, power:cpu_idle_miss, are recorded too and must be counted
# as the trace has them.  The trace must hold no event of the driver.
. tests/lib/common.sh
[ -x "${IDLESIM_ANALYZE:-}" ] || skip "the analysis is not built"
d=$IDLESIM_SCRATCH/run
printf "power:cpu_idle\npower:cpu_frequency\npower:cpu_idle_miss\n" >"$IDLESIM_SCRATCH/trace-events"
run_guest guest-rootfs/jobs/scenario.sh "$d" --file tests/data/opp-steps.ini \
	--file guest-rootfs/jobs/snapshot.sh --file guest-rootfs/jobs/record.sh \
	--file "$IDLESIM_SCRATCH/trace-events" --governor menu --smp 2 --seed 1002 \
	>"$d.log" 2>&1 || { tail -20 "$d.log"; fail "the cpu_idle-only recording failed"; }
if trace-cmd report -i "$d/results/trace.dat" 2>/dev/null | grep -qE 'simsoc_|cpuidle_select'; then
	fail "the board recording holds driver or governor events"
fi
b=$IDLESIM_SCRATCH/board
expect_exit 0 "$IDLESIM_ANALYZE" board --soc socs/simsoc.soc --durations wait --out "$b" "$d/results/trace.dat"
expect_grep "between the snapshot markers" "$out" "the window is the snapshots'"
# every step of the clock reached the trace, on each CPU: three in the window
n=$(trace-cmd report -i "$d/results/trace.dat" 2>/dev/null | grep -c 'cpu_frequency:')
[ "$n" -ge 6 ] || fail "$n power:cpu_frequency events in the trace; expected 3 steps on each of 2 CPUs"
expect_grep "operating points from power:cpu_frequency" "$out" "board mode priced periods at the trace's operating points"
# the kernel's own verdicts (power:cpu_idle_miss, 6.0), counted as the trace has them
deep=$(trace-cmd report -i "$d/results/trace.dat" 2>/dev/null | grep -c 'cpu_idle_miss:.*type=above')
shallow=$(trace-cmd report -i "$d/results/trace.dat" 2>/dev/null | grep -c 'cpu_idle_miss:.*type=below')
[ $((deep + shallow)) -gt 0 ] || fail "no power:cpu_idle_miss in the recording"
expect_grep "power:cpu_idle_miss, the kernel's verdict, over the whole trace: $deep too deep, $shallow too shallow" \
	"$out" "board mode counts the kernel's idle misses as the trace has them"

# per CPU and state: sysfs "cpu state usage time_us above below", after - before
awk 'NR == FNR { u[$1 " " $2] = $3; t[$1 " " $2] = $4; next }
	{ printf "%s %s %d %d\n", $1, $2, $3 - u[$1 " " $2], $4 - t[$1 " " $2] }' \
	"$d/results/cpuidle-before.txt" "$d/results/cpuidle-after.txt" >"$IDLESIM_SCRATCH/sysfs"
# The board's window runs from the end of the "before" snapshot to the
# start of the "after" one; sysfs was read somewhere inside each, so the
# periods that end inside a snapshot (a settling CPU wakes every few ms,
# and a snapshot takes tens) may be in sysfs's counts and not the board's:
# they are counted from the trace, per CPU and state, with one more per
# snapshot for a period ending at its edge.  And the power:cpu_idle events
# lie a few microseconds outside the interval the kernel times for sysfs
# (7 us a period measured on WFI's short ones): 10 us a period is allowed,
# and 1 % of the time.
trace-cmd report -i "$d/results/trace.dat" 2>/dev/null | awk '
	/tracing_mark_write: idlesim: snapshot (before|after) (begin|end)/ { lim[$(NF - 1) " " $NF] = $3 + 0; next }
	/cpu_idle:/ { split($(NF - 1), a, "="); split($NF, c, "="); t = $3 + 0
		if (a[2] != 4294967295) { st[c[2]] = a[2]; te[c[2]] = t; next }
		if (c[2] in te) { cpu[++n] = c[2]; state[n] = st[c[2]]; t0[n] = te[c[2]]; t1[n] = t; delete te[c[2]] } }
	END { for (i = 1; i <= n; i++)
		if ((t1[i] >= lim["before begin"] && t1[i] <= lim["before end"]) ||
		    (t1[i] >= lim["after begin"] && t1[i] <= lim["after end"])) {
			k = cpu[i] " " state[i]; cnt[k]++; us[k] += 1e6 * (t1[i] - t0[i]) }
	      for (k in cnt) printf "%s %d %d\n", k, cnt[k], us[k] }' >"$IDLESIM_SCRATCH/brackets"
grep -q . "$IDLESIM_SCRATCH/brackets" || note "no idle period ends inside a snapshot"
awk -F, 'NR > 1 { printf "%s %s %d %d\n", $1, $2, $3, $4 / 1000 }' "$b/states.csv" \
	>"$IDLESIM_SCRATCH/board.txt"
awk 'FILENAME ~ /brackets$/ { bn[$1 " " $2] = $3; bt[$1 " " $2] = $4; next }
	NR == FNR { u[$1 " " $2] = $3; t[$1 " " $2] = $4; next }
	{ k = $1 " " $2; du = $3 - u[k]; dt = $4 - t[k]
	  an = bn[k] + 2; at = 0.01 * t[k] + bt[k] + 10 * $3
	  if (du < -an || du > an) { printf "cpu%s state%s: %d periods, sysfs %d (%d end inside a snapshot)\n", $1, $2, $3, u[k], bn[k]; bad = 1 }
	  if (dt > at || -dt > at) {
		printf "cpu%s state%s: %d us, sysfs %d us (allowed %d)\n", $1, $2, $4, t[k], at; bad = 1 } }
	END { exit bad }' "$IDLESIM_SCRATCH/sysfs" "$IDLESIM_SCRATCH/brackets" "$IDLESIM_SCRATCH/board.txt" ||
	fail "board mode's periods differ from the kernel's counters (above)"

# energy against the driver's meter over the same window.  The meter was
# read somewhere inside each snapshot, and counts a CPU's busy time when
# its next period is prepared: the busy time inside the snapshots (the
# snapshot job's own, tens of ms a CPU) may be in the meter's window and
# not the board's, which starts and ends at the snapshots' edges.  The
# total is allowed that much more, at the meter's mean active power; the
# idle energy is not.
meter() { sed -n 's/^soc idle_nj=\([0-9]*\) active_nj=\([0-9]*\) .*/\1 \2/p' "$d/results/cpuidle-$1.energy"; }
busy() { awk '/^cpu/ { sub(/.*busy_ns=/, ""); s += $1 } END { print s }' "$d/results/cpuidle-$1.energy"; }
read -r i0 a0 < <(meter before)
read -r i1 a1 < <(meter after)
read -r bi ba < <(sed -n 's/.*"energy_nj": { "total": [0-9]*, "idle": \([0-9]*\), "active": \([0-9]*\), .*/\1 \2/p' "$b/summary.json")
[ -n "$i0" ] && [ -n "$i1" ] && [ -n "$bi" ] || fail "meter or board energies not found"
bracket=$(trace-cmd report -i "$d/results/trace.dat" 2>/dev/null | awk '
	/tracing_mark_write: idlesim: snapshot (before|after) (begin|end)/ { lim[$(NF - 1) " " $NF] = $3 + 0; next }
	/cpu_idle:/ { split($(NF - 1), a, "="); split($NF, c, "="); t = $3 + 0
		if (a[2] != 4294967295) { n++; from[n] = out[c[2]]; to[n] = t } else out[c[2]] = t }
	END { for (w = 0; w < 2; w++) {
		b = lim[(w ? "after" : "before") " begin"]; e = lim[(w ? "after" : "before") " end"]
		for (i = 1; i <= n; i++) {
			s = from[i] > b ? from[i] : b; f = to[i] < e ? to[i] : e
			if (from[i] && f > s) ns += 1e9 * (f - s) } }
	      printf "%d\n", ns }')
awk -v bi="$bi" -v ba="$ba" -v mi="$((i1 - i0))" -v ma="$((a1 - a0))" -v bn="${bracket:-0}" \
    -v mb="$(( $(busy after) - $(busy before) ))" 'BEGIN {
	di = (bi - mi) / mi; dt = (bi + ba - mi - ma) / (mi + ma)
	lim = 0.01 + (mb > 0 ? bn * ma / mb : 0) / (mi + ma)
	printf "# board against the meter: idle %+.3f %%, total %+.3f %% (allowed %.2f %%: %.1f ms busy inside the snapshots)\n",
		100 * di, 100 * dt, 100 * lim, bn / 1e6
	exit !(di < 0.01 && di > -0.01 && dt < lim && dt > -lim) }' ||
	fail "board energy outside 1 % of the driver's meter (the total: beyond the snapshots' busy time too)"
echo ok
