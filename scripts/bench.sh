#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Run the benchmarks: every bench/NN-*.sh in order.  Each prints result
# lines "name value unit [note]" on stdout; they are collected, with the
# date and machine, into OUTDIR/results.txt and printed at the end.  Every
# figure is measured in this invocation; ratios compare runs made here.
#
# usage: bench.sh OUTDIR [PATTERN]
set -uo pipefail

outdir=${1:?usage: bench.sh OUTDIR [PATTERN]}
pattern=${2:-}
export IDLESIM_SRC=${IDLESIM_SRC:-$(cd "$(dirname "$0")/.." && pwd)}
mkdir -p "$outdir"
results=$outdir/results.txt
tmp=$results.tmp
{
	echo "# idlesim benchmarks, $(date -u +%Y-%m-%dT%H:%M:%SZ)"
	echo "# host: $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2 / 1048576}' /proc/meminfo), $(uname -r)"
} >"$tmp"
rc=0
for b in "$IDLESIM_SRC"/bench/[0-9][0-9]-*.sh; do
	[ -f "$b" ] || continue
	name=$(basename "$b" .sh)
	[ -n "$pattern" ] && [[ $name != *$pattern* ]] && continue
	echo "  [bench]  $name"
	scratch=$outdir/$name
	rm -rf "$scratch"
	mkdir -p "$scratch"
	if ! (cd "$IDLESIM_SRC" && IDLESIM_SCRATCH=$scratch bash "$b") >"$scratch.out" 2>"$scratch.log" </dev/null; then
		echo "  [bench]  $name failed; see $scratch.log" >&2
		tail -5 "$scratch.log" | sed 's/^/    /' >&2
		rc=1
	fi
	sed "s/^/$name: /" "$scratch.out" >>"$tmp"
done
mv "$tmp" "$results"
echo
column -t -s $'\t' "$results" 2>/dev/null || cat "$results"
echo
echo "written to $results"
exit $rc
