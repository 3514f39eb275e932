#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# One run of a tuning sweep (scripts/tune.sh), hermetic: kernel, initramfs,
# scenario, seed and points in, one run directory out.  This is the unit
# that GNU parallel, a remote host (--sshloginfile) or a Slurm array task
# executes; every line of a sweep's jobs.txt is one call.
#
#   tune-run.sh ENVFILE baseline SCENARIO_FILE SEED RUNDIR
#   tune-run.sh ENVFILE sweep SCENARIO_FILE SEED RUNDIR INPUTDIR
#
# ENVFILE sets the IDLESIM_* variables (written by tune.sh).  baseline
# runs the scenario under menu_deepest with the driver's current values;
# sweep boots once and runs every point of INPUTDIR/points.tsv under
# IDLESIM_TUNE_GOVERNOR, then analyses each point.
#
# RUNDIR/.tune-done marks a run that completed and passed the analysis;
# such a run is never redone.  A run directory without it (an interrupted
# or failed run) is moved aside into IDLESIM_TUNE_OUT/incomplete/, never
# deleted, before the run is redone.
set -uo pipefail

envfile=${1:?usage: tune-run.sh ENVFILE baseline|sweep SCENARIO_FILE SEED RUNDIR [INPUTDIR]}
kind=${2:?} scn=${3:?} seed=${4:?} rundir=${5:?}
inputs=${6:-}
# shellcheck source=/dev/null
. "$envfile" || exit 2
src=${IDLESIM_SRC:?}
analyze=${IDLESIM_ANALYZE:?}
t0=$(date +%s)

if [ -f "$rundir/.tune-done" ]; then
	echo "tune-run: kept $rundir"
	exit 0
fi
if [ -e "$rundir" ]; then
	aside=$IDLESIM_TUNE_OUT/incomplete/$(basename "$(dirname "$rundir")")-$(basename "$rundir").$(date +%Y%m%dT%H%M%S).$$
	mkdir -p "$(dirname "$aside")"
	mv "$rundir" "$aside" || { echo "tune-run: FAILED $rundir: cannot move the incomplete run aside"; exit 1; }
fi
mkdir -p "$(dirname "$rundir")"
log=$rundir.log

failed() {
	echo "tune-run: FAILED $rundir: $* (log: $log)"
	exit 1
}

case $kind in
baseline)
	"$src/scripts/run-scenario.sh" --seed "$seed" "$scn" menu_deepest "$rundir" \
		--meta role=baseline >"$log" 2>&1 ||
		failed "the baseline run failed (exit $?)"
	;;
sweep)
	[ -f "$inputs/points.tsv" ] || failed "no $inputs/points.tsv"
	check=${IDLESIM_WORKLOAD_HOST:?}
	: >"$log"
	rtapp=()
	if [[ $scn == *.json ]]; then
		# an rt-app workload, made a scenario as run-scenario.sh makes it
		calib=$("$src/scripts/rtapp-calibrate.sh" 2>>"$log") || failed "rt-app's calibration boot failed"
		"${IDLESIM_RTAPP:?IDLESIM_RTAPP not set (run through make)}" "$scn" "$inputs/rt-app" "$calib" 2>>"$log" ||
			failed "$scn: not a workload rt-app takes"
		json=$scn
		scn=$inputs/rt-app/$(basename "$json" .json).ini
		rtapp=(--file "$inputs/rt-app/$(basename "$json")" --file "$inputs/rt-app/rtapp-cpus"
			--meta "rtapp_json_sha256=$(sha256sum "$json" | cut -c1-16)"
			--meta "rtapp_calibration_ns_per_loop=$calib")
	fi
	cpus=$(prog=tune-run; . "$src/scripts/lib.sh"; scenario_cpus "$scn" 2>>"$log") ||
		failed "$scn: no CPU count to boot (see $log)"
	gsec=$("$check" --get guest_seconds "$scn")
	npoints=$(grep -c . "$inputs/points.tsv")
	# -icount runs at a fraction of real time, more so with parallel runs
	timeout=$((120 + npoints * (gsec * 4 + 15)))
	echo "$seed" >"$inputs/seed"
	"$src/scripts/run-guest.sh" --job "$src/guest-rootfs/jobs/sweep.sh" --file "$scn" \
		--file "$src/guest-rootfs/jobs/snapshot.sh" \
		--file "$src/guest-rootfs/jobs/record.sh" \
		--file "$inputs/seed" --file "$inputs/points.tsv" --rundir "$rundir" --force \
		--governor "${IDLESIM_TUNE_GOVERNOR:-menu}" --smp "$cpus" --seed "$seed" --timeout "$timeout" \
		--meta "scenario=$(basename "$scn" .ini)" \
		--meta "scenario_sha256=$(sha256sum "$scn" | cut -c1-16)" --meta "seed=$seed" \
		--meta "points=$(cut -f1 "$inputs/points.tsv" | paste -sd,)" --meta role=sweep \
		"${rtapp[@]}" >>"$log" 2>&1 ||
		failed "the sweep boot failed (exit $?)"
	mkdir -p "$rundir/analysis"
	while IFS=$'\t' read -r n _; do
		"$analyze" run --point "$n" --out "$rundir/analysis/p$n" "$rundir" \
			>"$rundir/analysis-p$n.log" 2>&1 ||
			{ cat "$rundir/analysis-p$n.log" >>"$log"; failed "point $n did not pass the analysis"; }
	done <"$inputs/points.tsv"
	;;
*)
	echo "tune-run: unknown kind '$kind' (baseline or sweep)" >&2
	exit 2
	;;
esac
touch "$rundir/.tune-done"
echo "tune-run: ok $rundir ($(($(date +%s) - t0)) s)"
