#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# tier: check (no guest: make check runs it)
# The splat detector (scripts/splat-check.sh), host only: it fails on a
# fabricated lockdep report, naming the line and showing the report with
# its stack; it finds every kind of report the debug kernels print; and it
# passes the banner lines a clean debug boot prints, which mention lockdep,
# KCSAN and KASAN too; it accepts the KCSAN races of upstream code listed
# in kernel-patches/configs/kcsan-known-races, and only those.
. tests/lib/common.sh
s=$IDLESIM_SCRATCH

# The console of a clean lockdep/KCSAN/KASAN boot (excerpts of real ones),
# CRs and all.
cat >"$s/clean.log" <<'EOT'
Booting Linux on physical CPU 0x0000000000 [0x411fd070]
Running RCU self tests
rcu: 	RCU lockdep checking is enabled.
rcu: 	RCU debug extended QS entry/exit.
Lock dependency validator: Copyright (c) 2006 Red Hat, Inc., Ingo Molnar
... MAX_LOCKDEP_SUBCLASSES:  8
... MAX_LOCKDEP_CHAINS:      65536
 memory used by lock dependency info: 6493 kB
kcsan: enabled early
kcsan: non-strict mode configured - use CONFIG_KCSAN_STRICT=y to see all data races
kcsan: selftest: 4/4 tests passed
KernelAddressSanitizer initialized (generic)
simsoc: registered 5 states on 4 CPUs, preset nominal
idlesim: job start
ok: 100 load/unload cycles
PASS
idlesim: results written
EOT
sed -i 's/$/\r/' "$s/clean.log"
expect_exit 0 scripts/splat-check.sh "$s/clean.log"
[ -z "$out" ] || fail "a clean log printed: $out"

# A lockdep report in the middle of a job, as the console shows it.
{
	head -14 "$s/clean.log"
	cat <<'EOT'
[   42.100001] ======================================================
[   42.100002] WARNING: possible circular locking dependency detected
[   42.100003] 6.1.192 #1 Tainted: G           O
[   42.100004] ------------------------------------------------------
[   42.100005] sh/123 is trying to acquire lock:
[   42.100006] ffffff8001c2a0b8 (&sim->ctrl_lock){+.+.}-{3:3}, at: simsoc_ctrl_write+0x5c/0x1f0 [simsoc]
[   42.100007]
[   42.100008] but task is already holding lock:
[   42.100009] ffffffc0087c1e50 (cpuidle_lock){+.+.}-{3:3}, at: cpuidle_pause_and_lock+0x1c/0x38
[   42.100010] Call trace:
[   42.100011]  dump_backtrace+0xe4/0x124
[   42.100012]  show_stack+0x20/0x38
[   42.100013]  dump_stack_lvl+0x8c/0xb8
[   42.100014]  print_circular_bug+0x1f8/0x200
[   42.100015]  check_noncircular+0x178/0x198
[   42.100016]  __lock_acquire+0x10e8/0x1bd0
[   42.100017]  lock_acquire+0x1c8/0x294
[   42.100018]  simsoc_ctrl_write+0x5c/0x1f0 [simsoc]
EOT
	tail -3 "$s/clean.log"
} >"$s/lockdep.log"
expect_exit 1 scripts/splat-check.sh "$s/lockdep.log"
expect_grep "^splat-check: $s/lockdep.log: 2 offending lines:" "$out" "lockdep report"
expect_grep "lockdep.log:16: \[   42.100002\] WARNING: possible circular locking dependency detected" "$out" "the offending line, numbered"
expect_grep '^>     16  .*WARNING: possible circular locking' "$out" "the report, marked"
expect_grep '^      19  .*sh/123 is trying to acquire lock' "$out" "context after the line"
expect_grep 'simsoc_ctrl_write\+0x5c/0x1f0 \[simsoc\]$' "$out" "the stack, to its end"
note "a fabricated lockdep report fails the check, as it should:"
sed -n '1,3p' <<<"$out" | sed 's/^/# /'

# Every kind of report: one line each, each alone in a clean log.
while IFS= read -r line; do
	{ cat "$s/clean.log"; echo "$line"; } >"$s/one.log"
	expect_exit 1 scripts/splat-check.sh "$s/one.log"
done <<'EOT'
------------[ cut here ]------------ WARNING: CPU: 0 PID: 0 at ../linux/include/trace/events/lock.h:24 lock_acquire+0xd0/0x294
kernel BUG at drivers/cpuidle/cpuidle.c:123!
Internal error: Oops: 0000000096000004 [#1] PREEMPT SMP
Unable to handle kernel NULL pointer dereference at virtual address 0000000000000008
Kernel panic - not syncing: Attempted to kill the idle task!
WARNING: inconsistent lock state
WARNING: possible recursive locking detected
WARNING: suspicious RCU usage
INFO: lockdep is turned off.
rcu: INFO: rcu_sched self-detected stall on CPU
rcu: INFO: rcu_sched detected stalls on CPUs/tasks:
BUG: KCSAN: data-race in tick_nohz_idle_stop_tick / tick_sched_do_timer
BUG: KASAN: slab-use-after-free in simsoc_enter+0x140/0x41c [simsoc]
UBSAN: shift-out-of-bounds in drivers/cpuidle/governors/menu.c:301:14
BUG: sleeping function called from invalid context at kernel/locking/mutex.c:580
BUG: scheduling while atomic: swapper/1/0/0x00000002
INFO: task kworker/1:1:57 blocked for more than 120 seconds.
watchdog: BUG: soft lockup - CPU#1 stuck for 22s! [kunit_try_catch:40]
ODEBUG: free active (active state 0) object: 00000000a1b2c3d4 object type: hrtimer hint: simsoc_timer_fn
EOT

expect_exit 2 scripts/splat-check.sh "$s/no-such.log"

# KCSAN reports of upstream code listed in the project's known-races file
# are accepted and counted; an unlisted pair, a report after a known one,
# or a pair naming cpuidle code still fails.
known=kernel-patches/configs/kcsan-known-races
kcsan_report() {	# A B: a KCSAN report as the kernel prints it
	cat <<EOR
[   12.000001] ==================================================================
[   12.000002] BUG: KCSAN: data-race in $1 / $2
[   12.000003]
[   12.000004] write to 0xffffffc0086787a0 of 4 bytes by task 0 on cpu 1:
[   12.000005]  $1+0x114/0x420
[   12.000006]  do_idle+0x1c0/0x258
[   12.000007]
[   12.000008] read to 0xffffffc0086787a0 of 4 bytes by task 0 on cpu 0:
[   12.000009]  $2+0xfc/0x1d8
[   12.000010]  menu_select+0xb4/0x3c4
[   12.000011]
[   12.000012] value changed: 0x00000001 -> 0xffffffff
[   12.000013]
[   12.000014] Reported by Kernel Concurrency Sanitizer on:
[   12.000015] CPU: 0 PID: 0 Comm: swapper/0 Not tainted 6.1.192 #1
[   12.000016] Hardware name: linux,dummy-virt (DT)
[   12.000017] ==================================================================
EOR
}
{ cat "$s/clean.log"; kcsan_report tick_nohz_idle_stop_tick tick_nohz_next_event
  kcsan_report alloc_pid copy_process; } >"$s/known.log"
expect_exit 0 scripts/splat-check.sh -k "$known" "$s/known.log"
expect_grep "known.log: 2 known KCSAN reports accepted: " "$out" "known races counted"
expect_exit 1 scripts/splat-check.sh "$s/known.log"	# without the list
{ cat "$s/known.log"; kcsan_report menu_select simsoc_prepare; } >"$s/ours.log"
expect_exit 1 scripts/splat-check.sh -k "$known" "$s/ours.log"
expect_grep "ours.log:[0-9]+: \\[   12.000002\\] BUG: KCSAN: data-race in menu_select / simsoc_prepare" \
	"$out" "a race in our code, named"
{ cat "$s/known.log"; echo "[   13.000000] WARNING: CPU: 1 PID: 0 at kernel/time/tick-sched.c:1101"; } >"$s/after.log"
expect_exit 1 scripts/splat-check.sh -k "$known" "$s/after.log"
for bad in "tick_nohz_idle_stop_tick" "a / b / c" "menu_select/simsoc_prepare"; do
	printf '# a comment\n\n%s\n' "$bad" >"$s/bad-known"
	expect_exit 2 scripts/splat-check.sh -k "$s/bad-known" "$s/clean.log"
	expect_grep "^splat-check: $s/bad-known:3: pair: expected" "$out" "bad known-races line '$bad'"
done
echo ok
