#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The runner tells a kernel panic, a hung guest, a failed guest job and a
# missing kernel apart by exit status, keeps the console log, and never
# marks such a run directory complete.
. tests/lib/common.sh
check_failed() { # RUNDIR STATUS
	[ -f "$1/console.log" ] || fail "$2: console log not kept"
	grep -qx "status $2" "$1/manifest" || fail "$2: manifest says $(grep ^status "$1/manifest")"
	! grep -qx 'status ok' "$1/manifest" || fail "$2: run marked ok"
}

expect_exit 4 run_guest tests/guest/panic.sh "$IDLESIM_SCRATCH/panic" --smp 1 --timeout 120
expect_grep 'panicked' "$out" "panic message"
check_failed "$IDLESIM_SCRATCH/panic" panic
grep -q 'sysrq triggered crash\|Kernel panic' "$IDLESIM_SCRATCH/panic/console.log" || fail "panic not in console log"

expect_exit 5 run_guest tests/guest/hang.sh "$IDLESIM_SCRATCH/hang" --smp 1 --timeout 15
expect_grep 'did not finish within 15s' "$out" "timeout message"
check_failed "$IDLESIM_SCRATCH/hang" timeout
grep -q '^idlesim: job start' "$IDLESIM_SCRATCH/hang/console.log" || fail "hang: console log lost"

expect_exit 3 run_guest tests/guest/fail.sh "$IDLESIM_SCRATCH/fail" --smp 1 --timeout 120
expect_grep 'exited with status 3' "$out" "job failure message"
check_failed "$IDLESIM_SCRATCH/fail" job-failed
grep -q 'failing on purpose' "$IDLESIM_SCRATCH/fail/results/job.log" || fail "job log not kept"

expect_exit 2 env IDLESIM_KERNEL=/nonexistent "$IDLESIM_RUN" --job tests/guest/fail.sh --rundir "$IDLESIM_SCRATCH/nok"
expect_grep "kernel image '/nonexistent' not found" "$out" "missing kernel"
[ ! -e "$IDLESIM_SCRATCH/nok" ] || fail "a run directory was made for a run that never started"

expect_exit 2 "$IDLESIM_RUN" --job tests/guest/fail.sh --rundir "$IDLESIM_SCRATCH/nomem" --mem 512X
expect_grep '--mem 512X: not a size' "$out" "bad guest memory size"
[ ! -e "$IDLESIM_SCRATCH/nomem" ] || fail "a run directory was made for a bad --mem"

expect_exit 6 env QEMU=false "$IDLESIM_RUN" --job tests/guest/fail.sh --rundir "$IDLESIM_SCRATCH/noqemu" --force
expect_grep 'QEMU exited with status 1' "$out" "QEMU failure"
check_failed "$IDLESIM_SCRATCH/noqemu" qemu-failed

# A guest that powers off without results (nothing written to the results port).
cat >"$IDLESIM_SCRATCH/nores.sh" <<'EOT'
poweroff -f
EOT
expect_exit 7 run_guest "$IDLESIM_SCRATCH/nores.sh" "$IDLESIM_SCRATCH/nores" --smp 1 --timeout 120
check_failed "$IDLESIM_SCRATCH/nores" no-results
echo ok
