#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# make report (scripts/report.sh) on two scenarios: one page with the
# overview and each scenario's plots, every image it names present, the
# overview's ratios those of the comparisons; a second report reuses the
# comparisons that are current and redoes one whose scenario changed;
# compare refuses more repeats or governors than the analysis takes before
# anything boots; and the page loads in a real browser with every image,
# link and table, and fails, naming it, when one is broken.
. tests/lib/common.sh
export IDLESIM_RUNS=$IDLESIM_SCRATCH/runs
rep=$IDLESIM_SCRATCH/report
expect_exit 0 scripts/report.sh "$rep" audio cyclictest-stress
expect_grep "audio: compared" "$out" "first report"
# one progress line per run, counted over the whole report (a
# scenario's runs go side by side and end in either order)
expect_grep "^  \[1/4\] audio under (menu_deepest|menu), seed 1002: 11\.0 of [0-9.]+ guest s done in [0-9]+ s, about [0-9]+ s left$" "$out" "the report's first run"
expect_grep "^  \[4/4\] cyclictest-stress under (menu_deepest|menu), seed [0-9]+: ([0-9.]+) of \2 guest s done in [0-9]+ s$" "$out" "the report's last run"
for run in "audio under menu_deepest" "audio under menu," "cyclictest-stress under menu_deepest" "cyclictest-stress under menu,"; do
	[ "$(grep -c "^  \[[1-4]/4\] $run" <<<"$out")" -eq 1 ] || fail "not one progress line for $run"
done
html=$rep/index.html
[ -s "$html" ] || fail "no index.html"
for img in $(sed -n 's/.*<img src="\([^"]*\)".*/\1/p' "$html"); do
	[ -s "$rep/$img" ] || fail "index.html shows $img, which is not in $rep"
done
[ "$(grep -c '<img src=' "$html")" -ge 9 ] || fail "index.html: expected the overview and 4 plots per scenario"
# the SoC's states and where each pays off, as idlesim-soc says of it
cmp -s "$rep/breakeven.txt" <("${IDLESIM_SOC_TOOL:?}" breakeven socs/simsoc.soc) ||
	fail "breakeven.txt is not idlesim-soc breakeven of the SoC played"
grep -Eq '^a53 +850 +121\.500 +core-ret .* 1685 +0\.30 +WFI$' "$html" || fail "the page does not show core-ret's break-even"
# a fresh comparison's difference taken apart: the parts add up to it,
# and the rule's part is menu's rule replayed on the baseline's periods
# against what the baseline entered (residency energy: less transitions)
for s in audio cyclictest-stress; do
	c=$IDLESIM_RUNS/$s/compare/decomposition.csv
	read -r d a b e t < <(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		$c["governor"] == "menu" { print $c["diff_nj"], $c["part_rule_nj"], $c["part_periods_nj"],
			$c["part_active_nj"], $c["part_transition_nj"] }' "$c")
	[ -n "$t" ] && [ $((a + b + e + t)) -eq "$d" ] || fail "$s: the parts $a + $b + $e + $t do not add up to $d nJ"
	w=$(awk -F, '$1 == "lowest_power" { lp = $3 - $6 } $1 == "actual" { ac = $3 - $6 } END { printf "%.0f", lp - ac }' \
		"$IDLESIM_RUNS/$s/menu_deepest/analysis/rules.csv")
	[ $((a - w)) -le 2 ] && [ $((w - a)) -le 2 ] || fail "$s: the rule's part $a nJ; the baseline's replay says $w nJ"
	note "$s: menu - menu_deepest = $d nJ: rule $a, periods $b, active $e, transitions $t"
	grep -q "the largest part is" "$IDLESIM_RUNS/$s/compare/summary.txt" || fail "$s: summary.txt names no largest part"
	# the plots' data name the states, and the timelines are of the workload
	[ "$(head -1 "$IDLESIM_RUNS/$s/compare/residency.csv")" = "governor,WFI,core-ret,core-off,cluster-off,soc-sleep" ] ||
		fail "$s: residency.csv does not name the states: $(head -1 "$IDLESIM_RUNS/$s/compare/residency.csv")"
	tl=$IDLESIM_RUNS/$s/menu/analysis/timeline.csv
	awk -F, 'NR > 1 { n++; if ($2 < 0 || $3 > 200 || $5 !~ /^(WFI|core-ret|core-off|cluster-off|soc-sleep)$/) bad = 1 }
		END { exit !(n > 0 && !bad) }' "$tl" || fail "$s: $tl is not the first 200 ms of the workload, named"
done
for s in audio cyclictest-stress; do
	grep -q "<h2 id=\"$s\">" "$html" || fail "no section for $s"
	want=$(awk -F, 'NR == 2 { b = $3 } NR == 3 { printf "%.4f", $3 / b }' "$IDLESIM_RUNS/$s/compare/comparison.csv")
	got=$(awk -F, -v s=$s '$1 == s && $2 == "menu" { print $3 }' "$rep/overview.csv")
	[ "$want" = "$got" ] || fail "$s: overview ratio $got, the comparison's $want"
	grep -q "<td><a href=\"#$s\">$s</a></td><td>menu</td><td>$got</td>" "$html" || fail "$s: the table does not show $got"
done
# a scenario whose threads have phases: each phase's energy per
# governor, plotted (its four clock phases; the mixer's one is left out)
expect_exit 0 scripts/compare.sh tests/data/opp-steps.ini "$IDLESIM_RUNS/opp-steps" menu_deepest menu
pe=$IDLESIM_RUNS/opp-steps/compare/phases-energy.csv
[ "$(head -1 "$pe")" = "phase,menu_deepest,menu" ] && [ "$(cut -d, -f1 "$pe" | tail -n +2 | paste -sd' ')" = "clock:fast clock:slow clock:middle clock:fast-again" ] ||
	fail "phases-energy.csv: $(cat "$pe")"
awk -F, -v f="$IDLESIM_RUNS/opp-steps/compare/phases.csv" 'NR == FNR { if (FNR > 1) e[$1 ":" $2 "," $6] = $8 / 1e6; next }
	FNR == 1 { for (i = 2; i <= NF; i++) g[i] = $i; next }
	{ for (i = 2; i <= NF; i++) if (sprintf("%.3f", e[$1 "," g[i]]) != $i) { print $1, g[i], $i; bad = 1 } }
	END { exit bad }' "$IDLESIM_RUNS/opp-steps/compare/phases.csv" "$pe" || fail "phases-energy.csv is not phases.csv's energy"
[ -s "$IDLESIM_RUNS/opp-steps/compare/phases.png" ] && [ -s "$IDLESIM_RUNS/opp-steps/compare/phases.svg" ] || fail "no phases plot"
[ ! -e "$IDLESIM_RUNS/audio/compare/phases-energy.csv" ] || fail "audio's threads have one phase each, yet it has a phases plot"

# the second with a board trace beside audio's baseline run (the committed
# fixture's trace stands for one): its own section, images and page
fxt=tests/fixtures/menu_deepest-1s/results/trace.dat
expect_exit 2 env IDLESIM_BOARD="$fxt=video" scripts/report.sh "$rep" audio cyclictest-stress
expect_grep "BOARD: $fxt=video: video is not a scenario of this report" "$out" "a board paired with another scenario"
expect_exit 0 env IDLESIM_BOARD="$fxt=audio" IDLESIM_BOARD_OPTS="--durations wait --window all" \
	scripts/report.sh "$rep" audio cyclictest-stress
expect_grep "audio: the comparison is current, reused" "$out" "second report"
expect_grep "cyclictest-stress: the comparison is current, reused" "$out" "second report"
grep -q '<h2 id="board">Board traces</h2>' "$html" || fail "no board section"
bp=$rep/board-trace-audio
grep -q '<a href="board-trace-audio/index.html">' "$html" && [ -s "$bp/index.html" ] ||
	fail "the board trace's page is not linked or not there"
[ "$(cut -d, -f1 "$bp/energy.csv" | tail -n +2 | paste -sd' ')" = "board simulated" ] ||
	fail "the board trace is not beside audio's baseline run: $(cat "$bp/energy.csv")"
for img in $(sed -n 's/.*<img src="\([^"]*\)".*/\1/p' "$html"); do
	[ -s "$rep/$img" ] || fail "index.html shows $img, which is not in $rep"
done
# a run made from another scenario file is not current
sed -i 's/^scenario_sha256 .*/scenario_sha256 0000000000000000/' "$IDLESIM_RUNS/audio/menu/manifest"
expect_exit 0 scripts/report.sh "$rep" audio cyclictest-stress
expect_grep "audio: compared" "$out" "a stale comparison"
# compare's limits are the analysis's own, checked before any boot
read -r _ maxrep < <("$IDLESIM_ANALYZE" compare --limits | grep '^repeats ')
expect_exit 2 env IDLESIM_REPEATS=$((maxrep + 1)) scripts/compare.sh audio "$IDLESIM_SCRATCH/cmp" menu_deepest menu
expect_grep "REPEATS=$((maxrep + 1)): expected a count from 1 to $maxrep" "$out" "too many repeats"
read -r _ maxgov < <("$IDLESIM_ANALYZE" compare --limits | grep '^governors ')
expect_exit 2 scripts/compare.sh audio "$IDLESIM_SCRATCH/cmp" $(yes menu | head -$((maxgov + 1)))
expect_grep "$((maxgov + 1)) governors, at most $maxgov in one comparison" "$out" "too many governors"
[ ! -d "$IDLESIM_SCRATCH/cmp" ] || fail "a refused comparison booted"
expect_exit 2 scripts/report.sh "$rep" nosuch
expect_grep "unknown scenario 'nosuch'" "$out" "unknown scenario"
[ -s "$html" ] || fail "a failed report removed the previous page"
# the page in a real browser, and copies of it broken (tests/lib/page.sh)
. tests/lib/page.sh
if ! have_browser; then
	note "the page in a browser: skipped, no headless Chromium (apt-get install chromium-headless-shell; make deps-test does)"
	echo ok
	exit 0
fi
copy_of page "$rep"
rep=$s/page
expect_exit 0 scripts/check-page.sh "$rep/index.html" "$s/report.png"
nimg=$(grep -c '<img src=' "$rep/index.html")
expect_grep ": $nimg image\(s\) loaded, [1-9][0-9]* link\(s\) to files and [1-9][0-9]* in-page resolve, 1 table\(s\) with rows;" \
	"$out" "the report"
note "$out"
expect_grep "PNG image data, 1200 x [0-9]{4,}" "$(file "$s/report.png")" "a full-page screenshot of the report"
[ -z "$(find "$rep" -name '.check-*')" ] || fail "check-page left its copy of the page in $rep"
# the report's second image, its first SVG link, its table
img=$(sed -n 's/.*<img src="\([^"]*\)".*/\1/p' "$rep/index.html" | sed -n 2p)
copy_of report-noimg "$rep"
rm "$s/report-noimg/$img"
must_fail "$s/report-noimg" "a missing image in the report" "<img src=\"$img\"> did not load"
svg=$(grep -o '<a href="[^"#]*\.svg">' "$rep/index.html" | head -1 | cut -d'"' -f2)
[ -n "$svg" ] || fail "the report links no SVG"
copy_of report-nosvg "$rep"
rm "$s/report-nosvg/$svg"
must_fail "$s/report-nosvg" "a linked SVG missing" "<a href=\"$svg\">: $s/report-nosvg/$svg does not exist"
copy_of report-notable "$rep"
sed -i '/^<tr><td>/d' "$s/report-notable/index.html"
! grep -q '<td>' "$s/report-notable/index.html" || fail "the table's rows were not all removed"
must_fail "$s/report-notable" "an empty table" '<table> number 1 under "Overview" has no row with <td> cells'
echo ok
