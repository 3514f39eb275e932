# SPDX-License-Identifier: GPL-2.0
# Plots of one comparison directory, written by idlesim-analyze compare:
#   gnuplot -e "dir='DIR'; scenario='NAME'; plots='PLOTS_DIR'" compare.gp
# makes DIR/energy.{png,svg}, DIR/residency.{png,svg}, DIR/rules.{png,svg}
# and, when the comparison wrote DIR/domains.csv, DIR/domains.{png,svg}.
#
# The energy plot has two panels.  Left, each governor's energy split into
# the idle states' residency, the exit transitions and the busy time, on
# an axis from zero (the true proportions), its value printed, and the
# oracle's floor for the same run marked.  Right, the difference to the
# baseline in %, on an axis of its own around zero, with its 95 % interval
# when there are repeats ("1 run: no interval" when not): a 3 % difference
# is a bar a third of the panel high, not a sliver on top of 900 mJ.

load plots . "/states.gp"
set datafile separator ","
set style fill solid 0.85 border -1
set grid ytics
set datafile columnheaders
# Columns are found by their header's name (docs/ARCHITECTURE.md);
# residency.csv has one column per state, named, plotted whatever their
# number; rules.csv one per governor.
ncols = system(sprintf("head -1 '%s/residency.csv' | awk -F, '{print NF}'", dir)) + 0
rcols = system(sprintf("head -1 '%s/rules.csv' | awk -F, '{print NF}'", dir)) + 0
ngov = system(sprintf("tail -n +2 '%s/decomposition.csv' | grep -c .", dir)) + 0
runs = system(sprintf("awk -F, 'NR == 2 { print $2 }' '%s/decomposition.csv'", dir)) + 0
emax = system(sprintf("awk -F, 'NR > 1 && $3 > m { m = $3 } END { print m / 1e6 }' '%s/decomposition.csv'", dir)) + 0
dmax = system(sprintf("awk -F, 'NR > 2 { v = ($9 < 0 ? -$9 : $9) + $10; if (v > m) m = v } END { print m + 0 }' '%s/decomposition.csv'", dir)) + 0
dmax = dmax > 0 ? dmax * 1.35 : 1
# domains.csv, written for runs with genpd's domains only: a time column
# per domain state, then as many count columns
ndom = system(sprintf("test -s '%s/domains.csv' && head -1 '%s/domains.csv' | awk -F, '{print (NF - 1) / 2}' || echo 0", dir, dir)) + 0
# genpd on, no domain ever powered off: said, on an axis of its own
doff = ndom > 0 ? system(sprintf("awk -F, -v n=%d 'NR > 1 { for (i = 2; i <= n + 1; i++) s += $i } END { print s + 0 }' '%s/domains.csv'", ndom, dir)) + 0 : 0
interval = runs > 1 ? sprintf("with the 95%% interval of %d paired runs", runs) : "1 run: no interval\n(REPEATS=n gives one)"

do for [fmt in "png svg"] {
	if (fmt eq "png") { set terminal pngcairo noenhanced size 1000,520 font ",10" } else { set terminal svg noenhanced size 1000,520 font ",10" }

	set output sprintf("%s/energy.%s", dir, fmt)
	set multiplot title sprintf("%s: energy by governor, and against %s", scenario, \
		system(sprintf("awk -F, 'NR == 2 { print $1 }' '%s/decomposition.csv'", dir)))
	# left: the energy, split
	set origin 0, 0
	set size 0.6, 0.95
	set style data histograms
	set style histogram rowstacked
	set boxwidth 0.6
	set key outside bottom center horizontal
	set ylabel "energy (mJ)"
	set yrange [0:emax * 1.15]
	set xrange [-0.6:ngov - 0.4]
	plot sprintf("%s/decomposition.csv", dir) using (column("residency_nj") / 1e6):xtic(strcol("governor")) \
		title "idle states" lc rgb colour_residency, \
	     '' using (column("transition_nj") / 1e6) title "exit transitions" lc rgb colour_transition, \
	     '' using (column("active_nj") / 1e6) title "busy" lc rgb colour_active, \
	     '' using ($0 - 0.35):(column("oracle_nj") / 1e6):(0.7):(0) with vectors nohead lw 3 \
		lc rgb colour_oracle title "oracle floor", \
	     '' using ($0):(column("energy_nj") / 1e6):(sprintf("%.1f", column("energy_nj") / 1e6)) \
		with labels offset 0, 0.8 notitle
	# right: the difference to the baseline, in %
	set origin 0.6, 0
	set size 0.4, 0.95
	unset key
	set ylabel "energy against the baseline (%)"
	set title interval
	set yrange [-dmax:dmax]
	set xzeroaxis lt -1
	set boxwidth 0.5
	set xrange [-0.6:ngov - 1.4]
	# one run has no interval: its column is empty, and no error bar is drawn
	plot sprintf("%s/decomposition.csv", dir) every ::1 \
		using ($0):(column("diff_pct")):xtic(strcol("governor")) with boxes lc rgb colour_residency, \
	     for [i=1:(runs > 1)] '' every ::1 using ($0):(column("diff_pct")):(column("diff_ci95_pct")) \
		with yerrorbars lc rgb colour_oracle pt 0 lw 1.5, \
	     '' every ::1 using ($0):(column("diff_pct") + (column("diff_pct") < 0 ? -0.08 : 0.08) * dmax): \
		(sprintf("%+.2f%%", column("diff_pct"))) with labels notitle
	unset multiplot
	set origin 0, 0
	set size 1, 1
	unset title
	unset xzeroaxis
	set xrange [*:*]
	set key outside right top

	set output sprintf("%s/residency.%s", dir, fmt)
	set title sprintf("%s: time in each idle state, all CPUs (mean over runs)", scenario)
	set ylabel "residency (ms)"
	set yrange [0:*]
	set style data histograms
	set style histogram rowstacked
	set boxwidth 0.7
	plot for [c=2:ncols] sprintf("%s/residency.csv", dir) using c:xtic(1) title columnheader(c) \
		lc rgb state_colour(c - 2)

	set output sprintf("%s/rules.%s", dir, fmt)
	set title sprintf("%s: idle energy of each selection rule, replayed on each governor's periods", scenario)
	set ylabel "idle energy (mJ)"
	set style histogram clustered gap 1
	set xtics rotate by -20
	plot for [c=2:rcols] sprintf("%s/rules.csv", dir) using (column(c)/1e6):xtic(1) title sprintf("periods of %s", columnhead(c))
	set xtics norotate

	if (ndom > 0) {
		set output sprintf("%s/domains.%s", dir, fmt)
		set title sprintf("%s: time each PM domain spent powered off, by the state genpd chose at the last CPU (mean over runs)", scenario)
		set ylabel "powered off (ms)"
		if (doff > 0) { set yrange [0:*] } else { set yrange [0:1]; \
			set label 1 "no domain was powered off in any run" at graph 0.5, 0.5 center }
		set style histogram rowstacked
		set boxwidth 0.7
		# the deep end of the states' colours, one per domain state
		plot for [c=2:ndom + 1] sprintf("%s/domains.csv", dir) using c:xtic(1) \
			title columnheader(c) lc rgb state_colour(7 - (c - 2) % 8)
		unset label 1
	}
}
