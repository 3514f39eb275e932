#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# A short libFuzzer run of the trace reader (analysis/fuzz-trace.c) on a
# real trace.dat.  A crash or leak in our code fails; one inside
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
export ASAN_OPTIONS=allocator_may_return_null=1:max_allocation_size_mb=1024
run=$IDLESIM_SCRATCH/run
expect_exit 0 run_guest tests/guest/trace-idle.sh "$run" --smp 2 --timeout 300
mkdir -p "$IDLESIM_SCRATCH/corpus" "$IDLESIM_SCRATCH/crashes"
cp "$run/results/trace.dat" "$IDLESIM_SCRATCH/corpus/"
# and should the fuzzer hang all the same, it is stopped: what it found is kept
timeout -k 10 $((${FUZZ_TIME:-20} + 90)) \
	"$fz" -max_total_time="${FUZZ_TIME:-20}" -max_len=300000 -rss_limit_mb=4096 -fork=1 \
	-ignore_crashes=1 -ignore_ooms=1 -ignore_timeouts=1 -timeout=10 \
	-artifact_prefix="$IDLESIM_SCRATCH/crashes/" "$IDLESIM_SCRATCH/corpus" \
	>"$IDLESIM_SCRATCH/fuzz.log" 2>&1 || true
pkill -9 -f -- "-artifact_prefix=$IDLESIM_SCRATCH/crashes/" 2>/dev/null
grep -q 'INITED\|: cov: \|Done\|INFO: fuzzed for' "$IDLESIM_SCRATCH/fuzz.log" || { tail "$IDLESIM_SCRATCH/fuzz.log"; fail "the fuzzer did not run"; }
lib=0 ours=0 other=0
for c in "$IDLESIM_SCRATCH"/crashes/*; do
	[ -f "$c" ] || continue
	# whose bug it is: the innermost frame that is in the trace libraries
	# or in a source file of ours (sanitizer interceptors such as strcmp
	# show as frames of the fuzz binary without a source line: skipped)
	frame=$(timeout -k 5 60 "$fz" "$c" 2>&1 | grep -E '^ +#[0-9]+ 0x' |
		grep -E 'libtrace(cmd|event|fs)\.so|/analysis/[a-z_-]+\.c:[0-9]' | head -1)
	if grep -qE 'libtrace(cmd|event|fs)\.so' <<<"$frame"; then
		lib=$((lib + 1))
	elif [ -n "$frame" ]; then
		ours=$((ours + 1))
		echo "crash in our code: $frame ($c)"
	else
		other=$((other + 1))
	fi
done
note "$(grep -c . "$IDLESIM_SCRATCH/fuzz.log") lines of fuzzer log; $lib inputs crash or leak inside libtracecmd/libtraceevent, $other did not reproduce with a stack"
[ $ours -eq 0 ] || fail "$ours fuzz inputs crash idlesim's own trace reader"
echo ok
