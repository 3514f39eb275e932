#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The workload generator in the guest: a periodic scenario's measured
# periods and busy fractions match what it asks for, the same seed gives
# the same arrivals (and another seed others), hardware batches follow the
# activations, a scenario needing the sim driver's controls fails clearly
# without them, and the phase boundaries reach the trace.
. tests/lib/common.sh
o=${IDLESIM_O:?}/workloads
make -C workloads O="$o" guest >"$IDLESIM_SCRATCH/build.log" 2>&1 ||
	{ tail "$IDLESIM_SCRATCH/build.log"; fail "building the guest generator failed"; }

job=$IDLESIM_SCRATCH/job.sh
cat >"$job" <<'JOB'
set -e
W=/job/idlesim-workload
T=/sys/kernel/tracing
[ -w $T/trace ] && echo > $T/trace
$W --quiet --out "$RESULTS/periodic" /job/guest-periodic.ini
[ -r $T/trace ] && grep 'idlesim: ' $T/trace > "$RESULTS/markers.txt" || true
$W --quiet --out "$RESULTS/random1" /job/guest-random.ini
$W --quiet --out "$RESULTS/random2" /job/guest-random.ini
$W --quiet --seed 2 --out "$RESULTS/random3" /job/guest-random.ini
: > /tmp/batches
$W --quiet --hw-ctrl /tmp/batches --out "$RESULTS/hw" /job/guest-hw.ini
cp /tmp/batches "$RESULTS/hw/batches"
# the driver's directory named by SIMSOC_DEBUGFS, the one override
mkdir -p /tmp/soc && : > /tmp/soc/batch
SIMSOC_DEBUGFS=/tmp/soc $W --quiet --out "$RESULTS/hwenv" /job/guest-hw.ini
cp /tmp/soc/batch "$RESULTS/hwenv/batches"
if $W --quiet --hw-ctrl /nonexistent/batch --out "$RESULTS/nohw" /job/guest-hw.ini 2>"$RESULTS/nohw.err"; then
	echo "a scenario with hardware controls ran without them"; exit 1
fi
# busy bursts that are to halt, without the sim driver that halts them
if $W --quiet --busy halt --out "$RESULTS/nohalt" /job/guest-periodic.ini 2>"$RESULTS/nohalt.err"; then
	echo "busy bursts were to halt without the sim driver, and the scenario ran"; exit 1
fi
if IDLESIM_BUSY=sometimes $W --quiet --out "$RESULTS/badbusy" /job/guest-periodic.ini 2>"$RESULTS/badbusy.err"; then
	echo "IDLESIM_BUSY=sometimes was taken"; exit 1
fi
JOB
run=$IDLESIM_SCRATCH/run
# the generator alone: no sim driver, whose exit latencies would show in
# the lateness, so its busy bursts spin (they halt in the driver otherwise)
expect_exit 0 run_guest "$job" "$run" --smp 2 --timeout 300 --append idlesim.nomodule=1 --busy spin \
	--file "$o/idlesim-workload" \
	--file workloads/tests/guest-periodic.ini --file workloads/tests/guest-random.ini \
	--file workloads/tests/guest-hw.ini
r=$run/results

# summary field of THREAD PHASE in summary file F
field() { awk -v t="thread=$2" -v p="phase=$3" -v k="$4" '$1 == t && $2 == p {
	for (i = 1; i <= NF; i++) if (index($i, k "=") == 1) print substr($i, length(k) + 2) }' "$1"; }
near() { awk -v x="$1" -v want="$2" -v tol="$3" 'BEGIN { d = x - want; exit !(d <= tol && -d <= tol) }'; }

# --- periods: the mean measured interval, and 95% of the intervals ---------
# columns: seq phase burst intended actual lateness busy_req busy_cpu
period_check() { # TSV PHASE PERIOD_NS COUNT
	local n mean p95 maxdev
	read -r n mean <<<"$(awk -v ph="$2" '$2 == ph { if (!n) first = $5; last = $5; n++ }
		END { printf "%d %.1f\n", n, (n > 1) ? (last - first) / (n - 1) : 0 }' "$1")"
	read -r p95 maxdev <<<"$(awk -v ph="$2" -v per="$3" '$2 == ph { if (seen) { d = $5 - prev - per;
		print (d < 0 ? -d : d) } prev = $5; seen = 1 }' "$1" | sort -n |
		awk '{ a[NR] = $1 } END { i = int(NR * 0.95); if (i < 1) i = 1; print a[i] + 0, a[NR] + 0 }')"
	note "$(basename "$1") $2: $n wake-ups, mean period $mean ns (want $3), 95% within $p95 ns, worst $maxdev ns"
	[ "$n" -eq "$4" ] || fail "$(basename "$1") $2: $n wake-ups, expected $4"
	near "$mean" "$3" "$(($3 / 500))" || fail "$(basename "$1") $2: mean period $mean ns, expected $3 +- 0.2%"
	[ "$p95" -le 100000 ] || fail "$(basename "$1") $2: 5% of the periods are off by more than 100 us"
}
period_check "$r/periodic/wakeups-p20.tsv" a 20000000 100
period_check "$r/periodic/wakeups-p20.tsv" b 5000000 400
period_check "$r/periodic/wakeups-p7.tsv" a 7000000 286

# --- busy fractions (thread CPU time over the phase) -------------------------
s=$r/periodic/workload-summary.txt
for check in "p20 a 0.25" "p20 b 0.10" "p7 a 0.1429"; do
	read -r t p want <<<"$check"
	got=$(field "$s" "$t" "$p" busy_fraction)
	note "busy fraction $t/$p: $got (want $want)"
	near "$got" "$want" 0.01 || fail "busy fraction of $t phase $p is $got, expected $want +- 0.01"
done
# and the thread's whole CPU time: the 0.7 s of busy work plus the
# overhead of its 500 wake-ups (timer, scheduler, clock reads, bookkeeping),
# at most 100 us each on the simulated 125 MIPS CPU (some 12,000
# instructions); about 62 us is what it takes
cpu=$(field "$s" p20 '*' cpu_ns)
[ "$cpu" -ge 700000000 ] && [ "$cpu" -le 750000000 ] ||
	fail "p20 used $cpu ns of CPU, expected 0.7 s of busy work + at most 100 us a wake-up"
note "p20: $cpu ns of CPU for 0.7 s of busy work and 500 wake-ups"
lat=$(field "$s" p20 '*' p50_ns)
note "lateness p20: p50 $lat ns, p99 $(field "$s" p20 '*' p99_ns) ns, max $(field "$s" p20 '*' max_ns) ns"

# --- same seed, same arrivals --------------------------------------------------
for t in net touch; do
	seq1=$(awk '!/^#/ { print $2, $3, $4, $7 }' "$r/random1/wakeups-$t.tsv")
	seq2=$(awk '!/^#/ { print $2, $3, $4, $7 }' "$r/random2/wakeups-$t.tsv")
	seq3=$(awk '!/^#/ { print $2, $3, $4, $7 }' "$r/random3/wakeups-$t.tsv")
	n=$(wc -l <<<"$seq1")
	[ "$n" -gt 10 ] || fail "random $t: only $n arrivals"
	[ "$seq1" = "$seq2" ] || fail "random $t: the same seed gave different arrivals ($(diff <(echo "$seq1") <(echo "$seq2") | head -3 | tr '\n' ' '))"
	[ "$seq1" != "$seq3" ] || fail "random $t: another seed gave the same arrivals"
	note "random $t: $n arrivals, identical with the same seed, different with --seed 2"
done
# Poisson with a 5 ms mean over 4 s: about 800 arrivals, mean busy 200 us
stats=$(awk '!/^#/ { if (n) s += $4 - prev; prev = $4; b += $7; n++ } END { printf "%d %.0f %.0f\n", n, s / (n - 1), b / n }' "$r/random1/wakeups-net.tsv")
read -r n gap busy <<<"$stats"
note "random net: $n arrivals, mean interval $gap ns, mean busy $busy ns"
near "$gap" 5000000 750000 || fail "random net: mean interval $gap ns, expected 5 ms +- 15%"
near "$busy" 200000 30000 || fail "random net: mean busy $busy ns, expected 200 us +- 15%"
# bursts: 5 activations 16.667 ms apart
awk '!/^#/ && $3 > 0 { d = $4 - prev; if (d != 16667000) { print "burst gap " d; exit 1 } } !/^#/ { prev = $4 }' \
	"$r/random1/wakeups-touch.tsv" || fail "random touch: a burst's activations are not 16.667 ms apart"

# --- hardware batches -----------------------------------------------------------
b=$r/hw/batches
[ "$(head -1 "$b")" = "seed=13 temp_c=40" ] || fail "hw: the first batch is '$(head -1 "$b")', expected the seed and [model]"
[ "$(sed -n 2p "$b")" = "opp=700MHz" ] || fail "hw: the phase batch is not second: $(sed -n 2p "$b")"
nb=$(grep -cx 'dma_mode=busy' "$b") ni=$(grep -cx 'dma_mode=idle' "$b")
[ "$nb" -eq 20 ] && [ "$ni" -eq 20 ] || fail "hw: $nb busy and $ni idle batches, expected 20 each"
[ "$(sed -n '3~2p' "$b" | sort -u)" = "dma_mode=busy" ] || fail "hw: busy and idle batches do not alternate"
expect_grep "^idlesim-workload: error: /job/guest-hw.ini:11: this scenario sets hardware controls, but the sim driver's batch file is not there \(/nonexistent/batch: No such file or directory\)" \
	"$(cat "$r/nohw.err")" "missing controls message"
expect_grep "busy bursts cannot halt: /sys/kernel/debug/simsoc/burst: No such file or directory \(is simsoc.ko loaded\? --busy spin spins instead\)" \
	"$(cat "$r/nohalt.err")" "halting busy bursts without the driver"
expect_grep "--busy sometimes: expected halt or spin" "$(cat "$r/badbusy.err")" "a bad IDLESIM_BUSY"
[ ! -e "$r/nohw/workload-summary.txt" ] || fail "a run without its controls wrote results"
cmp -s "$b" "$r/hwenv/batches" || fail "hw: SIMSOC_DEBUGFS=DIR did not send the batches to DIR/batch"

# --- phase boundaries in the trace --------------------------------------------------
m=$r/markers.txt
for want in 'scenario_begin name=guest-periodic' 'phase_begin thread=p20 phase=a index=0' \
	'phase_end thread=p20 phase=a index=0' 'phase_begin thread=p20 phase=b index=1' \
	'scenario_end name=guest-periodic'; do
	grep -q "$want" "$m" || fail "trace_marker: no '$want' in the trace"
done
echo ok
