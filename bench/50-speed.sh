#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Simulation speed: guest seconds of each standard scenario (its settle
# and duration) per wall second, under menu, with the default ICOUNT and
# BUSY (shift 0, 1 ns per instruction, a 1000 MIPS CPU; the workload's
# busy bursts halted) and with an earlier default (shift=auto,sleep=off,
# not reproducible), and what the simulated CPU's speed costs: the
# busiest scenarios with their busy bursts spun at shift 0 to 3 (125
# MIPS, the default until 2026-12), against halted at shift 0.
#
# "gross" divides by the whole run's wall time (boot, trace-cmd, counter
# snapshots, writing the results out); "net" takes off the guest and wall time of
# the same job on a 1 s version of the idle-heavy scenario (the median of
# 3, measured here), which leaves the scenario itself.  The idle-heavy scenario is also timed at 10x its
# length: its marginal speed (extra guest seconds per extra wall second)
# is what a long idle run costs, free of every fixed cost.  All runs are
# made here, one at a time.  Targets: every standard scenario at least 3x
# faster than real time, the idle-heavy one (idle-screen-off) 50x.
set -euo pipefail
s=$IDLESIM_SCRATCH
gov=menu
default=${IDLESIM_ICOUNT:-shift=0,sleep=off}
idle=idle-screen-off

# variant NAME DURATION: the idle-heavy scenario under another name and length
variant() {
	sed -e "s/^name = .*/name = $1/" -e "s/^duration = 19s\$/duration = $2/" \
		"workloads/scenarios/$idle.ini" >"$s/$1.ini"
	grep -q "^duration = $2\$" "$s/$1.ini" || { echo "$idle.ini: no 'duration = 19s' line" >&2; exit 1; }
}

# wall SCENARIO-FILE RUNDIR [ICOUNT REPRODUCIBLE]: a run's wall seconds
wall() {
	IDLESIM_ICOUNT=${3:-$default} IDLESIM_REPRODUCIBLE=${4:-1} \
		scripts/run-scenario.sh "$1" "$gov" "$2" >"$2.log" 2>&1 ||
		{ tail -5 "$2.log" >&2; return 1; }
	awk '$1 == "wall_seconds" { print $2 }' "$2/manifest"
}

# the fixed cost of a scenario run: the same job on a 1 s scenario
variant tiny 1s
for i in 1 2 3; do
	wall "$s/tiny.ini" "$s/tiny-$i"
done | sort -n >"$s/tiny.txt"
boot=$(sed -n 2p "$s/tiny.txt")
gboot=$("$IDLESIM_WORKLOAD_HOST" --get guest_seconds "$s/tiny.ini")
printf 'fixed_run_wall_s\t%.2f\ts\t%s guest s of the idle-heavy scenario cut to 1 s: boot, trace-cmd, snapshots, results, power-off; median of 3\n' "$boot" "$gboot"

# run NAME SCENARIO ICOUNT REPRODUCIBLE: prints "gross net" guest s per wall s
run() {
	local g w
	w=$(wall "workloads/scenarios/$2.ini" "$s/$1" "$3" "$4")
	g=$("$IDLESIM_WORKLOAD_HOST" --get guest_seconds "workloads/scenarios/$2.ini")
	# net only where the scenario costs clearly more than the fixed run
	# (their walls vary by some 0.4 s from run to run)
	awk -v g="$g" -v w="$w" -v b="$boot" -v gb="$gboot" \
		'BEGIN { if (w - b >= 1) printf "%.2f %.2f\n", g / w, (g - gb) / (w - b);
			 else printf "%.2f -\n", g / w }'
}

for f in workloads/scenarios/*.ini; do
	n=$(basename "$f" .ini)
	[ "$n" = audio-long ] && continue
	read -r ag an < <(run "$n-default" "$n" "$default" 1)
	read -r bg bn < <(run "$n-auto" "$n" shift=auto,sleep=off 0)
	printf 'guest_s_per_wall_s_%s\t%s\tratio\twhole run; net of the 1 s run %s; with shift=auto,sleep=off %s (net %s): %.2fx\n' \
		"$n" "$ag" "$an" "$bg" "$bn" "$(echo "$ag / $bg" | bc -l)"
	# how much of the lateness is the emulator's wake-up delay
	sed -n 's/.*"model_mean": \([0-9]*\), "emulator_mean": \([0-9]*\), "emulator_max": \([0-9]*\), "guest_mean": \([0-9]*\).*/\1 \2 \3 \4/p' \
		"$s/$n-default/analysis/summary.json" | while read -r m e x g; do
		printf 'lateness_emulator_share_%s\t%s\tratio\tmean per wake-up: model %.1f us, emulator %.1f us (max %.1f us), guest %.1f us\n' \
			"$n" "$(awk -v m="$m" -v e="$e" -v g="$g" 'BEGIN { t = m + e + g; printf "%.3f", t ? e / t : 0 }')" \
			"$(echo "$m / 1000" | bc -l)" "$(echo "$e / 1000" | bc -l)" \
			"$(echo "$x / 1000" | bc -l)" "$(echo "$g / 1000" | bc -l)"
	done
done

# the idle-heavy scenario's marginal speed: 180 more guest seconds, each
# length the median of 3.  Idle guest time costs almost no wall time, so
# the difference can fall within what runs vary by (the spread of the
# 1 s runs above); then only a lower bound is known, and said so.
variant long 199s
for i in 1 2 3; do wall "workloads/scenarios/$idle.ini" "$s/$idle-19s-$i"; done | sort -n >"$s/19s.txt"
for i in 1 2 3; do wall "$s/long.ini" "$s/$idle-199s-$i"; done | sort -n >"$s/199s.txt"
awk -v idle="$idle" -v w1="$(sed -n 2p "$s/19s.txt")" -v w2="$(sed -n 2p "$s/199s.txt")" \
	-v spread="$(awk 'NR == 1 { lo = $1 } { hi = $1 } END { print hi - lo }' "$s/tiny.txt")" 'BEGIN {
	d = w2 - w1
	if (spread < 0.01)
		spread = 0.01
	if (d > spread)
		printf "guest_s_per_wall_s_%s_marginal\t%.1f\tratio\t180 guest s more (199 s against 19 s, medians of 3) cost %.2f wall s more\n", idle, 180 / d, d
	else
		printf "guest_s_per_wall_s_%s_marginal\t%.1f\tratio\tat least: 180 guest s more (199 s against 19 s, medians of 3) cost %.2f wall s more, within the %.2f s the 1 s runs vary by\n", idle, 180 / spread, d, spread
}'

# the cost of a faster simulated CPU, on the scenarios with most busy time,
# with their busy bursts spun, and what halting them (BUSY=halt, the
# default) buys back at shift 0 (cyclictest-stress busies its CPUs with
# programs of its own, which spin whatever BUSY says)
for n in video cyclictest-stress; do
	for sh in 0 1 2 3; do
		read -r vg vn < <(IDLESIM_BUSY=spin run "$n-shift$sh" "$n" "shift=$sh,sleep=off" 1)
		printf 'guest_s_per_wall_s_%s_shift%d_spin\t%s\tratio\twhole run; net %s; %d ns per instruction (%d MIPS), busy bursts spun\n' \
			"$n" "$sh" "$vg" "$vn" $((1 << sh)) $((1000 >> sh))
		[ "$sh" = 0 ] && s0=$vg
	done
	read -r hg hn < <(IDLESIM_BUSY=halt run "$n-shift0-halt" "$n" "shift=0,sleep=off" 1)
	printf 'guest_s_per_wall_s_%s_shift0_halt\t%s\tratio\twhole run; net %s; busy bursts halted: %.2fx the spinning run at shift 0\n' \
		"$n" "$hg" "$hn" "$(echo "$hg / $s0" | bc -l)"
done
