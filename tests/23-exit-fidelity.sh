#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Exit latencies are charged exactly, never waited out.  On every idle
# period of a short run (menu_deepest, so that demotions happen):
#   - the exit latency charged is the entered state's in the period's
#     table, to the ns;
#   - the energy is (power x charged idle time + transition power x exit
#     latency) / 10^6 nJ, the transition power being the period's
#     transition_uw or, where that is 0, the active power (from the
#     run's busy time and energy), the charged idle time being the time
#     in WFI less what absorbed the exits still pending on that CPU;
#   - the time in WFI is what the trace's own time stamps say;
#   - the CPU leaves ->enter() right after WFI: a delay loop there (the
#     old exit spin) would put the state's exit latency between wake_ns
#     and the core's idle exit;
#   - a timer wake-up reaches the driver on time: one waited for inside
#     the WFI window would show as the emulator's delay.
. tests/lib/common.sh
[ -x "${IDLESIM_WORKLOAD_HOST:-}" ] || skip "the workload generator is not built"
# the default SoC's figures with exits at the active power
# (tests/data/active-exits.soc), and juno-r2, whose deeper states draw their
# own transition power (transition=breakeven)
for soc in active-exits juno-r2; do
d=$IDLESIM_SCRATCH/run-$soc
socf=$soc
[ "$soc" = active-exits ] && socf=tests/data/active-exits.soc
IDLESIM_SOC=$socf scripts/run-scenario.sh tests/data/fixture.ini menu_deepest "$d" >"$d.log" 2>&1 ||
	{ tail -20 "$d.log"; fail "the run on $soc failed (see $d.log)"; }

trace-cmd report -t -i "$d/results/trace.dat" 2>/dev/null >"$IDLESIM_SCRATCH/report-$soc.txt" ||
	fail "trace-cmd report failed"
# the active power in uW, an integer in the driver, from the whole run: the
# one whose busy energy, truncated to the nJ, is the longest busy period's
act=$(awk -f tests/lib/report.awk -f <(printf '%s\n' '
$4 == "simsoc_period:" && val("busy_ns") + 0 > b { b = val("busy_ns") + 0; e = val("busy_energy") + 0 }
END {
	a = e * 1e6 / b; a = a == int(a) ? a : int(a) + 1
	if (!b || int((a + 1) * b / 1e6) == e) exit 1
	print a
}') "$IDLESIM_SCRATCH/report-$soc.txt") ||
	fail "$soc: no busy period long enough to tell the active power"
res=$(awk -v act="$act" -f tests/lib/report.awk -f <(printf '%s\n' '
$4 == "simsoc_period:" {
	c = val("cpu"); s = val("seq")
	arr("exit_latency_ns", l); arr("power", p); arr("transition_uw", t)
	for (j = 0; j < 8; j++) { lat[c, s, j] = l[j]; pw[c, s, j] = p[j]; tw[c, s, j] = t[j] }
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
	tp = tw[c, s, st] + 0 ? tw[c, s, st] : act
	if (tw[c, s, st] + 0) own++
	want = (pw[c, s, st] * (wfi - lag) + tp * ex) / 1e6
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
END { printf "periods %d deep %d own %d bad %d maxtail %d active_uw %.0f\n", n, deep, own, bad, maxtail, act }
') "$IDLESIM_SCRATCH/report-$soc.txt")
grep '^bad ' <<<"$res" | head -5
read -r _ n _ deep _ own _ bad _ maxtail _ act < <(tail -1 <<<"$res")
[ "$n" -ge 50 ] && [ "$deep" -ge 10 ] || fail "$soc: too few periods to judge: $n, $deep in states deeper than WFI"
[ "$bad" -eq 0 ] || fail "$soc: $bad failed checks on $n periods: not charged as modelled"
case $soc in
active-exits) [ "$own" -eq 0 ] || fail "$soc: $own periods charged at a transition power; its exits draw the active power" ;;
*) [ "$own" -eq "$deep" ] || fail "$soc: $own of $deep periods past WFI charged at their transition power" ;;
esac
# the shallowest state past WFI has a 167 us exit latency (juno-r2: 1500 us)
[ "$maxtail" -le 50000 ] || fail "$soc: up to $maxtail ns from leaving WFI to the core's idle exit: something waits in ->enter()"
emax=$(sed -n 's/.*"emulator_max": \([0-9]*\).*/\1/p' "$d/analysis/summary.json")
[ -n "$emax" ] && [ "$emax" -le 5000 ] ||
	fail "$soc: a timer wake-up reached the driver ${emax:-?} ns after its time (one thread, no other vCPU busy)"
note "$soc: $n periods ($deep deeper than WFI, $own at their own transition power): exit latency and energy as modelled (active $act uW); at most $maxtail ns from WFI to the idle exit; timer wake-ups at most $emax ns late"
done
echo ok
