#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Summarise KTAP (KUnit's output) found in a kernel log: one line per
# suite, every failed case named, totals at the end.
#
# usage: ktap.sh LOG [SUITE...]
# exit: 0 all passed, 1 a case failed or a named suite did not run,
#       2 no KTAP in the log
set -uo pipefail
log=${1:?usage: ktap.sh LOG [SUITE...]}
shift
[ -r "$log" ] || { echo "ktap: $log: cannot read" >&2; exit 2; }

# dmesg may prefix "[    1.234567] "; KTAP nests by 4 spaces per level.
sed -e 's/\r$//' -e 's/^\[ *[0-9.]*\] //' "$log" | awk -v want="$*" '
function indent(s) { match(s, /^ */); return RLENGTH / 4 }
/^ *KTAP version/ { seen = 1; next }
/^ *# Subtest: / { d = indent($0); sub(/^ *# Subtest: /, ""); subtest[d] = $0; next }
/^ *(not )?ok [0-9]+ / {
	seen = 1
	d = indent($0)
	line = $0
	sub(/^ */, "", line)
	failed = (line ~ /^not ok/)
	skipped = (line ~ /# SKIP/)
	name = line
	sub(/^(not )?ok [0-9]+ /, "", name)
	sub(/ # .*/, "", name)
	if (d == 0) {
		# a suite result
		suites++
		ran[name] = 1
		st = skipped ? "SKIP" : failed ? "FAIL" : "ok"
		printf "  %-4s %s: %d cases passed, %d failed, %d skipped\n", st, name, sp[name], sf[name], ss[name]
		if (failed && !skipped) bad = 1
		next
	}
	# a case of the suite opened at depth 1; deeper lines are the
	# parameters of a case, named when they fail but counted through it
	suite = (1 in subtest) ? subtest[1] : "?"
	if (d >= 2) {
		if (failed && !skipped) fails = fails "    not ok: " suite "." subtest[d] ": " name "\n"
		next
	}
	if (skipped) { ss[suite]++; tskip++ }
	else if (failed) { sf[suite]++; tfail++; bad = 1; fails = fails "    not ok: " suite "." name "\n" }
	else { sp[suite]++; tpass++ }
	next
}
END {
	if (!seen) { print "ktap: no KTAP output in the log" > "/dev/stderr"; exit 2 }
	n = split(want, w, " ")
	for (i = 1; i <= n; i++)
		if (!(w[i] in ran)) { printf "  MISSING %s: the suite did not run\n", w[i]; bad = 1 }
	printf "%s", fails
	printf "kunit: %d suites, %d cases passed, %d failed, %d skipped\n", suites, tpass, tfail, tskip
	exit bad
}'
