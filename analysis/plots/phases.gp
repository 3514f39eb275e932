# SPDX-License-Identifier: GPL-2.0
# Energy per phase of a comparison (scripts/compare.sh):
#   gnuplot -e "dir='DIR'; scenario='NAME'" phases.gp
# DIR/phases-energy.csv: "phase,GOVERNOR..." (mJ), a row per phase of the
# threads that have several (thread:phase, in the threads' order), made
# from the comparison's phases.csv; makes DIR/phases.{png,svg}: each
# phase's energy under each governor, side by side, so that the phase a
# saving comes from stands out.  A phase counts everything on every CPU in
# its interval: two threads' phases overlap in time.

set datafile separator ","
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set grid ytics
set key outside right top
set xtics rotate by -30 nomirror
set yrange [0:*]
set ylabel "energy in the phase's interval, all CPUs (mJ)"
ncols = system(sprintf("head -1 '%s/phases-energy.csv' | awk -F, '{print NF}'", dir)) + 0
do for [fmt in "png svg"] {
	if (fmt eq "png") { set terminal pngcairo noenhanced size 1000,480 font ",10" } else { set terminal svg noenhanced size 1000,480 font ",10" }
	set output sprintf("%s/phases.%s", dir, fmt)
	set title sprintf("%s: energy per phase, by governor", scenario)
	plot for [c=2:ncols] sprintf("%s/phases-energy.csv", dir) using c:xtic(1) title columnheader(c)
}
