#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The main job: run one scenario and seed under each governor, analyse
# each run, compare them against the first (the baseline), and plot.
#
#   compare.sh SCENARIO OUTDIR GOVERNOR...
#
# With IDLESIM_REPEATS=n (make compare REPEATS=n), each governor runs n
# times under the seeds s, s+1, ... (s: the scenario's), and the
# comparison reports means, 95 % intervals and whether a difference is
# significant.  A run is reproducible (the same seed gives the same run),
# and every governor sees the same arrivals for a seed: the comparison is
# paired by seed (Welch's unpaired test is given beside it).  Other seeds show how much a figure
# depends on the arrivals, which a single seed cannot.
#
# OUTDIR/GOVERNOR/ (OUTDIR/GOVERNOR/seed-N/ with repeats) are the run
# directories (each with analysis/), and
# OUTDIR/compare/ holds comparison.csv, residency.csv, rules.csv (the
# replayed rules' energy on each governor's periods), domains.csv (with
# genpd's domains: their time in each state, per governor), summary.txt,
# runs.txt (the run directories compared) and the plots.  A run that
# fails stops the comparison: a failed run is never compared as if it had
# succeeded.
set -uo pipefail

src=${IDLESIM_SRC:-$(cd "$(dirname "$0")/.." && pwd)}
prog=compare
. "$src/scripts/lib.sh"
. "$src/scripts/jobs.sh"
scn=${1:?usage: compare.sh SCENARIO OUTDIR GOVERNOR...}
out=${2:?usage: compare.sh SCENARIO OUTDIR GOVERNOR...}
shift 2
[ $# -ge 2 ] || die "need at least two governors (the first is the baseline)"
analyze=${IDLESIM_ANALYZE:?IDLESIM_ANALYZE not set (run through make)}
name=$(basename "$(basename "$scn" .ini)" .json)

# the comparison's limits, from the comparison itself, before any boot
read_limits compare governors repeats
[ $# -le "${limit[governors]}" ] ||
	die "$# governors, at most ${limit[governors]} in one comparison"
repeats=${IDLESIM_REPEATS:-1}
[[ $repeats =~ ^[1-9][0-9]*$ ]] && [ "$repeats" -le "${limit[repeats]}" ] ||
	die "REPEATS=$repeats: expected a count from 1 to ${limit[repeats]}"
base_seed= tmpd=
if [ "$repeats" -gt 1 ]; then
	tmpd=$(mktemp -d)
	trap 'rm -rf "$tmpd"' EXIT
	ini=$(scenario_ini "$(scenario_file "$scn")" "$tmpd") || exit 2
	base_seed=$("${IDLESIM_WORKLOAD_HOST:?}" --get seed "$ini" 2>/dev/null) ||
		die "cannot read the seed of $scn"
fi

# The runs go side by side, IDLESIM_JOBS at a time (make's JOBS; default
# one per CPU): each is one QEMU, one host thread under -icount, and what
# a run records does not depend on what else the host is running.
jobs=${IDLESIM_JOBS:-$(nproc)}
[[ $jobs =~ ^[1-9][0-9]*$ ]] || die "JOBS=$jobs: expected a number of runs at once, 1 or more"
runs=() first=() seeds=() govs=()
for gov in "$@"; do
	for ((k = 0; k < repeats; k++)); do
		govs+=("$gov")
		if [ "$repeats" -eq 1 ]; then
			runs+=("$out/$gov")
			seeds+=("")
		else
			runs+=("$out/$gov/seed-$((base_seed + k))")
			seeds+=($((base_seed + k)))
		fi
		[ $k -eq 0 ] && first+=("${runs[-1]}")
	done
done

# a run that fails, or a comparison stopped, stops the other runs
trap 'jobs_stop; rm -rf ${tmpd:+"$tmpd"}' EXIT
trap 'exit 130' INT TERM

# start_run I: run I in the background
start_run() {
	local dir=${runs[$1]} seedopt=()
	[ -z "${seeds[$1]}" ] || seedopt=(--seed "${seeds[$1]}")
	mkdir -p "$(dirname "$dir")"
	job_start "$1" "$src/scripts/run-scenario.sh" "${seedopt[@]}" "$scn" "${govs[$1]}" "$dir" \
		>"$dir.log" 2>&1
}

# one line per run, with the guest time done and an estimate of what is left
gsec=$(scenario_guest_seconds "$scn") || exit 2
progress_start ${#runs[@]} "$(awk -v g="$gsec" -v n=${#runs[@]} 'BEGIN { print g * n }')"
next=0
while [ $next -lt ${#runs[@]} ] || [ "$(jobs_running)" -gt 0 ]; do
	while [ $next -lt ${#runs[@]} ] && [ "$(jobs_running)" -lt "$jobs" ]; do
		start_run $next
		next=$((next + 1))
	done
	job_wait
	i=$job_id
	dir=${runs[$i]}
	if [ $job_rc -ne 0 ]; then
		cat "$dir.log" >&2
		echo "compare: the ${govs[$i]} run ($dir) failed (exit $job_rc); nothing compared" >&2
		exit $job_rc
	fi
	[ "${IDLESIM_VERBOSE:-0}" != 1 ] || cat "$dir.log"
	progress_step "$name under ${govs[$i]}, seed $(awk '$1 == "seed" { print $2 }' "$dir/manifest")" "$gsec"
done

cmp=$out/compare
rm -rf "$cmp.tmp"
mkdir -p "$cmp.tmp"
echo "  [compare] $* ($repeats run$([ "$repeats" -gt 1 ] && echo s) each)"
"$analyze" compare --out "$cmp.tmp" "${runs[@]}" >"$cmp.tmp/compare.log" 2>&1 || {
	cat "$cmp.tmp/compare.log" >&2
	exit 1
}
plots=$src/analysis/plots
gnuplot -e "dir='$cmp.tmp'; scenario='$name'; plots='$plots'" "$plots/compare.gp" 2>"$cmp.tmp/gnuplot.log" || {
	echo "compare: gnuplot failed:" >&2
	cat "$cmp.tmp/gnuplot.log" >&2
	exit 1
}
# each phase's energy per governor, for the threads with several phases
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	{ k = $c["thread"] ":" $c["phase"]; if (!(k in seen)) { seen[k] = 1; key[++n] = k; th[k] = $c["thread"] }
	  if (!($c["governor"] in gs)) { gs[$c["governor"]] = 1; gov[++ng] = $c["governor"] }
	  e[k, $c["governor"]] = $c["energy_nj"] / 1e6 }
	END { for (i = 1; i <= n; i++) cnt[th[key[i]]]++
	      printf "phase"; for (g = 1; g <= ng; g++) printf ",%s", gov[g]; printf "\n"
	      for (i = 1; i <= n; i++) if (cnt[th[key[i]]] > 1) {
		printf "%s", key[i]; for (g = 1; g <= ng; g++) printf ",%.3f", e[key[i], gov[g]]; printf "\n" } }' \
	"$cmp.tmp/phases.csv" >"$cmp.tmp/phases-energy.csv"
if [ "$(wc -l <"$cmp.tmp/phases-energy.csv")" -gt 1 ]; then
	gnuplot -e "dir='$cmp.tmp'; scenario='$name'" "$plots/phases.gp" 2>>"$cmp.tmp/gnuplot.log" || {
		echo "compare: gnuplot failed on the phases" >&2
		cat "$cmp.tmp/gnuplot.log" >&2
		exit 1
	}
else
	rm -f "$cmp.tmp/phases-energy.csv"
fi
# the states by name, as the comparison's residency.csv has them
names=$(head -1 "$cmp.tmp/residency.csv" | cut -d, -f2- | tr ',' ' ')
for r in "${first[@]}"; do
	gov=$(awk '$1 == "governor" {print $2}' "$r/manifest")
	# the window the analysis cut the timeline to (WINDOW=), from its summary
	read -r origin from to < <(sed -n 's/.*"timeline": { "origin": "\([a-z ]*\)", "from_ms": \([0-9.]*\), "to_ms": \([0-9.]*\) }.*/\1|\2|\3/p' \
		"$r/analysis/summary.json" | tr ' |' '_ ')
	[ -n "$to" ] || die "$r/analysis/summary.json: no timeline window"
	from=$(printf '%g' "$from") to=$(printf '%g' "$to")
	if [ "$(wc -l <"$r/analysis/timeline.csv")" -lt 2 ]; then
		echo "compare: no idle period of $r in its timeline window ($from-$to ms): no timeline plot (WINDOW=START:LEN)" >&2
		continue
	fi
	gnuplot -e "csv='$r/analysis/timeline.csv'; phases='$r/analysis/phases.csv'; from=$from; to=$to; names='$names'; plots='$plots'; out='$cmp.tmp/timeline-$gov'; title='$name under $gov: idle states per CPU, $from-$to ms after the ${origin//_/ }'" \
		"$plots/timeline.gp" 2>>"$cmp.tmp/gnuplot.log" || {
		echo "compare: gnuplot failed on the timeline of $r" >&2
		exit 1
	}
done
rm -f "$cmp.tmp/gnuplot.log"
# what went into it, so that make report can tell a current comparison
printf '%s\n' "${runs[@]}" >"$cmp.tmp/runs.txt"
swap_in "$cmp.tmp" "$cmp" || { echo "compare: cannot put $cmp in place" >&2; exit 1; }

echo
cat "$cmp/summary.txt"
echo
echo "per-run details: ${first[*]/%//analysis/summary.txt}${runs[${#first[@]}]:+ ...}"
echo "plots:"
for p in "$cmp"/*.png; do
	echo "  $p"
done
