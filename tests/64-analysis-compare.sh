#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# tier: check (no guest: make check runs it)
# idlesim-analyze compare on the host, driven by the committed fixture:
# the fixture's run under its own governor and a copy of it labelled as
# another governor (the same periods under two names) must compare as
# equal, energy ratio 1, every replayed rule's energy in rules.csv that of
# the fixture's own analysis in both columns; runs of different scenario
# files, a single governor and a governor with other seeds are refused
# with a message and leave no output behind.  Runs without genpd's
# domains have no domains.csv.
. tests/lib/common.sh
fx=tests/fixtures/menu_deepest-1s
an=$IDLESIM_O/analysis/san/idlesim-analyze
s=$IDLESIM_SCRATCH
fixture_analysis "$an"
for f in comparison.csv residency.csv rules.csv decomposition.csv phases.csv summary.txt; do
	[ -s "$s/cmp/$f" ] || fail "compare wrote no $f"
done
# the fixture ran without genpd's domains: nothing said of them
[ ! -e "$s/cmp/domains.csv" ] || fail "a comparison without domain stays wrote domains.csv"
! grep -q '^domains' "$s/cmp/summary.txt" || fail "summary.txt speaks of domains the runs did not have"

# comparison.csv, by header name: the two rows alike, ratio 1
col() {	# FILE ROW NAME
	awk -F, -v row="$2" -v name="$3" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		NR == row + 1 { print $c[name] }' "$1"
}
for k in energy_nj idle_nj active_nj oracle_nj periods demotions; do
	a=$(col "$s/cmp/comparison.csv" 1 $k) b=$(col "$s/cmp/comparison.csv" 2 $k)
	[ -n "$a" ] && [ "$a" = "$b" ] || fail "comparison.csv: $k: baseline '$a', the same periods relabelled '$b'"
done
[ "$(col "$s/cmp/comparison.csv" 2 ratio_to_baseline)" = 1.0000 ] || fail "the same run is not at ratio 1"
[ "$(col "$s/cmp/comparison.csv" 1 governor)" = menu_deepest ] || fail "the baseline is not the first row"
[ "$(col "$s/cmp/comparison.csv" 1 energy_nj)" = "$(sed -n 's/.*"total": \([0-9]*\).*/\1/p' "$s/run/summary.json" | head -1)" ] ||
	fail "the baseline's energy is not the run's own analysis's"

# rules.csv: each rule's energy in both columns, as the run's rules.csv has it
[ "$(head -1 "$s/cmp/rules.csv")" = "rule,menu_deepest,other" ] || fail "rules.csv header: $(head -1 "$s/cmp/rules.csv")"
want=$(awk -F, 'NR > 1 { print $1 "," $3 "," $3 }' "$s/run/rules.csv")
got=$(tail -n +2 "$s/cmp/rules.csv")
[ "$want" = "$got" ] || { diff <(echo "$want") <(echo "$got"); fail "rules.csv differs from the run's replay (< run, > compare)"; }
[ "$(grep -c . <<<"$got")" -ge 5 ] || fail "rules.csv: fewer than 3 rules, the oracle and what ran"

# decomposition.csv: the parts add up to the difference, to the nJ; with
# the copy labelled menu, whose rule (lowest power) the replay knows, the
# periods, busy time and transitions are the same, so all of the rule's
# part comes back, negated, as the periods' part
cp -a "$fx" "$s/menu"
sed -i 's/^governor .*/governor menu/' "$s/menu/manifest"
expect_exit 0 "$an" compare --out "$s/cmpm" "$s/base" "$s/menu"
sums() {	# DECOMPOSITION.CSV: "governor diff rule periods active transitions" per row
	awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		{ print $c["governor"], $c["diff_nj"], $c["part_rule_nj"], $c["part_periods_nj"],
			$c["part_active_nj"], $c["part_transition_nj"] }' "$1"
}
while read -r g d a b c t; do
	[ "$((${a:-0} + b + c + t))" -eq "$d" ] || fail "$g: the parts $a + $b + $c + $t do not add up to $d nJ"
done < <(sums "$s/cmpm/decomposition.csv")
read -r g d a b c t < <(sums "$s/cmpm/decomposition.csv" | tail -1)
[ "$g $d $c $t" = "menu 0 0 0" ] && [ "$b" -eq $((-a)) ] ||
	fail "the same periods relabelled menu: diff $d, rule $a, periods $b, active $c, transitions $t"
# the rule's part from the fixture's own replay: lowest power's residency
# energy (energy less transitions) less what was entered, to rounding
w=$(awk -F, '$1 == "lowest_power" { lp = $3 - $6 } $1 == "actual" { ac = $3 - $6 } END { printf "%.0f", lp - ac }' "$s/run/rules.csv")
[ $((a - w)) -le 2 ] && [ $((w - a)) -le 2 ] || fail "the rule's part $a nJ; the run's replay says $w nJ"
note "on the fixture's periods lowest power's rule costs $a nJ of residency energy against what deepest entered"
grep -q "the parts add up to the difference" "$s/cmpm/summary.txt" || fail "summary.txt does not take the difference apart"
# every CSV of the comparison: as many fields in each row as in its header
csv_shape "$s"/cmpm/*.csv
[ "$(grep -c '^mixer,play,0,' "$s/cmpm/phases.csv")" -eq 2 ] || fail "phases.csv: the fixture's phase under both governors: $(cat "$s/cmpm/phases.csv")"

# refused: a different scenario file, one governor, other seeds
cp -a "$fx" "$s/edited"
sed -i -e 's/^governor .*/governor other/' -e 's/^scenario_sha256 .*/scenario_sha256 0000000000000000/' "$s/edited/manifest"
expect_exit 1 "$an" compare --out "$s/bad1" "$s/base" "$s/edited"
expect_grep "the runs must be of the same scenario file" "$out" "another scenario file"
expect_exit 1 "$an" compare --out "$s/bad2" "$s/base" "$fx"
expect_grep "are of governor menu_deepest: nothing to compare" "$out" "one governor"
cp -a "$fx" "$s/seed"
sed -i -e 's/^governor .*/governor other/' -e 's/^seed .*/seed 12/' "$s/seed/manifest"
expect_exit 1 "$an" compare --out "$s/bad3" "$s/base" "$s/seed"
expect_grep "did not run the same seeds" "$out" "other seeds"
for d in bad1 bad2 bad3; do
	[ ! -e "$s/$d/comparison.csv" ] || fail "a refused comparison wrote $d/comparison.csv"
done
echo ok
