# SPDX-License-Identifier: GPL-2.0
# Guest test: a writer publishes thousands of model changes while the CPUs
# idle; every table in the trace must be exactly the one written under its
# generation (no torn or mixed table, no value that was never written).
. /job/lib.sh
need_driver
N=${TORN_WRITES:-3000}
# fixed operating point, no jitter, nominal temperature: traced figures
# are then the written ones (x1000 for us -> ns, power unscaled)
echo "opp=850MHz jitter_pct=0 temp_c=45" > $D/batch || die "setup batch failed: $(cat $D/result)"
g0=$(gen)
TRACE_KB=16384 trace_start
# idlers: short sleeps on every CPU keep periods coming for as long as
# the writer runs.
: > /tmp/torn.run
pids=
for c in 1 2 3; do
	taskset -c $c sh -c "while [ -e /tmp/torn.run ]; do usleep 200; done" &
	pids="$pids $!"
done
k=1
while [ $k -le "$N" ]; do
	a=$((100 + k % 60))
	echo "s1_exit_us=$a s1_residency_us=$((a * 3)) s2_exit_us=$((a + 1000)) s2_residency_us=$((a * 3 + 1700)) s1_power_uw=$((a * 100 + 1))" > $D/batch ||
		{ fail "write $k rejected: $(cat $D/result)"; break; }
	# pause now and then, so that the writer's CPU idles between writes
	# and the tables of many generations are traced
	[ $((k % 5)) -ne 0 ] || usleep 500
	k=$((k + 1))
done
g1=$(gen)
rm -f /tmp/torn.run
kill $pids 2>/dev/null
wait
usleep 20000
trace_stop /tmp/torn.txt
[ $((g1 - g0)) -eq "$N" ] || fail "$N writes published $((g1 - g0)) generations"
# generation g0+k carries a = 100 + k % 60
awk -v g0="$g0" "$AWK_FIELD"'
/simsoc_period:/ {
	n++
	g = fld("gen") + 0
	if (g <= g0) { old++; next }
	a = 100 + (g - g0) % 60
	want = sprintf("0x%x 0x%x 0x%x 0x%x 0x%x", a * 1000, a * 3000, (a + 1000) * 1000, (a * 3 + 1700) * 1000, a * 100 + 1)
	got = arr("exit_latency_ns", 1) " " arr("target_residency_ns", 1) " " arr("exit_latency_ns", 2) " " arr("target_residency_ns", 2) " " arr("power", 1)
	checked++
	seen[g] = 1
	if (got != want) { bad++; if (bad <= 5) printf "torn: gen %d has %s, written %s\n", g, got, want }
}
END {
	for (g in seen) ng++
	printf "%d period tables, %d under the writer, %d distinct generations seen, %d bad\n", n, checked, ng, bad
	exit (bad > 0 || checked < 100)
}' /tmp/torn.txt | tee "$RESULTS/torn.txt"
tail -1 "$RESULTS/torn.txt" | grep -q ' 0 bad$' || fail "torn or unwritten tables in the trace"
n=$(tail -1 "$RESULTS/torn.txt" | awk '{print $4}')
[ "${n:-0}" -ge 100 ] || fail "only ${n:-0} period tables were traced under the writer"
gzip -c /tmp/torn.txt > "$RESULTS/torn-trace.txt.gz"
finish
