#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Install the host packages idlesim needs and download the guest's arm64
# packages.  Idempotent: when everything is already there it only checks.
# --test adds what only the tests need (clang and its fuzzer runtime,
# valgrind, a one-node Slurm, a headless browser): a first comparison
# and its plots install none of it.
#
# usage: scripts/deps.sh [--test] BUILD_DIR
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
tests=0
if [ "${1:-}" = --test ]; then
	tests=1
	shift
fi
out=$(realpath -m "${1:?usage: deps.sh [--test] BUILD_DIR}")
debdir=$out/debs

host_pkgs=(
	linux-source-6.1 gcc-aarch64-linux-gnu libc6-dev-arm64-cross
	binutils-aarch64-linux-gnu make bc bison flex libssl-dev libelf-dev
	cpio ccache qemu-system-arm trace-cmd libtracecmd-dev
	libtraceevent-dev libtracefs-dev gnuplot-nox pkg-config xz-utils
	libfdt-dev device-tree-compiler
	# idlesim-rtapp reads rt-app JSON with json-c, as rt-app does
	libjson-c-dev
	# rt-app: the host's reads an rt-app workload before any boot
	rt-app
	kmod rsync perl python3 gcc libc6-dev dpkg-dev file
	# make tune EXPORT=parallel writes a GNU parallel job list
	parallel
)
test_pkgs=(
	# the fuzzers (libFuzzer) and the memory checks of the host tools
	clang libclang-rt-14-dev valgrind time
	# tests/71 starts a one-node Slurm of its own (munged, slurmctld,
	# slurmd with their key, ports and state in its scratch directory);
	# the packages' system services are not used
	slurmctld slurmd slurm-client munge
	# tests/80 and 81 load our pages in a browser (scripts/check-page.sh):
	# the headless shell alone, no desktop Chromium
	chromium-headless-shell
)
[ $tests -eq 0 ] || host_pkgs+=("${test_pkgs[@]}")
mapfile -t guest_pkgs < <(sed -e "s/#.*//" "$top/guest-rootfs/packages" | awk "NF { print \$1 }")

die() { echo "deps: $*" >&2; exit 1; }

as_root() {
	if [ "$(id -u)" -eq 0 ]; then
		"$@"
	elif command -v sudo >/dev/null 2>&1; then
		sudo "$@"
	else
		die "need root to run '$*': run 'make deps' as root, or install sudo"
	fi
}

missing=()
for p in "${host_pkgs[@]}"; do
	dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q '^install ok installed$' ||
		missing+=("$p")
done

need_update=0
if ! dpkg --print-foreign-architectures | grep -qx arm64; then
	echo "  [deps] adding the arm64 architecture"
	as_root dpkg --add-architecture arm64
	need_update=1
fi
# A list fetched before arm64 was added has no arm64 entries.
if [ $need_update -eq 0 ] && ! apt-cache show busybox-static:arm64 >/dev/null 2>&1; then
	need_update=1
fi
if [ ${#missing[@]} -gt 0 ] || [ $need_update -eq 1 ]; then
	echo "  [deps] apt-get update"
	as_root apt-get update -q >/dev/null || die "apt-get update failed"
fi
if [ ${#missing[@]} -gt 0 ]; then
	echo "  [deps] installing ${missing[*]}"
	as_root env DEBIAN_FRONTEND=noninteractive \
		apt-get install -y -q --no-install-recommends "${missing[@]}" >/dev/null ||
		die "apt-get install failed for: ${missing[*]}"
fi

# Guest packages: fetched as .deb files, never installed on the host.  A
# package list identical to the last download's means nothing to do.
mkdir -p "$debdir"
want=$(printf '%s\n' "${guest_pkgs[@]}" | LC_ALL=C sort)
if [ -f "$debdir/.packages" ] && [ "$want" = "$(cat "$debdir/.packages")" ] &&
	[ "$(find "$debdir" -name '*.deb' | wc -l)" -eq ${#guest_pkgs[@]} ]; then
	exit 0
fi
echo "  [deps] downloading ${#guest_pkgs[@]} arm64 packages for the guest"
tmp=$(mktemp -d "$debdir/.dl.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
# apt's sandbox user cannot write into root-owned build directories.
chmod 755 "$tmp"
(cd "$tmp" && apt-get download -q "${guest_pkgs[@]/%/:arm64}" >/dev/null 2>"$tmp/.err") ||
	die "apt-get download failed: $(grep -v '^W:' "$tmp/.err" | head -3)"
find "$debdir" -maxdepth 1 -name '*.deb' -delete
mv "$tmp"/*.deb "$debdir/"
printf '%s\n' "$want" >"$debdir/.packages"
