#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Run one workload scenario under one governor and analyse it:
#
#   run-scenario.sh [--seed N] SCENARIO GOVERNOR RUNDIR [run-guest options]
#
# --seed N runs the scenario (its workload and the sim driver's PRNG)
# under seed N instead of the file's own, for repeats.  The seed reaches
# the guest as a file of the job either way, so that the file's own seed
# given with --seed or not makes the same job, byte for byte, and so the
# same run: make run and the first seed of make compare REPEATS=n agree.
# SCENARIO is a name in workloads/scenarios/, a path to a .ini file, or a
# path to an rt-app JSON (made a scenario by idlesim-rtapp (workloads/src/rtapp.c)).
# The scenario is validated on the host first, against the SoC too
# ($IDLESIM_SOC), so a bad file never costs a boot; then the guest runs
# guest-rootfs/jobs/scenario.sh on it, and idlesim-analyze writes
# RUNDIR/analysis/.
set -uo pipefail

src=${IDLESIM_SRC:-$(cd "$(dirname "$0")/.." && pwd)}
prog=run-scenario
. "$src/scripts/lib.sh"
seed_override=
if [ "${1:-}" = --seed ]; then
	seed_override=${2:?--seed needs a value}
	[[ $seed_override =~ ^[0-9]+$ ]] || { echo "run-scenario: --seed $seed_override: expected an unsigned integer" >&2; exit 2; }
	shift 2
fi
scn=${1:?usage: run-scenario.sh SCENARIO GOVERNOR RUNDIR [run-guest options]}
gov=${2:?usage: run-scenario.sh SCENARIO GOVERNOR RUNDIR [run-guest options]}
rundir=${3:?usage: run-scenario.sh SCENARIO GOVERNOR RUNDIR [run-guest options]}
shift 3
check=${IDLESIM_WORKLOAD_HOST:?IDLESIM_WORKLOAD_HOST not set (run through make)}
analyze=${IDLESIM_ANALYZE:?IDLESIM_ANALYZE not set (run through make)}

file=$(scenario_file "$scn")
( scenario_check "$scn" ) || exit 2
rtapp=()
if [[ $file == *.json ]]; then
	# an rt-app workload: made a scenario with rt-app's ns per loop
	# fixed at this guest's (measured once, cached)
	tmpd=$(mktemp -d)
	trap 'rm -rf "$tmpd"' EXIT
	calib=$("$src/scripts/rtapp-calibrate.sh") || exit 1
	"${IDLESIM_RTAPP:?IDLESIM_RTAPP not set (run through make)}" "$file" "$tmpd" "$calib" 2>/dev/null || exit 2
	json=$file
	file=$tmpd/$(basename "$file" .json).ini
	rtapp=(--file "$tmpd/$(basename "$json")" --file "$tmpd/rtapp-cpus"
		--meta "rtapp_json=$(realpath "$json")"
		--meta "rtapp_json_sha256=$(sha256sum "$json" | cut -c1-16)"
		--meta "rtapp_calibration_ns_per_loop=$calib")
fi
name=$(basename "$file" .ini)
seed=${seed_override:-$("$check" --get seed "$file")} || die "cannot read the seed of $file"
mkdir -p "$(dirname "$rundir")"
seedfile=$(mktemp -d)/seed
trap 'rm -rf "${seedfile%/seed}" ${tmpd:+"$tmpd"}' EXIT
echo "$seed" >"$seedfile"
cpus=$(scenario_cpus "$file") || exit 2

echo "  [run]    $name under $gov (seed $seed, $cpus CPUs)"
"$src/scripts/run-guest.sh" --job "$src/guest-rootfs/jobs/scenario.sh" --file "$file" \
	--file "$src/guest-rootfs/jobs/snapshot.sh" \
	--file "$src/guest-rootfs/jobs/record.sh" \
	--rundir "$rundir" --force --governor "$gov" --smp "$cpus" --seed "$seed" \
	--meta "scenario=$name" --meta "scenario_sha256=$(sha256sum "$file" | cut -c1-16)" \
	--meta "seed=$seed" --file "$seedfile" "${rtapp[@]}" "$@" || exit $?
"$analyze" run "$rundir" >"$rundir/analysis.log" 2>&1 || {
	cat "$rundir/analysis.log" >&2
	exit 1
}
