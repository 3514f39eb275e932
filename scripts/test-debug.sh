#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Boot a debug kernel (make DEBUG=1: lockdep and the like; DEBUG=kcsan,
# DEBUG=kasan) on what exercises the series and the sim driver, and fail
# on any kernel splat in a console log (scripts/splat-check.sh).  A debug
# kernel reports a bad lock order, a data race or a use-after-free and
# carries on, so the jobs themselves may well pass: the console log is
# what tells.
#
#   test-debug.sh [--quick] OUTDIR
#
# Boots, each into a run directory under OUTDIR:
#   kunit/                  the series' KUnit suites: kunit.filter_glob=cpuidle_*
#   sim-driver/JOB/         the guest jobs of tests/40-sim-driver.sh (governor
#                           switches, control writes, tables torn by writes
#                           racing idle entry, load/unload under load...),
#                           run by that test itself ($SIMSOC_TESTS picks some)
#   scenarios/NAME/GOV/     every standard scenario (not audio-long, the
#                           benchmark's) under each of $IDLESIM_GOVERNORS
# then writes OUTDIR/summary.txt (one line per check), OUTDIR/splats.txt
# (every report, with context) and OUTDIR/known-races.txt (the KCSAN
# reports of upstream code accepted, as kernel-patches/configs/
# kcsan-known-races lists them; each summary line counts its own).
# Exit 0: every boot passed, no splat; 1 otherwise.
#
# --quick, for tests/32 in every make test, keeps it to a couple of
# minutes: the cpuidle_core suite only (registration, defaults,
# ->prepare() on every idle path; the menu and teo suites check the
# selection on millions of tables, arithmetic that lockdep has nothing to
# say about, for minutes), the torn and loadunload jobs with fewer writes
# and cycles, no scenario.
#
# The environment is make's RUN_ENV for the flavour (IDLESIM_KERNEL,
# IDLESIM_INITRD, IDLESIM_ICOUNT, IDLESIM_APPEND...): run it through
# `make test-debug`.  DEBUG_TIMEOUT (default 3600) is each boot's
# wall-clock limit: a debug kernel under TCG is several times slower.
set -euo pipefail

quick=0
if [ "${1:-}" = --quick ]; then
	quick=1
	shift
fi
out=${1:?usage: test-debug.sh [--quick] OUTDIR}
src=${IDLESIM_SRC:?IDLESIM_SRC not set (run through make test-debug)}
: "${IDLESIM_KERNEL:?IDLESIM_KERNEL not set (run through make test-debug)}"
timeout=${DEBUG_TIMEOUT:-3600}
splat=$src/scripts/splat-check.sh
known=$src/kernel-patches/configs/kcsan-known-races
"$splat" -k "$known" /dev/null || exit 2	# a bad list fails before any boot

if [ $quick = 1 ]; then
	glob=cpuidle_core
	# the guest jobs read their counts from the environment, which the
	# kernel fills from command line words it does not know (NAME=value)
	jobs="torn loadunload domains"
	job_env="TORN_WRITES=600 LOADS=10"
else
	glob='cpuidle_*'
	jobs=
	job_env=
fi

rm -rf "$out"
mkdir -p "$out"
out=$(realpath "$out")
summary=$out/summary.txt
splats=$out/splats.txt
: >"$summary"
: >"$splats"
: >"$out/known-races.txt"
failed=0

# result NAME STATUS SECONDS: one summary line, shown as it comes
result() {
	printf '  %-7s %-36s %s (%ss)\n' '[debug]' "$1" "$2" "$3" | tee -a "$summary"
	case $2 in ok*) ;; *) failed=1 ;; esac
}

# check NAME RUNDIR RC SECONDS [WHY]: the boot's outcome and its splats
check() {
	local name=$1 dir=$2 rc=$3 secs=$4 why=${5:-} st=ok
	if [ ! -f "$dir/console.log" ]; then
		st="FAIL: no console log${why:+; $why}"
	elif ! "$splat" -k "$known" "$dir/console.log" >"$dir/splats.txt" \
		2>"$dir/known-races.txt"; then
		st="FAIL: splat: $(sed -n '2s/^ *[^ ]*: *\(\[[ 0-9.]*\] \)\{0,1\}//p' "$dir/splats.txt" | cut -c1-80)"
		cat "$dir/splats.txt" >>"$splats"
	elif [ "$rc" -ne 0 ]; then
		st="FAIL: exit $rc${why:+: $why}"
	else
		rm -f "$dir/splats.txt"
	fi
	# upstream races accepted (kcsan-known-races): counted, never hidden
	if [ -s "$dir/known-races.txt" ]; then
		st="$st (known upstream races: $(sed -n 's/.*: \([0-9]*\) known KCSAN reports\{0,1\} accepted.*/\1/p' "$dir/known-races.txt"))"
		cat "$dir/known-races.txt" >>"$out/known-races.txt"
	else
		rm -f "$dir/known-races.txt"
	fi
	result "$name" "$st" "$secs"
}

# 1. KUnit
printf 'true\n' >"$out/nothing.sh"
start=$SECONDS
rc=0
"$src/scripts/run-guest.sh" --job "$out/nothing.sh" --rundir "$out/kunit" --force --smp 2 \
	--timeout "$timeout" --append "kunit.enable=1 kunit.filter_glob=$glob" \
	>"$out/kunit.log" 2>&1 || rc=$?
why=
if [ $rc -eq 0 ] && ! "$src/scripts/ktap.sh" "$out/kunit/results/dmesg.txt" >"$out/kunit/ktap.txt" 2>&1; then
	rc=1
	why="KUnit: $(tail -1 "$out/kunit/ktap.txt")"
fi
[ $rc -eq 0 ] || [ -n "$why" ] || why=$(grep '^run-guest' "$out/kunit.log" | head -1)
check "kunit ($glob)" "$out/kunit" "$rc" $((SECONDS - start)) "$why"

# 2. the sim driver's guest jobs, by tests/40 itself (77 is its "skipped":
#    here the module must be there)
start=$SECONDS
rc=0
mkdir -p "$out/sim-driver"
append=${IDLESIM_APPEND:-}
[ -z "$job_env" ] || append="${append:+$append }$job_env"
(cd "$src" && IDLESIM_SCRATCH=$out/sim-driver SIMSOC_TIMEOUT=$timeout \
	SIMSOC_TESTS=${jobs:-${SIMSOC_TESTS:-}} IDLESIM_APPEND=$append \
	bash tests/40-sim-driver.sh) >"$out/sim-driver.log" 2>&1 || rc=$?
result "sim-driver jobs (tests/40)" "$([ $rc -eq 0 ] && echo ok || echo "FAIL: exit $rc: $(tail -1 "$out/sim-driver.log")")" \
	$((SECONDS - start))
for dir in "$out"/sim-driver/*/; do
	[ -f "$dir/manifest" ] || continue
	j=$(basename "$dir")
	jrc=$(sed -n 's/^status //p' "$dir/manifest")
	check "  sim-driver $j" "${dir%/}" "$([ "$jrc" = ok ] && echo 0 || echo 1)" \
		"$(sed -n 's/^wall_seconds \([0-9]*\).*/\1/p' "$dir/manifest")" "status $jrc"
done

# 3. every standard scenario under each governor
if [ $quick = 0 ]; then
	for f in "$src"/workloads/scenarios/*.ini; do
		name=$(basename "$f" .ini)
		[ "$name" = audio-long ] && continue
		for gov in ${IDLESIM_GOVERNORS:-menu_deepest menu}; do
			dir=$out/scenarios/$name/$gov
			mkdir -p "$(dirname "$dir")"
			start=$SECONDS
			rc=0
			"$src/scripts/run-scenario.sh" "$name" "$gov" "$dir" --timeout "$timeout" \
				>"$dir.log" 2>&1 || rc=$?
			check "scenario $name/$gov" "$dir" "$rc" $((SECONDS - start)) \
				"$(grep -E '^(run-guest|run-scenario)|FAILED' "$dir.log" | head -1)"
		done
	done
fi

n=$(wc -l <"$summary")
bad=$(grep -c 'FAIL' "$summary" || true)
kernel=$(basename "${IDLESIM_KOBJ:-kernel}")
if [ "$failed" -ne 0 ]; then
	echo "test-debug: $kernel: $bad of $n checks failed; $out/summary.txt, splats with context in $splats" >&2
	exit 1
fi
echo "test-debug: $kernel: $n checks passed, no splat"
