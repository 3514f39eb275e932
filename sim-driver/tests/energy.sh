# SPDX-License-Identifier: GPL-2.0
# Guest test: the energy meter equals the sum of the traced per-period
# energies: per CPU, the idle energy of the exits and the active energy of
# the periods between two meter readings.
. /job/lib.sh
need_driver
echo "jitter_pct=10 gpu_mode=random gpu_duty_pct=30" > $D/batch || die "setup failed"
TRACE_KB=16384 trace_start
usleep 20000
cp $D/energy /tmp/e0
workload 6
cp $D/energy /tmp/e1
usleep 20000
trace_stop /tmp/energy.txt
cp /tmp/e0 "$RESULTS/energy-before.txt"; cp /tmp/e1 "$RESULTS/energy-after.txt"
awk "$AWK_FIELD"'
FILENAME == "/tmp/e0" && /^cpu/ { c = substr($1, 4); s0[c] = (fld("seq") + 0); x0[c] = (fld("exit_seq") + 0); i0[c] = (fld("idle_nj") + 0); a0[c] = (fld("active_nj") + 0) }
FILENAME == "/tmp/e1" && /^cpu/ { c = substr($1, 4); s1[c] = (fld("seq") + 0); x1[c] = (fld("exit_seq") + 0); i1[c] = (fld("idle_nj") + 0); a1[c] = (fld("active_nj") + 0) }
FILENAME == "/tmp/energy.txt" && /simsoc_exit:/ { c = fld("cpu"); q = fld("seq") + 0; if (q > x0[c] && q <= x1[c]) { ti[c] += (fld("energy") + 0); ne[c]++ } }
FILENAME == "/tmp/energy.txt" && /simsoc_period:/ { c = fld("cpu"); q = fld("seq") + 0; if (q > s0[c] && q <= s1[c]) { ta[c] += (fld("busy_energy") + 0); np[c]++ } }
END {
	for (c in s1) {
		di = i1[c] - i0[c]; da = a1[c] - a0[c]
		printf "cpu%s: meter idle %.0f nJ active %.0f nJ; trace idle %.0f nJ (%d exits) active %.0f nJ (%d periods)\n", c, di, da, ti[c], ne[c], ta[c], np[c]
		if (di != ti[c] || da != ta[c]) bad++
		if (ne[c] < 10) few++
		total += di + da
	}
	printf "total %.0f nJ\n", total
	exit (bad > 0 || few > 0)
}' /tmp/e0 /tmp/e1 /tmp/energy.txt > "$RESULTS/energy.txt"
rc=$?
cat "$RESULTS/energy.txt"
[ $rc -eq 0 ] || fail "meter and trace disagree, or too few periods (see energy.txt)"
# the cluster and SoC lines are the sums of their CPUs
awk "$AWK_FIELD"'/^cpu/ { c = fld("cluster"); s[c] += (fld("total_nj") + 0); t += (fld("total_nj") + 0) }
/^cluster/ { k = substr($1, 8); m[k] = (fld("total_nj") + 0) } /^soc/ { st = (fld("total_nj") + 0) }
END { for (k in m) if (m[k] != s[k]) bad++; exit (bad > 0 || st != t) }' /tmp/e1 || fail "cluster/soc meter lines are not the sums of their CPUs"
gzip -c /tmp/energy.txt > "$RESULTS/energy-trace.txt.gz"
finish
