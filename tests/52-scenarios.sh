#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Every standard scenario runs to completion under menu and menu_deepest,
# leaves its workload summary, and passes the analysis with its
# cross-checks (trace against the driver's meter and the sysfs counters).
# audio-long is the benchmark variant and is left to make bench.
. tests/lib/common.sh
[ -x "${IDLESIM_WORKLOAD_HOST:-}" ] || skip "the workload generator is not built"
n=0
for f in workloads/scenarios/*.ini; do
	name=$(basename "$f" .ini)
	[ "$name" = audio-long ] && continue
	for gov in menu_deepest menu; do
		d=$IDLESIM_SCRATCH/$name/$gov
		mkdir -p "$IDLESIM_SCRATCH/$name"
		scripts/run-scenario.sh "$name" "$gov" "$d" >"$d.log" 2>&1 ||
			{ tail -20 "$d.log"; fail "$name under $gov failed (see $d.log)"; }
		grep -qx 'status ok' "$d/manifest" || fail "$name under $gov: manifest not ok"
		[ -s "$d/results/workload-summary.txt" ] || fail "$name under $gov: no workload summary"
		[ -s "$d/analysis/summary.json" ] || fail "$name under $gov: no analysis"
		grep -q 'cross-check: the trace.s energy matches' "$d/analysis/summary.txt" ||
			fail "$name under $gov: the energy cross-check did not run"
		grep -q "\"governor\": \"$gov\"" "$d/analysis/summary.json" || fail "$name: ran under the wrong governor"
		note "$name/$gov: $(sed -n 's/^  energy: //p' "$d/analysis/summary.txt")"
		n=$((n + 1))
	done
done
[ $n -ge 12 ] || fail "only $n scenario runs"

# The cross-checks can fail: a copy of a good run whose counters were
# bumped after the fact must be refused, naming what disagrees.
good=$IDLESIM_SCRATCH/audio/menu
for what in sysfs meter; do
	d=$IDLESIM_SCRATCH/tampered-$what
	rm -rf "$d"
	cp -a "$good" "$d"
	rm -rf "$d/analysis"
	if [ $what = sysfs ]; then
		# "cpu state usage time above below": 50 more entries of CPU 0's state 1
		awk '$1 == 0 && $2 == 1 { $3 += 50 } { print }' "$good/results/cpuidle-after.txt" >"$d/results/cpuidle-after.txt"
		want='cross-check FAILED: cpu0 state 1 sysfs usage'
	else
		sed -i '0,/idle_nj=/s/idle_nj=\([0-9]*\)/idle_nj=1\1/' "$d/results/cpuidle-after.energy"
		want='cross-check FAILED'
	fi
	expect_exit 1 "$IDLESIM_ANALYZE" run "$d"
	expect_grep "$want" "$out" "tampered $what counters"
	expect_grep "not trusting this run" "$out" "tampered $what counters"
	[ ! -e "$d/analysis/summary.json" ] || fail "tampered $what counters: an analysis was written"
done
echo ok
