# SPDX-License-Identifier: GPL-2.0
# Plots of one comparison directory, written by idlesim-analyze compare:
#   gnuplot -e "dir='DIR'; scenario='NAME'" compare.gp
# makes DIR/energy.{png,svg}, DIR/residency.{png,svg} and DIR/rules.{png,svg}.

set datafile separator ","
set style data histograms
set style fill solid 0.8 border -1
set boxwidth 0.7
set grid ytics
set key outside right top
# Columns are found by their header's name (comparison.csv's are listed in
# docs/ARCHITECTURE.md); residency.csv and rules.csv have one column per
# state or rule, plotted whatever their number.
ncols = system(sprintf("head -1 '%s/residency.csv' | awk -F, '{print NF}'", dir)) + 0
rcols = system(sprintf("head -1 '%s/rules.csv' | awk -F, '{print NF}'", dir)) + 0

do for [fmt in "png svg"] {
	if (fmt eq "png") { set terminal pngcairo noenhanced size 900,540 font ",10" } else { set terminal svg noenhanced size 900,540 font ",10" }
	set yrange [0:*]

	set output sprintf("%s/energy.%s", dir, fmt)
	set title sprintf("%s: energy by governor (idle + active), with the oracle floor", scenario)
	set ylabel "energy (mJ)"
	set style histogram errorbars gap 1 lw 1
	set xtics nomirror
	set datafile columnheaders
	plot sprintf("%s/comparison.csv", dir) using (column("energy_nj")/1e6):(column("energy_ci95_nj")/1e6):xtic(strcol("governor")) title "energy (95% interval)" lc rgb "#4477aa", \
	     '' using (column("oracle_nj")/1e6):(0) title "oracle floor" lc rgb "#bbbbbb"
	set datafile nocolumnheaders

	set output sprintf("%s/residency.%s", dir, fmt)
	set title sprintf("%s: time in each idle state, all CPUs (mean over runs)", scenario)
	set ylabel "residency (ms)"
	set style histogram rowstacked
	plot for [c=2:ncols] sprintf("%s/residency.csv", dir) using c:xtic(1) title columnheader(c)

	set output sprintf("%s/rules.%s", dir, fmt)
	set title sprintf("%s: idle energy of each selection rule, replayed on each governor's periods", scenario)
	set ylabel "idle energy (mJ)"
	set style histogram clustered gap 1
	set xtics rotate by -20
	set key autotitle columnhead
	plot for [c=2:rcols] sprintf("%s/rules.csv", dir) using (column(c)/1e6):xtic(1) title sprintf("periods of %s", columnhead(c))
	set xtics norotate
	unset key
	set key outside right top
}
