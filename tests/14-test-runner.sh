#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# tier: check (no guest: make check runs it)
# The test runner (scripts/run-tests.sh) on a suite of its own: tests run
# two at a time, a "# runs: alone" test first and with no other, a
# "# runs: early" test before the rest, results in the tests' order
# whatever order they start and end in, a failure's log shown, a skip's
# reason, the counts and the exit status.
. tests/lib/common.sh

suite=$IDLESIM_SCRATCH/suite
events=$IDLESIM_SCRATCH/events
mkdir -p "$suite"
: >"$events"
export RUNNER_EVENTS=$events
# mk NAME SECONDS [HEADER [LAST]]: a test that logs its start and end
mk() {
	{
		echo '#!/bin/bash'
		[ -z "${3:-}" ] || echo "$3"
		echo "echo start $1 >>\"\$RUNNER_EVENTS\"; sleep $2; echo end $1 >>\"\$RUNNER_EVENTS\""
		echo "${4:-exit 0}"
	} >"$suite/$1.sh"
}
mk 01-slow 1.5
mk 02-quick 0.2
mk 03-alone 0.3 '# runs: alone'
mk 04-skipped 0.1 '' 'echo "no such tool"; exit 77'
mk 05-failing 0.1 '' 'echo "the failure said this"; exit 3'
mk 06-early 0.1 '# runs: early'

expect_exit 1 env -u IDLESIM_TIER IDLESIM_TEST_JOBS=2 scripts/run-tests.sh "$suite" "$IDLESIM_SCRATCH/out"
got=$(grep -oE '(PASS|SKIP|FAIL) +[0-9]+-[a-z]+' <<<"$out" | awk '{ print $2 }' | tr '\n' ' ')
[ "$got" = "01-slow 02-quick 03-alone 04-skipped 05-failing 06-early " ] ||
	{ echo "$out"; fail "results not in the tests' order: $got"; }
expect_grep "^  SKIP   04-skipped: no such tool$" "$out" "a skip's reason"
expect_grep "^  FAIL   05-failing \(exit 3, [0-9]+s\); last lines of .*/05-failing.log:$" "$out" "a failure's line"
expect_grep "^      the failure said this$" "$out" "a failure's log"
expect_grep "^4 passed, 1 failed, 1 skipped$" "$out" "the counts"

# line numbers of the events
at() { grep -nx "$1" "$events" | cut -d: -f1; }
[ "$(at 'start 02-quick')" -lt "$(at 'end 01-slow')" ] ||
	{ cat "$events"; fail "02-quick did not start while 01-slow ran (two at a time)"; }
[ "$(at 'start 03-alone')" -eq 1 ] && [ "$(at 'end 03-alone')" -eq 2 ] ||
	{ cat "$events"; fail "03-alone did not run first, with no other test"; }
[ "$(at 'start 06-early')" -lt "$(at 'start 02-quick')" ] ||
	{ cat "$events"; fail "06-early did not start before the tests without a mark"; }

# one at a time when asked
: >"$events"
expect_exit 1 env -u IDLESIM_TIER IDLESIM_TEST_JOBS=1 scripts/run-tests.sh "$suite" "$IDLESIM_SCRATCH/out1"
[ "$(at 'start 02-quick')" -gt "$(at 'end 01-slow')" ] ||
	{ cat "$events"; fail "IDLESIM_TEST_JOBS=1 ran two tests at once"; }

expect_exit 2 env -u IDLESIM_TIER IDLESIM_TEST_JOBS=0 scripts/run-tests.sh "$suite" "$IDLESIM_SCRATCH/out0"
expect_grep "IDLESIM_TEST_JOBS=0: expected a number of tests at once, 1 or more" "$out" "a bad job count"
# a mark the runner does not know is refused before any test runs
mk 07-typo 0.1 '# runs: alon'
: >"$events"
expect_exit 2 env -u IDLESIM_TIER scripts/run-tests.sh "$suite" "$IDLESIM_SCRATCH/out-typo"
expect_grep "07-typo.sh: '# runs: alon': expected alone or early" "$out" "an unknown mark"
[ ! -s "$events" ] || { cat "$events"; fail "a suite with an unknown mark ran tests"; }
echo ok
