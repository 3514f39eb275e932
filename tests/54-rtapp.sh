#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# rt-app workloads as scenarios: a JSON rt-app would refuse, or that is
# not an rt-app workload, is named before anything boots (what rt-app
# itself cannot use, in its words, from the host's rt-app); what rt-app
# reads is read (comments; Debian's examples when installed, and always a
# corpus written as rt-app's documentation writes workloads; no duration,
# the scenario then ending with rt-app, which a guest run of that corpus's
# periodic task checks); a CPU a task pins to is booted, or refused by
# name; a refusal writes nothing; the periodic
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
refused colon '{ "global": { "duration": 5 }, "tasks": { "t": { "run" 1000 } } }' \
	"colon.json:1:[0-9]+: not JSON as rt-app reads it \\(json-c\\): object property name separator ':' expected" "a missing colon"
refused other '{ "global": { "duration": 5 }, "threads": {} }' \
	"other.json: not an rt-app workload: expected an object with a non-empty \"tasks\" object" "no tasks"
refused zero '{ "global": { "duration": 0 }, "tasks": { "t": { "run": 1000 } } }' \
	"\"duration\": 0; expected whole seconds, 1 to 600, or -1" "a duration of 0 s"
refused text '{ "global": { "duration": "5" }, "tasks": { "t": { "run": 1000 } } }' \
	"\"duration\": \"5\"; expected whole seconds" "a duration as a string"
refused slash '{ "tasks": { "t": { "run": 1000 } } } /' \
	"slash.json:1:[0-9]+: not JSON as rt-app reads it" "a broken comment"

# what rt-app reads, read the same way: comments (json-c takes them, and
# so does rt-app), no duration (until the tasks end): every example
# Debian's rt-app ships is accepted, or refused for a reason rt-app
# shares, or by the key check (what rt-app 1.0 would silently ignore)
rt=$IDLESIM_WORKLOAD_HOST; rt=${rt%/*}/idlesim-rtapp
ex=/usr/share/doc/rt-app/examples
if [ -d "$ex" ]; then
	ok=0
	while read -r f; do
		if "$rt" --check "$f" "$s/ex" 1 >"$s/ex.log" 2>&1; then
			ok=$((ok + 1))
			continue
		fi
		if grep -q ': not JSON as rt-app reads it' "$s/ex.log"; then
			# then rt-app cannot parse it either
			(cd "$s" && timeout 5 rt-app "$f" 2>&1 | grep -q 'Error while parsing input JSON') ||
				fail "$f: refused as not JSON, which rt-app reads: $(cat "$s/ex.log")"
		elif ! grep -q 'not a property or event that rt-app 1.0 reads\|not an rt-app workload' "$s/ex.log"; then
			fail "$f: refused: $(cat "$s/ex.log")"
		fi
	done < <(find "$ex" -name '*.json' | sort)
	[ "$ok" -ge 16 ] || fail "only $ok of rt-app's examples accepted"
	grep -q '^ends = yes$' "$s/ex/"*.ini || fail "no [command rt-app] ends the scenario"
	# the affinity example pins to CPU 2: its scenario boots CPUs 0 to 2
	"$rt" "$ex/tutorial/example8.json" "$s/ex8" 1 2>/dev/null &&
		grep -q '^cpus = 3$' "$s/ex8/example8.ini" ||
		fail "example8.json pins to CPU 2, its scenario boots: $(grep '^cpus' "$s/ex8/example8.ini")"
	note "rt-app's examples: $ok accepted"
else
	note "no /usr/share/doc/rt-app: Debian's examples not read (the corpus below is)"
fi
# a corpus written the way rt-app's documentation writes workloads
# (comments, trailing commas, tasks bounded by their phases' loops, no
# duration, a calibration), read here and by the host's rt-app (when it
# has one) whether or not Debian's examples are installed; each runs
# until its tasks end, under the cap; doc-periodic.json runs below
n=0
for f in workloads/rt-app/doc-*.json; do
	b=$(basename "$f" .json)
	"$rt" --check --cap 9 "$f" "$s/$b" 1 >"$s/$b.log" 2>&1 || fail "$f: refused: $(cat "$s/$b.log")"
	grep -q '^duration = 9s$' "$s/$b/$b.ini" || fail "$f: not run until its tasks end: $(cat "$s/$b/$b.ini")"
	n=$((n + 1))
done
[ "$n" -ge 3 ] || fail "only $n workloads in the documentation-style corpus"
# pinned to CPU 3 (rt-app refuses a CPU the machine lacks): 4 CPUs booted
grep -q '^cpus = 4$' "$s/doc-affinity/doc-affinity.ini" ||
	fail "doc-affinity.json pins to CPU 3, its scenario boots: $(grep '^cpus' "$s/doc-affinity/doc-affinity.ini")"
# a comment and a trailing comma: json-c takes both, and so does rt-app
printf '{ /* a comment, as rt-app allows */\n "tasks": { "t": { "loop": 3, "run": 1000, "sleep": 1000, } } }\n' >"$s/bounded.json"
"$rt" --cap 7 "$s/bounded.json" "$s/bounded" 1 || fail "a workload without a duration was refused"
grep -q '^duration = 7s$' "$s/bounded/bounded.ini" || fail "the cap is not the scenario's duration: $(cat "$s/bounded/bounded.ini")"
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
# a refusal writes nothing: no output directory, or the one given as it was
expect_exit 2 "$rt" "$s/typo.json" "$s/typo-out" 1
[ ! -e "$s/typo-out" ] || fail "a refused workload left $s/typo-out: $(ls -A "$s/typo-out")"
mkdir "$s/typo-was" && echo before >"$s/typo-was/typo.ini"
expect_exit 2 "$rt" "$s/typo.json" "$s/typo-was" 1
[ "$(ls -A "$s/typo-was")" = typo.ini ] && [ "$(cat "$s/typo-was/typo.ini")" = before ] ||
	fail "a refused workload changed $s/typo-was: $(ls -A "$s/typo-was")"
# ... nor a refusal of its sidecar, found after the workload is read
printf '{ "tasks": { "t": { "run": 1000 } } }\n' >"$s/own.json"
printf '[scenario]\nname = own\ncpus = 1\n[command rt-app]\nrun = rt-app\n' >"$s/own.ini"
expect_exit 2 "$rt" "$s/own.json" "$s/own-out" 1
expect_grep "own.ini: has a \[command rt-app\] of its own" "$out" "a sidecar with its own command"
[ ! -e "$s/own-out" ] || fail "a refused sidecar left $s/own-out: $(ls -A "$s/own-out")"
# ... nor a failure while writing (the scenario's name taken by a directory)
mkdir -p "$s/half/.bounded.ini.tmp"
expect_exit 2 "$rt" "$s/bounded.json" "$s/half" 1
[ "$(ls -A "$s/half")" = .bounded.ini.tmp ] || fail "a failed write left $s/half: $(ls -A "$s/half")"

# CPUs a task pins to: rt-app refuses one the guest lacks, so the default
# scenario boots them (above); beyond the harness's CPUs, beyond a
# sidecar's (its author's count), or beyond the SoC's, refused by name
refused pinmax '{ "tasks": { "t": { "loop": 2, "phases": { "p": { "cpus": [ 0, 8 ], "run": 10 } } } } }' \
	'pinmax.json:1: task "t", phase "p": "cpus": CPU 8; a guest boots at most 8 CPUs \(0 to 7\)' "a CPU beyond the harness's"
printf '[scenario]\nname = pinside\nduration = 2s\ncpus = 2\nseed = 1\nlatency_budget = 1ms\n' >"$s/pinside.ini"
refused pinside '{ "tasks": {\n  "t": { "loop": 2, "cpus": [ 2 ], "run": 10, "sleep": 10 } } }' \
	'pinside.json:2: task "t": "cpus": CPU 2, which the scenario does not boot \(.*pinside.ini:4: cpus = 2, CPUs 0 to 1\)' \
	"a CPU its sidecar does not boot"
refused pinnone '{ "tasks": { "t": { "cpus": [], "run": 10 } } }' \
	'pinnone.json:1: task "t": "cpus": \[ \]; expected a non-empty array of CPU numbers' "an empty CPU set"
if [ -n "${IDLESIM_SOC_TOOL:-}" ]; then
	case ${IDLESIM_SOC:-simsoc} in */* | *.soc) soc=$IDLESIM_SOC ;; *) soc=socs/${IDLESIM_SOC:-simsoc}.soc ;; esac
	have=$("$IDLESIM_SOC_TOOL" get cpus "$soc" 2>/dev/null) || have=8
	[ "$have" -ge 8 ] ||
		refused pinsoc "{ \"tasks\": { \"t\": { \"cpus\": [ $have ], \"run\": 10 } } }" \
			"pinsoc.json: runs on $((have + 1)) CPUs: task \"t\" pins to CPU $have; SoC" "a CPU the SoC lacks"
fi

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
# bounded by its loop count, not a duration (the loop of a task with
# phases: one whose events sit in the task itself repeats them for ever
# under rt-app 1.0, whatever its loop says): the documentation-style
# periodic task, 200 periods of 10 ms, ends the scenario with rt-app, well
# before the cap
e=$s/doc-periodic-run
IDLESIM_RTAPP_CAP=30 scripts/run-scenario.sh workloads/rt-app/doc-periodic.json menu "$e" >"$e.log" 2>&1 ||
	{ tail -20 "$e.log"; fail "doc-periodic.json, bounded by its loop count, failed (see $e.log)"; }
grep -q "^rtapp_json .*/workloads/rt-app/doc-periodic.json$" "$e/manifest" && grep -qx "smp 2" "$e/manifest" ||
	fail "the manifest does not name doc-periodic.json on 2 CPUs: $(grep "rtapp\|^smp" "$e/manifest")"
calib=$(sed -n 's/^rtapp_calibration_ns_per_loop //p' "$e/manifest")
grep -q "pLoad = ${calib}ns" "$e/results/cmd-rt-app.log" ||
	fail "doc-periodic.json ran without the guest's calibration ($calib), not its own 260: $(head -5 "$e/results/cmd-rt-app.log")"
n=$(cat "$e"/results/rt-app/rt-app-thread0-*.log 2>/dev/null | grep -cv '^#')
[ "$n" -eq 200 ] || fail "rt-app logged $n periods of doc-periodic.json's 200"
w=$(grep -vc '^#' "$e/results/wakeups-rt-app.thread0.tsv")
[ "$w" -eq 200 ] || fail "$w wake-up rows for doc-periodic.json's 200 periods"
len=$(trace-cmd report -i "$e/results/trace.dat" 2>/dev/null | awk '
	/idlesim: scenario_begin/ { b = $3 + 0 } /idlesim: scenario_end/ { e = $3 + 0 }
	END { if (b && e) printf "%.2f", e - b }')
[ -n "$len" ] || fail "no scenario_begin and scenario_end markers in $e/results/trace.dat"
awk -v l="$len" 'BEGIN { exit !(l >= 1.9 && l < 4) }' ||
	fail "the scenario of a 200 x 10 ms workload lasted $len s (cap 30 s): it did not end with rt-app"
note "doc-periodic.json, bounded by its loop count: $n periods, the scenario lasted $len s (cap 30 s)"
# a threshold sweep plans on the workload (no boot but the probes')
sweep=$s/sweep
expect_exit 0 scripts/tune.sh --scenario workloads/rt-app/periodic.json --out "$sweep" \
	--state soc-sleep --values 9987,20000 --export slurm
[ "$(cut -f3 "$sweep/points.tsv" | grep -c '^s4_residency_us=')" -eq 2 ] ||
	fail "the sweep of an rt-app workload did not plan its 2 points: $(cat "$sweep/points.tsv")"
grep -q "^scenario periodic " "$sweep/sweep.conf" || fail "the sweep does not name the workload"
echo ok
