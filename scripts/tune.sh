#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Residency-threshold tuning: sweep one state's threshold (or a small grid
# of several states'), run the scenarios at every point, and find the
# point that uses the least energy while keeping the wake-up lateness
# within the latency budget.
#
#   tune.sh --out DIR --scenario "NAME..." (--state S --values V | --grid "S=V ...")
#           [--knob residency|exit] [--repeats N] [--budget DUR] [--misses PCT]
#           [--jobs N] [--chunk N] [--export parallel|slurm] [--governor G]
#
# S is a state's name (core-off), sN or N; V is "a,b,c" or "lo:hi:step", in
# microseconds, the unit of the controls.  The driver's current value is
# always a point too, so that the recommendation says what it saves.
#
# The sweep is checked before any scenario boots: the state names and
# the controls' ranges come from one probe boot of the driver (cached by
# kernel and initramfs), the driver's cross-checks are applied to every
# point, and a scenario that sets a swept control itself is refused.
#
# Runs are hermetic (scripts/tune-run.sh; one line each in DIR/jobs.txt):
# per scenario and seed one baseline run (menu_deepest, current values)
# and one or more sweep boots, each running several points in one boot.
# They run locally under GNU parallel, or are exported for GNU parallel
# with --sshloginfile or a Slurm array; re-running the same command skips
# the runs already done and valid and merges everything into
# DIR/results/ (tune.csv, tune.json, recommendation.txt, recommendation.dtsi, plots).
#
# This file takes the options and runs the pending runs locally; the
# stages are files of their own, sourced in turn: tune-plan.sh (check,
# probe, points, jobs), tune-export.sh (--export) and tune-merge.sh.
set -uo pipefail

src=${IDLESIM_SRC:-$(cd "$(dirname "$0")/.." && pwd)}
analyze=${IDLESIM_ANALYZE:?IDLESIM_ANALYZE not set (run through make)}
check=${IDLESIM_WORKLOAD_HOST:?IDLESIM_WORKLOAD_HOST not set (run through make)}

prog=tune
. "$src/scripts/lib.sh"

out= scenarios= state= values= grid= knob=residency repeats=1 budget= misses=1%
jobs=$(nproc) chunk= export= governor=menu
while [ $# -gt 0 ]; do
	case $1 in
	--out) out=$2 ;;
	--scenario) scenarios=$2 ;;
	--state) state=$2 ;;
	--values) values=$2 ;;
	--grid) grid=$2 ;;
	--knob) knob=$2 ;;
	--repeats) repeats=$2 ;;
	--budget) budget=$2 ;;
	--misses) misses=$2 ;;
	--jobs) jobs=$2 ;;
	--chunk) chunk=$2 ;;
	--export) export=$2 ;;
	--governor) governor=$2 ;;
	*) die "unknown option '$1'" ;;
	esac
	[ $# -ge 2 ] || die "$1 needs a value"
	shift 2
done

. "$src/scripts/tune-plan.sh"
[ -z "$export" ] || . "$src/scripts/tune-export.sh"

# --- local execution under GNU parallel ----------------------------------------

# the guest time of each scenario's run, and of a run of the sweep (from
# its directory's name): a baseline runs the scenario once, a sweep boot
# once per point it holds
declare -A gs
for i in "${!files[@]}"; do
	gs[$(basename "$(basename "${files[$i]}" .ini)" .json)]=$("$check" --get guest_seconds "${inis[$i]}")
done
run_guest_s() {	# RUNDIR
	local name tag n=1
	name=$(basename "$(dirname "$1")") tag=$(basename "$1")
	[[ $tag == baseline-* ]] || n=$(grep -c . "$out/inputs/$name/$tag/points.tsv")
	awk -v g="${gs[$name]:-0}" -v n="$n" 'BEGIN { print g * n }'
}

if [ "$ntodo" -gt 0 ]; then
	done=0 failed=0 total=0
	while read -r -a job; do
		total=$(awk -v a="$total" -v b="$(run_guest_s "${job[5]}")" 'BEGIN { print a + b }')
	done <"$out/jobs.txt"
	progress_start "$ntodo" "$total"
	while read -r line; do
		case $line in
		"tune-run: ok "* | "tune-run: kept "*) done=$((done + 1)) ;;
		"tune-run: FAILED "*) done=$((done + 1)) failed=$((failed + 1)); echo "$line" >&2 ;;
		*) continue ;;
		esac
		rd=${line#tune-run: * }
		rd=${rd%% *}
		rd=${rd%:}
		progress_step "$(basename "$(dirname "$rd")")/$(basename "$rd")" "$(run_guest_s "$rd")"
	done < <(parallel --will-cite -j "$jobs" --joblog "$out/joblog.txt" --halt never <"$out/jobs.txt")
	if [ "$failed" -gt 0 ]; then
		echo "tune: $failed of $ntodo runs failed (above); the completed runs are kept: re-run the same command to retry the rest" >&2
		exit 1
	fi
	[ "$done" -eq "$ntodo" ] || { echo "tune: only $done of $ntodo runs reported back" >&2; exit 1; }
fi

. "$src/scripts/tune-merge.sh"
