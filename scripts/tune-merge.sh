# SPDX-License-Identifier: GPL-2.0
# Sourced by scripts/tune.sh once every run is done: the runs' points
# merged by idlesim-analyze tune into OUT/results/ (tune.csv, tune.json,
# front.csv, recommendation.txt, recommendation.dtsi, plots), swapped in whole.  Reads what
# tune-plan.sh set.

# --- merge: every run's points into one analysis --------------------------------

for d in "${all_runs[@]}"; do
	[ -f "$d/.tune-done" ] || { echo "tune: $d is not done; re-run the same command" >&2; exit 1; }
done
res=$out/results
rm -rf "$res.tmp"
mkdir -p "$res.tmp"
opts=(--out "$res.tmp" --points "$out/points.tsv" --miss-rate "$miss_rate")
[ -n "$budget_ns" ] && opts+=(--budget "$budget_ns")
"$analyze" tune "${opts[@]}" "${all_runs[@]}" >"$res.tmp/analysis.log" 2>&1 || {
	cat "$res.tmp/analysis.log" >&2
	echo "tune: the analysis failed; the runs are kept, $res is unchanged" >&2
	exit 1
}
title="$(echo "${files[@]##*/}" | sed 's/\.ini//g'): ${dims[*]}"
for p in tune-energy tune-pareto; do
	gnuplot -e "dir='$res.tmp'; title='$title'; xname='${dims[0]} (us)'" "$src/analysis/plots/$p.gp" \
		2>>"$res.tmp/gnuplot.log" || { cat "$res.tmp/gnuplot.log" >&2; echo "tune: gnuplot failed on $p" >&2; exit 1; }
done
swap_in "$res.tmp" "$res" || { echo "tune: cannot put $res in place" >&2; exit 1; }
echo
cat "$res/recommendation.txt"
echo
echo "per point: $res/tune.csv, $res/tune.json"
echo "plots:"
for p in "$res"/*.png; do echo "  $p"; done
