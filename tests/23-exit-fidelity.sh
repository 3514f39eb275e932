#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Exit latencies are charged exactly, never waited out.  On every idle
# period of a short run (menu_deepest, so that demotions happen):
#   - the exit latency charged is the entered state's in the period's
#     table, to the ns;
#   - the energy is (power x charged idle time + active power x exit
#     latency) / 10^6 nJ (active power from the run's busy time and
#     energy), the charged idle time being the time in WFI less what
#     absorbed the exits still pending on that CPU;
#   - the time in WFI is what the trace's own time stamps say;
#   - the CPU leaves ->enter() right after WFI: a delay loop there (the
#     old exit spin) would put the state's exit latency between wake_ns
#     and the core's idle exit;
#   - a timer wake-up reaches the driver on time: one waited for inside
#     the WFI window would show as the emulator's delay.
. tests/lib/common.sh
[ -x "${IDLESIM_WORKLOAD_HOST:-}" ] || skip "the workload generator is not built"
d=$IDLESIM_SCRATCH/run
scripts/run-scenario.sh tests/data/fixture.ini menu_deepest "$d" >"$d.log" 2>&1 ||
	{ tail -20 "$d.log"; fail "the run failed (see $d.log)"; }

trace-cmd report -t -i "$d/results/trace.dat" 2>/dev/null >"$IDLESIM_SCRATCH/report.txt" ||
	fail "trace-cmd report failed"
res=$(awk -f tests/lib/report.awk -f <(printf '%s\n' '
$4 == "simsoc_period:" {
	c = val("cpu"); s = val("seq")
	arr("exit_latency_ns", l); arr("power", p)
	for (j = 0; j < 8; j++) { lat[c, s, j] = l[j]; pw[c, s, j] = p[j] }
	b = val("busy_ns") + 0
	if (b > best) { best = b; act = val("busy_energy") * 1e6 / b }
	next
}
$4 == "simsoc_enter:" { c = val("cpu"); ent[c] = ns($3); seq[c] = val("seq"); next }
$4 == "simsoc_exit:" {
	c = val("cpu"); s = val("seq"); st = val("state")
	ex = val("exit_latency_ns") + 0; res = val("residency_ns") + 0; e = val("energy") + 0
	wake[c] = val("wake_ns") + 0; lag = val("lag_ns") + 0; wfi = res - ex + lag
	# the lag absorbs the exits still pending; what was pending when the
	# trace began is known from the first period that absorbed it all
	known = have[c]
	if (!known && res != ex)
		{ pending[c] = lag; have[c] = known = 1 }
	plag = pending[c]
	if (known)
		pending[c] += ex - lag
	if (seq[c] != s || !((c, s, st) in lat))
		next
	n++
	if (known && (lag > plag || (lag < plag && res != ex)))
		{ printf "bad cpu%d seq %d: %d ns of WFI absorbed, %d ns of exits pending\n", c, s, lag, plag; bad++ }
	if (ex != lat[c, s, st] + 0)
		{ printf "bad cpu%d seq %d: exit latency %d charged, table %d\n", c, s, ex, lat[c, s, st]; bad++ }
	want = (pw[c, s, st] * (wfi - lag) + act * ex) / 1e6
	if (e - want > 2 || want - e > 2)
		{ printf "bad cpu%d seq %d: energy %d nJ, model %.1f\n", c, s, e, want; bad++ }
	gap = wake[c] - ent[c] - wfi
	if (gap < 0 || gap > 20000)
		{ printf "bad cpu%d seq %d: in WFI %d ns, trace says %d\n", c, s, wfi, wake[c] - ent[c]; bad++ }
	if (st > 0) deep++
	next
}
$4 == "cpu_idle:" && val("state") == "4294967295" {
	c = val("cpu_id")
	if (c in wake) {
		tail = ns($3) - wake[c]
		if (tail > maxtail) maxtail = tail
		delete wake[c]
	}
}
END { printf "periods %d deep %d bad %d maxtail %d active_uw %.0f\n", n, deep, bad, maxtail, act }
') "$IDLESIM_SCRATCH/report.txt")
grep '^bad ' <<<"$res" | head -5
read -r _ n _ deep _ bad _ maxtail _ act < <(tail -1 <<<"$res")
[ "$n" -ge 50 ] && [ "$deep" -ge 10 ] || fail "too few periods to judge: $n, $deep in states deeper than WFI"
[ "$bad" -eq 0 ] || fail "$bad failed checks on $n periods: not charged as modelled"
# the shallowest state past WFI has a 167 us exit latency
[ "$maxtail" -le 50000 ] || fail "up to $maxtail ns from leaving WFI to the core's idle exit: something waits in ->enter()"
emax=$(sed -n 's/.*"emulator_max": \([0-9]*\).*/\1/p' "$d/analysis/summary.json")
[ -n "$emax" ] && [ "$emax" -le 5000 ] ||
	fail "a timer wake-up reached the driver ${emax:-?} ns after its time (one thread, no other vCPU busy)"
note "$n periods ($deep deeper than WFI): exit latency and energy as modelled (active $act uW); at most $maxtail ns from WFI to the idle exit; timer wake-ups at most $emax ns late"
echo ok
