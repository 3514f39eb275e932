# SPDX-License-Identifier: GPL-2.0
# Per-CPU timeline of idle states over a window of the workload of one run:
#   gnuplot -e "csv='RUN/analysis/timeline.csv'; phases='RUN/analysis/phases.csv'; \
#               from=MS; to=MS; out='PREFIX'; title='...'; plots='PLOTS_DIR'" timeline.gp
# timeline.csv: cpu,start_ms,end_ms,state,name (one idle period a line,
# clipped to the window, ms from the workload's start); phases.csv: the
# phases, whose boundaries inside the window are drawn and named.  The
# states are named and coloured as in every plot (states.gp); the key
# lists the states the SoC has, from names (space-separated).

load plots . "/states.gp"
set datafile separator ","
set datafile columnheaders
set xlabel "time since the workload began (ms)"
set ylabel "CPU"
set ytics 1
stats csv using "cpu" nooutput
set yrange [-0.6:STATS_max + 0.6]
set xrange [from:to]
set grid xtics
set key outside right top title "state"
nnames = words(names)
# phase boundaries inside the window: "ms thread:phase" lines
bounds = system(sprintf("awk -F, -v a=%g -v b=%g 'NR > 1 && $4 >= a && $4 < b { printf \"%%s %%s:%%s \", $4, $1, $2 }' '%s' 2>/dev/null", from, to, phases))
nb = words(bounds) / 2
do for [i=1:nb] {
	x = word(bounds, 2 * i - 1) + 0
	set arrow i from x, graph 0 to x, graph 1 nohead dt 2 lc rgb "#666666"
	set label i word(bounds, 2 * i) at x, graph 1 offset 0.3, -0.9 * i left font ",8"
}
do for [fmt in "png svg"] {
	if (fmt eq "png") { set terminal pngcairo noenhanced size 1000,400 font ",10" } else { set terminal svg noenhanced size 1000,400 font ",10" }
	set output sprintf("%s.%s", out, fmt)
	set title title
	plot csv using "start_ms":"cpu":(column("end_ms")-column("start_ms")):(0):(state_rgb[int(column("state")) + 1]) \
		with vectors nohead lw 12 lc rgb variable notitle, \
	     for [s=0:nnames - 1] NaN with lines lw 8 lc rgb state_colour(s) title word(names, s + 1)
}
