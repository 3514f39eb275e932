#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Exclusions that say when they end (cpuidle.masked_tick): dma-bursts,
# whose transfers of a known length keep the deeper states out for 6 ms
# of every 50, under menu with each tick policy.  With "until" the driver
# traces each masked state's end, the governor acts on it (the
# cpuidle_select events carry the policy and the end), the CPU is woken at
# the end rather than every tick, and the stuck time is a small part of
# what deciding the tick as 6.1 does leaves; keeping the tick gets there
# too, with more idle periods.  The replay of menu's rule, with the policy
# the trace gives, chooses what the kernel chose.
. tests/lib/common.sh
[ -x "${IDLESIM_ANALYZE:-}" ] || skip "the analysis is not built"
stuck() {	# RUN: stuck time in ns, from the analysis's JSON
	sed -n 's/^  "stuck_ns": \([0-9]*\),$/\1/p' "$1/analysis/summary.json"
}
periods() {
	sed -n 's/^  "periods": \([0-9]*\),$/\1/p' "$1/analysis/summary.json"
}
for m in off always until; do
	d=$IDLESIM_SCRATCH/$m
	IDLESIM_MASKED_TICK=$m scripts/run-scenario.sh dma-bursts menu "$d" >"$d.log" 2>&1 ||
		{ tail -20 "$d.log"; fail "dma-bursts under menu, masked_tick=$m, failed"; }
	grep -qx "masked_tick $m" "$d/manifest" || fail "the manifest does not say 'masked_tick $m'"
done
d=$IDLESIM_SCRATCH/until
trace-cmd report -i "$d/results/trace.dat" 2>/dev/null >"$d.report"
grep -q 'simsoc_period:.* until_ns=0 0 [1-9][0-9]* ' "$d.report" ||
	fail "no period traces a known end for core-off"
n=$(grep -c 'cpuidle_select:.* masked_tick=2 masked_end_ns=[0-9]' "$d.report")
[ "$n" -ge 50 ] || fail "menu acted on $n exclusion ends, expected one per transfer at least"
grep -q 'cpuidle_select:.* masked_tick=2 ' "$d.report" || fail "the trace does not say the policy"
agree=$(awk -F, '$1 == "lowest_power" { print $5 }' "$d/analysis/rules.csv")
awk -v a="$agree" 'BEGIN { exit !(a >= 0.999) }' || fail "menu replayed with 'until' agrees on $agree of the periods"
off=$(stuck "$IDLESIM_SCRATCH/off") always=$(stuck "$IDLESIM_SCRATCH/always") until=$(stuck "$d")
[ -n "$off" ] && [ -n "$until" ] && [ -n "$always" ] || fail "no stuck_ns in summary.json"
awk -v o="$off" -v u="$until" 'BEGIN { exit !(o > 1e9 && u < o / 10) }' ||
	fail "stuck time: $until ns with 'until', $off ns with 'off': expected seconds with 'off', a tenth of it at most with 'until'"
pa=$(periods "$IDLESIM_SCRATCH/always") pu=$(periods "$d")
awk -v a="$pa" -v u="$pu" 'BEGIN { exit !(u < a) }' || fail "'until' took $pu idle periods, 'always' $pa: the one-shot wake-up should cost fewer"
note "stuck: off $((off / 1000000)) ms, always $((always / 1000000)) ms, until $((until / 1000000)) ms; idle periods: always $pa, until $pu; $n ends acted on; replay agrees on $agree"
echo ok
