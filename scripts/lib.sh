# SPDX-License-Identifier: GPL-2.0
# Helpers shared by the host scripts: sourced, not run.  The script sets
# $src (the source tree) and $prog (its name in messages) first.

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
# an rt-app JSON the scenario scripts/rtapp-scenario.py makes of it, in
# DIR (its calibration a placeholder: only the runner's is measured)
scenario_ini() {
	case $1 in
	*.json)
		python3 "$src/scripts/rtapp-scenario.py" "$1" "$2" 1 || return 2
		printf '%s\n' "$2/$(basename "$1" .json).ini"
		;;
	*) printf '%s\n' "$1" ;;
	esac
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
