#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# teo replayed on a teo run: thermal-opp (the hot phases make the figures
# unordered) under the series' power-aware teo, whose cpuidle_select events
# carry the idle duration its metrics took in.  The analysis's port of it
# (analysis/teo.c, rule teo_lowest_power), fed those durations, must choose
# what the kernel chose in at least 99.9 % of the periods after its
# warm-up; fed instead what the trace alone shows of each period, it does
# no better (the trace's overhead can move periods across bins, and the
# safety nets do not show: on the series up to 0033, 0.9678 against
# 1.0000; with the cheaper selection of 0034-0036 the overhead moves none
# on this run, and both agree fully).  teo's
# index walk (teo_deepest) is replayed on the same periods beside it, and
# on these unordered figures it must cost more.
. tests/lib/common.sh
[ -x "${IDLESIM_ANALYZE:-}" ] || skip "the analysis is not built"
d=$IDLESIM_SCRATCH/teo
scripts/run-scenario.sh thermal-opp teo "$d" >"$d.log" 2>&1 || { tail -20 "$d.log"; fail "thermal-opp under teo failed"; }
trace-cmd report -i "$d/results/trace.dat" 2>/dev/null | grep -m1 -q 'cpuidle_select:.* governor=teo .* measured_ns=' ||
	fail "the teo run's cpuidle_select events carry no measured_ns"
rule() {	# RULES.CSV RULE FIELD(3 energy, 5 agreement)
	awk -F, -v r="$2" -v f="$3" '$1 == r { print $f }' "$1"
}
rules=$d/analysis/rules.csv
agree=$(rule "$rules" teo_lowest_power 5)
awk -v a="$agree" 'BEGIN { exit !(a >= 0.999) }' || fail "teo replayed on its own run agrees on $agree of the periods, below 0.999"
awk -v w="$(rule "$rules" teo_deepest 3)" -v p="$(rule "$rules" teo_lowest_power 3)" 'BEGIN { exit !(p < w) }' ||
	fail "on thermal-opp's unordered figures, the power-aware teo does not cost less than the index walk"
compared=$(sed -n "s/.*teo's agreement over the \([0-9]*\) periods.*/\1/p" "$d/analysis/summary.txt")
[ "${compared:-0}" -ge 1000 ] || fail "teo's agreement is over ${compared:-no} periods"
note "teo replay agrees on $agree of $compared periods; energy: power-aware (ran) $(rule "$rules" teo_lowest_power 3) nJ, index walk $(rule "$rules" teo_deepest 3) nJ, oracle $(rule "$rules" oracle 3) nJ"
# the same run as if teo's durations had not been traced (a governor
# label the replay does not trust for them): the trace alone
cp -a "$d" "$d-untraced"
rm -rf "$d-untraced/analysis"
sed -i 's/^governor .*/governor teo-untraced/' "$d-untraced/manifest"
expect_exit 0 "$IDLESIM_ANALYZE" run "$d-untraced"
u=$(rule "$d-untraced/analysis/rules.csv" teo_lowest_power 5)
note "from the trace alone: $u"
awk -v u="$u" -v a="$agree" 'BEGIN { exit !(u <= a) }' || fail "teo replayed from the trace alone agrees better ($u) than with the traced durations ($agree)"
echo ok
