# SPDX-License-Identifier: GPL-2.0
# Guest test: unload and reload simsoc.ko 100 times under a running
# workload; the driver comes and goes cleanly every time.
. /job/lib.sh
need_driver
N=${LOADS:-100}
pids=
for c in 0 1 2 3; do
	( while :; do usleep 300; usleep 2500; j=0; while [ $j -lt 100 ]; do j=$((j + 1)); done; done ) &
	pids="$pids $!"
done
i=1
while [ $i -le "$N" ]; do
	rmmod simsoc || { fail "rmmod $i failed"; break; }
	d=$(cat $CPUIDLE/current_driver)
	[ "$d" = none ] || fail "after rmmod $i current_driver is $d"
	usleep 2000
	case $((i % 3)) in
	0) p="preset=random" ;;
	1) p="preset=hot controls=seed=$i" ;;
	*) p="" ;;
	esac
	insmod /lib/modules/simsoc.ko $p || { fail "insmod $i ($p) failed"; break; }
	d=$(cat $CPUIDLE/current_driver)
	[ "$d" = simsoc ] || fail "after insmod $i current_driver is $d"
	# a few idle periods with the fresh driver
	usleep 3000
	i=$((i + 1))
done
kill $pids 2>/dev/null
wait
[ $i -gt "$N" ] && echo "$N load/unload cycles" | tee "$RESULTS/loadunload.txt"
# a bad preset fails cleanly and leaves no driver
rmmod simsoc
insmod /lib/modules/simsoc.ko preset=nosuch 2>/dev/null && fail "insmod accepted preset=nosuch"
[ "$(cat $CPUIDLE/current_driver)" = none ] || fail "failed insmod left driver $(cat $CPUIDLE/current_driver)"
insmod /lib/modules/simsoc.ko controls="s1_exit_us=900" 2>/dev/null && fail "insmod accepted an inconsistent controls="
insmod /lib/modules/simsoc.ko || fail "final insmod failed"
# usage counters grow again
s=$(cat /sys/devices/system/cpu/cpu1/cpuidle/state0/usage)
sleep 0.2
[ "$(cat /sys/devices/system/cpu/cpu1/cpuidle/state*/usage | awk '{s += $1} END {print s}')" -gt "$s" ] || fail "no idle periods after the final load"
finish
