#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Assemble the guest initramfs from Debian's arm64 packages, our /init,
# guest-rootfs/overlay, our static programs and the sim driver module.
#
# Only the files named in guest-rootfs/packages and the shared objects they
# link go in.  The archive is reproducible: sorted, owned by 0:0, every
# mtime SOURCE_DATE_EPOCH, gzip without a name or time stamp; the same
# inputs give the same bytes.
#
# Two steps, so that everything but the module is staged while the kernel
# builds, and only the module and the archive wait for it:
#
# usage: mkrootfs.sh stage --work DIR --debs DIR --init FILE [--overlay DIR]
#                          [--packages FILE] [--bin PROG]...
#        mkrootfs.sh pack --work DIR --out FILE.cpio.gz [--module KO]...
#
# stage lays out DIR (the packages are unpacked once, into rootfs-debs/
# beside it); pack copies DIR, adds the modules and writes the archive.
# Each initramfs built in the same directory (the debug kernels') needs a
# DIR of its own.
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
pkglist=$top/guest-rootfs/packages
usage() {
	cat >&2 <<-EOT
	usage: mkrootfs.sh stage --work DIR --debs DIR --init FILE [--overlay DIR]
	                         [--packages FILE] [--bin PROG]...
	       mkrootfs.sh pack --work DIR --out FILE.cpio.gz [--module KO]...
	EOT
	exit 2
}
mode=${1:-}
case $mode in
stage|pack) shift ;;
*) usage ;;
esac
modules=() bins=() out= debs= init= overlay= work=
while [ $# -gt 0 ]; do
	[ $# -ge 2 ] || { echo "mkrootfs: $1 needs a value" >&2; exit 2; }
	case $mode:$1 in
	*:--work) work=$2 ;;
	stage:--debs) debs=$2 ;;
	stage:--init) init=$2 ;;
	stage:--overlay) overlay=$2 ;;
	stage:--packages) pkglist=$2 ;;
	stage:--bin) bins+=("$2") ;;
	pack:--out) out=$2 ;;
	pack:--module) modules+=("$2") ;;
	*) echo "mkrootfs $mode: unknown option $1" >&2; exit 2 ;;
	esac
	shift 2
done
die() { echo "mkrootfs: $*" >&2; exit 1; }
[ -n "$work" ] || die "--work is required"
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-0}

if [ "$mode" = pack ]; then
	[ -n "$out" ] || die "--out is required"
	[ -d "$work" ] || die "$work is not staged: run 'mkrootfs.sh stage' first"
	pack=$work.pack
	rm -rf "$pack"
	cp -a "$work" "$pack"
	for m in "${modules[@]}"; do
		[ -f "$m" ] || die "module $m not built"
		install -m 0644 "$m" "$pack/lib/modules/"
	done
	find "$pack" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +
	tmp=$out.tmp
	(cd "$pack" && find . -mindepth 1 -printf '%P\n' | LC_ALL=C sort |
		cpio --quiet -o -H newc --reproducible -R 0:0) | gzip -n -9 >"$tmp"
	mv "$tmp" "$out"
	echo "$(basename "$out"): $(du -k "$out" | cut -f1) KiB, $(find "$pack" -type f | wc -l) files"
	rm -rf "$pack"
	exit 0
fi

[ -n "$debs" ] && [ -n "$init" ] || die "--debs and --init are required"
readelf=${CROSS_COMPILE:-aarch64-linux-gnu-}readelf
command -v "$readelf" >/dev/null || die "$readelf not found: run 'make deps'"

# staged in a scratch tree, so that a failed stage never leaves one that
# pack would take
final=$work
work=$final.new
unpacked=$(dirname "$final")/rootfs-debs
rm -rf "$work"
mkdir -p "$work" "$unpacked"

# 1. unpack each package once (keyed by its .deb file name)
declare -A pkgdir
while read -r pkg files; do
	deb=$(find "$debs" -maxdepth 1 -name "${pkg}_*_arm64.deb" -o -maxdepth 1 -name "${pkg}_*_all.deb" | head -1)
	[ -n "$deb" ] || die "no .deb for $pkg in $debs: run 'make deps'"
	dir=$unpacked/$(basename "$deb" .deb)
	if [ ! -d "$dir" ]; then
		dpkg-deb -x "$deb" "$dir.tmp" || die "cannot unpack $deb"
		mv "$dir.tmp" "$dir"
	fi
	pkgdir[$pkg]=$dir
	for f in $files; do
		[ -e "$dir$f" ] || die "$pkg has no $f"
		mkdir -p "$work$(dirname "$f")"
		cp -aL "$dir$f" "$work$f"
	done
done < <(sed -e 's/#.*//' "$pkglist" | awk 'NF')

# 2. shared objects: DT_NEEDED of every ELF file in the tree, recursively,
#    looked up in the unpacked packages' library directories
libdirs=()
for d in "${pkgdir[@]}"; do
	for l in lib/aarch64-linux-gnu usr/lib/aarch64-linux-gnu lib usr/lib; do
		[ -d "$d/$l" ] && libdirs+=("$d/$l")
	done
done
interp=
declare -A have
queue=()
elf_files() { find "$work" -type f -exec sh -c 'head -c4 "$1" | grep -q "ELF"' _ {} \; -print; }
for f in $(elf_files); do
	queue+=("$f")
done
while [ ${#queue[@]} -gt 0 ]; do
	f=${queue[0]}
	queue=("${queue[@]:1}")
	i=$("$readelf" -lW "$f" 2>/dev/null | sed -n 's/.*Requesting program interpreter: \(.*\)]/\1/p')
	[ -n "$i" ] && interp=$i
	for lib in $("$readelf" -dW "$f" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'); do
		[ -n "${have[$lib]:-}" ] && continue
		src=
		for d in "${libdirs[@]}"; do
			if [ -e "$d/$lib" ]; then
				src=$d/$lib
				break
			fi
		done
		[ -n "$src" ] || die "$(basename "$f") needs $lib, which no package in $(basename "$pkglist") provides"
		mkdir -p "$work/lib/aarch64-linux-gnu"
		cp -L "$src" "$work/lib/aarch64-linux-gnu/$lib"
		have[$lib]=1
		queue+=("$work/lib/aarch64-linux-gnu/$lib")
	done
done
if [ -n "$interp" ] && [ ! -e "$work$interp" ]; then
	ldso=$(basename "$interp")
	mkdir -p "$work$(dirname "$interp")"
	if [ -e "$work/lib/aarch64-linux-gnu/$ldso" ]; then
		ln -s "$(realpath --relative-to="$work$(dirname "$interp")" "$work/lib/aarch64-linux-gnu/$ldso")" "$work$interp"
	else
		for d in "${libdirs[@]}"; do
			[ -e "$d/$ldso" ] && cp -L "$d/$ldso" "$work$interp" && break
		done
	fi
	[ -e "$work$interp" ] || die "program interpreter $interp not found in the packages"
fi

# 3. ours: /init, overlay, static programs (the modules come with pack)
install -m 0755 "$init" "$work/init"
if [ -n "$overlay" ] && [ -d "$overlay" ]; then
	cp -a "$overlay/." "$work/"
fi
mkdir -p "$work/lib/modules" "$work/usr/bin"
for b in "${bins[@]}"; do
	[ -f "$b" ] || die "program $b not built"
	install -m 0755 "$b" "$work/usr/bin/"
done
for d in bin sbin usr/sbin dev proc sys tmp results job mnt; do
	mkdir -p "$work/$d"
done
rm -rf "$final"
mv "$work" "$final"
echo "$(basename "$final"): $(find "$final" -type f | wc -l) files staged"
