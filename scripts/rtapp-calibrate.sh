#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# rtapp-calibrate.sh: print rt-app's ns per loop on the guest of
# $IDLESIM_KERNEL and $IDLESIM_INITRD, measured by one boot
# (guest-rootfs/jobs/rtapp-calibrate.sh) and cached by their checksums:
# under a fixed -icount it is a property of the emulated CPU.
set -uo pipefail
src=${IDLESIM_SRC:-$(cd "$(dirname "$0")/.." && pwd)}
prog=rtapp-calibrate
. "$src/scripts/lib.sh"
img=${IDLESIM_KERNEL:?} initrd=${IDLESIM_INITRD:?}
dir=${IDLESIM_O:?}/rt-app/calibrate-$({ cat "$img" "$initrd"; echo "${IDLESIM_ICOUNT:-}"; } | sha256sum | cut -c1-16)
if ! grep -qx 'status ok' "$dir/manifest" 2>/dev/null || [ ! -s "$dir/results/rtapp-calibration.txt" ]; then
	echo "  [rt-app] measuring rt-app's ns per loop on this guest" >&2
	mkdir -p "$(dirname "$dir")"
	"$src/scripts/run-guest.sh" --job "$src/guest-rootfs/jobs/rtapp-calibrate.sh" --rundir "$dir" \
		--force --smp 1 --timeout 300 >"$dir.log" 2>&1 ||
		{ tail -20 "$dir.log" >&2; echo "rtapp-calibrate: the calibration boot failed (log: $dir.log)" >&2; exit 1; }
fi
cat "$dir/results/rtapp-calibration.txt"
