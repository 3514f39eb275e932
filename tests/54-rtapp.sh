#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# rt-app workloads as scenarios: a JSON rt-app would refuse, or that is
# not an rt-app workload, is named before anything boots (what rt-app
# itself cannot use, in its words, from the host's rt-app); the periodic
# example runs in the guest under rt-app with its calibration fixed at the
# guest's measured ns per loop (the manifest says which), leaves rt-app's
# logs, which the guest job turns into the workload's wake-ups (their
# lateness split into the model's part and the guest's), and passes the
# analysis with its cross-checks; a threshold sweep plans on it.
. tests/lib/common.sh
[ -x "${IDLESIM_WORKLOAD_HOST:-}" ] || skip "the workload generator is not built"
s=$IDLESIM_SCRATCH

# refused on the host, naming the file (no boot: the run directory stays absent)
refused() {	# NAME JSON PATTERN WHAT: NAME.json with JSON is refused with PATTERN; $out its message
	printf '%b\n' "$2" >"$s/$1.json"
	expect_exit 2 scripts/run-scenario.sh "$s/$1.json" menu "$s/$1-run"
	expect_grep "$3" "$out" "$4"
	[ ! -e "$s/$1-run" ] || fail "a refused workload left $s/$1-run"
}
refused comma '{ "global": { "duration": 5 }, "tasks": { "t": { "run": 1000, } } }' \
	"comma.json:1:[0-9]+: not JSON" "a trailing comma"
refused other '{ "global": { "duration": 5 }, "threads": {} }' \
	"other.json: not an rt-app workload: expected an object with a non-empty \"tasks\" object" "no tasks"
refused forever '{ "global": { "duration": -1 }, "tasks": { "t": { "run": 1000 } } }' \
	"\"duration\": -1; expected whole seconds, 1 to 600" "no duration"
# what rt-app itself cannot use (it would run on without it), in rt-app's words
refused mismatch '{ "global": { "duration": 5 }, "tasks": { "t": { "loop": -1, "run": "abc" } } }' \
	"mismatch.json: rt-app refuses part of it:" "rt-app's complaint"
expect_grep "Unknown or mismatch run event type" "$out" "rt-app's own message"
# what rt-app 1.0 would ignore without a word: a misspelt event changes
# the workload silently, so it is refused, with its line
refused typo '{ "global": { "duration": 5 },\n  "tasks": { "t": { "loop": -1,\n    "rnu": 1000, "sleep": 9000 } } }' \
	"typo.json:3: task \"t\": \"rnu\": not a property or event that rt-app 1.0 reads" "a misspelt event"
refused phase '{ "global": { "duration": 5 }, "tasks": { "t": { "phases": { "p1": { "run0": 100, "run1": 200, "slep": 10 } } } } }' \
	"phase.json:1: task \"t\", phase \"p1\": \"slep\"" "a misspelt event in a phase (run0 and run1 are runs)"

# the example runs
d=$s/periodic
scripts/run-scenario.sh workloads/rt-app/periodic.json menu "$d" >"$d.log" 2>&1 ||
	{ tail -20 "$d.log"; fail "periodic.json under menu failed (see $d.log)"; }
calib=$(sed -n 's/^rtapp_calibration_ns_per_loop //p' "$d/manifest")
[ -n "$calib" ] && [ "$calib" -gt 0 ] || fail "the manifest does not record rt-app's calibration"
grep -q "pLoad = ${calib}ns" "$d/results/cmd-rt-app.log" ||
	fail "rt-app did not run with the recorded calibration ($calib): $(head -5 "$d/results/cmd-rt-app.log")"
n=$(cat "$d"/results/rt-app/rt-app-periodic-*.log 2>/dev/null | grep -cv '^#')
# 10 s at one period of 16 ms
[ "$n" -ge 550 ] && [ "$n" -le 630 ] || fail "rt-app logged $n periods of the periodic task, expected about 625"
grep -q 'cross-check: the trace.s energy matches' "$d/analysis/summary.txt" ||
	fail "the energy cross-check did not run on the rt-app run"
# rt-app's wake-ups are the workload's: one per period, split into the
# model's part and the guest's (the task is pinned), served from idle
w=$(grep -vc '^#' "$d/results/wakeups-rt-app.periodic.tsv")
[ "$w" -eq "$n" ] || fail "$w wake-up rows for $n logged periods"
split=$(grep 'split, mean per wake-up' "$d/analysis/summary.txt") || fail "rt-app's lateness was not split"
served=$(sed -n 's/.*; \([0-9]*\) of [0-9]* served from an idle state.*/\1/p' <<<"$split")
[ "${served:-0}" -ge $((n * 95 / 100)) ] || fail "only ${served:-0} of $n wake-ups matched to the idle period that served them: $split"
# the timer slack is not the command's: no wake-up is 50 us late by itself
emu=$(sed -n 's/.*emulator wake-up delay [0-9.]* us (max \([0-9.]*\) us).*/\1/p' <<<"$split")
awk -v e="${emu:-999}" 'BEGIN { exit !(e < 20) }' || fail "wake-ups delayed by up to $emu us past their deadline (timer slack?)"
note "periodic.json: rt-app at $calib ns per loop, $n periods; $(sed -n 's/^  energy: //p' "$d/analysis/summary.txt")"
# a threshold sweep plans on the workload (no boot but the probes')
sweep=$s/sweep
expect_exit 0 scripts/tune.sh --scenario workloads/rt-app/periodic.json --out "$sweep" \
	--state soc-sleep --values 9987,20000 --export slurm
[ "$(cut -f3 "$sweep/points.tsv" | grep -c '^s4_residency_us=')" -eq 2 ] ||
	fail "the sweep of an rt-app workload did not plan its 2 points: $(cat "$sweep/points.tsv")"
grep -q "^scenario periodic " "$sweep/sweep.conf" || fail "the sweep does not name the workload"
echo ok
