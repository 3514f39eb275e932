# SPDX-License-Identifier: GPL-2.0
# Energy and lateness against the swept threshold, from idlesim-analyze tune:
#   gnuplot -e "dir='DIR'; title='TEXT'; xname='CONTROL (us)'" tune-energy.gp
# makes DIR/tune-energy.{png,svg}.  For a grid, x is the first control.

set datafile separator ","
set grid
set key outside right top
# tune.csv's columns by their header's name
set datafile columnheaders
budget_ms = system(sprintf("sed -n 's/.*\"latency_budget_ns\": \\([0-9]*\\).*/\\1/p' '%s/tune.json' | head -1", dir)) / 1e6

do for [fmt in "png svg"] {
	if (fmt eq "png") { set terminal pngcairo noenhanced size 900,720 font ",10" } else { set terminal svg noenhanced size 900,720 font ",10" }
	set output sprintf("%s/tune-energy.%s", dir, fmt)
	set multiplot layout 2,1 title title
	set xlabel xname
	set ylabel "energy / menu_deepest baseline"
	set yrange [*:*]
	plot sprintf("%s/tune.csv", dir) using "x":"ratio_to_baseline":(column("ratio_to_baseline")*column("energy_ci95_nj")/column("energy_nj")) with yerrorlines title "energy ratio (95% interval)" lc rgb "#4477aa" pt 7, \
	     '' using "x":(column("current") == 1 ? column("ratio_to_baseline") : 1/0) with points title "current value" lc rgb "#228833" pt 6 ps 2.5 lw 2, \
	     '' using "x":(column("recommended") == 1 ? column("ratio_to_baseline") : 1/0) with points title "recommended" lc rgb "#cc3311" pt 3 ps 3 lw 2, \
	     1 with lines title "baseline" lc rgb "#999999" dt 2
	set ylabel "wake-up lateness p99 (ms)"
	set y2label "wake-ups over budget (%)"
	set y2tics
	set ytics nomirror
	set yrange [0:*]
	set y2range [0:*]
	plot sprintf("%s/tune.csv", dir) using "x":(column("lateness_p99_ns")/1e6) with linespoints title "lateness p99" lc rgb "#4477aa" pt 7, \
	     '' using "x":(100*column("miss_rate")) axes x1y2 with linespoints title "misses (%)" lc rgb "#ee7733" pt 5, \
	     budget_ms with lines title sprintf("budget %.3g ms", budget_ms) lc rgb "#999999" dt 2
	unset y2tics
	unset y2label
	set ytics mirror
	unset multiplot
}
