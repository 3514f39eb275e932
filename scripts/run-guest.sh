#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Boot the idlesim guest once, run one job in it, and collect the results
# into a run directory:
#
#   RUNDIR/console.log    the serial console
#   RUNDIR/results/       what the job left in the guest's /results
#   RUNDIR/manifest       what ran, with what, how long, and the outcome
#
# A run directory is complete only when its manifest says "status ok";
# the manifest is written last, by rename, so a run that failed or was
# interrupted never looks complete.
#
# The job reaches the guest as a second cpio archive appended to the
# initramfs (the kernel unpacks concatenated archives in order), so the
# same initramfs serves every run.  Results leave it as a tar stream on a
# virtio serial port that QEMU writes to a file, only after the job.
#
# Reproducibility: under a fixed -icount shift with sleep=off, guest time
# is a count of executed instructions, so the same inputs give the same
# run, byte for byte, however loaded the host is, provided nothing from
# the host side reaches the guest at a host-chosen moment.  Hence -seed
# (the DTB's rng-seed and kaslr-seed), an RTC on the VM's clock, a job
# archive with fixed times, owners and inode numbers, and a kernel with
# no block layer (a disk's reads complete on QEMU's host threads; the
# serial port's messages are handled as the guest writes them).
#
# Exit status:
#   0 ok   2 usage   3 the guest job failed   4 kernel panic
#   5 wall-clock timeout   6 QEMU failed   7 no valid results
set -uo pipefail

usage() {
	cat >&2 <<'EOT'
usage: run-guest.sh --job SCRIPT --rundir DIR [options]
  --file PATH        also put PATH into the guest's /job (repeatable)
  --soc SOC          the SoC the sim driver plays: a name in socs/ or a .soc file
                     (default $IDLESIM_SOC, else the driver's own, socs/simsoc.soc)
  --domains genpd|'' how the sim driver decides cluster and SoC states: by the last
                     CPU of each domain with genpd, or per CPU (default $IDLESIM_DOMAINS)
  --masked-tick off|always|until|''
                     what menu and teo do about the tick for a state the driver's
                     mask alone kept out: decide it as 6.1 did (off), keep it
                     (always), or act on when the exclusion ends (until, the
                     kernel's default) (default $IDLESIM_MASKED_TICK): cpuidle.masked_tick=
  --busy halt|spin|'' how the workload's busy bursts keep their CPU busy: halted in
                     the sim driver's "burst", executing nothing, or spinning
                     (default $IDLESIM_BUSY, else halt): idlesim.busy=
  --governor NAME    cpuidle governor to run the job under
  --smp N            guest CPUs (default $IDLESIM_SMP or 4)
  --mem SIZE         guest memory (default $IDLESIM_MEM or 512M; it holds /results)
  --append ARGS      extra kernel command line (after $IDLESIM_APPEND, which the
                     debug kernels' runs set: make DEBUG=)
  --timeout SECONDS  wall-clock limit (default $IDLESIM_TIMEOUT or 600)
  --icount OPTS|off  QEMU -icount options (default $IDLESIM_ICOUNT or shift=0,sleep=off)
  --reproducible 0|1 1 (default $IDLESIM_REPRODUCIBLE or 1): refuse -icount options
                     that make runs depend on the host (see check-icount.sh)
  --seed N           QEMU -seed: the guest's boot-time randomness (default 1)
  --meta KEY=VALUE   extra manifest line (repeatable)
  --kernel IMAGE --initrd CPIO.GZ (default $IDLESIM_KERNEL, $IDLESIM_INITRD)
  --force            replace an existing run directory
EOT
	exit 2
}

job= rundir= governor= append= force=0
soc=${IDLESIM_SOC:-}
domains=${IDLESIM_DOMAINS:-}
masked_tick=${IDLESIM_MASKED_TICK:-}
busy=${IDLESIM_BUSY:-}
smp=${IDLESIM_SMP:-4}
mem=${IDLESIM_MEM:-512M}
timeout=${IDLESIM_TIMEOUT:-600}
icount=${IDLESIM_ICOUNT:-shift=0,sleep=off}
reproducible=${IDLESIM_REPRODUCIBLE:-1}
qseed=1
kernel=${IDLESIM_KERNEL:-}
initrd=${IDLESIM_INITRD:-}
files=() meta=()
while [ $# -gt 0 ]; do
	case $1 in
	--job) job=$2; shift ;;
	--rundir) rundir=$2; shift ;;
	--file) files+=("$2"); shift ;;
	--soc) soc=$2; shift ;;
	--domains) domains=$2; shift ;;
	--masked-tick) masked_tick=$2; shift ;;
	--busy) busy=$2; shift ;;
	--governor) governor=$2; shift ;;
	--smp) smp=$2; shift ;;
	--mem) mem=$2; shift ;;
	--append) append=$2; shift ;;
	--timeout) timeout=$2; shift ;;
	--icount) icount=$2; shift ;;
	--reproducible) reproducible=$2; shift ;;
	--seed) qseed=$2; shift ;;
	--meta) meta+=("$2"); shift ;;
	--kernel) kernel=$2; shift ;;
	--initrd) initrd=$2; shift ;;
	--force) force=1 ;;
	*) echo "run-guest: unknown option '$1'" >&2; usage ;;
	esac
	shift
done

fail_usage() { echo "run-guest: $*" >&2; exit 2; }
[ -n "$job" ] && [ -n "$rundir" ] || usage
[ -f "$job" ] || fail_usage "job script $job not found"
[ -f "$kernel" ] || fail_usage "kernel image '$kernel' not found (make kernel)"
kernel=$(realpath "$kernel")
initrd=$(realpath "$initrd" 2>/dev/null || echo "$initrd")
[ -f "$initrd" ] || fail_usage "initramfs '$initrd' not found (make rootfs)"
for f in "${files[@]}"; do
	[ -e "$f" ] || fail_usage "--file $f not found"
done
src=${IDLESIM_SRC:-$(cd "$(dirname "$0")/.." && pwd)}
prog=run-guest
. "$src/scripts/lib.sh"
[[ $smp =~ ^[1-9][0-9]*$ ]] && [ "$smp" -le "$(max_cpus)" ] ||
	fail_usage "--smp $smp: expected 1 to $(max_cpus)"
[[ $timeout =~ ^[0-9]+$ ]] && [ "$timeout" -gt 0 ] || fail_usage "--timeout $timeout: expected seconds > 0"
[[ $qseed =~ ^[0-9]+$ ]] || fail_usage "--seed $qseed: expected an unsigned integer"
# QEMU's -m syntax: MiB, or a K, M, G or T suffix
[[ $mem =~ ^[1-9][0-9]*[KMGTkmgt]?$ ]] || fail_usage "--mem $mem: not a size (e.g. 512M, 1G)"
"$(dirname "$0")/check-icount.sh" "$icount" "$reproducible" || exit 2
case $domains in
''|genpd) ;;
*) fail_usage "--domains $domains (DOMAINS=): expected genpd, or nothing for per-CPU masks" ;;
esac
case $masked_tick in
''|off|always|until) ;;
*) fail_usage "--masked-tick $masked_tick (MASKED_TICK=): expected off, always or until" ;;
esac
case $busy in
''|halt|spin) ;;
*) fail_usage "--busy $busy (BUSY=): expected halt or spin" ;;
esac
if [ -n "$soc" ]; then
	soc_check "$soc"
	soc=$(soc_file "$soc")
	soc_cpus=$("$IDLESIM_SOC_TOOL" get cpus "$soc") || exit 2
	[ "$smp" -le "$soc_cpus" ] ||
		fail_usage "--smp $smp: SoC $("$IDLESIM_SOC_TOOL" get name "$soc") ($soc) has $soc_cpus CPUs"
fi
qemu=${QEMU:-qemu-system-aarch64}
command -v "$qemu" >/dev/null || { echo "run-guest: $qemu not found: run 'make deps' (package qemu-system-arm)" >&2; exit 6; }

if [ -e "$rundir" ]; then
	[ $force -eq 1 ] || fail_usage "run directory $rundir exists (use --force to replace it)"
	rm -rf "$rundir"
fi
mkdir -p "$rundir/.work" "$rundir/results"
rundir=$(realpath "$rundir")
work=$rundir/.work
console=$rundir/console.log

# The manifest is assembled in .work and moved into place at the very end.
manifest=$work/manifest
{
	echo "job $(basename "$job")"
	echo "governor ${governor:-default}"
	echo "smp $smp"
	echo "icount $icount"
	echo "reproducible $([ "$reproducible" = 1 ] && echo yes || echo no)"
	echo "qemu_seed $qseed"
	if [ -n "$soc" ]; then
		echo "soc $("$IDLESIM_SOC_TOOL" get name "$soc")"
		echo "soc_file $(realpath "$soc") sha256 $(sha256sum "$soc" | cut -c1-16)"
	else
		echo "soc simsoc (the driver's own)"
	fi
	echo "domains ${domains:-per-cpu}"
	echo "masked_tick ${masked_tick:-default}"
	echo "busy ${busy:-halt}"
	for m in "${meta[@]}"; do
		echo "${m%%=*} ${m#*=}"
	done
	# what the kernel was built from, when the pipeline tells us where
	if [ -n "${IDLESIM_KOBJ:-}" ] && [ -f "$IDLESIM_KOBJ/include/config/kernel.release" ]; then
		echo "kernel_release $(cat "$IDLESIM_KOBJ/include/config/kernel.release")"
		echo "kernel_config_sha256 $(sha256sum "$IDLESIM_KOBJ/.config" | cut -c1-16)"
		# TICK_NSEC, which the governors' tick decisions depend on
		echo "kernel_hz $(sed -n 's/^CONFIG_HZ=//p' "$IDLESIM_KOBJ/.config")"
	fi
	if [ -n "${IDLESIM_KTREE:-}" ] && [ -f "$IDLESIM_KTREE/.idlesim-tree" ]; then
		echo "kernel_tree_sha256 $(cut -c1-16 "$IDLESIM_KTREE/.idlesim-tree")"
		sed 's/^/kernel_source /' "$IDLESIM_KTREE/.idlesim-version"
	fi
	echo "kernel_image $(realpath "$kernel") sha256 $(sha256sum "$kernel" | cut -c1-16)"
	echo "initrd $(realpath "$initrd") sha256 $(sha256sum "$initrd" | cut -c1-16)"
	echo "qemu $("$qemu" --version | head -1)"
} >"$manifest"

# The job archive: /job/run.sh plus the extra files.
# Fixed times, owners and inode numbers: the archive's bytes are guest
# memory, and a byte that differs makes a different run.
mkdir -p "$work/jobfs/job"
cp "$job" "$work/jobfs/job/run.sh"
for f in "${files[@]}"; do
	cp -a "$f" "$work/jobfs/job/"
done
# the guest's init loads the sim driver with this parameter
# (one line: the SoC's records, and whether its domains are genpd's)
param=
[ -z "$soc" ] || param=$("$IDLESIM_SOC_TOOL" params "$soc") || exit 2
[ -z "$domains" ] || param="${param:+$param }domains=1"
[ -z "$param" ] || echo "$param" >"$work/jobfs/job/soc.param"
find "$work/jobfs" -exec touch -h -d @0 {} +
(cd "$work/jobfs" && find . -mindepth 1 -printf '%P\n' | LC_ALL=C sort |
	cpio --quiet -o -H newc -R 0:0 --reproducible) >"$work/job.cpio"
# The kernel looks for an uncompressed archive after a compressed one only
# at a 4-byte aligned offset, and skips zeros: pad the shared initramfs.
pad=$(( (4 - $(stat -c %s "$initrd") % 4) % 4 ))
{ cat "$initrd"; head -c "$pad" /dev/zero; cat "$work/job.cpio"; } >"$work/initrd"

# KUnit suites are built in; they run only when asked (--append
# "kunit.enable=1 kunit.filter_glob=..."), the last kunit.enable winning.
cmdline="console=ttyAMA0 quiet panic=-1 kunit.enable=0 ${governor:+cpuidle.governor=$governor idlesim.governor=$governor} ${masked_tick:+cpuidle.masked_tick=$masked_tick }idlesim.busy=${busy:-halt} ${IDLESIM_APPEND:+$IDLESIM_APPEND }$append"
# The results port is the serial device's port 1 (port 0 is for a console).
qemu_args=(-M virt -cpu cortex-a57 -smp "$smp" -m "$mem" -nographic -no-reboot -nic none
	-seed "$qseed" -rtc base=2024-01-01T00:00:00,clock=vm
	-kernel "$kernel" -initrd "$work/initrd" -append "$cmdline"
	-chardev "file,id=results,path=$work/results.tar"
	-device virtio-serial-device,max_ports=2
	-device virtserialport,chardev=results,name=idlesim.results)
[ "$icount" != off ] && qemu_args+=(-icount "$icount")
printf 'qemu_cmdline %s' "$qemu" >>"$manifest"
printf ' %q' "${qemu_args[@]}" >>"$manifest"
echo >>"$manifest"

start=$(date +%s.%N)
echo "started $(date -u +%Y-%m-%dT%H:%M:%SZ)" >>"$manifest"
timeout -s KILL "$timeout" "$qemu" "${qemu_args[@]}" </dev/null >"$console" 2>"$work/qemu.stderr"
qrc=$?
end=$(date +%s.%N)
wall=$(echo "$end - $start" | bc)
echo "wall_seconds $wall" >>"$manifest"
echo "qemu_exit $qrc" >>"$manifest"

finish() {
	local rc=$1 status=$2 msg=$3
	echo "status $status" >>"$manifest"
	# keep the evidence of a failure; drop only the bulky scratch files
	rm -rf "$work/jobfs" "$work/initrd" "$work/job.cpio" "$work/results.tar"
	if [ -s "$work/qemu.stderr" ]; then
		mv "$work/qemu.stderr" "$rundir/qemu.stderr"
	fi
	rm -f "$work/qemu.stderr" "$work/tar.err" "$work/sums.err"
	mv "$manifest" "$rundir/manifest"
	rmdir "$work" 2>/dev/null
	if [ "$rc" -ne 0 ]; then
		echo "run-guest: $msg" >&2
		echo "run-guest: see $console" >&2
	fi
	exit "$rc"
}

if grep -q 'Kernel panic - not syncing' "$console"; then
	finish 4 panic "the guest kernel panicked: $(grep -m1 'Kernel panic' "$console" | tr -d '\r')"
fi
if [ $qrc -eq 137 ] || [ $qrc -eq 124 ]; then
	finish 5 timeout "the guest did not finish within ${timeout}s of wall time (killed)"
fi
if [ $qrc -ne 0 ]; then
	finish 6 qemu-failed "QEMU exited with status $qrc: $(head -c 400 "$work/qemu.stderr")"
fi
if ! grep -q '^idlesim: results written' "$console"; then
	finish 7 no-results "the guest powered off without writing its results ($(grep -a '^idlesim: ' "$console" | tail -1 | tr -d '\r'))"
fi
if ! tar -xf "$work/results.tar" -C "$rundir/results" 2>"$work/tar.err"; then
	finish 7 no-results "the results port gave no valid tar stream: $(head -1 "$work/tar.err")"
fi
if [ ! -f "$rundir/results/SHA256SUMS" ] ||
	! (cd "$rundir/results" && sha256sum --quiet -c SHA256SUMS >"$work/sums.err" 2>&1); then
	finish 7 no-results "the results do not match the guest's SHA256SUMS: $(head -2 "$work/sums.err" 2>/dev/null | tr '\n' ' ')"
fi
jstatus=$(cat "$rundir/results/job.status" 2>/dev/null)
[[ $jstatus =~ ^[0-9]+$ ]] || finish 7 no-results "the results hold no job status"
echo "job_status $jstatus" >>"$manifest"
if [ "$jstatus" -ne 0 ]; then
	finish 3 job-failed "the guest job $(basename "$job") exited with status $jstatus (see results/job.log)"
fi
finish 0 ok ""
