#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# import-check.sh TOOL KTREE SOCDIR OUTDIR: every SOCDIR/*.soc whose
# "source" is a device tree of the kernel tree KTREE must be what
# "TOOL import --fill" makes of that device tree, byte for byte: the
# figures the DT holds come from it exactly, the hand-filled lines and the
# blocks from the shipped file.  At least one description must have been
# checked so.
set -u
tool=${1:?usage: import-check.sh TOOL KTREE SOCDIR OUTDIR}
ktree=${2:?} socdir=${3:?} out=${4:?}
mkdir -p "$out"
n=0 fail=0
for f in "$socdir"/*.soc; do
	src=$(sed -n 's/^source = \([^ #]*\).*/\1/p' "$f")
	case $src in
	*.dts | *.dtb) ;;
	*) continue ;;
	esac
	[ -f "$ktree/$src" ] || { echo "$f: source $src is not in $ktree" >&2; fail=1; continue; }
	name=$(basename "$f")
	# the kernel tree's own include paths, as its dtbs build uses them;
	# run from the tree so that the source line names the DT as shipped
	(cd "$ktree" && "$tool" import -I "$(dirname "$src")" -I include \
		-I scripts/dtc/include-prefixes --fill "$f" "$src") \
		>"$out/$name" 2>"$out/$name.log" ||
		{ echo "$f: import of $src failed:" >&2; cat "$out/$name.log" >&2; fail=1; continue; }
	if ! diff -u "$f" "$out/$name" >"$out/$name.diff"; then
		echo "$f: not what the import of $src makes of it:" >&2
		head -30 "$out/$name.diff" >&2
		fail=1
	fi
	n=$((n + 1))
done
[ $n -gt 0 ] || { echo "no description from a device tree in $socdir" >&2; exit 1; }
echo "          $n descriptions reproduced from their device trees"

# A board we do not ship: hi3660 gives dynamic-power-coefficient to one
# CPU of each cluster only, and its big cluster's sleep state an exit
# (800 + 2900 us) longer than its min-residency (3500 us).  Each cpu-map
# cluster must stay one [cluster], its cluster state a cluster state, and
# the state be named in a warning.
dts=arch/arm64/boot/dts/hisilicon/hi3660-hikey960.dts
if [ -f "$ktree/$dts" ]; then
	(cd "$ktree" && "$tool" import -I "$(dirname "$dts")" -I include \
		-I scripts/dtc/include-prefixes "$dts") >"$out/hi3660.soc" 2>"$out/hi3660.log" ||
		{ echo "import of $dts failed:" >&2; cat "$out/hi3660.log" >&2; fail=1; }
	cpus=$(sed -n 's/^cpus = \([0-9]*\).*/\1/p' "$out/hi3660.soc" | tr '\n' ' ')
	[ "$cpus" = "4 4 " ] || { echo "$dts: [cluster] sections of $cpus CPUs, expected 4 4 (one per cpu-map cluster)" >&2; fail=1; }
	grep -q '^\[state cluster-sleep\]' "$out/hi3660.soc" &&
		sed -n '/^\[state cluster-sleep\]/,/^\[/p' "$out/hi3660.soc" | grep -q '^off = cluster' ||
		{ echo "$dts: cluster-sleep is not a cluster state" >&2; fail=1; }
	grep -q 'warning: \[cluster a73\] state cluster-sleep .*exit latency 3700 us exceeds min-residency 3500 us' "$out/hi3660.log" ||
		{ echo "$dts: no warning of the a73 cluster-sleep's exit latency over its residency" >&2; fail=1; }
	[ $fail -eq 0 ] && echo "          hi3660: one [cluster] per cpu-map cluster, the long exit warned of"
fi
# msm8916's cluster-retention, longer than cpuidle's 15 characters, is
# kept whole: the sim driver derives the name it registers
dts=arch/arm64/boot/dts/qcom/msm8916-mtp.dts
if [ -f "$ktree/$dts" ]; then
	(cd "$ktree" && "$tool" import -I "$(dirname "$dts")" -I include \
		-I scripts/dtc/include-prefixes "$dts") >"$out/msm8916.soc" 2>"$out/msm8916.log" ||
		{ echo "import of $dts failed:" >&2; cat "$out/msm8916.log" >&2; fail=1; }
	grep -q '^\[state cluster-retention\]' "$out/msm8916.soc" && ! grep -q ': cut to' "$out/msm8916.soc" ||
		{ echo "$dts: cluster-retention not kept whole" >&2; fail=1; }
fi
exit $fail
