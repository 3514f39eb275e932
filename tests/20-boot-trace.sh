#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The guest boots, trace-cmd records power:cpu_idle in it, the host's
# trace-cmd decodes the events, and the governors the guest offers are kept
# in the run's results.
. tests/lib/common.sh
run=$IDLESIM_SCRATCH/run
expect_exit 0 run_guest tests/guest/trace-idle.sh "$run" --smp 2 --timeout 300
grep -qx 'status ok' "$run/manifest" || fail "manifest does not say status ok"
for key in kernel_image initrd qemu qemu_cmdline wall_seconds smp; do
	grep -q "^$key " "$run/manifest" || fail "manifest lacks $key"
done
[ -s "$run/results/trace.dat" ] || fail "no trace.dat in the results"
report=$(trace-cmd report -i "$run/results/trace.dat" 2>&1) || { echo "$report" | tail; fail "trace-cmd report failed"; }
n=$(grep -c 'cpu_idle: .*state=1 cpu_id=' <<<"$report")
note "$n cpu_idle entries decoded"
[ "$n" -gt 0 ] || fail "no power:cpu_idle entry events in the trace"
for cpu in 0 1; do
	grep -q "cpu_idle: .*cpu_id=$cpu\$" <<<"$report" || fail "no idle event from cpu $cpu"
done
grep -qw menu "$run/results/available_governors" || fail "available_governors lacks menu: $(cat "$run/results/available_governors")"
grep -q '^cpus: 2$' "$run/results/guest-info.txt" || fail "guest did not see 2 CPUs"

# The job archive is found whatever the shared initramfs's length (the
# kernel only looks for it at 4-byte aligned offsets).
printf 'echo job-ran > "$RESULTS/marker"\n' >"$IDLESIM_SCRATCH/marker.sh"
for extra in 1 2 3; do
	cp "$IDLESIM_INITRD" "$IDLESIM_SCRATCH/initrd-$extra"
	head -c "$extra" /dev/zero >>"$IDLESIM_SCRATCH/initrd-$extra"
	expect_exit 0 run_guest "$IDLESIM_SCRATCH/marker.sh" "$IDLESIM_SCRATCH/pad$extra" --smp 1 \
		--initrd "$IDLESIM_SCRATCH/initrd-$extra"
	grep -qx job-ran "$IDLESIM_SCRATCH/pad$extra/results/marker" || fail "job not run with an initramfs of length 4n+$extra"
done
echo ok
