#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Lay out the patched kernel source tree in the build directory.
#
#   BUILD/src/linux-source-6.1   pristine copy of Debian's tarball (extracted once per version)
#   BUILD/linux                  pristine + kernel-patches/series, what Kbuild compiles
#                                (into BUILD/kernel, and BUILD/kernel-debug etc. for DEBUG=)
#
# The tree is rebuilt from pristine whenever the series or a patch in it
# changes, so a dropped or reordered patch can never leave stale hunks
# behind.  Every patch is first tried with --dry-run on a scratch copy: a
# patch that does not apply stops here, names itself and its failed hunk,
# and BUILD/linux stays as it was.
#
# usage: scripts/kernel-tree.sh BUILD_DIR SERIES_DIR
# prints nothing but progress; exit 1 on any failure.
set -euo pipefail

out=${1:?usage: kernel-tree.sh BUILD_DIR SERIES_DIR}
series_dir=${2:?usage: kernel-tree.sh BUILD_DIR SERIES_DIR}
tarball=${KERNEL_TARBALL:-/usr/src/linux-source-6.1.tar.xz}
series=$series_dir/series

die() { echo "kernel-tree: $*" >&2; exit 1; }

[ -r "$tarball" ] || die "$tarball not found: run 'make deps' (package linux-source-6.1)"
pkgver=$(dpkg-query -W -f='${Version}' linux-source-6.1 2>/dev/null || echo unknown)

patches=()
if [ -f "$series" ]; then
	while read -r p _; do
		case $p in ''|'#'*) continue ;; esac
		[ -f "$series_dir/$p" ] || die "$series names $p, which does not exist"
		patches+=("$p")
	done <"$series"
fi

# Everything the tree is made from, hashed: tarball identity + the patches in order.
hash=$({
	echo "tarball $pkgver $(stat -c '%s %Y' "$tarball")"
	for p in "${patches[@]}"; do
		echo "patch $p"
		cat "$series_dir/$p"
	done
} | sha256sum | cut -d' ' -f1)

if [ -f "$out/linux/.idlesim-tree" ] && [ "$(cat "$out/linux/.idlesim-tree")" = "$hash" ]; then
	exit 0
fi

# 1. pristine source, re-extracted only when Debian's package changes
pristine=$out/src/linux-source-6.1
if [ ! -f "$pristine/.idlesim-pkgver" ] || [ "$(cat "$pristine/.idlesim-pkgver")" != "$pkgver" ]; then
	echo "  [kernel] extracting $(basename "$tarball") ($pkgver)"
	rm -rf "$out/src"
	mkdir -p "$out/src"
	tar -C "$out/src" -xJf "$tarball" || die "cannot extract $tarball"
	[ -f "$pristine/Makefile" ] || die "$tarball does not hold linux-source-6.1/"
	echo "$pkgver" >"$pristine/.idlesim-pkgver"
fi
kver=$(env -u MAKEFLAGS -u MFLAGS make -s -C "$pristine" kernelversion 2>/dev/null) || die "cannot read the kernel version"

# 2. a new tree: hard links into pristine (GNU patch replaces a file rather
#    than writing through the link, so pristine is never modified)
new=$out/linux.new
rm -rf "$new"
cp -al "$pristine" "$new"
rm -f "$new/.idlesim-pkgver"

for p in "${patches[@]}"; do
	if ! log=$(patch -d "$new" -p1 --dry-run --batch -F0 <"$series_dir/$p" 2>&1); then
		rm -rf "$new"
		{
			echo "kernel-tree: $p does not apply to Linux $kver (linux-source-6.1 $pkgver):"
			grep -E 'FAILED|hunk|can.t find file|malformed|Only garbage' <<<"$log" | sed 's/^/  /'
			echo "  the tree in $out/linux was left as it was"
		} >&2
		exit 1
	fi
	patch -d "$new" -p1 --batch -F0 --quiet <"$series_dir/$p" >/dev/null ||
		{ rm -rf "$new"; die "$p applied in --dry-run but not for real"; }
done

echo "$hash" >"$new/.idlesim-tree"
printf 'linux %s\npackage linux-source-6.1 %s\npatches %d\n' "$kver" "$pkgver" ${#patches[@]} \
	>"$new/.idlesim-version"
rm -rf "$out/linux"
mv "$new" "$out/linux"
# Objects built from the previous tree may be newer than files that have
# just reverted to pristine: throw them away, every flavour's (kernel,
# kernel-debug, kernel-kasan: make DEBUG=); CCACHE=1 makes the rebuild cheap.
rm -rf "$out/kernel" "$out"/kernel-*
echo "  [kernel] tree ready: Linux $kver + ${#patches[@]} patches"
