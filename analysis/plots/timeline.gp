# SPDX-License-Identifier: GPL-2.0
# Per-CPU timeline of idle states over a window of one run:
#   gnuplot -e "csv='RUN/analysis/timeline.csv'; out='RUN/analysis/timeline'; title='...'" timeline.gp
# timeline.csv: cpu,start_ms,end_ms,state (one idle period a line)

set datafile separator ","
set datafile columnheaders
set xlabel "time since the window start (ms)"
set ylabel "CPU"
set ytics 1
set offsets 0, 0, 0.5, 0.5
set grid xtics
set key outside right top title "state"
set palette defined (0 "#dddddd", 1 "#88ccee", 2 "#44aa99", 3 "#117733", 4 "#332288", 5 "#aa4499")
set cbrange [0:5]
unset colorbox
do for [fmt in "png svg"] {
	if (fmt eq "png") { set terminal pngcairo noenhanced size 1000,400 font ",10" } else { set terminal svg noenhanced size 1000,400 font ",10" }
	set output sprintf("%s.%s", out, fmt)
	set title title
	plot csv using "start_ms":"cpu":(column("end_ms")-column("start_ms")):(0):"state" with vectors nohead lw 12 lc palette notitle, \
	     for [s=0:5] NaN with lines lw 8 lc palette cb s title sprintf("%d", s)
}
