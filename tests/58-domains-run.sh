#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# A scenario run with the cluster and SoC states in genpd domains and the
# masked-state tick rule off (DOMAINS=genpd MASKED_TICK=off): the manifest
# says both, the trace holds the domains' decisions, the analysis trusts
# the run (meter and sysfs cross-checks), its price of the periods as run
# is the driver's charge, and menu's rule replayed without the tick rule
# chooses what the kernel chose; replayed with the tick always kept for a
# masked state, as the manifest can ask, it does not.  Compared with a
# teo run, each governor's time in the domains' states is the mean of its
# runs' own, and plotted.  genpd judges by the last CPU's period.
. tests/lib/common.sh
[ -x "${IDLESIM_ANALYZE:-}" ] || skip "the analysis is not built"
d=$IDLESIM_SCRATCH/audio
IDLESIM_DOMAINS=genpd IDLESIM_MASKED_TICK=off scripts/run-scenario.sh audio menu "$d" >"$d.log" 2>&1 ||
	{ tail -20 "$d.log"; fail "audio under menu with genpd domains failed"; }
grep -qx 'domains genpd' "$d/manifest" || fail "the manifest does not say 'domains genpd'"
grep -qx 'masked_tick off' "$d/manifest" || fail "the manifest does not say 'masked_tick off'"
n=$(trace-cmd report -i "$d/results/trace.dat" 2>/dev/null | grep -c 'simsoc_domain:.* state=[0-9]')
[ "$n" -ge 1 ] || fail "the trace holds no domain power-off"
s=$d/analysis/summary.txt
# domains.csv: every stay the trace shows (an off, then the same domain's
# on), by domain and state, with its length
want=$(trace-cmd report -i "$d/results/trace.dat" 2>/dev/null | awk '
	/simsoc_domain:/ {
		for (i = 1; i <= NF; i++) { split($i, kv, "="); f[kv[1]] = kv[2] }
		if (f["state"] >= 0) { off[f["domain"]] = f["state"]; next }
		if (f["domain"] in off) { n[f["domain"] "," off[f["domain"]]]++; ns[f["domain"] "," off[f["domain"]]] += f["off_ns"] }
		delete off[f["domain"]]
	}
	END { for (k in n) printf "%s,%d,%.0f\n", k, n[k], ns[k] }' | sort)
got=$(awk -F, 'NR > 1 && $4 > 0 { print $1 "," $3 "," $4 "," $5 }' "$d/analysis/domains.csv" | sort)
[ -n "$want" ] && [ "$want" = "$got" ] ||
	fail "domains.csv's stays are not the trace's: want '$want', got '$got'"
grep -q '^  domains, in the states genpd chose at the last CPU:' "$s" ||
	fail "summary.txt does not show the domains' states"
grep -q "cross-check: the trace's energy matches the driver's meter on every CPU" "$s" ||
	fail "meter cross-check not passed: $(grep cross-check "$s")"
grep -q 'cross-check: per-state usage and time agree' "$s" || fail "sysfs cross-check not passed"
grep -q 'states: 0 WFI 1 core-ret 2 core-off$' "$s" || fail "cpuidle's states are not the clock and core states: $(grep states: "$s")"
read -r model driver < <(sed -n 's/.*as run *\([0-9.]*\) mJ *(the driver charged \([0-9.]*\) mJ).*/\1 \2/p' "$s")
awk -v m="$model" -v d="$driver" 'BEGIN { exit !(m > 0 && (m - d) ^ 2 < 0.01 ^ 2) }' ||
	fail "the analysis prices the periods as run at ${model:-?} mJ, the driver charged ${driver:-?} mJ"
rule() {	# RULES.CSV RULE FIELD(3 energy, 5 agreement)
	awk -F, -v r="$2" -v f="$3" '$1 == r { print $f }' "$1"
}
agree=$(rule "$d/analysis/rules.csv" lowest_power 5)
awk -v a="$agree" 'BEGIN { exit !(a >= 0.999) }' || fail "menu's rule replayed agrees on $agree of the periods, below 0.999"
cp -a "$d" "$d-keep"
rm -rf "$d-keep/analysis"
sed -i 's/^masked_tick .*/masked_tick always/' "$d-keep/manifest"
expect_exit 0 "$IDLESIM_ANALYZE" run "$d-keep"
keep=$(rule "$d-keep/analysis/rules.csv" lowest_power 5)
awk -v k="$keep" -v a="$agree" 'BEGIN { exit !(k < a) }' ||
	fail "replayed with the tick rule, menu still agrees ($keep) as well as without it ($agree)"

# compared: each governor's time in each domain state, the mean of its
# runs' own domains.csv (checked against the trace above).  A teo run of
# the same seed, and copies of it labelled with the next seed, make
# menu's mean that of two different runs and teo's that of one run twice.
d2=$IDLESIM_SCRATCH/audio-teo
IDLESIM_DOMAINS=genpd IDLESIM_MASKED_TICK=off scripts/run-scenario.sh audio teo "$d2" >"$d2.log" 2>&1 ||
	{ tail -20 "$d2.log"; fail "audio under teo with genpd domains failed"; }
seed=$(awk '$1 == "seed" { print $2 }' "$d/manifest")
for g in menu teo; do
	cp -a "$d2" "$d2-$g"
	sed -i -e "s/^governor .*/governor $g/" -e "s/^seed .*/seed $((seed + 1))/" "$d2-$g/manifest"
done
c=$IDLESIM_SCRATCH/compare
expect_exit 0 "$IDLESIM_ANALYZE" compare --out "$c" "$d" "$d2-menu" "$d2" "$d2-teo"
want=$(awk -F, 'FNR == 1 { run++; next }
	{ k = $2 ":" $7; if (!(k in seen)) { seen[k] = 1; key[++n] = k }
	  g = run <= 2 ? "menu" : "teo"; ns[g, k] += $5; times[g, k] += $4 }
	END { printf "governor"; for (i = 1; i <= n; i++) printf ",%s", key[i]
	      for (i = 1; i <= n; i++) printf ",%s_count", key[i]; printf "\n"
	      split("menu teo", gov, " ")
	      for (j = 1; j <= 2; j++) {
		printf "%s", gov[j]
		for (i = 1; i <= n; i++) printf ",%.3f", ns[gov[j], key[i]] / 2 / 1e6
		for (i = 1; i <= n; i++) printf ",%.1f", times[gov[j], key[i]] / 2
		printf "\n" } }' "$d/analysis/domains.csv" "$d2-menu/analysis/domains.csv" \
	"$d2/analysis/domains.csv" "$d2-teo/analysis/domains.csv")
[ -s "$c/domains.csv" ] || fail "compare wrote no domains.csv for runs with domain stays"
[ "$want" = "$(cat "$c/domains.csv")" ] ||
	{ diff <(echo "$want") "$c/domains.csv"; fail "compare's domains.csv is not the means of the runs' (< runs, > compare)"; }
grep -q '^domains, in the states genpd chose at the last CPU (mean over the runs):' "$c/summary.txt" ||
	fail "compare's summary.txt does not show the domains' states"
gnuplot -e "dir='$c'; scenario='audio'; plots='analysis/plots'" analysis/plots/compare.gp ||
	fail "gnuplot failed on the comparison"
[ -s "$c/domains.png" ] && [ -s "$c/domains.svg" ] || fail "no domains plot"

# genpd judges a domain state by the period of the CPU whose vote powers
# the domain off: with exit latencies jittered by up to 50 % around
# cluster-off's 1.6 ms and a 2 ms CPU latency request, no cluster-off may
# follow a last CPU's period whose exit latency exceeds 2 ms.  Judged by
# the published figures, genpd took cluster-off in such periods too.
j=$IDLESIM_SCRATCH/jitter
cat >"$j.ini" <<'INI'
[scenario]
name = genpd-jitter
description = genpd under per-period exit latencies: jitter 50 %, a 2 ms latency request
duration = 4s
cpus = 2
seed = 3001
latency_budget = 2ms
latency_qos = yes
settle = 500ms
[thread ticker]
[phase tick]
duration = rest
arrival = periodic
period = 20ms
busy = 1ms
hw = jitter_pct=50
INI
IDLESIM_DOMAINS=genpd scripts/run-scenario.sh "$j.ini" menu "$j" >"$j.log" 2>&1 ||
	{ tail -20 "$j.log"; fail "the jitter scenario under genpd failed"; }
read -r offs over dearer < <(trace-cmd report -i "$j/results/trace.dat" 2>/dev/null | awk '
	function fields() { for (i = 1; i <= NF; i++) { split($i, kv, "="); f[kv[1]] = kv[2] } }
	/simsoc_period:/ {
		for (i = 1; i <= NF; i++) if ($i ~ /^cpu=/) cpu = substr($i, 5)
		for (i = 1; i <= NF; i++) if ($i ~ /^exit_latency_ns=/) break
		exit3[cpu] = $(i + 3)
		over += exit3[cpu] > 2000000; periods++
		next
	}
	/simsoc_domain:/ { delete f; fields(); if (f["state"] == 3) { offs++; dearer += exit3[f["cpu"]] > 2000000 } }
	END { printf "%d %.3f %d\n", offs, periods ? over / periods : 0, dearer }')
[ "${offs:-0}" -ge 10 ] || fail "only ${offs:-0} cluster-off power-offs under the jitter: nothing to judge"
awk -v o="$over" 'BEGIN { exit !(o >= 0.1) }' ||
	fail "only a share of $over of the periods has cluster-off's exit above 2 ms: the jitter does not reach"
[ "$dearer" -eq 0 ] ||
	fail "$dearer of $offs cluster-off power-offs followed a last CPU's period whose exit latency exceeds the 2 ms request"
note "$n domain power-offs; periods as run $model mJ (driver $driver mJ); replay agrees on $agree, $keep with the tick rule"
note "jitter 50 %, 2 ms request: $offs cluster-offs, none after a period dearer than 2 ms ($over of the periods are)"
note "compared, ms in each domain state: $(tail -n +2 "$c/domains.csv" | tr '\n' ' ')"
echo ok
