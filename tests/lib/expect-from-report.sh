#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# An implementation of the analysis's per-state figures that shares no
# code with it, for tests/63-analysis-fixture.sh: it reads the text of
# `trace-cmd report` (the analysis reads trace.dat with libtracecmd) and
# applies the definitions of docs/ARCHITECTURE.md and sim-driver/MODEL.md:
#
#   a period is a simsoc_exit whose CPU and seq had a simsoc_enter;
#   its transition energy is energy - power[state] * (residency - exit) / 1e6
#   (exit: the exit_latency_ns it charged);
#   active energy is the busy_energy of every simsoc_period: the busy
#   time before a prepare is real whether or not the period completed;
#   a cluster (CPUs from the guest's energy meter file) is, while all its
#   CPUs are idle, in the shallowest of their states (a CPU is in the
#   requested state from its cpu_idle entry, in the one entered from its
#   simsoc_enter, busy from its cpu_idle exit);
#   a phase (from the generator's phase_begin and phase_end markers) holds
#   the periods whose cpu_idle exit lies inside it and the busy energy of
#   the simsoc_period events inside it;
#   a wake-up (from the workload's wakeups-T.tsv, times from t0_ns of its
#   summary; the trace is on CLOCK_MONOTONIC) was served from an idle
#   period of the CPU it woke on if its intended time lies between the
#   period's cpu_idle entry and the wake_ns of its simsoc_exit, and the
#   thread ran after that: its parts are the exit latency charged (model),
#   wake_ns minus the intended time (emulator) and the rest of its
#   lateness (guest).
#
# usage: expect-from-report.sh RUNDIR
# prints "state CPU STATE COUNT TOTAL_NS ENERGY_NJ TRANSITION_NJ" lines and
# "active ACTIVE_NJ", "idle IDLE_NJ", "demoted N",
# "cluster K STATE COUNT TOTAL_NS" lines,
# "phase THREAD INDEX PERIODS IDLE_NJ ACTIVE_NJ" lines and
# "split SERVED MODEL_NS EMULATOR_NS GUEST_NS" (sums over the wake-ups) and
# "judged NS" per wake-up: model + guest, what budgets are judged on.
set -euo pipefail
clusters=$(sed -n 's/^cpu\([0-9]*\) cluster=\([0-9]*\) .*/\1:\2/p' "$1/results/cpuidle-before.energy" | paste -sd' ')
t0=$(sed -n 's/^scenario=.* t0_ns=\([0-9]*\).*/\1/p' "$1/results/workload-summary.txt")
wakeups=$(cat "$1"/results/wakeups-*.tsv | awk '!/^#/ { printf "%s:%s:%s ", $10, $4, $5 }')
prog='
BEGIN {
	ncl = split(clusters, cc, " ")
	for (i = 1; i <= ncl; i++) {
		split(cc[i], kv, ":")
		cl[kv[1]] = kv[2]; cpus[++ncpu] = kv[1]; cst[kv[1]] = -2
	}
	for (i = 1; i <= ncpu; i++) clstate[cl[cpus[i]]] = -1
}
function cpu_is(c, st, t,   k, i, m, old) {
	if (!(c in cl))
		return
	cst[c] = st; k = cl[c]; m = 1000
	for (i = 1; i <= ncpu; i++)
		if (cl[cpus[i]] == k) {
			if (cst[cpus[i]] < 0) { m = -1; break }
			if (cst[cpus[i]] < m) m = cst[cpus[i]]
		}
	old = clstate[k]
	if (m == old)
		return
	if (old >= 0) cltime[k, old] += t - since[k]
	if (m >= 0) clcount[k, m]++
	clstate[k] = m; since[k] = t; clseen[k] = 1
}
$4 == "print:" && $6 == "idlesim:" && ($7 == "phase_begin" || $7 == "phase_end") {
	k = val("thread") SUBSEP val("index")
	if ($7 == "phase_begin") { pb[k] = ns($3); pe[k] = -1 } else pe[k] = ns($3)
	next
}
$4 == "cpu_idle:" {
	c = val("cpu_id"); st = val("state")
	if (st == "4294967295" && (c in pend_e)) { nx++; xt[nx] = ns($3); xe[nx] = pend_e[c]; delete pend_e[c] }
	if (st == "4294967295") { cpu_is(c, -1, ns($3)); inidle[c] = 0 }
	else { cpu_is(c, st + 0, ns($3)); inidle[c] = 1; req[c] = st + 0; idle_from[c] = ns($3) }
	next
}
$4 == "simsoc_period:" {
	c = val("cpu"); s = val("seq")
	active += val("busy_energy")
	nb++; bt[nb] = ns($3); be[nb] = val("busy_energy")
	arr("power", pw)
	for (j = 0; j < 8; j++)
		power[c, s, j] = pw[j]
	next
}
$4 == "simsoc_enter:" {
	c = val("cpu"); s = val("seq")
	entered[c, s] = 1
	if (val("requested") != val("entered"))
		dem[c, s] = 1
	if (inidle[c] && val("entered") + 0 != req[c])
		cpu_is(c, val("entered") + 0, ns($3))
	next
}
$4 == "simsoc_exit:" {
	c = val("cpu"); s = val("seq")
	if (!((c, s) in entered))
		next
	st = val("state"); res = val("residency_ns") + 0; ex = val("exit_latency_ns") + 0; e = val("energy") + 0
	n[c, st]++
	tot[c, st] += res
	en[c, st] += e
	idle += e
	pend_e[c] = e
	if ((c, s, st) in power && ex <= res) {
		tr = e - power[c, s, st] * (res - ex) / 1e6
		trans[c, st] += tr > 0 ? tr : 0
	}
	np[c]++; pfrom[c, np[c]] = idle_from[c]; pwake[c, np[c]] = val("wake_ns") + 0; pexit[c, np[c]] = ex
	if ((c, s) in dem)
		demoted++
	seen[c, st] = 1
	next
}
END {
	for (k in seen) {
		split(k, ks, SUBSEP)
		printf "state %d %d %d %.0f %.0f %.0f\n", ks[1], ks[2], n[k], tot[k], en[k], trans[k]
	}
	printf "active %.0f\nidle %.0f\ndemoted %d\n", active, idle, demoted
	for (k in clseen)
		for (st = 0; st < 8; st++)
			if ((k, st) in clcount)
				printf "cluster %d %d %d %.0f\n", k, st, clcount[k, st], cltime[k, st]
	for (k in pb) {
		split(k, ks, SUBSEP)
		pn = pi = pa = 0
		for (i = 1; i <= nx; i++)
			if (xt[i] >= pb[k] && (pe[k] < 0 || xt[i] < pe[k])) { pn++; pi += xe[i] }
		for (i = 1; i <= nb; i++)
			if (bt[i] >= pb[k] && (pe[k] < 0 || bt[i] < pe[k])) pa += be[i]
		printf "phase %s %d %d %.0f %.0f\n", ks[1], ks[2], pn, pi, pa
	}
	nw = split(wakeups, ws, " ")
	for (w = 1; w <= nw; w++) {
		split(ws[w], f, ":")
		c = f[1]; it = t0 + f[2]; at = t0 + f[3]
		late = at - it; if (late < 0) late = 0
		mx = 0
		for (i = 1; i <= np[c]; i++)
			if (pfrom[c, i] <= it && it < pwake[c, i]) {
				if (at >= pwake[c, i]) {
					d = pwake[c, i] - it; if (d > late) d = late
					mx = pexit[c, i]
					served++; model += mx; emul += d; late -= d
				}
				break
			}
		guest += late
		printf "judged %.0f\n", mx + late
	}
	printf "split %d %.0f %.0f %.0f\n", served, model, emul, guest
}'
trace-cmd report -t -i "$1/results/trace.dat" 2>/dev/null |
	awk -v clusters="$clusters" -v t0="${t0:-0}" -v wakeups="$wakeups" \
		-f "$(dirname "$0")/report.awk" -f <(printf '%s\n' "$prog") |
	sort -k1,1 -k2,2n -k3,3n
