#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Guest job: one workload scenario run once per sweep point, in one boot,
# each point under its own sim driver controls (scripts/tune.sh).
#
# /job holds the scenario (*.ini), the seed ("seed") and "points.tsv":
# one line per point, "N<TAB>name=value ...", an empty batch for the
# driver's current values.  Before the first point, every writable
# control's value is saved; each point starts from those values with its
# own batch on top, so that no point inherits what the workload of the
# one before left set.  Every batch is tried first, so a bad point fails
# the boot before any workload ran.
#
# One trace-cmd record covers all points.  Each point's snapshots are
# bracketed by "idlesim: snapshot before|after begin|end point=N"
# markers and named cpuidle-{before,after}.pN.{txt,energy}; its workload
# results go to $RESULTS/pN/.  idlesim-analyze run --point N reads one.

tracing=/sys/kernel/tracing
simsoc=${SIMSOC_DEBUGFS:?set by init}
scn=$(ls /job/*.ini 2>/dev/null | head -1)
seed=
[ -f /job/seed ] && seed="--seed $(cat /job/seed)"

. /job/snapshot.sh
. /job/record.sh

# merge RESET POINT: RESET with POINT's controls replaced by POINT's values;
# its output is meant to be split into simsocctl's NAME=VALUE arguments
merge() {
	out=
	for kv in $1; do
		case " $2 " in
		*" ${kv%%=*}="*) ;;
		*) out="$out $kv" ;;
		esac
	done
	echo $out $2
}

if [ "$1" = --window ]; then
	window_stderr
	reset=$(cat /tmp/sweep-reset)
	rc=0
	wake_idle_cpus
	while IFS='	' read -r n batch; do
		[ -n "$n" ] || continue
		# shellcheck disable=SC2046
		simsocctl set $(merge "$reset" "$batch") || { rc=1; break; }
		echo "idlesim: point $n: ${batch:-current values}" > /dev/console
		mkdir -p "$RESULTS/p$n"
		snapshot before "$n"
		# an rt-app workload logs to /results/rt-app; each point keeps its own
		ls /job/*.json >/dev/null 2>&1 && rm -rf "$RESULTS/rt-app" && mkdir -p "$RESULTS/rt-app"
		idlesim-workload --out "$RESULTS/p$n" $seed "$scn" < /dev/null
		prc=$?
		snapshot after "$n"
		if [ -d "$RESULTS/rt-app" ]; then
			mv "$RESULTS/rt-app" "$RESULTS/p$n/rt-app"
			rtapp_wakeups "$RESULTS/p$n"
		fi
		echo $prc > "$RESULTS/p$n/workload.status"
		[ $prc -eq 0 ] || { rc=$prc; break; }
	done < /job/points.tsv
	simsocctl set $reset
	echo $rc > "$RESULTS/workload.status"
	exit $rc
fi

[ -f "$scn" ] || { echo "sweep job: no scenario file in /job"; exit 1; }
[ -f /job/points.tsv ] || { echo "sweep job: no points.tsv in /job"; exit 1; }
for e in power/cpu_idle cpuidle/cpuidle_select simsoc; do
	if [ ! -d "$tracing/events/$e" ]; then
		echo "sweep job: trace events '$e' are missing (unpatched kernel, or simsoc.ko not loaded?)"
		exit 1
	fi
done
# the values every point starts from: all writable controls, menus by index
awk '!/^#/ && $8 !~ /read-only/ { printf "%s=%s ", $1, $7 }' $simsoc/query > /tmp/sweep-reset
reset=$(cat /tmp/sweep-reset)
[ -n "$reset" ] || { echo "sweep job: cannot read $simsoc/query"; exit 1; }
while IFS='	' read -r n batch; do
	[ -n "$n" ] || continue
	# shellcheck disable=SC2046
	simsocctl try $(merge "$reset" "$batch") ||
		{ echo "sweep job: point $n ($batch) rejected by the driver"; exit 1; }
done < /job/points.tsv
simsocctl table > "$RESULTS/simsoc-table.txt"
record_trace sweep || exit 1
rc=$(cat "$RESULTS/workload.status" 2>/dev/null)
[ -n "$rc" ] || { echo "sweep job: the workload did not run"; exit 1; }
exit "$rc"
