# SPDX-License-Identifier: GPL-2.0
# Guest test: cluster and SoC states chosen by the last CPU (domains=1).
# The driver is reloaded with the default SoC in genpd domains: cpuidle
# must see its clock and core states only, genpd must list the cluster
# and SoC domains with their states, a domain may go off only while every
# online CPU in it is idle in the deepest CPU state, each off is followed
# by one on whose length is the time between them, only a CPU in the
# deepest state is charged domain time, and the meter still equals the
# sum of the traced energies.  Unloading and loading without domains
# gives back the five per-CPU states.
. /job/lib.sh
need_driver
rmmod simsoc || die "rmmod failed"
insmod /lib/modules/simsoc.ko domains=1 || die "insmod domains=1 failed"

got=$(cat /sys/devices/system/cpu/cpu0/cpuidle/state*/name | tr '\n' ' ' | sed 's/ $//')
[ "$got" = "WFI core-ret core-off" ] ||
	fail "cpuidle states '$got', expected the clock and core states 'WFI core-ret core-off'"
G=/sys/kernel/debug/pm_genpd
for pd in simsoc-cluster0 simsoc-soc2; do
	[ -d "$G/$pd" ] || fail "genpd $pd missing from $G: $(ls $G 2>/dev/null | tr '\n' ' ')"
done
grep -q 'S0' "$G/simsoc-cluster0/idle_states" 2>/dev/null ||
	fail "genpd simsoc-cluster0 lists no idle state"

ncpu=$(grep -c '^processor' /proc/cpuinfo)
echo "gpu_mode=random gpu_duty_pct=20" > $D/batch || die "setup failed"
TRACE_KB=16384 trace_start
usleep 20000
cp $D/energy /tmp/e0
workload 6
# a quiet spell, in which every CPU's next timer is far: the SoC's turn
sleep 2
cp $D/energy /tmp/e1
usleep 20000
trace_stop /tmp/dom.txt
cat "$G/simsoc-cluster0/idle_states" "$G/simsoc-soc2/idle_states" > "$RESULTS/genpd-idle-states.txt" 2>&1

# last-man, and each off followed by its on (deepest CPU state: 2)
awk "$AWK_FIELD"'
/simsoc_enter:/ { in_[fld("cpu")] = fld("entered") + 0 }
/simsoc_exit:/ {
	c = fld("cpu"); in_[c] = -1
	if (fld("domain_ns") + 0 > 0) { dom++; if (fld("state") + 0 != 2) shallow++ }
}
# the default SoC: cluster d (0, 1) has CPUs 2d and 2d + 1, the SoC (2) all;
# a CPU not seen yet since tracing began is not judged
/simsoc_domain:/ {
	d = fld("domain") + 0; s = fld("state") + 0
	if (s >= 0) {
		offs[d]++; seen[d] = 1
		if (d in off) twice++
		off[d] = fld("time_ns") + 0
		for (c = 0; c < ncpu; c++)
			if ((d == 2 || int(c / 2) == d) && (c in in_) && in_[c] != 2) early++
	} else if (seen[d]) {
		# an on before the first off: the domain was off when tracing began
		if (!(d in off)) orphan++
		else if (fld("time_ns") - off[d] != fld("off_ns")) badlen++
		delete off[d]
	}
}
END {
	printf "offs cluster0 %d soc %d; periods with domain time %d; early %d twice %d orphan %d badlen %d shallow %d\n", offs[0], offs[2], dom, early, twice, orphan, badlen, shallow
	exit (offs[0] < 10 || offs[2] < 1 || dom < 10 || early || twice || orphan || badlen || shallow)
}' ncpu="$ncpu" /tmp/dom.txt > "$RESULTS/domains.txt"
rc=$?
cat "$RESULTS/domains.txt"
[ $rc -eq 0 ] || fail "domain decisions break last-man or their accounting (see domains.txt)"

# the meter is still the sum of the traced energies
awk "$AWK_FIELD"'
FILENAME == "/tmp/e0" && /^cpu/ { c = substr($1, 4); x0[c] = fld("exit_seq") + 0; i0[c] = fld("idle_nj") + 0 }
FILENAME == "/tmp/e1" && /^cpu/ { c = substr($1, 4); x1[c] = fld("exit_seq") + 0; i1[c] = fld("idle_nj") + 0 }
FILENAME == "/tmp/dom.txt" && /simsoc_exit:/ { c = fld("cpu"); q = fld("seq") + 0; if (q > x0[c] && q <= x1[c]) ti[c] += fld("energy") + 0 }
END { for (c in x1) if (i1[c] - i0[c] != ti[c]) bad++; exit (bad > 0) }' /tmp/e0 /tmp/e1 /tmp/dom.txt ||
	fail "with domains, the idle energy meter and the traced energies disagree"
gzip -c /tmp/dom.txt > "$RESULTS/domains-trace.txt.gz"

rmmod simsoc || die "rmmod with domains failed"
[ ! -d "$G/simsoc-cluster0" ] || fail "genpd simsoc-cluster0 left behind after rmmod"
insmod /lib/modules/simsoc.ko || die "insmod without domains failed"
n=$(ls -d /sys/devices/system/cpu/cpu0/cpuidle/state* | wc -l)
[ "$n" = 5 ] || fail "without domains, $n cpuidle states, expected 5"
workload 1
finish
