#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Pipeline costs: cold and warm kernel builds, boot-to-/init, and what
# -icount sleep=off buys an idle-heavy guest.
set -euo pipefail
s=$IDLESIM_SCRATCH

now() { date +%s.%N; }
secs() { echo "scale=2; ($2 - $1) / 1" | bc; }

# 1. kernel builds in a fresh build directory: without ccache (the
#    default), then from scratch through an empty ccache (CCACHE=1: what
#    the cache costs a first build), again with the cache that run filled
#    (what changing a patch costs with it), then with nothing to do.
export CCACHE_DIR=$s/ccache
b=$s/build
mkdir -p "$b"
cp -al "$IDLESIM_O/src" "$b/src"
cp -a "$IDLESIM_O/debs" "$b/debs"
cp -a "$IDLESIM_O/.idlesim-deps" "$b/"
# kernel NAME [MAKE ARG]...: a build of the kernel, timed
kernel() {
	local name=$1 t0
	shift
	t0=$(now)
	make -s O="$b" "$@" kernel >"$s/$name.log" 2>&1
	secs "$t0" "$(now)"
}
cold=$(kernel cold CCACHE=0)
rm -rf "$b/kernel" "$b/linux/.idlesim-tree"
cold_cc=$(kernel cold-ccache CCACHE=1)
rm -rf "$b/kernel" "$b/linux/.idlesim-tree"
warm=$(kernel warm CCACHE=1)
noop=$(kernel noop CCACHE=1)
printf 'kernel_build_cold\t%s\ts\tno ccache (the default), %s jobs\n' "$cold" "$(nproc)"
printf 'kernel_build_cold_ccache\t%s\ts\tfresh tree and objects, empty ccache (ratio to cold %s)\n' \
	"$cold_cc" "$(echo "scale=3; $cold_cc / $cold" | bc)"
printf 'kernel_build_warm\t%s\ts\tfresh tree and objects, warm ccache (ratio to cold %s)\n' \
	"$warm" "$(echo "scale=3; $warm / $cold" | bc)"
printf 'kernel_build_noop\t%s\ts\tnothing changed\n' "$noop"
rm -rf "$b"

# 2. boot to /init and back: an empty job, median of 5 (wall time from
#    QEMU start until the guest's "job start" line is not visible from
#    outside, so this is boot + power-off, an upper bound)
# job_wall NAME COMMAND [RUN-GUEST ARG]...: a guest job of one shell
# command, run on 2 CPUs; its wall time
job_wall() {
	local name=$1 cmd=$2
	shift 2
	printf '%s\n' "$cmd" >"$s/$name.sh"
	"$IDLESIM_RUN" --job "$s/$name.sh" --rundir "$s/$name" --force --smp 2 "$@" >/dev/null
	awk '$1 == "wall_seconds" {print $2}' "$s/$name/manifest"
}
walls=()
for i in 1 2 3 4 5; do
	walls+=("$(job_wall "boot$i" true)")
done
median=$(printf '%s\n' "${walls[@]}" | sort -n | sed -n 3p)
printf 'boot_to_poweroff\t%.2f\ts\tempty job, median of 5, -smp 2, icount\n' "$median"

# 3. an idle-heavy guest: guest sleep with and without icount.  Under
#    icount 10 s of idle cost less wall time than a boot varies by (the
#    difference to the empty job came out negative), so there the sleep's
#    own cost is the difference between a 10 s and a 100 s sleep; without
#    icount, between a 10 s sleep and the empty job.
wi10=$(job_wall icount10 'sleep 10')
wi100=$(job_wall icount100 'sleep 100')
wn=$(job_wall noicount 'sleep 10' --icount off --reproducible 0)
# a difference within the spread of the five empty jobs' wall times is
# not measured: the ratio is then a lower bound, taken at that spread
spread=$(printf '%s\n' "${walls[@]}" | sort -n | awk 'NR == 1 { lo = $1 } END { printf "%.2f", $1 - lo }')
di=$(echo "$wi100 - $wi10" | bc)
bound=
if [ "$(echo "$di < $spread" | bc)" = 1 ]; then
	di=$spread
	bound=", a lower bound: the difference was within the empty jobs' spread, $spread s"
fi
gi=$(echo "scale=2; 90 / $di" | bc)
gn=$(echo "scale=2; 10 / ($wn - $median)" | bc)
printf 'idle_guest_s_per_wall_s_icount\t%s\tratio\t90 s more guest sleep with -icount %s (runs %.2f s and %.2f s%s)\n' \
	"$gi" "${IDLESIM_ICOUNT:-shift=0,sleep=off}" "$wi10" "$wi100" "$bound"
printf 'idle_guest_s_per_wall_s_plain\t%s\tratio\tsleep 10 without icount (run %.2f s)\n' "$gn" "$wn"
printf 'icount_speedup\t%s\tratio\tidle guest time per wall second, icount / plain\n' \
	"$(echo "scale=2; $gi / $gn" | bc)"
