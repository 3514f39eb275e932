#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# default-soc.sh SOC_TOOL SOC_FILE OUT: the driver's default SoC, the
# description SOC_FILE as `SOC_TOOL params` compiles it, as the header
# simsoc_soc.c includes.  OUT is rewritten only when it changes, so that
# Kbuild rebuilds only then.
set -e
tool=${1:?usage: default-soc.sh SOC_TOOL SOC_FILE OUT}
soc=${2:?} out=${3:?}
p=$("$tool" params "$soc")
case $p in
soc=*) ;;
*) echo "default-soc.sh: $tool params $soc said '$p'" >&2; exit 1 ;;
esac
tmp=$out.tmp
{
	echo "/* SPDX-License-Identifier: GPL-2.0 */"
	echo "/* Generated from $(basename "$soc") by idlesim-soc params: do not edit. */"
	echo "#define SIMSOC_DEFAULT_SOC \"${p#soc=}\""
} >"$tmp"
if cmp -s "$tmp" "$out"; then
	rm -f "$tmp"
else
	mv "$tmp" "$out"
fi
