# SPDX-License-Identifier: GPL-2.0
# Guest test: the driver plays each SoC description it is given.  For
# every /job/soc-NAME.param (idlesim-soc params of a shipped .soc) and its
# /job/soc-NAME.expect (what idlesim-soc says of it on the host), the
# module is reloaded with that SoC and must register its states by name,
# describe it in "soc", offer exactly its controls, map its CPUs to its
# clusters, keep idling, and take "opp=P%" on every kind of cluster.
# A damaged parameter must fail the load and leave no driver.
. /job/lib.sh
need_driver
n=0
for p in /job/soc-*.param; do
	[ -f "$p" ] || die "no /job/soc-*.param"
	name=${p#/job/soc-}
	name=${name%.param}
	e=/job/soc-$name.expect
	rmmod simsoc || die "rmmod before $name failed"
	read -r param < "$p"
	insmod /lib/modules/simsoc.ko "$param" || { fail "$name: insmod failed"; continue; }
	# names: sysfs has cpuidle's, a name of more than 15 characters as
	# its first 13, '~' and its index (simsoc_main.c); the soc line the
	# description's whole
	want=$(sed -n 's/^states //p' "$e")
	i=0
	sysfs=
	for s in $want; do
		[ ${#s} -le 15 ] || s=$(echo "$s" | cut -c1-13)~$i
		sysfs="$sysfs${sysfs:+ }$s"
		i=$((i + 1))
	done
	got=$(cat /sys/devices/system/cpu/cpu0/cpuidle/state*/name | tr '\n' ' ' | sed 's/ $//')
	[ "$got" = "$sysfs" ] || fail "$name: sysfs states '$got', expected '$sysfs'"
	line=$(cat $D/soc)
	case "$line" in
	"name=$name states=$(echo "$want" | tr ' ' ',') "*) ;;
	*) fail "$name: soc file says '$line'" ;;
	esac
	# exactly the controls the host tool lists, in its order
	sed -n 's/^control //p' "$e" > /tmp/want-ctrls
	grep -v '^#' $D/query | cut -d' ' -f1 > /tmp/got-ctrls
	cmp -s /tmp/want-ctrls /tmp/got-ctrls ||
		fail "$name: controls differ from the host's list: $(diff /tmp/want-ctrls /tmp/got-ctrls | grep '^[<>]' | head -3 | tr '\n' ' ')"
	# the CPUs' clusters, as the host numbers them
	want=$(sed -n 's/^clusters //p' "$e")
	got=$(echo "$line" | tr ' ' '\n' | sed -n 's/^cluster=//p')
	case "$want" in
	"$got"*) ;;
	*) fail "$name: CPUs in clusters $got, expected a prefix of $want" ;;
	esac
	# every kind's operating point from one percentage
	echo "opp=0%" > $D/batch || fail "$name: opp=0% refused: $(cat $D/result)"
	for c in $(grep -E '(^|_)opp$' /tmp/got-ctrls); do
		[ "$(cat $D/ctrl/$c)" = 0 ] || fail "$name: opp=0% left $c at $(cat $D/ctrl/$c)"
	done
	echo "opp=100%" > $D/batch || fail "$name: opp=100% refused"
	# a residency below its exit latency is refused, naming the rule
	r=$(grep -m1 's1_residency_us$' /tmp/got-ctrls)
	if [ -n "$r" ]; then
		echo "$r=1" > $D/batch 2>/dev/null && fail "$name: $r=1 accepted"
		grep -q "rule=.*s1_exit_us<=$r" $D/result || fail "$name: $r=1: result '$(cat $D/result)'"
	fi
	# and it idles
	u=$(cat /sys/devices/system/cpu/cpu*/cpuidle/state*/usage | awk '{s += $1} END {print s}')
	usleep 20000
	u2=$(cat /sys/devices/system/cpu/cpu*/cpuidle/state*/usage | awk '{s += $1} END {print s}')
	[ "$u2" -gt "$u" ] || fail "$name: no idle periods"
	ok "$name: $(echo "$line" | cut -c1-120)"
	n=$((n + 1))
done
# damaged descriptions: refused, nothing left registered
rmmod simsoc
for bad in "soc=v2;name=x" "soc=v1;name=x;state=WFI,0" "soc=v1;name=x;state=WFI,2;cluster=a,2,1,0,0;opp=1000,1000,1,1;fig=1,1,1,1,20" \
	"soc=$(sed 's/fig=1,1,/fig=1,0,/' "$(ls /job/soc-*.param | head -1)" | cut -d= -f2-)"; do
	insmod /lib/modules/simsoc.ko "$bad" 2>/dev/null && { fail "insmod accepted '$bad'"; rmmod simsoc; }
	[ "$(cat $CPUIDLE/current_driver)" = none ] || fail "a refused load left driver $(cat $CPUIDLE/current_driver)"
done
insmod /lib/modules/simsoc.ko || fail "final insmod failed"
echo "$n SoCs played" | tee "$RESULTS/socs.txt"
[ $n -ge 1 ] || fail "no SoC played"
finish
