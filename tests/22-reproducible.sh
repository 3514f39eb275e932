#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Runs are reproducible: the same scenario, seed and governor give the
# same trace.dat bytes and the same analysis, also with a CPU hog beside
# QEMU on the host, and whether the seed comes from the file (make run) or
# is given as repeats give it (make compare REPEATS=n); another seed gives another trace (so the comparison
# can fail); and another governor on the same seed sees the same arrival
# schedule (the workload's intended wake-up times), which is what makes
# an A/B comparison paired.  A bad ICOUNT is refused before anything is
# built, with one message.  And the guest's own program is the same bytes
# from a checkout in another directory: its bytes are guest memory, so a
# path compiled into it would make another clone's runs differ.
. tests/lib/common.sh
[ -x "${IDLESIM_WORKLOAD_HOST:-}" ] || skip "the workload generator is not built"
scn=tests/data/fixture.ini
s=$IDLESIM_SCRATCH

run() { # NAME GOVERNOR [run-scenario options]
	local name=$1 gov=$2
	shift 2
	scripts/run-scenario.sh "$@" "$scn" "$gov" "$s/$name" >"$s/$name.log" 2>&1 ||
		{ tail -20 "$s/$name.log"; fail "run $name failed (see $s/$name.log)"; }
	grep -qx 'reproducible yes' "$s/$name/manifest" || fail "$name: manifest does not say 'reproducible yes'"
}

# the analysis' outputs, less the line that names the run directory
outputs() {
	(cd "$1/analysis" && for f in states.csv clusters.csv rules.csv timeline.csv summary.json; do
		echo "== $f"
		cat "$f"
	done
	grep -v '^run ' summary.txt)
}

run a menu
run b menu
# a host CPU hog on every core beside the third run
hogs=()
for ((i = 0; i < $(nproc); i++)); do
	(while :; do :; done) &
	hogs+=($!)
done
run hogged menu
kill "${hogs[@]}" 2>/dev/null
wait 2>/dev/null
run seed12 menu --seed 12
# the file's own seed, given as a repeat gives it (make compare REPEATS=n)
run own menu --seed "$("$IDLESIM_WORKLOAD_HOST" --get seed "$scn")"
run deepest menu_deepest

for r in b hogged own; do
	cmp -s "$s/a/results/trace.dat" "$s/$r/results/trace.dat" ||
		fail "run $r: trace.dat differs from run a's (same inputs)"
	diff <(outputs "$s/a") <(outputs "$s/$r") >"$s/$r.diff" ||
		{ head -20 "$s/$r.diff"; fail "run $r: the analysis differs from run a's"; }
done
note "4 runs, one beside $(nproc) CPU hogs, one with the seed given as repeats give it: trace.dat $(sha256sum <"$s/a/results/trace.dat" | cut -c1-16) each"
! cmp -s "$s/a/results/trace.dat" "$s/seed12/results/trace.dat" ||
	fail "seed 12 gave the same trace as seed 11: the comparison cannot tell runs apart"

# paired: the same intended wake-up times under both governors
intended() { awk '!/^#/ { print $1, $4 }' "$1"/results/wakeups-*.tsv; }
[ -n "$(intended "$s/a")" ] || fail "run a has no wake-ups"
diff <(intended "$s/a") <(intended "$s/deepest") >/dev/null ||
	fail "menu and menu_deepest on seed 11 had different arrival schedules"
cmp -s "$s/a/results/trace.dat" "$s/deepest/results/trace.dat" &&
	fail "menu and menu_deepest gave the same trace"
note "menu and menu_deepest: the same $(intended "$s/a" | wc -l) intended wake-up times"

# ICOUNT settings that cannot be reproducible, refused before any build
for bad in shift=auto,sleep=off shift=11,sleep=off shift=3 off shift=3,sleep=off,foo=1; do
	o=$s/o-${bad//[^a-z0-9]/_}
	expect_exit 2 make --no-print-directory -C "$IDLESIM_SRC" O="$o" run SCENARIO=audio ICOUNT="$bad"
	expect_grep "^ICOUNT=$bad: " "$out" "ICOUNT=$bad"
	[ "$(grep -c . <<<"$out")" -le 2 ] || fail "ICOUNT=$bad: more than one message: $out"
	[ ! -e "$o/kernel" ] && [ ! -e "$o/linux" ] || fail "ICOUNT=$bad: something was built before the refusal"
done
expect_exit 2 make --no-print-directory -C "$IDLESIM_SRC" O="$s/o-lateness" run SCENARIO=audio LATENESS=foo
expect_grep "LATENESS=foo" "$out" "LATENESS=foo"
# REPRODUCIBLE=0 lets shift=auto through, and the runner records it
expect_exit 0 scripts/check-icount.sh shift=auto,sleep=off 0

# the workload generator built from a copy of the sources elsewhere
other=$s/another/checkout
mkdir -p "$other/scripts"
cp -r workloads include lib "$other/"
cp scripts/Makefile.include "$other/scripts/"
expect_exit 0 make --no-print-directory -C "$other/workloads" O="$s/another/o" guest
cmp -s "$s/another/o/idlesim-workload" "$IDLESIM_O/workloads/idlesim-workload" ||
	fail "the guest's idlesim-workload differs when built in $other: a path is compiled into it"
echo ok
