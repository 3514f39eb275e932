#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Every shipped SoC description in the guest: a scenario run on it passes
# the analysis with its cross-checks (trace against the driver's meter and
# the sysfs counters), its manifest names the SoC, and its trace names the
# SoC's states (summary.json, from the trace alone); state names longer
# than cpuidle's whole there, derived in sysfs.  With CPUS=soc every
# CPU of juno-r2 boots and counts; a CPUS= the scenario or the SoC cannot
# take is refused before any boot.  A threshold sweep on an SoC of two
# kinds of cluster is planned on both clusters' controls.
. tests/lib/common.sh
[ -x "${IDLESIM_WORKLOAD_HOST:-}" ] || skip "the workload generator is not built"
tool=${IDLESIM_SOC_TOOL:?run through make test}
n=0
for f in socs/*.soc; do
	soc=$(basename "$f" .soc)
	d=$IDLESIM_SCRATCH/$soc
	IDLESIM_SOC=$soc scripts/run-scenario.sh audio menu "$d" >"$d.log" 2>&1 ||
		{ tail -20 "$d.log"; fail "audio on $soc failed (see $d.log)"; }
	grep -qx "soc $("$tool" get name "$f")" "$d/manifest" || fail "$soc: the manifest does not name the SoC"
	grep -q 'cross-check: the trace.s energy matches' "$d/analysis/summary.txt" ||
		fail "$soc: the energy cross-check did not run"
	grep -q 'cross-check: per-state usage and time agree' "$d/analysis/summary.txt" ||
		fail "$soc: the sysfs cross-check did not run"
	want=$("$tool" get states "$f" | sed 's/.*/"&"/' | paste -sd, | sed 's/,/, /g')
	grep -qF "\"state_names\": [$want]" "$d/analysis/summary.json" ||
		fail "$soc: summary.json does not name the states [$want]: $(grep state_names "$d/analysis/summary.json")"
	grep -qF "\"soc\": \"$("$tool" get name "$f")\"" "$d/analysis/summary.json" ||
		fail "$soc: summary.json does not name the SoC"
	note "$soc: $(sed -n 's/^  energy: //p' "$d/analysis/summary.txt")"
	n=$((n + 1))
done
[ $n -ge 4 ] || fail "only $n SoCs ran"

# State names longer than cpuidle's 15 characters, as device trees give
# them: the trace, the CSVs and the summaries carry the whole name; sysfs
# the driver's derived one (sim-driver/MODEL.md: 13 characters, '~', the
# index), unique though both share their first 13; a sweep takes the
# whole name.
long=$IDLESIM_SCRATCH/long-names.soc
sed -e 's/\bcluster-off\b/cluster-retention-deep/g' -e 's/\bsoc-sleep\b/cluster-retention-deeper-soc/g' \
	socs/simsoc.soc >"$long"
d=$IDLESIM_SCRATCH/long-names
IDLESIM_SOC=$long scripts/run-scenario.sh audio menu "$d" >"$d.log" 2>&1 ||
	{ tail -20 "$d.log"; fail "audio on long state names failed (see $d.log)"; }
grep -q 'cross-check: per-state usage and time agree' "$d/analysis/summary.txt" ||
	fail "long state names: the sysfs cross-check did not hold"
grep -q '^  SoC simsoc, states: 0 WFI 1 core-ret 2 core-off 3 cluster-retention-deep 4 cluster-retention-deeper-soc$' \
	"$d/analysis/summary.txt" || fail "long state names: summary.txt says $(grep 'SoC simsoc' "$d/analysis/summary.txt")"
grep -qF '"state_names": ["WFI", "core-ret", "core-off", "cluster-retention-deep", "cluster-retention-deeper-soc"]' \
	"$d/analysis/summary.json" || fail "long state names: summary.json says $(grep state_names "$d/analysis/summary.json")"
for csv in states clusters; do
	[ "$(awk -F, 'NR > 1 && $2 == 3 { print $NF }' "$d/analysis/$csv.csv" | sort -u)" = cluster-retention-deep ] ||
		fail "long state names: $csv.csv does not name state 3 cluster-retention-deep"
	csv_shape "$d/analysis/$csv.csv"
done
sysfs=$(sed -n 's/^state: state\([34]\) \([^ ]*\) .*/\1=\2/p' "$d/results/guest-info.txt" | paste -sd' ')
[ "$sysfs" = '3=cluster-reten~3 4=cluster-reten~4' ] ||
	fail "long state names: sysfs names '$sysfs', expected 3=cluster-reten~3 4=cluster-reten~4"
expect_exit 0 env IDLESIM_SOC="$long" scripts/tune.sh --scenario audio --out "$IDLESIM_SCRATCH/tune-long" \
	--state cluster-retention-deep --values 3000,4000 --export slurm
expect_grep "s3_residency_us=3000" "$(cat "$IDLESIM_SCRATCH/tune-long/points.tsv")" "a sweep of cluster-retention-deep"
note "long state names: sysfs $sysfs; $(sed -n 's/^  energy: //p' "$d/analysis/summary.txt")"

# the whole SoC (CPUS=soc): juno-r2's six CPUs boot, its a53 cluster idles
# beside the workload, which keeps to the scenario's CPUs, and counts, and
# the cross-checks hold on all of them
d=$IDLESIM_SCRATCH/juno-all
IDLESIM_SOC=juno-r2 IDLESIM_CPUS=soc scripts/run-scenario.sh audio menu "$d" >"$d.log" 2>&1 ||
	{ tail -20 "$d.log"; fail "audio on all of juno-r2's CPUs failed (see $d.log)"; }
grep -qx "smp 6" "$d/manifest" || fail "CPUS=soc on juno-r2: the manifest says $(grep '^smp' "$d/manifest")"
grep -q "idle periods on 6 CPUs" "$d/analysis/summary.txt" || fail "CPUS=soc: the analysis did not see 6 CPUs"
grep -q '^    cluster1: ' "$d/analysis/summary.txt" || fail "CPUS=soc: no energy for juno-r2's second cluster"
grep -q 'cross-check: the trace.s energy matches' "$d/analysis/summary.txt" &&
	grep -q 'cross-check: per-state usage and time agree' "$d/analysis/summary.txt" ||
	fail "CPUS=soc: the cross-checks did not hold"
# the workload keeps to the scenario's 2 CPUs: every wake-up on CPU 0 or 1
cpus=$(awk '!/^#/ { print $10 }' "$d"/results/wakeups-*.tsv | sort -u | paste -sd' ')
[ -n "$cpus" ] && [ -z "$(tr ' ' '\n' <<<"$cpus" | grep -vx '[01]')" ] ||
	fail "CPUS=soc: the workload woke on CPUs '$cpus', not only on the scenario's 0 and 1"
note "juno-r2, all 6 CPUs: $(sed -n 's/^  energy: //p' "$d/analysis/summary.txt"); the workload on CPUs $cpus"

# every shipped SoC with all its CPUs and its cluster and SoC states in
# genpd domains: cpuidle has the CPU states only, the trace holds domain
# power-offs, and the cross-checks hold
for f in socs/*.soc; do
	soc=$(basename "$f" .soc)
	d=$IDLESIM_SCRATCH/$soc-genpd
	IDLESIM_SOC=$soc IDLESIM_CPUS=soc IDLESIM_DOMAINS=genpd scripts/run-scenario.sh audio menu "$d" >"$d.log" 2>&1 ||
		{ tail -20 "$d.log"; fail "audio on $soc with genpd domains failed (see $d.log)"; continue; }
	grep -q 'cross-check: the trace.s energy matches' "$d/analysis/summary.txt" &&
		grep -q 'cross-check: per-state usage and time agree' "$d/analysis/summary.txt" ||
		fail "$soc with genpd domains: the cross-checks did not hold"
	ncpu=$("$tool" get states "$f" | wc -l)
	ndom=$(grep -c 'off = \(cluster\|soc\)' "$f")
	want=$("$tool" get states "$f" | head -n $((ncpu - ndom)) | sed 's/.*/"&"/' | paste -sd, | sed 's/,/, /g')
	grep -qF "\"state_names\": [$want]" "$d/analysis/summary.json" ||
		fail "$soc with genpd domains: cpuidle's states are not [$want]: $(grep state_names "$d/analysis/summary.json")"
	offs=$(trace-cmd report -i "$d/results/trace.dat" 2>/dev/null | grep -c 'simsoc_domain:.* state=[0-9]')
	[ "$offs" -ge 1 ] || fail "$soc with genpd domains: no domain power-off in the trace"
	note "$soc, all CPUs, genpd domains: $offs domain power-offs; $(sed -n 's/^  energy: //p' "$d/analysis/summary.txt")"
done
# refused before any boot: fewer CPUs than the scenario needs, more than
# the SoC has, a word that is neither
expect_exit 2 env IDLESIM_CPUS=1 scripts/run-scenario.sh audio menu "$IDLESIM_SCRATCH/cpus1"
expect_grep "CPUS=1: .*audio.ini runs on 2 CPUs, more than 1" "$out" "CPUS below the scenario's"
expect_exit 2 env IDLESIM_CPUS=6 scripts/run-scenario.sh audio menu "$IDLESIM_SCRATCH/cpus6"
expect_grep "audio.ini: runs on 6 CPUs \(CPUS=6\); SoC simsoc \(.*simsoc.soc\) has 4$" "$out" "CPUS above the SoC's"
expect_exit 2 env IDLESIM_CPUS=all scripts/run-scenario.sh audio menu "$IDLESIM_SCRATCH/cpusall"
expect_grep "CPUS=all: expected soc \(every CPU of the SoC\) or 1..8" "$out" "CPUS=all"
for r in cpus1 cpus6 cpusall; do [ ! -e "$IDLESIM_SCRATCH/$r" ] || fail "a refused CPUS= left $r"; done

# a sweep of a state on juno-r2 moves that state on both clusters; one
# cluster's by CLUSTER:STATE; the plan alone (--export), no scenario boots
sweep=$IDLESIM_SCRATCH/tune-juno
expect_exit 0 env IDLESIM_SOC=juno-r2 scripts/tune.sh --scenario audio --out "$sweep" \
	--state cpu-sleep --values 1500,2500 --export slurm
expect_grep "a72_s1_residency_us=1500 a53_s1_residency_us=1500" "$(cat "$sweep/points.tsv")" "both clusters moved together"
expect_grep "^soc " "$(cat "$sweep/sweep.conf")" "the sweep records its SoC"
expect_exit 0 env IDLESIM_SOC=juno-r2 IDLESIM_CPUS=soc scripts/tune.sh --scenario audio --out "$sweep-all" \
	--state cpu-sleep --values 1500,2500 --export slurm
expect_grep "^cpus soc$" "$(cat "$sweep-all/sweep.conf")" "the sweep records CPUS="
expect_grep "^export IDLESIM_CPUS=soc$" "$(cat "$sweep-all/env")" "the sweep's runs get CPUS="
expect_exit 0 env IDLESIM_SOC=juno-r2 scripts/tune.sh --scenario audio --out "$sweep-a53" \
	--state a53:cpu-sleep --values 1500,2500 --export slurm
[ "$(cut -f3 "$sweep-a53/points.tsv" | grep -c '^a53_s1_residency_us=[0-9]*$')" -eq 3 ] ||
	fail "a53:cpu-sleep: expected 3 points of a53_s1_residency_us alone: $(cat "$sweep-a53/points.tsv")"
expect_exit 2 env IDLESIM_SOC=juno-r2 scripts/tune.sh --scenario audio --out "$sweep-bad" \
	--state a57:cpu-sleep --values 1500
expect_grep "no cluster 'a57'; the SoC has: a72 a53" "$out" "an unknown cluster"
echo ok
