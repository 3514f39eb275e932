#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The series' KUnit suites, run at boot in the guest: every suite must run
# and every case pass (KTAP from the kernel log, parsed by scripts/ktap.sh).
. tests/lib/common.sh
[ -f kernel-patches/configs/kunit.config ] || skip "no kernel-patches/configs/kunit.config"
suites="cpuidle_menu cpuidle_teo cpuidle_ladder cpuidle_core cpuidle_menu_bench"
printf 'true\n' >"$IDLESIM_SCRATCH/nothing.sh"
run=$IDLESIM_SCRATCH/run
expect_exit 0 run_guest "$IDLESIM_SCRATCH/nothing.sh" "$run" --smp 2 --timeout 600 \
	--append "kunit.enable=1 kunit.filter_glob=cpuidle_*"
scripts/ktap.sh "$run/results/dmesg.txt" $suites || fail "KUnit: see $run/results/dmesg.txt"

# A normal boot runs none of them.
run=$IDLESIM_SCRATCH/quiet
expect_exit 0 run_guest "$IDLESIM_SCRATCH/nothing.sh" "$run" --smp 1 --timeout 300
! grep -q '# Subtest: cpuidle_' "$run/results/dmesg.txt" || fail "KUnit suites ran on a normal boot"
echo ok
