#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# tier: check (no guest: make check runs it)
# A board's trace priced under an SoC description (idlesim-analyze board),
# on the committed fixture (a guest run of the default SoC at its nominal
# conditions, 45 C and 850 MHz throughout), held against the full analysis
# of the same run: board mode reads power:cpu_idle only, so this is what it
# makes of a trace holding nothing else.  Per CPU and state the idle
# periods must be the same ones (count exactly); the energy may differ by
# the emulator-side time the driver does not charge, within 2.5 % in all
# and 1 % of the idle part (see docs/ARCHITECTURE.md, "Board traces").
# Then bad input: an SoC with fewer states or CPUs than the trace uses, a
# bad --opp or --residency, a truncated trace; each named, nothing
# written.  Then the CPU numbering against power:cpu_frequency, on text
# traces written here: Juno r2's priced at figures worked out by hand, a
# wrong map refused by the operating points, rk3399's by CPUs of two
# policies taken for one cluster, and a trace that cannot tell noted.
. tests/lib/common.sh
fx=tests/fixtures/menu_deepest-1s
an=$IDLESIM_O/analysis/san/idlesim-analyze
[ -x "$an" ] || fail "$an not built"
full=$IDLESIM_SCRATCH/full
board=$IDLESIM_SCRATCH/board
expect_exit 0 "$an" run --out "$full" "$fx"
# the fixture was recorded with the default SoC's figures as they were,
# its exits at the active power: tests/data/active-exits.soc
expect_exit 0 "$an" board --soc tests/data/active-exits.soc --durations wait --window all --out "$board" \
	"$fx/results/trace.dat"
for f in summary.txt states.csv clusters.csv whatif.csv summary.json; do
	[ -s "$board/$f" ] || fail "board: no $f"
done

# every CSV: as many fields in each row as in its header
csv_shape "$board"/*.csv

# the same periods, state by state (states.csv: cpu,state,count,...)
got=$(awk -F, 'NR > 1 && $3 > 0 { print $1, $2, $3 }' "$board/states.csv")
want=$(awk -F, 'NR > 1 && $3 > 0 { print $1, $2, $3 }' "$full/states.csv")
[ "$got" = "$want" ] || { diff <(echo "$want") <(echo "$got"); fail "board mode's periods per state differ from the full analysis' (< full, > board)"; }
grep -q '"state_names": \["WFI", "core-ret", "core-off", "cluster-off", "soc-sleep"\]' "$board/summary.json" ||
	fail "the board's summary.json does not name the SoC's states"
# the same columns as a run's, so that the two can be set side by side
[ "$(head -1 "$board/states.csv")" = "$(head -1 "$full/states.csv")" ] ||
	fail "the board's states.csv has other columns than a run's"

# the clusters' states as the full analysis counts them; it sees a
# demotion (simsoc_enter) as a state change inside the period, board mode
# reads only the state the period ended in: each demoted period may move
# one count and a period's worth of time between two states
demoted=$(awk -F, 'NR > 1 { d += $10 } END { print d + 0 }' "$full/states.csv")
[ "$(head -1 "$board/clusters.csv")" = "$(head -1 "$full/clusters.csv")" ] ||
	fail "the board's clusters.csv has other columns than a run's"
[ "$(wc -l <"$board/clusters.csv")" = "$(wc -l <"$full/clusters.csv")" ] ||
	fail "the board's clusters.csv has other rows than a run's"
paste -d, "$full/clusters.csv" "$board/clusters.csv" | awk -F, -v d="$demoted" '
	NR > 1 { dc = $9 - $3; dt = $10 - $4; if (dc < 0) dc = -dc; if (dt < 0) dt = -dt
		 if ($1 != $7 || $2 != $8 || dc > d || dt > 0.001 * $4 + d * $5) {
			printf "cluster %s state %s (%s): board %d periods %d ns, full analysis %d %d\n", $1, $2, $12, $9, $10, $3, $4; bad = 1 } }
	END { exit bad }' || fail "board mode's cluster states differ from the full analysis' by more than the $demoted demotions allow"

# energy within tolerance of what the driver charged
read -r bi ba bt < <(sed -n 's/.*"energy_nj": { "total": [0-9]*, "idle": \([0-9]*\), "active": \([0-9]*\), "transition": \([0-9]*\) }.*/\1 \2 \3/p' "$board/summary.json")
read -r ft fi fa < <(sed -n 's/.*"energy_nj": { "total": \([0-9]*\), "idle": \([0-9]*\), "active": \([0-9]*\).*/\1 \2 \3/p' "$full/summary.json")
[ -n "$bi" ] && [ -n "$fi" ] || fail "energies not found in the summary.json files"
note "board: idle $bi nJ (transitions $bt), active $ba; full analysis: idle $fi, active $fa"
awk -v b="$((bi + ba))" -v f="$ft" -v bi="$bi" -v fi="$fi" 'BEGIN {
	dt = (b - f) / f; di = (bi - fi) / fi
	printf "# total %+.3f %%, idle %+.3f %%\n", 100 * dt, 100 * di
	exit !(dt < 0.025 && dt > -0.025 && di < 0.01 && di > -0.01) }' ||
	fail "board energy outside the tolerance of the driver's (total 2.5 %, idle 1 %)"

# the oracle is a floor, and a what-if sweep is priced per value
expect_exit 0 "$an" board --soc socs/simsoc.soc --window all --residency core-ret=504,1000,1500 "$fx/results/trace.dat"
expect_grep 'core-ret residency   1000 us' "$out" "what-if value priced"
awk '/oracle\): / { o = $0; sub(/.*oracle\): /, "", o); sub(/ mJ.*/, "", o) }
     /as recorded/ { r = $0; sub(/.*as recorded /, "", r); sub(/ mJ.*/, "", r) }
     END { exit !(o > 0 && o <= r) }' <<<"$out" || fail "the oracle is not a floor of the recorded energy"

# a what-if power: at the description's own figure the description's
# energy exactly, at another figure another energy
expect_exit 0 "$an" board --soc socs/simsoc.soc --window all --power core-ret=31000,10000 --out "$board-p" "$fx/results/trace.dat"
awk -F, 'NR == 2 { cur = $6 } NR == 3 { same = $6; k = $4 } NR == 4 { other = $6 }
	END { exit !(k == "power_uw" && same == cur && other != cur) }' "$board-p/whatif.csv" ||
	fail "--power: the description's own figure must give its energy, another figure another: $(cat "$board-p/whatif.csv")"
grep -q '^[0-9]' "$board-p/whatif.csv" && [ "$(head -1 "$board-p/whatif.csv")" = "point,cluster,state,knob,value,energy_nj,ratio_to_oracle" ] ||
	fail "whatif.csv columns: $(head -1 "$board-p/whatif.csv")"
expect_exit 2 "$an" board --soc socs/simsoc.soc --power core-ret=1 --residency core-ret=5 "$fx/results/trace.dat"
expect_grep "one --residency or --power at a time" "$out" "two what-if knobs"
expect_exit 2 "$an" board --soc socs/simsoc.soc --power core-ret=-4 "$fx/results/trace.dat"
expect_grep "power core-ret=-4: expected up to 32 values of 0 to 100000000 uW" "$out" "a negative power"

# on one page beside the simulated run (scripts/board.sh): the states by
# name, both energies, both summaries
page=$IDLESIM_SCRATCH/page
run=$IDLESIM_SCRATCH/fxrun
rm -rf "$run" && cp -a "$fx" "$run" && rm -rf "$run/analysis"
expect_exit 0 "$IDLESIM_O/analysis/idlesim-analyze" run "$run"
expect_exit 0 env IDLESIM_ANALYZE="$an" scripts/board.sh "$fx/results/trace.dat" simsoc "$page" "$run" \
	-- --durations wait --window all
[ "$(head -1 "$page/residency.csv")" = "source,WFI,core-ret,core-off,cluster-off,soc-sleep" ] ||
	fail "the page's residency.csv does not name the states: $(head -1 "$page/residency.csv")"
[ "$(cut -d, -f1 "$page/energy.csv" | tail -n +2 | paste -sd' ')" = "board simulated" ] ||
	fail "the page's energy.csv lacks one of the two: $(cat "$page/energy.csv")"
for f in residency.png energy.png residency.svg energy.svg index.html; do
	[ -s "$page/$f" ] || fail "board page: no $f"
done
grep -q "<h2>Board trace</h2>" "$page/index.html" && grep -q "<h2>Simulated run" "$page/index.html" ||
	fail "the board page does not hold both summaries"
expect_exit 2 env IDLESIM_ANALYZE="$an" scripts/board.sh "$fx/results/trace.dat" simsoc "$page" "$fx"
expect_grep "not an analysed run directory" "$out" "a run without its analysis"

# bad input, named, before or instead of any output
bad=$IDLESIM_SCRATCH/bad-out
expect_exit 1 "$an" board --soc socs/juno-r2.soc --out "$bad" "$fx/results/trace.dat"
expect_grep "entered idle state [34], but SoC juno-r2 \(socs/juno-r2.soc\) has 3: 0 WFI 1 cpu-sleep 2 cluster-sleep" "$out" "a state the SoC lacks"
[ ! -e "$bad" ] || [ -z "$(ls -A "$bad")" ] || fail "a refused trace left output in $bad"
one=$IDLESIM_SCRATCH/one-cpu.soc
sed 's/^cpus = 2/cpus = 1/; s/^count = 2/count = 1/' socs/simsoc.soc >"$one"
expect_exit 1 "$an" board --soc "$one" "$fx/results/trace.dat"
expect_grep "CPU 1 has idle periods, but SoC simsoc \(.*one-cpu.soc\) has 1 CPUs" "$out" "a CPU outside the SoC"
expect_exit 2 "$an" board --soc socs/simsoc.soc --opp a53=900MHz "$fx/results/trace.dat"
expect_grep "not an operating point of cluster a53" "$out" "an OPP the SoC lacks"
expect_exit 2 "$an" board --soc socs/simsoc.soc --residency core-ret=100 "$fx/results/trace.dat"
expect_grep "core-ret=100 breaks a rule of the description: .*exit: 167 us above its residency 100 us" "$out" "a what-if the model refuses"
expect_exit 2 "$an" board --soc socs/simsoc.soc --residency core-ret=3000 "$fx/results/trace.dat"
expect_grep "core-ret=3000 breaks a rule of the description: .*residency: 2000 us below core-ret.s 3000 us" "$out" "a what-if that reorders the states"
expect_exit 2 "$an" board --soc "$IDLESIM_SCRATCH/nosuch.soc" "$fx/results/trace.dat"
expect_grep "nosuch.soc: cannot open: No such file" "$out" "a missing SoC file"
# the same trace as text (trace-cmd report -t: nanoseconds), and inside a
# systrace HTML: the same figures, to the nJ
txt=$IDLESIM_SCRATCH/trace.txt
trace-cmd report -t -i "$fx/results/trace.dat" >"$txt" 2>/dev/null || fail "trace-cmd report -t failed"
expect_exit 0 "$an" board --soc tests/data/active-exits.soc --durations wait --window all --out "$IDLESIM_SCRATCH/text" "$txt"
{
	echo '<!DOCTYPE html><html><head><title>systrace</title></head><body>'
	echo '<script class="trace-data" type="application/text">'
	cat "$txt"
	echo '</script></body></html>'
} >"$IDLESIM_SCRATCH/trace.html"
expect_exit 0 "$an" board --soc tests/data/active-exits.soc --durations wait --window all --out "$IDLESIM_SCRATCH/html" \
	"$IDLESIM_SCRATCH/trace.html"
for d in text html; do
	for f in states.csv clusters.csv whatif.csv; do
		cmp -s "$board/$f" "$IDLESIM_SCRATCH/$d/$f" ||
			fail "$f of the trace as $d differs from the trace.dat's: $(diff "$board/$f" "$IDLESIM_SCRATCH/$d/$f" | head -4)"
	done
	[ "$(sed 1d "$board/summary.txt")" = "$(sed 1d "$IDLESIM_SCRATCH/$d/summary.txt")" ] ||
		fail "the summary of the trace as $d differs: $(diff <(sed 1d "$board/summary.txt") <(sed 1d "$IDLESIM_SCRATCH/$d/summary.txt") | head -4)"
done
# the window from the text's snapshot markers, as from the trace.dat's
expect_exit 0 "$an" board --soc socs/simsoc.soc "$fx/results/trace.dat"
w_dat=$(sed 1d <<<"$out")
expect_exit 0 "$an" board --soc socs/simsoc.soc "$txt"
[ "$w_dat" = "$(sed 1d <<<"$out")" ] || fail "the text's markers gave another window: $(sed -n 2p <<<"$out")"
expect_grep "between the snapshot markers" "$out" "the text's window is the snapshots'"
# microseconds (tracefs, systrace, trace-cmd report's default): within their rounding
trace-cmd report -i "$fx/results/trace.dat" >"$IDLESIM_SCRATCH/trace-us.txt" 2>/dev/null
expect_exit 0 "$an" board --soc tests/data/active-exits.soc --durations wait --window all "$IDLESIM_SCRATCH/trace-us.txt"
e_ns=$(sed -n 's/^  energy: \([0-9.]*\) mJ.*/\1/p' "$board/summary.txt")
e_us=$(sed -n 's/^  energy: \([0-9.]*\) mJ.*/\1/p' <<<"$out")
awk -v a="$e_ns" -v b="$e_us" 'BEGIN { d = a - b; exit !(a > 0 && (d < 0 ? -d : d) < a / 1000) }' ||
	fail "the trace in microseconds priced at $e_us mJ against $e_ns mJ"
printf 'some text\nno events in it\n' >"$IDLESIM_SCRATCH/notrace.txt"
expect_exit 1 "$an" board --soc socs/simsoc.soc "$IDLESIM_SCRATCH/notrace.txt"
expect_grep "neither a trace.dat nor a text trace with power:cpu_idle" "$out" "a text without cpu_idle"
printf '  <idle>-0  [000]  1.000000: cpu_idle: state=1\n' >"$IDLESIM_SCRATCH/bad.txt"
expect_exit 1 "$an" board --soc socs/simsoc.soc "$IDLESIM_SCRATCH/bad.txt"
expect_grep "bad.txt:1: cpu_idle: no cpu_id= field; expected cpu_id=NUMBER" "$out" "a cpu_idle line without its CPU"
printf '  <idle>-0  [000]  1.000000: cpu_idle: state=WFI cpu_id=0\n' >"$IDLESIM_SCRATCH/name.txt"
expect_exit 1 "$an" board --soc socs/simsoc.soc "$IDLESIM_SCRATCH/name.txt"
expect_grep "name.txt:1: cpu_idle: state=WFI: not a number; expected state=NUMBER" "$out" "a state's name where its index belongs"
# perf script's layout: the line named, not "no cpu_idle"
printf 'swapper 0 [000] 1.000000: power:cpu_idle: state=1 cpu_id=0\n' >"$IDLESIM_SCRATCH/perf.txt"
expect_exit 1 "$an" board --soc socs/simsoc.soc --out "$IDLESIM_SCRATCH/perf-out" "$IDLESIM_SCRATCH/perf.txt"
expect_grep "perf.txt:1: cpu_idle in a layout idlesim does not read" "$out" "a cpu_idle event in perf's layout"
[ ! -e "$IDLESIM_SCRATCH/perf-out" ] || fail "a refused text trace left $IDLESIM_SCRATCH/perf-out behind"

# power:psci_domain_idle_enter (6.15): under OS-initiated PSCI cpu_idle
# shows the CPU's state only; the parameter passed to the firmware says
# when the last CPU took the cluster down.  sdm845-mtp's little CPUs 0-1:
# CPU 1 sends cluster-sleep's 0x4100c244 twice, once while CPU 0 is busy
psci=$IDLESIM_SCRATCH/psci.txt
ev() { printf '          <idle>-0     [%03d] d..1.  %s: %s\n' "$1" "$2" "$3"; }
{
	ev 0 1.000000 "cpu_idle: state=1 cpu_id=0"
	ev 0 1.000001 "psci_domain_idle_enter: cpu_id=0 state=0x40000004 is_s2idle=no"
	ev 1 1.002000 "cpu_idle: state=1 cpu_id=1"
	ev 1 1.002001 "psci_domain_idle_enter: cpu_id=1 state=0x4100c244 is_s2idle=no"
	ev 0 1.020000 "psci_domain_idle_exit: cpu_id=0 state=0x40000004 is_s2idle=no"
	ev 0 1.020001 "cpu_idle: state=4294967295 cpu_id=0"
	ev 1 1.030000 "cpu_idle: state=4294967295 cpu_id=1"
	ev 1 1.040000 "cpu_idle: state=1 cpu_id=1"
	ev 1 1.040001 "psci_domain_idle_enter: cpu_id=1 state=0x4100c244 is_s2idle=no"
	ev 1 1.045000 "cpu_idle: state=4294967295 cpu_id=1"
	ev 0 1.050000 "cpu_idle: state=1 cpu_id=0"
	ev 0 1.050001 "psci_domain_idle_enter: cpu_id=0 state=0x40000004 is_s2idle=no"
	ev 0 1.060000 "cpu_idle: state=4294967295 cpu_id=0"
} >"$psci"
expect_exit 0 "$an" board --soc socs/sdm845-mtp.soc --window all --out "$IDLESIM_SCRATCH/psci" "$psci"
expect_grep "psci_domain_idle_enter in 4 periods: 2 priced in another state than cpu_idle's, 2 in a cluster or SoC state; WARNING: 1 of those entered while another CPU of the cluster was busy" "$out" "the PSCI states"
[ "$(awk -F, '$1 == 1 && $13 == "cluster-sleep" { print $3 }' "$IDLESIM_SCRATCH/psci/states.csv")" = 2 ] ||
	fail "CPU 1's periods with cluster-sleep's parameter not priced as cluster-sleep: $(cat "$IDLESIM_SCRATCH/psci/states.csv")"
# the cluster's state is the last CPU's request while both are idle, from
# CPU 1's entry at 1.002 s to CPU 0's exit at 1.020001 s; the shallowest
# CPU's state, cpu_idle's inference, would have said cpu-sleep
[ "$(awk -F, '$1 == 0 && $6 == "cluster-sleep" { print $3 "," $4 }' "$IDLESIM_SCRATCH/psci/clusters.csv")" = 1,18001000 ] ||
	fail "the cluster is not in cluster-sleep for the 18.001 ms both CPUs idle after CPU 1's request: $(cat "$IDLESIM_SCRATCH/psci/clusters.csv")"
[ "$(awk -F, '$1 == 0 && $6 == "cpu-sleep" { print $4 }' "$IDLESIM_SCRATCH/psci/clusters.csv")" = 0 ] ||
	fail "the cluster is still put in the shallowest CPU's state: $(cat "$IDLESIM_SCRATCH/psci/clusters.csv")"
expect_grep "from cpu_idle alone \(the shallowest CPU's state\) 18.001 ms of them would have been put in another state" "$out" "the inference checked against the PSCI requests"
sed 's/0x4100c244/0x4100c344/' "$psci" >"$IDLESIM_SCRATCH/psci-bad.txt"
expect_exit 1 "$an" board --soc socs/sdm845-mtp.soc --window all "$IDLESIM_SCRATCH/psci-bad.txt"
expect_grep "CPU 1 asked the firmware for PSCI state 0x4100c344 \(psci_domain_idle_enter\), which no state of \[cluster little\] in socs/sdm845-mtp.soc has; its psci=: cpu-sleep 0x40000004 cluster-sleep 0x4100c244" "$out" "a PSCI state the description lacks"
expect_exit 0 "$an" board --soc socs/simsoc.soc --window all "$psci"
expect_grep "but socs/simsoc.soc gives no state a psci=" "$out" "PSCI events and a description without psci="

# --cpus: the trace's CPUs as the board numbers them; bad maps named
expect_exit 0 "$an" board --soc tests/data/active-exits.soc --cpus 0-1=a53 --durations wait --window all \
	"$fx/results/trace.dat"
[ "$(grep '^  energy:' <<<"$out")" = "$(grep '^  energy:' "$board/summary.txt")" ] ||
	fail "--cpus 0-1=a53, the description's own order, priced otherwise: $(grep '^  energy:' <<<"$out")"
expect_exit 2 "$an" board --soc socs/simsoc.soc --cpus 0=a72 "$fx/results/trace.dat"
expect_grep "--cpus 0=a72 \(socs/simsoc.soc\): 'a72': no such \[cluster\] section; it has: a53" "$out" "an unknown cluster"
expect_exit 2 "$an" board --soc socs/simsoc.soc --cpus 0=a53,0=a53 "$fx/results/trace.dat"
expect_grep "CPU 0 given twice" "$out" "a CPU mapped twice"
expect_exit 2 "$an" board --soc socs/simsoc.soc --cpus 0-4=a53 "$fx/results/trace.dat"
expect_grep "more CPUs for \[cluster a53\] than its 4" "$out" "more CPUs than a cluster has"
expect_exit 2 "$an" board --soc socs/simsoc.soc --cpus 0:a53 "$fx/results/trace.dat"
expect_grep "expected CPU\[-CPU\]=CLUSTER" "$out" "a malformed map"
expect_exit 1 "$an" board --soc socs/simsoc.soc --cpus 1=a53 "$fx/results/trace.dat"
expect_grep "CPU 0 has idle periods, but --cpus does not map it" "$out" "a CPU the map leaves out"
expect_exit 1 "$an" board --soc tests/data/active-exits.soc --cpus 0-3=a53 --out "$bad" "$fx/results/trace.dat"
expect_grep "--cpus: CPU 2, but .*trace.dat has CPUs 0 to 1" "$out" "a map naming a CPU the trace lacks"
[ ! -e "$bad" ] || [ -z "$(ls -A "$bad")" ] || fail "a map naming a CPU the trace lacks left output in $bad"
# The CPU numbering held against cpu_frequency: a Juno r2 as Linux numbers
# it (boots on an A53: CPUs 0, 3, 4, 5 the A53s, 1-2 the A72s), each CPU
# 8 ms in cpu-sleep then 500 us in WFI, four times, every cpufreq policy at
# its top operating point (the littles' change written at one timestamp,
# the bigs' a microsecond apart), then the littles stepped down
at() { printf '%d.%06d' $(($1 / 1000000)) $(($1 % 1000000)); }	# us
rounds() {	# FIRST_US COUNT STATES: each CPU's periods, "TS_US line" unsorted
	local r c b e st
	for ((r = 0; r < $2; r++)); do
		for c in 0 1 2 3 4 5; do
			b=$(($1 + r * 20000 + c * 100))
			for st in $3; do
				e=$((b + (st ? 8000 : 500)))
				echo "$b $(ev $c "$(at $b)" "cpu_idle: state=$st cpu_id=$c")"
				echo "$e $(ev $c "$(at $e)" "cpu_idle: state=4294967295 cpu_id=$c")"
				b=$((e + 2000))
			done
		done
	done
}
freqs() {	# TS_US KHZ CPU... (each CPU's event STEP us after the last)
	local t=$1 khz=$2 c
	shift 2
	for c; do
		echo "$t $(ev "$c" "$(at "$t")" "cpu_frequency: state=$khz cpu_id=$c")"
		t=$((t + step))
	done
}
juno=$IDLESIM_SCRATCH/juno.txt
{
	step=0 freqs 1000000 850000 0 3 4 5
	step=1 freqs 1000010 1100000 1 2
	rounds 1010000 4 "1 0"
	step=0 freqs 1090000 775000 0 3 4 5
	rounds 1100000 1 1
} | sort -s -n -k1,1 | cut -d' ' -f2- >"$juno"
expect_exit 0 "$an" board --soc socs/juno-r2.soc --out "$IDLESIM_SCRATCH/juno" "$juno"
jsum=$out
[ "$(grep -c "CPU numbering not checked" <<<"$jsum")" = 0 ] || fail "a Juno trace with cpu_frequency on every CPU, its numbering noted as unchecked: $jsum"
grep -q '"cpu_numbering_checked": true' "$IDLESIM_SCRATCH/juno/summary.json" || fail "summary.json: the numbering not said checked"
# four WFI periods of 500 us at the top operating point and 45 C, the
# description's own figures (no voltage or leakage term): the state's
# power for 499 us, then its 1 us exit at the CPU's active power, core
# plus its share of the cluster: an A53 4 x (20000 uW x 499 us + (93 mW
# + 57 mW / 4) x 1 us) = 40349 nJ, an A72 4 x (47500 x 499 + (616 + 64 / 2)
# x 1000) / 1000 = 97402 nJ
got=$(awk -F, '$2 == 0 { printf "%s%s=%s", s, $1, $11; s = " " }' "$IDLESIM_SCRATCH/juno/states.csv")
[ "$got" = "0=40349 1=97402 2=97402 3=40349 4=40349 5=40349" ] ||
	fail "Juno's WFI periods not priced each at its own cluster's figures (CPU=nJ): $got"
# the same numbering given by hand: the same figures
expect_exit 0 "$an" board --soc socs/juno-r2.soc --cpus 0=a53,1-2=a72,3-5=a53 "$juno"
[ "$(sed 1d <<<"$out")" = "$(sed 1d <<<"$jsum")" ] || fail "--cpus as linux_cpus says, priced otherwise"
# the description's order (A72s first): the frequencies refuse it, naming the CPUs
jbad=$IDLESIM_SCRATCH/juno-bad
expect_exit 1 "$an" board --soc socs/juno-r2.soc --cpus 0-1=a72,2-5=a53 --out "$jbad" "$juno"
expect_grep "juno.txt: CPU 0 ran at 850000 kHz, which \[cluster a72\] of socs/juno-r2.soc has no operating point for" "$out" "a little CPU taken for an A72"
expect_grep "juno.txt: CPU 2 ran at 1100000 kHz, which \[cluster a53\] of socs/juno-r2.soc has no operating point for" "$out" "a big CPU taken for an A53"
expect_grep "juno.txt: 2 CPUs do not run as --cpus maps them" "$out" "the wrong map's source"
[ ! -e "$jbad" ] || [ -z "$(ls -A "$jbad")" ] || fail "a refused numbering left output in $jbad"
# no cpu_frequency: priced, but the summary says the numbering went unchecked
grep -v cpu_frequency "$juno" >"$IDLESIM_SCRATCH/juno-nofreq.txt"
expect_exit 0 "$an" board --soc socs/juno-r2.soc --out "$IDLESIM_SCRATCH/juno-nofreq" "$IDLESIM_SCRATCH/juno-nofreq.txt"
expect_grep "^  CPU numbering not checked against the trace \(CPUs 0-5: no power:cpu_frequency in the trace\): the description's linux_cpus is taken as it stands" \
	"$(cat "$IDLESIM_SCRATCH/juno-nofreq/summary.txt")" "a trace without cpu_frequency"
grep -q '"cpu_numbering_checked": false' "$IDLESIM_SCRATCH/juno-nofreq/summary.json" ||
	fail "summary.json: a numbering without cpu_frequency said checked"
expect_exit 0 "$an" board --soc socs/juno-r2.soc --cpus 0-1=a72,2-5=a53 "$IDLESIM_SCRATCH/juno-nofreq.txt"
expect_grep "\(CPUs 0-5: no power:cpu_frequency in the trace\): --cpus is taken as it stands" "$out" "a wrong --cpus, nothing to check it by"

# rk3399's clusters share their frequencies: every frequency is an
# operating point of both, so only which CPUs change together can refuse
# a numbering.  All at 600 MHz, then the A72s (CPUs 4-5) at 1008 MHz
rk=$IDLESIM_SCRATCH/rk3399.txt
{
	step=0 freqs 1000000 600000 0 1 2 3
	step=0 freqs 1000000 600000 4 5
	step=2 freqs 1050000 1008000 4 5
	rounds 1010000 4 "1 0"
} | sort -s -n -k1,1 | cut -d' ' -f2- >"$rk"
expect_exit 0 "$an" board --soc socs/rk3399-firefly.soc "$rk"
expect_grep "^  CPU numbering not checked against the trace \(CPUs 0-5: only frequencies every \[cluster\] section has, so only which CPUs share a cluster was checked\)" \
	"$out" "rk3399's shared frequencies"
expect_exit 1 "$an" board --soc socs/rk3399-firefly.soc --cpus 0-1=a72,2-5=a53 --out "$jbad" "$rk"
expect_grep "^[^ ]*rk3399.txt: CPUs 2 and 4 ran at 600000 and 1008000 kHz at once from 1.050000 s for over 1 ms, but --cpus puts both in cluster 0 \(\[cluster a53\] of socs/rk3399-firefly.soc\): the CPUs of a cluster share a cpufreq policy" \
	"$out" "CPUs of two policies taken for one cluster"
[ "$(wc -l <<<"$out")" = 1 ] || fail "more than one line refusing rk3399's numbering: $out"
[ ! -e "$jbad" ] || [ -z "$(ls -A "$jbad")" ] || fail "a refused numbering left output in $jbad"

cut=$IDLESIM_SCRATCH/cut.dat
head -c 300000 "$fx/results/trace.dat" >"$cut"
expect_exit 1 "$an" board --soc socs/simsoc.soc --out "$bad" "$cut"
expect_grep "cut.dat: not a readable trace.dat \(truncated or corrupt\?\)" "$out" "a truncated trace"
[ ! -e "$bad" ] || [ -z "$(ls -A "$bad")" ] || fail "a truncated trace left output in $bad"
echo ok
