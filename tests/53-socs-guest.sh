#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Every shipped SoC description in the guest: a scenario run on it passes
# the analysis with its cross-checks (trace against the driver's meter and
# the sysfs counters), its manifest names the SoC, and its trace names the
# SoC's states (summary.json, from the trace alone).  A threshold sweep on
# an SoC of two kinds of cluster is planned on both clusters' controls.
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

# a sweep of a state on juno-r2 moves that state on both clusters; one
# cluster's by CLUSTER:STATE; the plan alone (--export), no scenario boots
sweep=$IDLESIM_SCRATCH/tune-juno
expect_exit 0 env IDLESIM_SOC=juno-r2 scripts/tune.sh --scenario audio --out "$sweep" \
	--state cpu-sleep --values 1500,2500 --export slurm
expect_grep "a72_s1_residency_us=1500 a53_s1_residency_us=1500" "$(cat "$sweep/points.tsv")" "both clusters moved together"
expect_grep "^soc " "$(cat "$sweep/sweep.conf")" "the sweep records its SoC"
expect_exit 0 env IDLESIM_SOC=juno-r2 scripts/tune.sh --scenario audio --out "$sweep-a53" \
	--state a53:cpu-sleep --values 1500,2500 --export slurm
[ "$(cut -f3 "$sweep-a53/points.tsv" | grep -c '^a53_s1_residency_us=[0-9]*$')" -eq 3 ] ||
	fail "a53:cpu-sleep: expected 3 points of a53_s1_residency_us alone: $(cat "$sweep-a53/points.tsv")"
expect_exit 2 env IDLESIM_SOC=juno-r2 scripts/tune.sh --scenario audio --out "$sweep-bad" \
	--state a57:cpu-sleep --values 1500
expect_grep "no cluster 'a57'; the SoC has: a72 a53" "$out" "an unknown cluster"
echo ok
