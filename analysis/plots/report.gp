# SPDX-License-Identifier: GPL-2.0
# The overview plot of make report (scripts/report.sh):
#   gnuplot -e "dir='DIR'; ngov=N; repeats=R" report.gp
# DIR/overview.csv: scenario,governor,ratio,ratio_lo,ratio_hi,... one row
# per scenario and governor, the baseline first; makes DIR/overview.{png,svg}:
# each governor's energy against the baseline's, per scenario, as a
# difference in % on an axis around zero (so that a 3 % difference shows),
# with its 95 % interval when there are repeats.

set datafile separator ","
set datafile columnheaders
set style data histograms
set style histogram errorbars gap 1 lw 1
set style fill solid 0.8 border -1
set grid ytics
set key outside right top
set xtics rotate by -30 nomirror
set xzeroaxis lt -1
set ylabel repeats > 1 ? sprintf("energy against the baseline (%%), 95%% interval of %d seeds", repeats) : \
	"energy against the baseline (%); 1 run: no interval"
do for [fmt in "png svg"] {
	if (fmt eq "png") { set terminal pngcairo noenhanced size 1000,520 font ",10" } else { set terminal svg noenhanced size 1000,520 font ",10" }
	set output sprintf("%s/overview.%s", dir, fmt)
	set title "energy of each governor against the baseline, per scenario"
	plot for [g=2:ngov] sprintf("%s/overview.csv", dir) every ngov::(g - 1) \
		using (100 * (column("ratio") - 1)):(100 * (column("ratio_lo") - 1)):(100 * (column("ratio_hi") - 1)):xtic(strcol("scenario")) \
		title system(sprintf("awk -F, 'NR == %d + 1 {print $2}' '%s/overview.csv'", g, dir))
}
