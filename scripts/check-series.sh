#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Check that every patch of kernel-patches/series builds on its own: apply
# the series one patch at a time to a scratch tree, and after each one run
# checkpatch --strict on it and build the kernel incrementally (ccache
# helps with the first build; later ones only recompile what the patch
# touched).  A patch with KUnit tests is also built with kunit.config.
#
# usage: check-series.sh BUILD_DIR SERIES_DIR FRAGMENT...
set -uo pipefail

out=${1:?usage: check-series.sh BUILD_DIR SERIES_DIR FRAGMENT...}
series_dir=${2:?usage: check-series.sh BUILD_DIR SERIES_DIR FRAGMENT...}
shift 2
src=$(cd "$(dirname "$0")/.." && pwd)
pristine=$out/src/linux-source-6.1
[ -f "$pristine/Makefile" ] || { echo "check-series: no pristine tree; run make kernel first" >&2; exit 1; }

work=$out/check-series
tree=$work/linux
obj=$work/obj
rm -rf "$work"
mkdir -p "$work"
cp -al "$pristine" "$tree"
rm -f "$tree/.idlesim-pkgver"

kmake() {
	make -C "$tree" O="$obj" ARCH=arm64 CROSS_COMPILE="${CROSS_COMPILE:-aarch64-linux-gnu-}" \
		CC="ccache ${CROSS_COMPILE:-aarch64-linux-gnu-}gcc" KBUILD_BUILD_TIMESTAMP=1970-01-01 \
		KBUILD_BUILD_USER=idlesim KBUILD_BUILD_HOST=idlesim -j"$(nproc)" "$@"
}

n=0 bad=0
while read -r p _; do
	case $p in ''|'#'*) continue ;; esac
	n=$((n + 1))
	log=$work/$(printf '%02d' $n)-${p%.patch}.log
	if ! patch -d "$tree" -p1 --batch -F0 --quiet <"$series_dir/$p" >"$log" 2>&1; then
		echo "  FAIL   $p: does not apply on top of the previous patches (see $log)"
		exit 1
	fi
	cp=$( (cd "$tree" && perl scripts/checkpatch.pl --strict -q "$series_dir/$p") 2>&1)
	if [ -n "$cp" ]; then
		echo "  FAIL   $p: checkpatch --strict:"
		echo "$cp" | head -20 | sed 's/^/           /'
		bad=1
	fi
	# The config is remade after each patch: a patch may add an option.
	if ! "$src/scripts/kconfig.sh" --loose "$tree" "$obj" "$@" >>"$log" 2>&1 ||
		! kmake Image modules >>"$log" 2>&1; then
		echo "  FAIL   $p: the kernel does not build with the series up to here:"
		grep -E 'error:|Error [0-9]' "$log" | head -10 | sed 's/^/           /'
		bad=1
		continue
	fi
	echo "  ok     $p: applies, builds, checkpatch clean"
done <"$series_dir/series"
[ $n -gt 0 ] || { echo "check-series: the series is empty"; exit 1; }
echo "check-series: $n patches, $([ $bad -eq 0 ] && echo all good || echo FAILURES)"
exit $bad
