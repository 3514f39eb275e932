#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# tier: check (no guest: make check runs it)
# The analysis on a committed trace fixture (tests/fixtures/menu_deepest-1s:
# tests/data/fixture.ini recorded under menu_deepest) against figures
# computed without it: tests/lib/expect-from-report.sh reads the text of
# trace-cmd report, and the lateness is sorted here from the workload's
# wake-up file.  Per CPU and state: count, time, energy and transition
# energy; the run's idle and active energy and demotions; the lateness
# p50, p99, max and misses; the cluster's states (count and time in the
# shallowest state of its CPUs while all are idle); each phase's periods,
# idle and busy energy; the lateness split
# into modelled exit latency, emulator delay and guest path; and the
# replay of the rule that ran must reproduce the kernel's choices
# (target >= 99.9 %).
. tests/lib/common.sh
fx=tests/fixtures/menu_deepest-1s
an=$IDLESIM_O/analysis/san/idlesim-analyze
[ -x "$an" ] || fail "$an not built"
o=$IDLESIM_SCRATCH/out
before=$(find "$fx" -type f -printf '%p %s %T@\n' | sort)
expect_exit 0 "$an" run --out "$o" "$fx"
[ "$(find "$fx" -type f -printf '%p %s %T@\n' | sort)" = "$before" ] || fail "the analysis wrote into the fixture"

want=$(tests/lib/expect-from-report.sh "$fx") || fail "expect-from-report failed"
got=$(awk -F, 'NR > 1 && $3 > 0 { printf "state %d %d %d %s %s %s\n", $1, $2, $3, $4, $11, $12 }' "$o/states.csv")
diff <(grep '^state ' <<<"$want") <(echo "$got") >"$IDLESIM_SCRATCH/states.diff" ||
	{ cat "$IDLESIM_SCRATCH/states.diff"; fail "per-state figures differ from trace-cmd report's (< expected, > analysis)"; }
note "$(grep -c '^state ' <<<"$want") CPU/state rows agree"
got=$(awk -F, 'NR > 1 && $3 > 0 { printf "cluster %d %d %d %s\n", $1, $2, $3, $4 }' "$o/clusters.csv")
diff <(grep '^cluster ' <<<"$want" | sort) <(echo "$got" | sort) >"$IDLESIM_SCRATCH/clusters.diff" ||
	{ cat "$IDLESIM_SCRATCH/clusters.diff"; fail "cluster states differ from trace-cmd report's (< expected, > analysis)"; }
[ "$(grep -c '^cluster ' <<<"$want")" -ge 3 ] || fail "the fixture's cluster was in fewer than 3 states"
# every CSV of the run: as many fields in each row as in its header
csv_shape "$o"/*.csv
# the scenario's phases, each with the periods that ended in it and the
# busy energy reported in it
got=$(awk -F, 'NR > 1 { printf "phase %s %d %d %s %s\n", $1, $3, $6, $8, $9 }' "$o/phases.csv")
[ -n "$got" ] || fail "phases.csv has no phase of the fixture's scenario"
diff <(grep '^phase ' <<<"$want" | sort) <(echo "$got" | sort) >"$IDLESIM_SCRATCH/phases.diff" ||
	{ cat "$IDLESIM_SCRATCH/phases.diff"; fail "phase figures differ from trace-cmd report's (< expected, > analysis)"; }
# the timeline: the window asked for, from the workload's start (the
# first phase marker), periods clipped to it; the default 0:200
w=$IDLESIM_SCRATCH/window
expect_exit 0 env IDLESIM_WINDOW=300:100 "$an" run --out "$w" "$fx"
grep -q '"timeline": { "origin": "workload start", "from_ms": 300.000, "to_ms": 400.000 }' "$w/summary.json" ||
	fail "summary.json does not give the window asked for: $(grep timeline "$w/summary.json")"
awk -F, 'NR > 1 { n++; if ($2 < 300 || $3 > 400 || $3 <= $2) bad = 1; if ($2 == 300) a = 1; if ($3 == 400) b = 1 }
	END { exit !(n > 10 && !bad && a && b) }' "$w/timeline.csv" ||
	fail "timeline.csv is not the 300-400 ms window of the workload, clipped"
grep -q '"from_ms": 0.000, "to_ms": 200.000' "$o/summary.json" || fail "the default window is not 0-200 ms"
[ "$(head -1 "$o/timeline.csv")" = "cpu,start_ms,end_ms,state,name" ] || fail "timeline.csv names no state"
expect_exit 2 env IDLESIM_WINDOW=300 "$an" run --out "$w" "$fx"
expect_grep "IDLESIM_WINDOW=300: expected START:LEN" "$out" "a window without its length"
json=$o/summary.json
jget() { sed -n "s/.*$1.*/\\1/p" "$json" | head -1; }
for k in idle active; do
	w=$(awk -v k=$k '$1 == k { print $2 }' <<<"$want")
	g=$(jget "\"$k\": \\([0-9]*\\)")
	[ "$w" = "$g" ] || fail "$k energy: analysis $g nJ, trace-cmd report $w nJ"
done
w=$(awk '$1 == "demoted" { print $2 }' <<<"$want")
g=$(jget '"demotions": \([0-9]*\)')
[ "$w" = "$g" ] || fail "demotions: analysis $g, trace-cmd report $w"
[ "$w" -gt 0 ] || fail "the fixture has no demotions: not the menu_deepest trace it should be"

# lateness as judged by default (modelled exit latency + guest path),
# nearest rank
lat=$(awk '$1 == "judged" { print $2 }' <<<"$want" | sort -n)
n=$(grep -c . <<<"$lat")
budget=$(sed -n 's/.* latency_budget_ns=\([0-9]*\) .*/\1/p' "$fx/results/workload-summary.txt")
rank() { sed -n "$(((n * $1 + 99) / 100))p" <<<"$lat"; }
w="$n $(rank 50) $(rank 99) $(tail -1 <<<"$lat") $(awk -v b="$budget" '$1 > b' <<<"$lat" | grep -c .)"
g="$(jget '"lateness_ns": { "wakeups": \([0-9]*\),') $(jget '"p50": \([0-9]*\)') $(jget '"p99": \([0-9]*\)') $(jget '"max": \([0-9]*\), "budget"') $(jget '"misses": \([0-9]*\)')"
[ "$w" = "$g" ] || fail "lateness (wake-ups p50 p99 max misses): analysis '$g', sorted '$w'"

# the split: sums from the report, means as the analysis prints them
read -r _ served model emul guest < <(grep '^split ' <<<"$want")
[ "$served" -gt 0 ] || fail "no wake-up of the fixture was served from an idle state"
w=$(awk -v n="$n" -v s="$served" -v m="$model" -v e="$emul" -v g="$guest" \
	'BEGIN { printf "%d %.0f %.0f %.0f", s, m / n, e / n, g / n }')
g="$(jget '"served": \([0-9]*\)') $(jget '"model_mean": \([0-9]*\)') $(jget '"emulator_mean": \([0-9]*\)') $(jget '"guest_mean": \([0-9]*\)')"
[ "$w" = "$g" ] || fail "lateness split (served model emulator guest): analysis '$g', report '$w'"

agree=$(awk -F, '$1 == "deepest" { print $5 }' "$o/rules.csv")
awk -v a="$agree" 'BEGIN { exit !(a >= 0.999) }' || fail "replaying menu_deepest agrees on $agree of the periods (target 0.999)"
note "replay of menu_deepest agrees on $agree; lateness split $w"
echo ok
