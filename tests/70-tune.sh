#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Threshold tuning (scripts/tune.sh): bad sweeps are refused before any
# scenario boots; a 3-value sweep of cluster-off's target residency (4
# points with the current value) produces tune.csv, the front and a
# recommendation consistent with the per-point figures; re-running skips
# what is done; an interrupted run is redone and the rest kept; the
# exports run under GNU parallel (against this machine) and as a Slurm
# array script that passes bash -n.
. tests/lib/common.sh
. tests/lib/tune-checks.sh
[ -x "${IDLESIM_WORKLOAD_HOST:-}" ] || skip "the workload generator is not built"
scn=$PWD/tests/data/tune-short.ini
dir=$IDLESIM_SCRATCH/sweep
tune() { scripts/tune.sh --scenario "$scn" --jobs 2 "$@"; }

# --- refused before any scenario boots -----------------------------------------
bad=$IDLESIM_SCRATCH/bad
expect_exit 2 tune --out "$bad" --state nosuch --values 1000
expect_grep "unknown state 'nosuch'; the driver has: WFI \(s0\) core-ret \(s1\) core-off \(s2\) cluster-off \(s3\) soc-sleep \(s4\)" "$out" "unknown state"
expect_exit 2 tune --out "$bad" --state cluster-off --values 200000
expect_grep "s3_residency_us=200000: outside the control's range 1\.\.100000" "$out" "out of range"
expect_exit 2 tune --out "$bad" --state s3 --values 5000:2000:500
expect_grep "reversed range \(lo 5000 > hi 2000\)" "$out" "reversed range"
expect_exit 2 tune --out "$bad" --state s3 --values ,
expect_grep "empty list of values" "$out" "empty list"
expect_exit 2 tune --out "$bad" --state s3 --values 3000,abc
expect_grep "'abc' is not a whole number" "$out" "not a number"
expect_exit 2 tune --out "$bad" --state cluster-off --values 1600
expect_grep "point 's3_residency_us=1600': rejected by the driver: s2_residency_us 2000 > s3_residency_us 1600; its model requires s2_residency_us <= s3_residency_us" "$out" "cross-check, asked of the driver"
expect_exit 2 tune --out "$bad" --state s3 --values 3000 --budget 1fortnight
expect_grep "BUDGET=1fortnight: expected a duration" "$out" "bad budget"
expect_exit 2 tune --out "$bad" --state s3 --values 3000 --misses 150%
expect_grep "MISSES=150%: more than 100 %" "$out" "bad miss rate"
sed 's/^\[thread mixer\]/[model]\ns3_residency_us = 3000\n\n&/' "$scn" >"$IDLESIM_SCRATCH/sets.ini"
expect_exit 2 scripts/tune.sh --scenario "$IDLESIM_SCRATCH/sets.ini" --out "$bad" --state s3 --values 4000
expect_grep "the scenario sets s3_residency_us itself" "$out" "scenario sets the control"
expect_exit 2 tune --out "$bad" --grid "s3=3000 cluster-off=4000"
expect_grep "GRID: state cluster-off given twice" "$out" "grid: a state twice"
# the merge's own limits, checked before booting (a 65-seed sweep used to
# boot every run and fail at the merge)
read -r _ maxrep < <("$IDLESIM_ANALYZE" tune --limits | grep '^repeats ')
expect_exit 2 tune --out "$bad" --state s3 --values 3000 --repeats $((maxrep + 1))
expect_grep "REPEATS=$((maxrep + 1)): expected a count from 1 to $maxrep" "$out" "too many repeats"
read -r _ maxscn < <("$IDLESIM_ANALYZE" tune --limits | grep '^scenarios ')
expect_exit 2 scripts/tune.sh --jobs 2 --out "$bad" --state s3 --values 3000 \
	--scenario "$(yes "$scn" | head -$((maxscn + 1)) | tr '\n' ' ')"
expect_grep "$((maxscn + 1)) scenarios, at most $maxscn in one sweep" "$out" "too many scenarios"
expect_exit 2 tune --out "$bad" --grid "core-off=2000,2100,2200,2300,2400 cluster-off=2500:2698:2"
expect_grep "points: at most [0-9]+ in one sweep" "$out" "too many points"
[ ! -d "$bad/runs" ] || fail "a refused sweep left runs behind"

# --- a grid: the product of the values (with each current one), exported only -------
grid=$IDLESIM_SCRATCH/grid
expect_exit 0 tune --out "$grid" --grid "core-off=1500,2000 cluster-off=3000" --export slurm
expect_grep "2 control\(s\) s2_residency_us s3_residency_us: 4 points" "$out" "grid size"
pts=$(grep -v '^#' "$grid/points.tsv" | cut -f2-)
for want in "0	s2_residency_us=1500 s3_residency_us=2500" "0	s2_residency_us=1500 s3_residency_us=3000" \
	"1	s2_residency_us=2000 s3_residency_us=2500" "0	s2_residency_us=2000 s3_residency_us=3000"; do
	grep -qxF "$want" <<<"$pts" || fail "grid: no point '$want' in points.tsv: $pts"
done
bash -n "$grid/tune.sbatch" || fail "grid: tune.sbatch does not parse"
[ ! -d "$grid/runs" ] || fail "an export ran something"
# an exported job gets the environment make gives its own runs, all of it
[ -n "${IDLESIM_RUN_VARS:-}" ] || fail "IDLESIM_RUN_VARS is not set (run through make test)"
for v in $IDLESIM_RUN_VARS; do
	grep -q "^export $v=" "$grid/env" || fail "the exported env lacks $v, which make passes its runs"
done
for v in IDLESIM_MEM IDLESIM_WINDOW IDLESIM_APPEND IDLESIM_SMP IDLESIM_SIMSOC_KO; do
	grep -qw "$v" <<<"$IDLESIM_RUN_VARS" || fail "make's run environment lacks $v"
done

# --- the sweep ------------------------------------------------------------------
expect_exit 0 tune --out "$dir" --state cluster-off --values 2000,5000,9000
expect_grep "4 points \(current: s3_residency_us=2500\)" "$out" "the current value is a point"
# one line per run: a baseline of the 4 s scenario, two boots of two points
# (in the order they finish: the baseline's 4 s or a boot's 8 s first)
expect_grep "^  \[1/3\] tune-short/(baseline-seed7: 4|menu-seed7-c[01]: 8)\.0 of 20.0 guest s done in [0-9]+ s, about [0-9]+ s left$" "$out" "first progress line"
expect_grep "^  \[3/3\] tune-short/menu-seed7-c[01]: 20.0 of 20.0 guest s done in [0-9]+ s$" "$out" "last progress line"
csv=$IDLESIM_SCRATCH/sweep/results/tune.csv
[ -s "$csv" ] || fail "no tune.csv"
for f in tune.json front.csv recommendation.txt tune-energy.png tune-energy.svg tune-pareto.png tune-pareto.svg; do
	[ -s "$IDLESIM_SCRATCH/sweep/results/$f" ] || fail "no results/$f"
done
head -1 "$csv" | grep -q '^point,label,x,current,runs,energy_nj,energy_ci95_nj,ratio_to_baseline,ratio_to_oracle,wakeups,lateness_mean_ns,lateness_p99_ns,lateness_max_ns,misses,miss_rate,meets_budget,pareto,recommended,share_s0' ||
	fail "tune.csv header: $(head -1 "$csv")"
[ "$(tail -n +2 "$csv" | wc -l)" -eq 4 ] || fail "tune.csv: expected 4 points"

verdict=$(check_recommendation "$IDLESIM_SCRATCH/sweep/results") || exit 1
note "1 % misses: $verdict"

# every point's energy is its run's own analysis of that point
while IFS=, read -r p _ _ _ _ e _; do
	[ "$p" = point ] && continue
	j=$(ls "$dir"/runs/tune-short/menu-seed7-c*/analysis/p"$p"/summary.json)
	want=$(sed -n 's/.*"energy_nj": { "total": \([0-9]*\).*/\1/p' "$j" | head -1)
	awk -v a="$e" -v b="$want" 'BEGIN { exit !(a - b < 1.5 && b - a < 1.5) }' ||
		fail "point $p: tune.csv says $e nJ, its analysis $want nJ"
done <"$csv"

# --- a looser budget: merged from the same runs, nothing boots ---------------------
cp "$csv" "$IDLESIM_SCRATCH/tune-1ms.csv"
expect_exit 0 tune --out "$dir" --state cluster-off --values 2000,5000,9000 --budget 100ms
expect_grep "3 runs, 3 already done, 0 to run" "$out" "re-run skips the done runs"
verdict=$(consistent_results "$csv") || fail "$verdict"
# the same wake-ups, judged against a budget 100 times longer: never more misses
join -t, <(cut -d, -f1,10,14 "$IDLESIM_SCRATCH/tune-1ms.csv" | tail -n +2) <(cut -d, -f1,10,14 "$csv" | tail -n +2) |
	awk -F, '$2 != $4 || $5 > $3 { print "point " $1 ": " $2 " wake-ups, " $3 " misses at 1 ms; " $4 ", " $5 " at 100 ms"; bad = 1 } END { exit bad }' ||
	fail "a longer budget changed the wake-ups or added misses"
expect_grep "budget 100 ms" "$(cat "$IDLESIM_SCRATCH/sweep/results/recommendation.txt")" "the budget override"

# --- a different sweep in the same directory is refused, its runs kept ------------
expect_exit 2 tune --out "$dir" --state cluster-off --values 2000,6000
expect_grep "holds a different sweep" "$out" "changed definition"

# --- an interrupted run: exported, then run under GNU parallel on this machine ------
victim=$(ls -d "$IDLESIM_SCRATCH"/sweep/runs/tune-short/menu-seed7-c* | head -1)
keep=$IDLESIM_SCRATCH/sweep/runs/tune-short/baseline-seed7
stamp=$(stat -c %Y.%i "$keep/manifest")
rm "$victim/.tune-done"
expect_exit 0 tune --out "$dir" --state cluster-off --values 2000,5000,9000 --export slurm
expect_grep "exported 1 runs: sbatch" "$out" "slurm export"
sb=$IDLESIM_SCRATCH/sweep/tune.sbatch
bash -n "$sb" || fail "tune.sbatch does not parse"
grep -qx '#SBATCH --array=1-1' "$sb" || fail "tune.sbatch: not an array of the 1 pending run"
expect_exit 0 tune --out "$dir" --state cluster-off --values 2000,5000,9000 --export parallel
[ "$(grep -c . "$IDLESIM_SCRATCH/sweep/jobs.txt")" -eq 1 ] || fail "jobs.txt: expected the 1 pending run"
echo ":" >"$IDLESIM_SCRATCH/sshlogin"
expect_exit 0 "$IDLESIM_SCRATCH/sweep/run-parallel.sh" "$IDLESIM_SCRATCH/sshlogin"
expect_grep "tune-run: ok $victim" "$out" "the run under GNU parallel"
ls "$IDLESIM_SCRATCH"/sweep/incomplete/tune-short-"$(basename "$victim")".* >/dev/null 2>&1 ||
	fail "the interrupted run was not kept aside in incomplete/"
[ "$(stat -c %Y.%i "$keep/manifest")" = "$stamp" ] || fail "a completed run was redone"
expect_exit 0 tune --out "$dir" --state cluster-off --values 2000,5000,9000
expect_grep "0 to run" "$out" "merge after the export"
verdict=$(consistent_results "$csv") || fail "$verdict"

# --- the baseline is the run whose manifest says so, not a governor's name --------
roles=$IDLESIM_SCRATCH/roles
cp -a "$IDLESIM_SCRATCH/sweep/runs" "$roles"
runs=("$roles"/tune-short/*/)
expect_exit 0 "$IDLESIM_ANALYZE" tune --out "$roles/ok" --points "$dir/points.tsv" "${runs[@]}"
expect_grep '"baseline": \{ "governor": "menu_deepest"' "$(cat "$roles/ok/tune.json")" "the baseline's governor, from its manifest"
sed -i '/^role /d' "$roles/tune-short/baseline-seed7/manifest"
expect_exit 1 "$IDLESIM_ANALYZE" tune --out "$roles/bad" --points "$dir/points.tsv" "${runs[@]}"
expect_grep "baseline-seed7/: manifest has no 'role baseline' or 'role sweep'" "$out" "a run without its role"
# --- the fragment on a board's own nodes ----------------------------------------
# juno-r2's description names each state's device-tree node (dt=, from the
# import): the recommendation refers to the board's node, which both of
# its clusters share, so the a53's figure is said, not written twice
juno=$IDLESIM_SCRATCH/juno
expect_exit 0 env IDLESIM_SOC=juno-r2 scripts/tune.sh --scenario "$scn" --jobs 2 --out "$juno" \
	--state cpu-sleep --values 2500 --budget 100ms
dts=$juno/results/recommendation.dtsi
grep -q '^&{/cpus/idle-states/cpu-sleep-0} {' "$dts" ||
	fail "juno-r2: recommendation.dtsi does not refer to the board's node: $(cat "$dts")"
grep -q 'a53_s1_residency_us=[0-9]*, state 1 of \[cluster a53\] of juno-r2: min-residency-us is written above for another cluster sharing /cpus/idle-states/cpu-sleep-0' "$dts" ||
	fail "juno-r2: the shared node's second figure is not said: $(cat "$dts")"
# the fragment after a DTS that has the node: dtc takes the board's value
printf '/dts-v1/;\n/ { cpus { idle-states { cpu-sleep-0 { min-residency-us = <1>; }; }; }; };\n' >"$juno/board.dts"
rec=$(sed -n 's/^\tmin-residency-us = <\([0-9]*\)>;/\1/p' "$dts")
{ cat "$juno/board.dts"; grep -v '^//' "$dts"; } | dtc -q -I dts -O dts -o - - >"$juno/merged.dts" ||
	fail "dtc does not take the fragment after a board's DTS"
grep -q "min-residency-us = <$(printf '0x%x' "$rec")>;" "$juno/merged.dts" ||
	fail "the merged DTS does not carry the recommended $rec us: $(cat "$juno/merged.dts")"
note "juno-r2: the fragment sets /cpus/idle-states/cpu-sleep-0's min-residency-us to $rec"

echo ok
