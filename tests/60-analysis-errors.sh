#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# tier: check (no guest: make check runs it)
# Bad input to the analysis: a failed run, a missing, empty, truncated or
# corrupt trace.dat, a trace without the needed events.  Each ends with a
# clear message and status 1, and leaves no output file behind.  The tool
# is exercised in its ASan+UBSan build.  The damaged traces are copies of
# the committed fixture's; the trace without idle events is recorded on
# the guest, under make test only.
. tests/lib/common.sh
an=$IDLESIM_O/analysis/san/idlesim-analyze
[ -x "$an" ] || fail "$an not built"
export ASAN_OPTIONS=allocator_may_return_null=1:detect_leaks=1

# the good run to damage: a copy of the committed fixture
run=$IDLESIM_SCRATCH/run
rm -rf "$run"
cp -r tests/fixtures/menu_deepest-1s "$run"
expect_exit 0 "$an" run "$run"
[ -s "$run/analysis/states.csv" ] || fail "no states.csv from a good run"
head -1 "$run/analysis/states.csv" | grep -q '^cpu,state,count,total_ns' || fail "states.csv header"

mkcase() { # NAME: a copy of the good run, to damage
	local d=$IDLESIM_SCRATCH/$1
	rm -rf "$d"
	mkdir -p "$d/results"
	cp "$run/manifest" "$d/"
	cp "$run"/results/* "$d/results/"
	rm "$d/results/trace.dat"
	echo "$d"
}
no_outputs() {
	local f
	f=$(find "$1" -path "$1/analysis/*" -type f 2>/dev/null | head -3)
	[ -z "$f" ] || fail "$2: output left behind: $f"
}

d=$(mkcase failed)
cp "$run/results/trace.dat" "$d/results/"
sed -i 's/^status ok$/status panic/' "$d/manifest"
expect_exit 1 "$an" run "$d"
expect_grep 'did not succeed' "$out" "failed run"
no_outputs "$d" "failed run"

d=$(mkcase missing)
expect_exit 1 "$an" run "$d"
expect_grep 'trace.dat: No such file' "$out" "missing trace"

d=$(mkcase empty)
: >"$d/results/trace.dat"
expect_exit 1 "$an" run "$d"
expect_grep 'empty' "$out" "empty trace"
no_outputs "$d" "empty trace"

size=$(stat -c %s "$run/results/trace.dat")
for cut in 16 4096 $((size / 2)) $((size - 100)); do
	d=$(mkcase "truncated-$cut")
	head -c "$cut" "$run/results/trace.dat" >"$d/results/trace.dat"
	expect_exit 1 "$an" run "$d"
	expect_grep 'does not match its checksum' "$out" "trace truncated at $cut"
	no_outputs "$d" "trace truncated at $cut"
done

d=$(mkcase unsealed)
cp "$run/results/trace.dat" "$d/results/"
rm "$d/results/SHA256SUMS"
expect_exit 1 "$an" run "$d"
expect_grep 'not sealed' "$out" "results without SHA256SUMS"

# Damage that matches its (re-made) checksum: the trace reader itself must
# refuse it, whatever libtracecmd does with it.
d=$(mkcase garbage)
head -c 65536 /dev/urandom >"$d/results/trace.dat"
(cd "$d/results" && sha256sum ./trace.dat >SHA256SUMS)
expect_exit 1 "$an" run "$d"
expect_grep 'not a readable trace.dat|corrupt' "$out" "garbage trace"
no_outputs "$d" "garbage trace"
for off in 0 64 512 4096; do
	d=$(mkcase "flipped-$off")
	cp "$run/results/trace.dat" "$d/results/"
	printf '\xff\xff\xff\xff\xff\xff\xff\xff' | dd of="$d/results/trace.dat" bs=1 seek=$off conv=notrunc status=none
	(cd "$d/results" && sha256sum ./trace.dat >SHA256SUMS)
	"$an" run "$d" >"$d.out" 2>&1
	rc=$?
	# refused with a message and nothing written, or (the bytes were in a
	# part the reader does not use) the very figures of the undamaged trace
	case $rc in
	1)
		grep -qE 'not a readable trace.dat|corrupt' "$d.out" ||
			{ cat "$d.out"; fail "bytes flipped at $off: refused without saying why"; }
		no_outputs "$d" "bytes flipped at $off"
		note "bytes flipped at $off: refused"
		;;
	0)
		for f in summary.json states.csv clusters.csv rules.csv; do
			cmp -s "$run/analysis/$f" "$d/analysis/$f" ||
				fail "bytes flipped at $off: analysed without a word, and $f differs from the undamaged trace's"
		done
		note "bytes flipped at $off: unused by the reader, figures unchanged"
		;;
	*) cat "$d.out"; fail "bytes flipped at $off: exit $rc" ;;
	esac
done

# A trace of something else entirely: no power:cpu_idle.  Recorded on the
# guest, which make check does not build.
if [ "${IDLESIM_TIER:-}" = check ]; then
	note "a trace without idle events: skipped, it is recorded on the guest (make test runs it)"
	echo ok
	exit 0
fi
cat >"$IDLESIM_SCRATCH/other.sh" <<'EOT'
trace-cmd record -q -e sched:sched_switch -o "$RESULTS/trace.dat" sleep 0.5
EOT
d=$IDLESIM_SCRATCH/other
expect_exit 0 run_guest "$IDLESIM_SCRATCH/other.sh" "$d" --smp 1 --timeout 300
expect_exit 1 "$an" run "$d"
expect_grep 'lacks events' "$out" "trace without idle events"
expect_grep 'power:cpu_idle' "$out" "names the missing event"
expect_grep 'trace-cmd record -e' "$out" "says how to record"
no_outputs "$d" "trace without idle events"
# and in board mode, which needs nothing else
expect_exit 1 "$an" board --soc socs/simsoc.soc --out "$d/analysis" "$d/results/trace.dat"
expect_grep 'lacks events' "$out" "board mode: trace without idle events"
expect_grep 'power:cpu_idle' "$out" "board mode names the missing event"
no_outputs "$d" "board mode: trace without idle events"
echo ok
