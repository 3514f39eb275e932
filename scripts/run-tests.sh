#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Run the test suite: every TESTDIR/NN-*.sh, each in its own scratch
# directory under OUTDIR.  A test exits 0 (pass), 77 (skipped, with the
# reason on its last line) or anything else (fail).  Its output goes to
# OUTDIR/NAME.log and is shown when it fails.  With IDLESIM_TIER=check,
# only the tests that say "# tier: check" near their top (they boot no
# guest): make check.
#
# Up to IDLESIM_TEST_JOBS tests run at once (default: one per CPU).  Most
# tests spend their time in one QEMU, which under -icount is one host
# thread: run one after another, they leave all but one CPU idle.  Side
# by side they boot the same guests to the same results (guest time under
# a fixed -icount does not follow the host's load), each writing only its
# scratch directory.  A test that changes what the others read (it edits
# inputs of the shared build directory and rebuilds from them) says
# "# runs: alone" near its top and runs with no other test, before the
# others.  A test far longer than the rest (a kernel of its own to build)
# says "# runs: early" and starts next, so that the suite does not end
# with it running alone.  The others start in their order.  All are
# reported in their order, each once it and every test before it have
# ended.
#
# usage: run-tests.sh TESTDIR OUTDIR [PATTERN]
set -uo pipefail

testdir=${1:?usage: run-tests.sh TESTDIR OUTDIR [PATTERN]}
outdir=${2:?usage: run-tests.sh TESTDIR OUTDIR [PATTERN]}
pattern=${3:-}
export IDLESIM_SRC=${IDLESIM_SRC:-$(cd "$(dirname "$0")/.." && pwd)}
. "$IDLESIM_SRC/scripts/jobs.sh"
slots=${IDLESIM_TEST_JOBS:-$(nproc)}
[[ $slots =~ ^[1-9][0-9]*$ ]] ||
	{ echo "run-tests: IDLESIM_TEST_JOBS=$slots: expected a number of tests at once, 1 or more" >&2; exit 2; }

# the tests run from the source tree
mkdir -p "$outdir"
testdir=$(realpath "$testdir") outdir=$(realpath "$outdir")
cd "$IDLESIM_SRC" || exit 2

header_says() { head -5 "$1" | grep -q "^# $2\b"; }
# a test's "# runs:" mark: alone, early, or nothing
runs_mark() { head -5 "$1" | sed -n 's/^# runs: \([^ ]*\).*/\1/p' | head -1; }

tests=() marks=()
for t in "$testdir"/[0-9][0-9]-*.sh; do
	[ -f "$t" ] || continue
	name=$(basename "$t" .sh)
	if [ -n "$pattern" ] && [[ $name != *$pattern* ]]; then
		continue
	fi
	if [ -n "${IDLESIM_TIER:-}" ] && ! header_says "$t" "tier: $IDLESIM_TIER"; then
		continue
	fi
	mark=$(runs_mark "$t")
	case $mark in
	''|alone|early) ;;
	*) echo "run-tests: $t: '# runs: $mark': expected alone or early" >&2; exit 2 ;;
	esac
	tests+=("$t")
	marks+=("$mark")
done

# the order the tests start in: alone, early, the rest
order=()
for kind in alone early ''; do
	for ((i = 0; i < ${#tests[@]}; i++)); do
		[ "${marks[$i]}" = "$kind" ] && order+=("$i")
	done
done

pass=0 fail=0 skip=0 failed=()
# report_one I RC SECS: print the ended test's line (and its log's tail
# on failure)
report_one() {
	local name log rc=$2 secs=$3
	name=$(basename "${tests[$1]}" .sh)
	log=$outdir/$name.log
	case $rc in
	0)
		pass=$((pass + 1))
		printf '  %-6s %s (%ds)\n' PASS "$name" "$secs"
		;;
	77)
		skip=$((skip + 1))
		printf '  %-6s %s: %s\n' SKIP "$name" "$(tail -1 "$log")"
		;;
	*)
		fail=$((fail + 1))
		failed+=("$name")
		printf '  %-6s %s (exit %d, %ds); last lines of %s:\n' FAIL "$name" "$rc" "$secs" "$log"
		tail -n 30 "$log" | sed 's/^/      /'
		;;
	esac
}

# an interrupted suite stops its tests and their QEMUs
declare -A start_of=() rc_of=() secs_of=()
trap 'jobs_stop; exit 130' INT TERM

# start_one I: test I in the background
start_one() {
	local t=${tests[$1]} name scratch
	name=$(basename "$t" .sh)
	scratch=$outdir/$name
	rm -rf "$scratch"
	mkdir -p "$scratch"
	IDLESIM_SCRATCH=$scratch job_start "$1" bash "$t" >"$outdir/$name.log" 2>&1 </dev/null
	start_of[$1]=$(date +%s)
}

next=0 reported=0 alone=0
while [ "$reported" -lt ${#tests[@]} ]; do
	# start what may: a free slot, no test running alone, and a test that
	# runs alone only once nothing else runs
	while [ "$next" -lt ${#order[@]} ] && [ "$(jobs_running)" -lt "$slots" ] && [ "$alone" -eq 0 ]; do
		if [ "${marks[${order[$next]}]}" = alone ]; then
			[ "$(jobs_running)" -eq 0 ] || break
			alone=1
		fi
		start_one "${order[$next]}"
		next=$((next + 1))
	done
	job_wait
	rc_of[$job_id]=$job_rc
	secs_of[$job_id]=$(($(date +%s) - ${start_of[$job_id]}))
	[ "$(jobs_running)" -gt 0 ] || alone=0
	while [ "$reported" -lt ${#tests[@]} ] && [ -n "${rc_of[$reported]:-}" ]; do
		report_one "$reported" "${rc_of[$reported]}" "${secs_of[$reported]}"
		reported=$((reported + 1))
	done
done
echo
[ ${#failed[@]} -eq 0 ] || echo "failed: ${failed[*]}"
echo "$pass passed, $fail failed, $skip skipped"
[ $fail -eq 0 ]
