#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Make a kernel .config from fragments, and check it strictly.
#
# The fragments are merged onto tinyconfig (as an empty object directory
# gets it, see below) with the kernel's own merge_config.sh, then
# olddefconfig resolves the rest.  merge_config.sh only
# warns when a requested value did not survive (an option that does not
# exist, or whose dependencies are not met); like the 2.6.36
# nonint_oldconfig, we refuse to build such a config: every option named in
# a fragment must hold the requested value, or we list the ones that do not
# and exit 2.  --loose prints the same list and carries on.
#
# usage: scripts/kconfig.sh [--loose] KERNEL_TREE OBJ_DIR FRAGMENT...
set -euo pipefail

loose=0
if [ "${1:-}" = --loose ]; then
	loose=1
	shift
fi
ktree=${1:?usage: kconfig.sh [--loose] KERNEL_TREE OBJ_DIR FRAGMENT...}
kobj=${2:?usage: kconfig.sh [--loose] KERNEL_TREE OBJ_DIR FRAGMENT...}
shift 2
[ $# -gt 0 ] || { echo "kconfig: no fragment given" >&2; exit 1; }
frags=()
for f in "$@"; do
	[ -r "$f" ] || { echo "kconfig: fragment $f not found" >&2; exit 1; }
	frags+=("$(realpath "$f")")
done
set -- "${frags[@]}"
mkdir -p "$kobj"
ktree=$(realpath "$ktree")
kobj=$(realpath "$kobj")

# a make of its own: not one of the caller's jobs (make -jN hands its job
# slots only to the recipes marked as sub-makes)
kmake() { env -u MAKEFLAGS -u MFLAGS make -s -C "$ktree" O="$kobj" ARCH=arm64 CROSS_COMPILE="${CROSS_COMPILE:-aarch64-linux-gnu-}" "$@"; }

work=$(mktemp -d "$kobj/.kconfig.XXXXXX")
trap 'rm -rf "$work"' EXIT

# Generate into a scratch config so that a refused config never replaces
# the last good one.  The base is what 'make tinyconfig' gives in an empty
# object directory, built here step by step: 6.1's tinyconfig merges
# kernel/configs/tiny.config onto the object directory's own .config
# (merge_config.sh -m .config), whatever KCONFIG_CONFIG says, so run in
# OBJ_DIR it started from the previous build's config and an option taken
# out of a fragment stayed set.  An empty config, tiny.config merged onto
# it, olddefconfig: the same base on a cold and on a warm build.
: >"$work/config"
(cd "$work" && KCONFIG_CONFIG="$work/config" \
	"$ktree/scripts/kconfig/merge_config.sh" -m "$work/config" \
	"$ktree/kernel/configs/tiny.config" >"$work/tiny.log" 2>&1) &&
	kmake KCONFIG_CONFIG="$work/config" olddefconfig >>"$work/tiny.log" 2>&1 || {
	echo "kconfig: the tinyconfig base failed:" >&2
	sed 's/^/  /' "$work/tiny.log" >&2
	exit 1
}
# merge_config.sh writes its .tmp.config* files into the current directory.
(cd "$work" && KCONFIG_CONFIG="$work/config" \
	"$ktree/scripts/kconfig/merge_config.sh" -m "$work/config" "$@" >"$work/merge.log" 2>&1) || {
	echo "kconfig: merge_config.sh failed:" >&2
	sed 's/^/  /' "$work/merge.log" >&2
	exit 1
}
kmake KCONFIG_CONFIG="$work/config" olddefconfig >"$work/old.log" 2>&1 || {
	echo "kconfig: make olddefconfig failed:" >&2
	sed 's/^/  /' "$work/old.log" >&2
	exit 1
}

# Requested values: the last occurrence wins, as in merge_config.sh.
declare -A want where
for f in "$@"; do
	n=0
	while IFS= read -r line; do
		n=$((n + 1))
		if [[ $line =~ ^(CONFIG_[A-Za-z0-9_]+)=(.*)$ ]]; then
			want[${BASH_REMATCH[1]}]=${BASH_REMATCH[2]}
		elif [[ $line =~ ^#\ (CONFIG_[A-Za-z0-9_]+)\ is\ not\ set$ ]]; then
			want[${BASH_REMATCH[1]}]=n
		else
			continue
		fi
		where[${BASH_REMATCH[1]}]="$(basename "$f"):$n"
	done <"$f"
done

declare -A got
while IFS= read -r line; do
	if [[ $line =~ ^(CONFIG_[A-Za-z0-9_]+)=(.*)$ ]]; then
		got[${BASH_REMATCH[1]}]=${BASH_REMATCH[2]}
	elif [[ $line =~ ^#\ (CONFIG_[A-Za-z0-9_]+)\ is\ not\ set$ ]]; then
		got[${BASH_REMATCH[1]}]=n
	fi
done <"$work/config"

bad=()
for opt in $(printf '%s\n' "${!want[@]}" | LC_ALL=C sort); do
	have=${got[$opt]:-<unset>}
	req=${want[$opt]}
	# "is not set" is satisfied by an option that is absent altogether
	[ "$req" = n ] && [ "$have" = '<unset>' ] && continue
	[ "$have" = "$req" ] && continue
	bad+=("$opt: requested=$req got=$have (${where[$opt]})")
done

if [ ${#bad[@]} -gt 0 ]; then
	{
		echo "The following options did not get the requested value:"
		printf '  %s\n' "${bad[@]}"
	} >&2
	if [ $loose -eq 0 ]; then
		echo "kconfig: refusing to build; fix the fragments, or use KCONFIG_LOOSE=1 to go on" >&2
		exit 2
	fi
	echo "kconfig: KCONFIG_LOOSE=1: going on with these options unmet" >&2
fi

# Replace .config only when it changed, so that Make's stamps stay quiet.
if ! cmp -s "$work/config" "$kobj/.config"; then
	mv "$work/config" "$kobj/.config"
fi
