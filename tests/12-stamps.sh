#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# runs: alone (it edits a fragment and /init, and rebuilds the kernel and
# initramfs the other tests boot, in the shared build directory)
# Stamps: with nothing changed, nothing is rebuilt; an edited input (here
# touched: a fragment, the guest /init) rebuilds what depends on it, and
# only that.
. tests/lib/common.sh
m() { make --no-print-directory O="$IDLESIM_O" "$@" 2>&1; }

out=$(m kernel rootfs analysis)
[ -z "$(grep -E '^\s+\[(kernel|kconfig|rootfs|cc|module)\]' <<<"$out")" ] ||
	{ echo "$out"; fail "a rebuild with nothing changed did work"; }

touch guest-rootfs/init
out=$(m kernel rootfs)
expect_grep '\[rootfs\]' "$out" "an edited /init rebuilds the initramfs"
! grep -q '\[kernel\]' <<<"$out" || fail "an edited /init rebuilt the kernel"

touch kernel-patches/configs/base.config
out=$(m kernel)
expect_grep '\[kconfig\]' "$out" "an edited fragment re-runs the config step"
expect_grep '\[kernel\]' "$out" "an edited fragment re-runs the kernel build"
out=$(m kernel)
[ -z "$out" ] || { echo "$out"; fail "the kernel was rebuilt twice for one edit"; }
echo ok
