#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Run the test suite: every TESTDIR/NN-*.sh in order, each in its own
# scratch directory under OUTDIR.  A test exits 0 (pass), 77 (skipped, with
# the reason on its last line) or anything else (fail).  Its output goes to
# OUTDIR/NAME.log and is shown when it fails.  With IDLESIM_TIER=check,
# only the tests that say "# tier: check" near their top (they boot no
# guest): make check.
#
# usage: run-tests.sh TESTDIR OUTDIR [PATTERN]
set -uo pipefail

testdir=${1:?usage: run-tests.sh TESTDIR OUTDIR [PATTERN]}
outdir=${2:?usage: run-tests.sh TESTDIR OUTDIR [PATTERN]}
pattern=${3:-}
export IDLESIM_SRC=${IDLESIM_SRC:-$(cd "$(dirname "$0")/.." && pwd)}

mkdir -p "$outdir"
pass=0 fail=0 skip=0 failed=()
for t in "$testdir"/[0-9][0-9]-*.sh; do
	[ -f "$t" ] || continue
	name=$(basename "$t" .sh)
	if [ -n "$pattern" ] && [[ $name != *$pattern* ]]; then
		continue
	fi
	if [ -n "${IDLESIM_TIER:-}" ] && ! head -5 "$t" | grep -q "^# tier: $IDLESIM_TIER\b"; then
		continue
	fi
	scratch=$outdir/$name
	rm -rf "$scratch"
	mkdir -p "$scratch"
	log=$outdir/$name.log
	start=$(date +%s)
	(cd "$IDLESIM_SRC" && IDLESIM_SCRATCH=$scratch bash "$t") >"$log" 2>&1 </dev/null
	rc=$?
	secs=$(( $(date +%s) - start ))
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
done
echo
[ ${#failed[@]} -eq 0 ] || echo "failed: ${failed[*]}"
echo "$pass passed, $fail failed, $skip skipped"
[ $fail -eq 0 ]
