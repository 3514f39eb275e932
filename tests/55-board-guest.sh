#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# A board's recording, made in the guest: audio run with power:cpu_idle
# alone in the trace (as a stock kernel would give it), analysed in board
# mode with the default SoC's description at its nominal conditions, and
# held against what the kernel and the driver counted over the same
# window (the snapshots bracketing the workload): per CPU and state the
# sysfs usage within two periods (one may straddle each bracket), the
# time within 1 %, two of the state's longest periods and 10 us a period
# (the events lie outside the kernel's timed interval), and the energy
# within 1 % of the driver's
# meter (the reasons for what remains: docs/ARCHITECTURE.md, "Board
# traces").  The trace must hold no event of the driver.
. tests/lib/common.sh
[ -x "${IDLESIM_ANALYZE:-}" ] || skip "the analysis is not built"
d=$IDLESIM_SCRATCH/run
echo power:cpu_idle >"$IDLESIM_SCRATCH/trace-events"
run_guest guest-rootfs/jobs/scenario.sh "$d" --file workloads/scenarios/audio.ini \
	--file guest-rootfs/jobs/snapshot.sh --file guest-rootfs/jobs/record.sh \
	--file "$IDLESIM_SCRATCH/trace-events" --governor menu --smp 2 --seed 1002 \
	>"$d.log" 2>&1 || { tail -20 "$d.log"; fail "the cpu_idle-only recording failed"; }
if trace-cmd report -i "$d/results/trace.dat" 2>/dev/null | grep -qE 'simsoc_|cpuidle_select'; then
	fail "the board recording holds driver or governor events"
fi
b=$IDLESIM_SCRATCH/board
expect_exit 0 "$IDLESIM_ANALYZE" board --soc socs/simsoc.soc --durations wait --out "$b" "$d/results/trace.dat"
expect_grep "between the snapshot markers" "$out" "the window is the snapshots'"

# per CPU and state: sysfs "cpu state usage time_us above below", after - before
awk 'NR == FNR { u[$1 " " $2] = $3; t[$1 " " $2] = $4; next }
	{ printf "%s %s %d %d\n", $1, $2, $3 - u[$1 " " $2], $4 - t[$1 " " $2] }' \
	"$d/results/cpuidle-before.txt" "$d/results/cpuidle-after.txt" >"$IDLESIM_SCRATCH/sysfs"
# A period the snapshot reads straddle is in one count and not the other:
# at most one per bracket, so two per CPU and state, and as much time as
# two of the state's longest periods.  And the power:cpu_idle events lie
# a few microseconds outside the interval the kernel times for sysfs (7 us
# a period measured on WFI's short ones): 10 us a period is allowed.
awk -F, 'NR > 1 { printf "%s %s %d %d %d\n", $1, $2, $3, $4 / 1000, $7 / 1000 }' "$b/states.csv" \
	>"$IDLESIM_SCRATCH/board.txt"
awk 'NR == FNR { u[$1 " " $2] = $3; t[$1 " " $2] = $4; next }
	{ k = $1 " " $2; du = $3 - u[k]; dt = $4 - t[k]; allow = 0.01 * t[k] + 2 * $5 + 10 * $3
	  if (du < -2 || du > 2) { printf "cpu%s state%s: %d periods, sysfs %d\n", $1, $2, $3, u[k]; bad = 1 }
	  if (dt > allow || -dt > allow) {
		printf "cpu%s state%s: %d us, sysfs %d us\n", $1, $2, $4, t[k]; bad = 1 } }
	END { exit bad }' "$IDLESIM_SCRATCH/board.txt" "$IDLESIM_SCRATCH/sysfs" ||
	fail "board mode's periods differ from the kernel's counters (above)"

# energy against the driver's meter over the same window
meter() { sed -n 's/^soc idle_nj=\([0-9]*\) active_nj=\([0-9]*\) .*/\1 \2/p' "$d/results/cpuidle-$1.energy"; }
read -r i0 a0 < <(meter before)
read -r i1 a1 < <(meter after)
read -r bi ba < <(sed -n 's/.*"energy_nj": { "total": [0-9]*, "idle": \([0-9]*\), "active": \([0-9]*\), .*/\1 \2/p' "$b/summary.json")
[ -n "$i0" ] && [ -n "$i1" ] && [ -n "$bi" ] || fail "meter or board energies not found"
awk -v bi="$bi" -v ba="$ba" -v mi="$((i1 - i0))" -v ma="$((a1 - a0))" 'BEGIN {
	di = (bi - mi) / mi; dt = (bi + ba - mi - ma) / (mi + ma)
	printf "# board against the meter: idle %+.3f %%, total %+.3f %%\n", 100 * di, 100 * dt
	exit !(di < 0.01 && di > -0.01 && dt < 0.01 && dt > -0.01) }' ||
	fail "board energy outside 1 % of the driver's meter"
echo ok
