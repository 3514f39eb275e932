# SPDX-License-Identifier: GPL-2.0
# Plots of a board trace beside a simulated run (scripts/board.sh):
#   gnuplot -e "dir='DIR'; title='NAME'; plots='PLOTS_DIR'" board.gp
# reads DIR/residency.csv ("source,STATE...", ms per state, all CPUs) and
# DIR/energy.csv ("source,idle_mJ,transition_mJ,active_mJ,oracle_mJ"; the
# oracle is left to the summaries: it is no part of the energy spent), and
# makes DIR/residency.{png,svg} and DIR/energy.{png,svg}.

load plots . "/states.gp"
set datafile separator ","
set style data histograms
set style histogram rowstacked
set style fill solid 0.8 border -1
set boxwidth 0.6
set grid ytics
set key outside right top
ncols = system(sprintf("head -1 '%s/residency.csv' | awk -F, '{print NF}'", dir)) + 0

do for [fmt in "png svg"] {
	if (fmt eq "png") { set terminal pngcairo noenhanced size 900,540 font ",10" } else { set terminal svg noenhanced size 900,540 font ",10" }
	set yrange [0:*]

	set output sprintf("%s/residency.%s", dir, fmt)
	set title sprintf("%s: time in each idle state, all CPUs", title)
	set ylabel "residency (ms)"
	plot for [c=2:ncols] sprintf("%s/residency.csv", dir) using c:xtic(1) title columnheader(c) \
		lc rgb state_colour(c - 2)

	set output sprintf("%s/energy.%s", dir, fmt)
	set title sprintf("%s: energy in idle states, in exit transitions and busy", title)
	set ylabel "energy (mJ)"
	set datafile columnheaders
	plot sprintf("%s/energy.csv", dir) using (column("idle_mJ") - column("transition_mJ")):xtic(strcol("source")) title "in idle states" lc rgb colour_residency, \
	     '' using (column("transition_mJ")) title "exit transitions" lc rgb colour_transition, \
	     '' using (column("active_mJ")) title "busy" lc rgb colour_active
	set datafile nocolumnheaders
}
