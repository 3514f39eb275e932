# SPDX-License-Identifier: GPL-2.0
# Guest test: simsoc is the current driver and every governor runs a
# workload on it, entering its states, without a warning in dmesg.
. /job/lib.sh
need_driver
govs="menu teo ladder"
if grep -q 'require_menu_deepest=1' /job/expect 2>/dev/null; then
	govs="$govs menu_deepest"
elif grep -qw menu_deepest $CPUIDLE/available_governors; then
	govs="$govs menu_deepest"
else
	echo "note: no menu_deepest governor in this kernel: $(cat $CPUIDLE/available_governors)"
fi
for g in $govs; do
	echo "$g" > $CPUIDLE/current_governor 2>/dev/null
	if [ "$(cat $CPUIDLE/current_governor)" != "$g" ]; then
		fail "governor $g not available ($(cat $CPUIDLE/available_governors))"
		continue
	fi
	before=0
	for f in /sys/devices/system/cpu/cpu*/cpuidle/state*/usage; do
		before=$((before + $(cat "$f")))
	done
	cp $D/energy "$RESULTS/energy-$g-before.txt"
	workload 6
	after=0; states=""
	for s in 0 1 2 3 4; do
		n=0
		for f in /sys/devices/system/cpu/cpu*/cpuidle/state$s/usage; do
			n=$((n + $(cat "$f")))
		done
		states="$states $s:$n"
		after=$((after + n))
	done
	cp $D/energy "$RESULTS/energy-$g-after.txt"
	echo "$g $((after - before)) idle periods; cumulative usage per state:$states" | tee -a "$RESULTS/governors.txt"
	[ $((after - before)) -gt 50 ] || fail "governor $g: only $((after - before)) idle periods on simsoc"
done
finish
