# SPDX-License-Identifier: GPL-2.0
# The energy/lateness Pareto front of a sweep, from idlesim-analyze tune:
#   gnuplot -e "dir='DIR'; title='TEXT'; xname='...'" tune-pareto.gp
# makes DIR/tune-pareto.{png,svg}: every point, the front, the current
# and the recommended point.

set datafile separator ","
set grid
set key outside right top
# tune.csv's and front.csv's columns by their header's name
set datafile columnheaders
lat(c) = column(c) / 1e6
do for [fmt in "png svg"] {
	if (fmt eq "png") { set terminal pngcairo noenhanced size 900,600 font ",10" } else { set terminal svg noenhanced size 900,600 font ",10" }
	set output sprintf("%s/tune-pareto.%s", dir, fmt)
	set title sprintf("%s: energy against wake-up lateness", title)
	set xlabel "wake-up lateness p99 (ms)"
	set ylabel "energy (mJ)"
	plot sprintf("%s/tune.csv", dir) using (lat("lateness_p99_ns")):(column("energy_nj")/1e6):(column("energy_ci95_nj")/1e6) with yerrorbars title "points (95% interval)" lc rgb "#bbbbbb" pt 7, \
	     sprintf("%s/front.csv", dir) using (lat("lateness_p99_ns")):(column("energy_nj")/1e6) with linespoints title "Pareto front" lc rgb "#4477aa" pt 7 lw 2, \
	     sprintf("%s/tune.csv", dir) using (lat("lateness_p99_ns")):(column("energy_nj")/1e6):(sprintf(" %d", column("point"))) with labels left offset 0.5,0.5 notitle, \
	     '' using (lat("lateness_p99_ns")):(column("current") == 1 ? column("energy_nj")/1e6 : 1/0) with points title "current value" lc rgb "#228833" pt 6 ps 2.5 lw 2, \
	     '' using (lat("lateness_p99_ns")):(column("recommended") == 1 ? column("energy_nj")/1e6 : 1/0) with points title "recommended" lc rgb "#cc3311" pt 3 ps 3 lw 2
}
