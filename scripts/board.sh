#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# board.sh TRACE.dat SOC OUTDIR [RUNDIR] [-- idlesim-analyze board options]:
# a board's trace priced under an SoC description (idlesim-analyze board)
# and put on one page, OUTDIR/index.html, beside a simulated run of the
# same workload when RUNDIR is given: the two summaries, the time in each
# state and the energy, side by side (both analyses write the same
# formats: states.csv, summary.json).  SOC is a name in socs/ or a file.
set -uo pipefail
src=${IDLESIM_SRC:-$(cd "$(dirname "$0")/.." && pwd)}
prog=board
. "$src/scripts/lib.sh"
trace=${1:?usage: board.sh TRACE.dat SOC OUTDIR [RUNDIR] [-- board options]}
soc=${2:?usage: board.sh TRACE.dat SOC OUTDIR [RUNDIR] [-- board options]}
out=${3:?usage: board.sh TRACE.dat SOC OUTDIR [RUNDIR] [-- board options]}
shift 3
run=
if [ $# -gt 0 ] && [ "$1" != -- ]; then
	run=$1
	shift
fi
[ "${1:-}" != -- ] || shift
analyze=${IDLESIM_ANALYZE:?IDLESIM_ANALYZE not set (run through make)}
socf=$(soc_file "$soc")
[ -f "$socf" ] || die "unknown SoC '$soc' (no $socf)"
if [ -n "$run" ]; then
	[ -s "$run/analysis/summary.json" ] && [ -s "$run/analysis/states.csv" ] ||
		die "$run: not an analysed run directory (no analysis/summary.json, states.csv)"
fi

tmp=$out.tmp
rm -rf "$tmp"
mkdir -p "$tmp"
"$analyze" board --soc "$socf" "$@" --out "$tmp/board" "$trace" >/dev/null || exit $?

# per state over all CPUs, in ms; the states by the SoC's names
names=$(sed -n 's/.*"state_names": \[\(.*\)\],*$/\1/p' "$tmp/board/summary.json" | tr -d '" ')
[ -n "$names" ] || die "$tmp/board/summary.json names no states"
row() { # LABEL STATES.CSV
	awk -F, -v l="$1" -v n="$(tr ',' '\n' <<<"$names" | grep -c .)" '
		NR > 1 { ms[$2] += $4 / 1e6 }
		END { printf "%s", l; for (i = 0; i < n; i++) printf ",%.3f", ms[i]; printf "\n" }' "$2"
}
energy() { # LABEL SUMMARY.JSON
	sed -n 's/.*"energy_nj": { "total": [0-9]*, "idle": \([0-9]*\), "active": \([0-9]*\), "transition": \([0-9]*\) }.*/\1 \2 \3/p' "$2" |
		awk -v l="$1" -v o="$(sed -n 's/.*"oracle_nj": \([0-9]*\).*/\1/p' "$2")" \
			'{ printf "%s,%.3f,%.3f,%.3f,%.3f\n", l, $1 / 1e6, $3 / 1e6, $2 / 1e6, o / 1e6 }'
}
{
	echo "source,$names"
	row board "$tmp/board/states.csv"
	[ -z "$run" ] || row simulated "$run/analysis/states.csv"
} >"$tmp/residency.csv"
{
	echo "source,idle_mJ,transition_mJ,active_mJ,oracle_mJ"
	energy board "$tmp/board/summary.json"
	[ -z "$run" ] || energy simulated "$run/analysis/summary.json"
} >"$tmp/energy.csv"
[ "$(grep -c . "$tmp/energy.csv")" -eq "$(grep -c . "$tmp/residency.csv")" ] ||
	die "an energy line is missing (the summary.json of $trace or $run)"
title=$(basename "$trace")
gnuplot -e "dir='$tmp'; title='$title'; plots='$src/analysis/plots'" "$src/analysis/plots/board.gp" 2>"$tmp/gnuplot.log" ||
	{ cat "$tmp/gnuplot.log" >&2; die "gnuplot failed"; }
rm -f "$tmp/gnuplot.log"

esc() { sed -e 's/&/\&amp;/g' -e 's/</\&lt;/g' -e 's/>/\&gt;/g'; }
{
	cat <<EOT
<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<title>idlesim board trace: $(esc <<<"$title")</title>
<style>
body { font-family: sans-serif; max-width: 1100px; margin: 2em auto; color: #222; }
pre { background: #f6f6f6; padding: 8px; overflow-x: auto; font-size: 85%; }
img { max-width: 100%; } .cols { display: flex; gap: 1em; } .cols > div { flex: 1; min-width: 0; }
</style></head><body>
<h1>Board trace $(esc <<<"$title") under SoC $(sed -n 's/.*"soc": "\(.*\)".*/\1/p' "$tmp/board/summary.json")</h1>
<p>Every figure of the board trace is the description's model at fixed conditions, not a measurement (see its summary).
Time in a state: the board's is the trace's idle interval, a simulated run's the modelled residency (time in WFI less
the lag, plus the exit latency charged). The oracle: the board's assumes every state available in every period, a
run's only the period's usable states.</p>
<img src="residency.png" alt="time in each idle state"> <img src="energy.png" alt="energy">
<div class="cols"><div><h2>Board trace</h2><pre>$(esc <"$tmp/board/summary.txt")</pre></div>
EOT
	[ -z "$run" ] || echo "<div><h2>Simulated run ($(esc <<<"$run"))</h2><pre>$(esc <"$run/analysis/summary.txt")</pre></div>"
	echo "</div><p>Data: <a href=\"residency.csv\">residency.csv</a>, <a href=\"energy.csv\">energy.csv</a>, board/; SVG: <a href=\"residency.svg\">residency</a>, <a href=\"energy.svg\">energy</a>.</p>"
	echo "</body></html>"
} >"$tmp/index.html"
swap_in "$tmp" "$out" || die "cannot put $out in place"
echo "  [board]  $out/index.html"
