# SPDX-License-Identifier: GPL-2.0
# The overview plot of make report (scripts/report.sh):
#   gnuplot -e "dir='DIR'; ngov=N" report.gp
# DIR/overview.csv: scenario,governor,ratio,ratio_lo,ratio_hi,... one row
# per scenario and governor, the baseline first; makes DIR/overview.{png,svg}:
# each governor's energy against the baseline's, per scenario.

set datafile separator ","
set datafile columnheaders
set style data histograms
set style histogram errorbars gap 1 lw 1
set style fill solid 0.8 border -1
set grid ytics
set key outside right top
set xtics rotate by -30 nomirror
set ylabel "energy / baseline (95% interval)"
set yrange [0:*]
do for [fmt in "png svg"] {
	if (fmt eq "png") { set terminal pngcairo noenhanced size 1000,520 font ",10" } else { set terminal svg noenhanced size 1000,520 font ",10" }
	set output sprintf("%s/overview.%s", dir, fmt)
	set title "energy of each governor against the baseline, per scenario"
	plot for [g=1:ngov] sprintf("%s/overview.csv", dir) every ngov::(g - 1) \
		using "ratio":"ratio_lo":"ratio_hi":xtic(strcol("scenario")) \
		title system(sprintf("awk -F, 'NR == %d + 1 {print $2}' '%s/overview.csv'", g, dir)), \
		1 with lines lc rgb "#999999" dt 2 notitle
}
