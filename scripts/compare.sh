#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The main job: run one scenario and seed under each governor, analyse
# each run, compare them against the first (the baseline), and plot.
#
#   compare.sh SCENARIO OUTDIR GOVERNOR...
#
# OUTDIR/GOVERNOR/ are the run directories (each with analysis/), and
# OUTDIR/compare/ holds comparison.csv, residency.csv, summary.txt and
# the plots.  A run that fails stops the comparison: a failed run is
# never compared as if it had succeeded.
set -uo pipefail

src=${IDLESIM_SRC:-$(cd "$(dirname "$0")/.." && pwd)}
scn=${1:?usage: compare.sh SCENARIO OUTDIR GOVERNOR...}
out=${2:?usage: compare.sh SCENARIO OUTDIR GOVERNOR...}
shift 2
[ $# -ge 2 ] || { echo "compare: need at least two governors (the first is the baseline)" >&2; exit 2; }
analyze=${IDLESIM_ANALYZE:?IDLESIM_ANALYZE not set (run through make)}
name=$(basename "$scn" .ini)

runs=()
for gov in "$@"; do
	"$src/scripts/run-scenario.sh" "$scn" "$gov" "$out/$gov" || {
		rc=$?
		echo "compare: the $gov run failed (exit $rc); nothing compared" >&2
		exit $rc
	}
	runs+=("$out/$gov")
done

cmp=$out/compare
rm -rf "$cmp.tmp"
mkdir -p "$cmp.tmp"
echo "  [compare] ${runs[*]##*/}"
"$analyze" compare --out "$cmp.tmp" "${runs[@]}" >"$cmp.tmp/compare.log" 2>&1 || {
	cat "$cmp.tmp/compare.log" >&2
	exit 1
}
gnuplot -e "dir='$cmp.tmp'; scenario='$name'" "$src/analysis/plots/compare.gp" 2>"$cmp.tmp/gnuplot.log" || {
	echo "compare: gnuplot failed:" >&2
	cat "$cmp.tmp/gnuplot.log" >&2
	exit 1
}
for r in "${runs[@]}"; do
	gnuplot -e "csv='$r/analysis/timeline.csv'; out='$cmp.tmp/timeline-${r##*/}'; title='$name under ${r##*/}: idle states per CPU, first 200 ms'" \
		"$src/analysis/plots/timeline.gp" 2>>"$cmp.tmp/gnuplot.log" || {
		echo "compare: gnuplot failed on the timeline of $r" >&2
		exit 1
	}
done
rm -f "$cmp.tmp/gnuplot.log"
rm -rf "$cmp"
mv "$cmp.tmp" "$cmp"

echo
cat "$cmp/summary.txt"
echo
echo "per-run details: ${runs[*]/%//analysis/summary.txt}"
echo "plots:"
for p in "$cmp"/*.png; do
	echo "  $p"
done
