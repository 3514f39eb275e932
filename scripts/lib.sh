# SPDX-License-Identifier: GPL-2.0
# Helpers shared by the host scripts: sourced, not run.  The script sets
# $src (the source tree) and $prog (its name in messages) first.

# the most CPUs a guest, a description or a scenario has (one home: the C header)
max_cpus() {
	sed -n 's/^#define IDLESIM_MAX_CPUS[[:space:]]*\([0-9]*\).*/\1/p' "$src/include/idlesim/limits.h"
}

# die MESSAGE: the usage or input error, before anything was started
die() {
	echo "${prog:-${0##*/}}: $*" >&2
	exit 2
}

# scenario_file SCENARIO: the file a scenario stands for, a name in
# workloads/scenarios/ or a path to a .ini file (which need not exist)
scenario_file() {
	case $1 in
	*/* | *.ini) printf '%s\n' "$1" ;;
	*) printf '%s\n' "$src/workloads/scenarios/$1.ini" ;;
	esac
}

# scenario_ini FILE DIR: the scenario FILE stands for: FILE itself, or for
# an rt-app JSON the scenario idlesim-rtapp (workloads/src/rtapp.c) makes of it, in
# DIR (its calibration a placeholder: only the runner's is measured)
scenario_ini() {
	case $1 in
	*.json)
		"${IDLESIM_RTAPP:?IDLESIM_RTAPP not set (run through make)}" "$1" "$2" 1 || return 2
		printf '%s\n' "$2/$(basename "$1" .json).ini"
		;;
	*) printf '%s\n' "$1" ;;
	esac
}

# scenario_check SCENARIO: exit 2 with the file's own message unless the
# scenario (a name, an .ini or an rt-app .json) is valid, and valid on the
# SoC $IDLESIM_SOC (its controls, the values it sets them to, and its
# CPUs) when $IDLESIM_SOC_TOOL is set.
# Host tools only: make runs it before anything is built or booted.
scenario_check() {
	local file ini d c ctrls socf socname soc
	file=$(scenario_file "$1")
	[ -f "$file" ] || die "unknown scenario '$1' (no $file); 'make scenarios' lists them"
	d=$(mktemp -d)
	ini=$file
	if [[ $file == *.json ]]; then
		"${IDLESIM_RTAPP:?IDLESIM_RTAPP not set (run through make)}" --check "$file" "$d/check" 1 >/dev/null &&
			ini=$(scenario_ini "$file" "$d") || { rm -rf "$d"; exit 2; }
	fi
	if ! c=$("${IDLESIM_WORKLOAD_HOST:?}" --check "$ini" 2>&1); then
		rm -rf "$d"
		die "$c"
	fi
	# the scenario's controls must be the SoC's (a block it does not
	# have, a per-cluster control of another SoC), and so must its CPUs
	if [ -n "${IDLESIM_SOC_TOOL:-}" ]; then
		soc=${IDLESIM_SOC:-simsoc}
		soc_check "$soc"
		socf=$(soc_file "$soc")
		socname=$("$IDLESIM_SOC_TOOL" get name "$socf")
		ctrls=$("$IDLESIM_SOC_TOOL" get controls "$socf")
		# "opp" sets every cluster's operating point on an SoC of several kinds
		[ "$("$IDLESIM_SOC_TOOL" get prefixes "$socf" | wc -l)" -gt 1 ] && ctrls+=$'\nopp'
		for c in $("$IDLESIM_WORKLOAD_HOST" --get controls "$ini"); do
			grep -qx -- "$c" <<<"$ctrls" || {
				rm -rf "$d"
				die "$file: sets $c, which SoC $socname ($socf) does not have; its blocks: $(sed -n 's/_mode$//p' <<<"$ctrls" | tr '\n' ' ')(see 'idlesim-soc get controls')"
			}
		done
		# and the values it writes must be ones the driver takes there
		"$IDLESIM_SOC_TOOL" get control-ranges "$socf" >"$d/ranges" &&
			c=$("$IDLESIM_WORKLOAD_HOST" --check --controls "$d/ranges" "$ini" 2>&1) || {
			rm -rf "$d"
			die "$c (SoC $socname, $socf)"
		}
		( scenario_cpus "$ini" "$file" >/dev/null ) || { rm -rf "$d"; exit 2; }
	fi
	rm -rf "$d"
}

# scenario_cpus INI [SHOWN]: the CPUs a run of the scenario boots.  By default
# the scenario's own "cpus", the SoC's first CPUs; $IDLESIM_CPUS (make
# CPUS=) "soc" boots every CPU the SoC describes, so that its other
# clusters idle beside the workload and count, and a number boots that
# many.  Never fewer than the scenario needs, nor more than the SoC has.
# SHOWN names the scenario in that refusal (the rt-app JSON an INI was
# made from); the INI's note of a pinned task (idlesim-rtapp's) says why.
scenario_cpus() {
	local want have n socf why
	want=$("${IDLESIM_WORKLOAD_HOST:?}" --get cpus "$1") || exit 2
	socf=$(soc_file "${IDLESIM_SOC:-simsoc}")
	have=8
	if [ -n "${IDLESIM_SOC_TOOL:-}" ]; then
		have=$("$IDLESIM_SOC_TOOL" get cpus "$socf") || exit 2
	elif [ -n "${IDLESIM_CPUS:-}" ]; then
		die "CPUS=$IDLESIM_CPUS needs the SoC's CPUs: IDLESIM_SOC_TOOL not set (run through make)"
	fi
	case ${IDLESIM_CPUS:-} in
	"") n=$want ;;
	soc) n=$have ;;
	*)
		[[ $IDLESIM_CPUS =~ ^[1-9][0-9]*$ ]] && [ "$IDLESIM_CPUS" -le "$(max_cpus)" ] ||
			die "CPUS=$IDLESIM_CPUS: expected soc (every CPU of the SoC) or 1..$(max_cpus)"
		n=$IDLESIM_CPUS
		;;
	esac
	[ "$n" -ge "$want" ] || die "CPUS=$IDLESIM_CPUS: $1 runs on $want CPUs, more than $n"
	why=$(sed -n 's/^# \(task .* pins to CPU [0-9]*\),.*/: \1/p' "$1")
	[ "$n" -le "$have" ] ||
		die "${2:-$1}: runs on $n CPUs${why}${IDLESIM_CPUS:+ (CPUS=$IDLESIM_CPUS)}; SoC $("$IDLESIM_SOC_TOOL" get name "$socf") ($socf) has $have"
	printf '%s\n' "$n"
}

# scenario_guest_seconds SCENARIO: the guest time a run of it takes
scenario_guest_seconds() {
	local d ini v
	d=$(mktemp -d)
	ini=$(scenario_ini "$(scenario_file "$1")" "$d") &&
		v=$("${IDLESIM_WORKLOAD_HOST:?}" --get guest_seconds "$ini")
	rm -rf "$d"
	[ -n "${v:-}" ] || return 2
	printf '%s\n' "$v"
}

# soc_file SOC: the SoC description SOC stands for, a name in socs/ or a
# path to a .soc file (which need not exist)
soc_file() {
	case $1 in
	*/* | *.soc) printf '%s\n' "$1" ;;
	*) printf '%s\n' "$src/socs/$1.soc" ;;
	esac
}

# soc_check SOC: exit 2 with the tool's FILE:LINE message unless SOC is a
# valid description; $IDLESIM_SOC_TOOL is socs/'s idlesim-soc
soc_check() {
	local f msg

	f=$(soc_file "$1")
	[ -f "$f" ] || die "unknown SoC '$1' (no $f); socs/ has: $(cd "$src/socs" && ls *.soc | sed 's/\.soc$//' | tr '\n' ' ')"
	msg=$("${IDLESIM_SOC_TOOL:?IDLESIM_SOC_TOOL not set (run through make)}" check "$f" 2>&1) ||
		die "$msg"
}

# swap_in NEW DIR: the complete directory NEW takes DIR's place.  The old
# DIR is moved aside first and removed only once NEW is in place, so an
# interruption leaves a whole NEW or a whole DIR.old, never half of one.
swap_in() {
	rm -rf "$2.old"
	if [ -d "$2" ]; then
		mv "$2" "$2.old" || return 1
	fi
	mv "$1" "$2" && rm -rf "$2.old"
}

# read_limits COMMAND NAME...: the limits idlesim-analyze COMMAND (compare
# or tune) enforces, into limit[NAME], each checked to be a count; the
# scripts check a request against them before anything boots
read_limits() {
	local cmd=$1 k v
	shift
	declare -gA limit=()
	while read -r k v; do limit[$k]=$v; done < <("$analyze" "$cmd" --limits)
	for k in "$@"; do
		[[ ${limit[$k]:-} =~ ^[1-9][0-9]*$ ]] || die "$analyze $cmd --limits: no limit for $k"
	done
}

# Progress of a job of many runs (compare, report, tune): one line per run
# done, with the guest seconds done and an estimate of the time left.
# A job made of others (a report's comparisons) exports its own count in
# IDLESIM_PROGRESS ("T0 DONE_S TOTAL_S RUNS_DONE RUNS_TOTAL"), so that
# their lines count for the whole; otherwise progress_start starts one.
# progress_start RUNS GUEST_S: a job of RUNS runs, GUEST_S guest seconds in all
progress_start() {
	[ -n "${IDLESIM_PROGRESS:-}" ] || IDLESIM_PROGRESS="$(date +%s) 0 $2 0 $1"
	export IDLESIM_PROGRESS
}

# progress_skip RUNS GUEST_S: runs a part of the job did, counted silently
progress_skip() {
	local t0 done total rd rt
	read -r t0 done total rd rt <<<"$IDLESIM_PROGRESS"
	done=$(awk -v a="$done" -v b="$2" 'BEGIN { printf "%.1f", a + b }')
	IDLESIM_PROGRESS="$t0 $done $total $((rd + $1)) $rt"
}

# progress_step LABEL GUEST_S: a run of GUEST_S guest seconds is done
progress_step() {
	local t0 done total rd rt
	progress_skip 1 "$2"
	read -r t0 done total rd rt <<<"$IDLESIM_PROGRESS"
	awk -v l="$1" -v d="$done" -v t="$total" -v e=$(($(date +%s) - t0)) -v rd="$rd" -v rt="$rt" 'BEGIN {
		left = d > 0 && t > d ? e * (t - d) / d : 0
		printf "  [%d/%d] %s: %.1f of %.1f guest s done in %d s", rd, rt, l, d, t, e
		if (rd < rt) printf ", about %d s left", left + 0.5
		printf "\n" }'
}
