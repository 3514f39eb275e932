#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# tier: check (no guest: make check runs it)
# A short libFuzzer run of the trace reader (analysis/fuzz-trace.c) on a
# real trace.dat, the committed fixture's.  A crash or leak in our code
# fails, symbolised or not, and so does one that cannot be attributed; one inside
# libtracecmd 1.3.1 itself (it trusts some sizes in the file, and leaks on
# some of its error paths) is counted and reported:
# idlesim-analyze runs the reader in a child process, so there it becomes
# a clear error (tests/60-analysis-errors.sh).
. tests/lib/common.sh
fz=$IDLESIM_O/analysis/fuzz/fuzz-trace
[ -x "$fz" ] || fail "$fz not built"
# A damaged size field makes libtracecmd ask for gigabytes: refuse such an
# allocation (malloc returns NULL, which its error paths must survive)
# rather than let libFuzzer's out-of-memory report run, which has been
# seen to deadlock in LeakSanitizer's stop-the-world and hang the test.
# A -fork=1 session exits with the status of its last worker, and a worker
# that ASan stops (a SEGV inside libtracecmd) exits with ASan's exitcode,
# not libFuzzer's -error_exitcode: make them the same, so that 1 still
# means the fuzzer itself failed.
export ASAN_OPTIONS=allocator_may_return_null=1:max_allocation_size_mb=1024:exitcode=77
# the seed: the committed fixture's trace, recorded on the guest
seed=tests/fixtures/menu_deepest-1s/results/trace.dat
mkdir -p "$IDLESIM_SCRATCH/corpus" "$IDLESIM_SCRATCH/crashes"
cp "$seed" "$IDLESIM_SCRATCH/corpus/"
# and should the fuzzer hang all the same, it is stopped: what it found is
# kept.  Its own session, so that its -fork workers go with it.
setsid timeout -k 10 $((${FUZZ_TIME:-20} + 90)) \
	"$fz" -max_total_time="${FUZZ_TIME:-20}" -max_len=$(($(stat -c %s "$seed") + 4096)) -rss_limit_mb=4096 -fork=1 \
	-ignore_crashes=1 -ignore_ooms=1 -ignore_timeouts=1 -timeout=10 -error_exitcode=77 \
	-artifact_prefix="$IDLESIM_SCRATCH/crashes/" "$IDLESIM_SCRATCH/corpus" \
	>"$IDLESIM_SCRATCH/fuzz.log" 2>&1 &
sid=$!
wait $sid
rc=$?
kill -9 -- -$sid 2>/dev/null
# 0: it ran its time and nothing crashed; 77 (-error_exitcode): it ran
# its time and kept crashing inputs, judged below; 124 or 137: timeout
# stopped a hung fuzzer
case $rc in
0 | 77) ;;
124 | 137) note "the fuzzer hung and was stopped (exit $rc); what it found is judged" ;;
*) tail "$IDLESIM_SCRATCH/fuzz.log"; fail "the fuzzer exited $rc" ;;
esac
grep -q 'INITED\|: cov: \|Done\|INFO: fuzzed for' "$IDLESIM_SCRATCH/fuzz.log" || { tail "$IDLESIM_SCRATCH/fuzz.log"; fail "the fuzzer did not run"; }

# Whose bug an artifact is: the innermost frame of its report that is in
# the trace libraries (theirs), in a source file of ours, or an address in
# the fuzz binary with no name at all (ours, unsymbolised).  Frames of the
# sanitizers' interceptors and of libFuzzer carry a name but no source
# line, those of libc are in libc: skipped.  A crash with no frame left
# cannot be attributed, so it fails too; an input that no longer crashes
# is counted.
owner() {	# the report on stdin -> lib, ours or none, and the frame
	awk '/^ +#[0-9]+ 0x/ {
		if ($0 ~ /libtrace(cmd|event|fs)\.so/) { print "lib " $0; exit }
		if ($0 ~ /\/analysis\/[A-Za-z_-]+\.c:[0-9]/) { print "ours " $0; exit }
		if ($0 !~ / in / && $0 ~ /fuzz-trace\+0x/) { print "ours " $0; exit }
	}
	END { if (NR == 0) print "none" }' | head -1
}
# the attribution itself, on reports of each kind
i='    #0 0x55f3 in malloc (/b/analysis/fuzz/fuzz-trace+0x102cee) (BuildId: 25f3)'
l='    #1 0x7fa8 in tracecmd_load_chunks_info (/lib/x86_64-linux-gnu/libtracecmd.so.1+0x22af7)'
o='    #1 0x55f3 in on_event /work/main/analysis/periods.c:185:9'
u='    #1 0x55f3 (/b/analysis/fuzz/fuzz-trace+0x1234)'
for t in "lib:$i|$l|$o" "ours:$i|$o|$l" "ours:$i|$u|$l" ":$i"; do
	want=${t%%:*} lines=${t#*:}
	got=$(tr '|' '\n' <<<"$lines" | owner | cut -d' ' -f1)
	[ "$got" = "$want" ] || fail "owner() says '$got' for a report whose frames are: $lines; expected '$want'"
done

lib=0 ours=0 gone=0
for c in "$IDLESIM_SCRATCH"/crashes/*; do
	[ -f "$c" ] || continue
	# a hang is replayed with libFuzzer's own timeout, well inside the
	# outer one, so that it prints the stack that says whose loop it is
	report=$(timeout -k 5 60 "$fz" -timeout=30 "$c" 2>&1)
	crc=$?
	read -r who frame < <(owner <<<"$report")
	if [ $crc -eq 0 ]; then
		gone=$((gone + 1))
	elif [ "$who" = lib ]; then
		lib=$((lib + 1))
	else
		ours=$((ours + 1))
		echo "crash in our code: ${frame:-no frame to attribute it to (exit $crc): $(grep -m1 'SUMMARY' <<<"$report")} ($c)"
	fi
done
note "$(grep -c . "$IDLESIM_SCRATCH/fuzz.log") lines of fuzzer log; $lib inputs crash or leak inside libtracecmd/libtraceevent, $gone no longer crash"
[ $ours -eq 0 ] || fail "$ours fuzz inputs crash idlesim's own trace reader"
echo ok
