#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Tuning sweeps: the wall time of a 20-point sweep with the points sharing
# boots against one boot per point, and the speed-up from running boots
# in parallel on this machine's cores.  All four sweeps are of the same
# scenario and points, measured here, one after the other.
set -euo pipefail
s=$IDLESIM_SCRATCH
scn=$PWD/tests/data/tune-short.ini

now() { date +%s.%N; }
# sweep NAME CHUNK JOBS: wall seconds of a complete sweep, from nothing
sweep() {
	local t0 t1
	t0=$(now)
	scripts/tune.sh --out "$s/$1" --scenario "$scn" --state cluster-off \
		--values 2500:9150:350 --chunk "$2" --jobs "$3" >"$s/$1.log" 2>&1
	t1=$(now)
	echo "scale=1; ($t1 - $t0) / 1" | bc
}
shared=$(sweep shared 20 1)
per_point=$(sweep per-point 1 1)
serial=$(sweep two-boots-serial 10 1)
parallel=$(sweep two-boots-parallel 10 2)
points=$(($(grep -c . "$s/shared/points.tsv") - 1))
printf 'tune_sweep_shared_boots\t%s\ts\t%d points, 1 sweep boot + 1 baseline, 1 job\n' "$shared" "$points"
printf 'tune_sweep_boot_per_point\t%s\ts\t%d boots + 1 baseline, 1 job\n' "$per_point" "$points"
printf 'tune_shared_vs_per_point\t%s\tratio\twall time, shared boots / one boot per point (target < 1)\n' \
	"$(echo "scale=4; $shared / $per_point" | bc | xargs printf %.3f)"
printf 'tune_parallel_speedup\t%s\tx\t2 sweep boots of 10 points + baseline, JOBS=1 %s s / JOBS=2 %s s on %d cores\n' \
	"$(echo "scale=4; $serial / $parallel" | bc | xargs printf %.2f)" "$serial" "$parallel" "$(nproc)"
