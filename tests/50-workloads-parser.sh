#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# tier: check (no guest: make check runs it)
# The workload generator's scenario parser, on the host: unit tests of every
# kind of malformed file, every standard scenario passes --check, valgrind,
# and a short libFuzzer run (workloads/Makefile, target check).
. tests/lib/common.sh
o=${IDLESIM_O:?}/workloads
command -v "${CLANG:-clang}" >/dev/null ||
	skip "clang not installed (apt-get install clang libclang-rt-14-dev): no fuzz run"
make -C workloads O="$o" FUZZ_TIME="${FUZZ_TIME:-20}" check || fail "make -C workloads check failed"

# the host tool's contract with the pipeline: a bad scenario is rejected
# before any boot, with the file, line and field named, and exit status 2
bad=$IDLESIM_SCRATCH/bad.ini
printf '[scenario]\nname = x\nperiod = 10ms\n' >"$bad"
expect_exit 2 "$o/host/idlesim-workload" --check "$bad"
expect_grep "^$bad:3: \[scenario\] period: unknown key; expected one of: name, " "$out" "--check message"
expect_exit 0 "$o/host/idlesim-workload" --describe workloads/scenarios/audio.ini
expect_grep '^audio: .+ \(10s, 2 CPUs, seed 1002\)$' "$out" "--describe line"
expect_exit 0 "$o/host/idlesim-workload" --get cpus workloads/scenarios/audio.ini
[ "$out" = 2 ] || fail "--get cpus said '$out'"
echo ok
