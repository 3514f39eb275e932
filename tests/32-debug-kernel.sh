#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# runs: early (it builds a kernel of its own, the longest test by far)
# The lockdep debug kernel (make DEBUG=1: configs/debug.config) runs the
# cpuidle_core KUnit suite and the sim driver's torn-table, domains and
# load/unload guest jobs with no kernel splat in any console log
# (make test-debug DEBUG_SET=quick: scripts/test-debug.sh,
# scripts/splat-check.sh).  The kernel, its module and its initramfs are
# built through make, so a warm run rebuilds nothing.  The full set (the
# KCSAN and KASAN kernels, every KUnit suite, job and scenario) is make
# test-debug's, too slow for every make test.
. tests/lib/common.sh
[ -f kernel-patches/configs/debug.config ] || skip "no kernel-patches/configs/debug.config"
[ -n "${IDLESIM_RUN:-}" ] && [ -n "${IDLESIM_O:-}" ] || skip "no guest runner (run through make test)"
m() { make --no-print-directory O="$IDLESIM_O" DEBUG=1 "$@"; }

start=$SECONDS
m kernel module rootfs >"$IDLESIM_SCRATCH/build.log" 2>&1 ||
	{ tail -30 "$IDLESIM_SCRATCH/build.log"; fail "building the debug kernel failed (see $IDLESIM_SCRATCH/build.log)"; }
note "debug kernel, module and initramfs: $((SECONDS - start)) s$(grep -q '\[kernel\]' "$IDLESIM_SCRATCH/build.log" || echo ', up to date')"

start=$SECONDS
out=$IDLESIM_SCRATCH/debug
if ! m test-debug DEBUG_SET=quick DEBUG_OUT="$out" >"$IDLESIM_SCRATCH/test-debug.log" 2>&1; then
	cat "$IDLESIM_SCRATCH/test-debug.log"
	# the first reports in full; all of them are in splats.txt
	[ -s "$out/splats.txt" ] && head -150 "$out/splats.txt"
	fail "the debug kernel failed a check or printed a splat (see $out)"
fi
sed 's/^/# /' "$out/summary.txt"
note "debug boots: $((SECONDS - start)) s"
echo ok
