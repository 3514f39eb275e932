# SPDX-License-Identifier: GPL-2.0
# Guest test: the driver's halting burst ("burst", simsoc_burst.c).
#  - A burst keeps its CPU out of cpuidle: CPU 1's idle time over a 300 ms
#    burst there stays under a tenth of it.
#  - It is charged as busy time at active power: CPU 1's meter counts at
#    least 90 % of it as busy, at the table's active power to 0.5 %.
#  - A higher-priority task takes the CPU from it at once, as from a
#    spinning thread: cyclictest at priority 80 on CPU 1, beside a burst
#    there, wakes at most 1 ms late (a burst that held the CPU to its end
#    would make it 300 ms late).
#  - The other vCPU runs at full pace meanwhile: the same work on CPU 0
#    takes under 0.7 of its time beside a spinning CPU 1.  (Under -icount
#    the vCPUs take turns on one host thread; beside a spinner QEMU 7.2's
#    round robin gives CPU 0 far fewer turns than half: 38 to 100 times
#    the guest time beside a burst, measured.)
. /job/lib.sh
need_driver
[ -w $D/burst ] || die "$D/burst missing"
: > "$RESULTS/burst.txt"
note() { echo "$*" | tee -a "$RESULTS/burst.txt"; }

# idle time of CPU 1 in us, summed over its states
idle_us() { cat /sys/devices/system/cpu/cpu1/cpuidle/state*/time | awk '{ s += $1 } END { print s }'; }
# field of CPU 1's energy meter line
meter() { awk "$AWK_FIELD"'/^cpu1 / { print fld("'"$1"'") }' $D/energy; }
now_us() { awk '{ printf "%d\n", $1 * 1000000 }' /proc/uptime; }

# 1, 2: no idle, busy at active power
b0=$(meter busy_ns); a0=$(meter active_nj); i0=$(idle_us)
taskset -c 1 simsocctl burst 300000 || die "simsocctl burst failed"
i1=$(idle_us)
usleep 20000	# the meter counts busy time when CPU 1 next goes idle
b1=$(meter busy_ns); a1=$(meter active_nj)
active_uw=$(awk "$AWK_FIELD"'/^generation=/ { print fld("active_uw") }' $D/table)
note "idle during the burst: $((i1 - i0)) us; busy counted $(((b1 - b0) / 1000)) us, $(((a1 - a0) / 1000)) uJ at active_uw=$active_uw"
[ $((i1 - i0)) -lt 30000 ] || fail "CPU 1 idled $((i1 - i0)) us of a 300 ms burst"
[ $((b1 - b0)) -ge 270000000 ] || fail "the meter counted $((b1 - b0)) ns busy of a 300 ms burst"
awk -v a=$((a1 - a0)) -v b=$((b1 - b0)) -v p="$active_uw" \
	'BEGIN { w = a / b * 1e6; exit !(w > p * 0.995 && w < p * 1.005) }' ||
	fail "busy energy $((a1 - a0)) nJ over $((b1 - b0)) ns is not active_uw=$active_uw"

# 3: preemptible.  cyclictest's thread is on CPU 1 before the burst
# starts: one that held the CPU would hold it off its next wake-ups.
cyclictest -q -a 1 -p 80 -i 5000 -l 100 -m > /tmp/cyclictest.txt 2>&1 &
cp=$!
usleep 100000
taskset -c 1 simsocctl burst 300000 || fail "the burst beside cyclictest failed"
wait $cp
max=$(sed -n 's/.*Max: *\([0-9]*\).*/\1/p' /tmp/cyclictest.txt | head -1)
note "cyclictest on CPU 1 beside a burst there: max $max us late"
[ -n "$max" ] && [ "$max" -le 1000 ] || fail "a priority-80 task waited ${max:-?} us for a burst's CPU"

# 4: the other vCPU's pace
taskset -c 1 sh -c 'while :; do :; done' &
sp=$!
usleep 20000
spin=$(t0=$(now_us); taskset -c 0 awk 'BEGIN { for (i = 0; i < 50000; i++) s += i }'; echo $(($(now_us) - t0)))
kill $sp
taskset -c 1 simsocctl burst 5000000 &
bp=$!
usleep 20000
halt=$(t0=$(now_us); taskset -c 0 awk 'BEGIN { for (i = 0; i < 50000; i++) s += i }'; echo $(($(now_us) - t0)))
kill $bp 2>/dev/null
wait $bp 2>/dev/null
note "the same work on CPU 0: $spin us beside a spinning CPU 1, $halt us beside a burst"
[ "$halt" -gt 0 ] && [ $((halt * 10)) -lt $((spin * 7)) ] ||
	fail "CPU 0 ran no faster beside a burst ($halt us) than beside a spinner ($spin us)"
finish
