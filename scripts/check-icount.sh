#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Checks a QEMU -icount option string before anything is built or booted:
#
#   check-icount.sh OPTS REPRODUCIBLE
#
# OPTS is what ICOUNT= holds ("shift=3,sleep=off", "shift=auto,sleep=off",
# "off" for no icount).  REPRODUCIBLE=1 asks for runs that give the same
# trace bytes every time, which only a fixed shift with sleep=off gives:
# shift=auto retunes guest time per instruction from the host's speed,
# sleep=on and align=on follow the host's clock, and without icount the
# vCPUs run on host threads.  Prints nothing and exits 0 when OPTS will
# do; otherwise one message naming the setting, and exit 2.
#
# The keys and rules are QEMU 7.2's (softmmu/icount.c: icount_configure);
# record/replay is refused because QEMU does not support it with -smp.
set -u

opts=${1?usage: check-icount.sh OPTS REPRODUCIBLE}
repro=${2:-1}

die() {
	echo "ICOUNT=$opts: $*" >&2
	exit 2
}

case $repro in
0 | 1) ;;
*) echo "REPRODUCIBLE=$repro: expected 0 or 1" >&2; exit 2 ;;
esac

if [ "$opts" = off ]; then
	[ "$repro" = 0 ] && exit 0
	die "without -icount the vCPUs run on host threads and no two runs are alike; use a fixed shift (default shift=0,sleep=off), or REPRODUCIBLE=0"
fi
[ -n "$opts" ] || die "empty; expected e.g. shift=0,sleep=off, or off"

shift_v= sleep_v= align_v=
first=1
IFS=, read -r -a items <<<"$opts"
for item in "${items[@]}"; do
	if [[ $item != *=* ]]; then
		# QEMU takes a bare first item as the shift
		[ $first = 1 ] || die "'$item': expected key=value"
		item=shift=$item
	fi
	first=0
	key=${item%%=*} val=${item#*=}
	case $key in
	shift)
		[ -z "$shift_v" ] || die "shift given twice"
		if [ "$val" != auto ]; then
			[[ $val =~ ^[0-9]+$ ]] && [ "$val" -le 10 ] ||
				die "shift=$val: expected 0 to 10 (2^shift ns of guest time per instruction) or auto"
		fi
		shift_v=$val ;;
	sleep)
		[[ $val =~ ^(on|off)$ ]] || die "sleep=$val: expected on or off"
		sleep_v=$val ;;
	align)
		[[ $val =~ ^(on|off)$ ]] || die "align=$val: expected on or off"
		align_v=$val ;;
	rr | rrfile | rrsnapshot)
		die "$key: QEMU's record/replay does not support -smp; reproducibility comes from a fixed shift with sleep=off" ;;
	*)
		die "unknown key '$key' (QEMU 7.2 -icount takes shift, align, sleep)" ;;
	esac
done

[ -n "$shift_v" ] || die "no shift (QEMU needs one, e.g. shift=3)"
# QEMU's own refusals, named here rather than after a build
[ "$align_v" = on ] && [ "$sleep_v" = off ] && die "align=on and sleep=off are incompatible"
[ "$align_v" = on ] && [ "$shift_v" = auto ] && die "shift=auto and align=on are incompatible"

[ "$repro" = 1 ] || exit 0
[ "$shift_v" != auto ] ||
	die "shift=auto retunes guest time per instruction from the host's speed, so runs are not reproducible; use a fixed shift (e.g. shift=0,sleep=off) or REPRODUCIBLE=0"
[ "$sleep_v" = off ] ||
	die "reproducible runs need sleep=off (with sleep=on, idle time follows the host's clock); or REPRODUCIBLE=0"
[ "$align_v" != on ] ||
	die "align=on follows the host's clock; reproducible runs need it off, or REPRODUCIBLE=0"
exit 0
