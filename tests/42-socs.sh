#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# SoC descriptions on the host (socs/Makefile, target check): every shipped
# description valid; each bad one refused with its expected FILE:LINE
# message; importing each shipped device tree with --fill reproduces the
# shipped file (the DT's figures exact); valgrind; a short libFuzzer run.
# Then the pipeline's side: the driver's built-in SoC is the tool's
# parameter of socs/simsoc.soc, and a bad SOC= or a scenario that sets a
# control the SoC lacks is refused before anything is built or booted.
. tests/lib/common.sh
o=${IDLESIM_O:?}/socs
tool=${IDLESIM_SOC_TOOL:-$o/idlesim-soc}
command -v "${CLANG:-clang}" >/dev/null ||
	skip "clang not installed (apt-get install clang libclang-rt-14-dev): no fuzz run"
make -C socs O="$o" FUZZ_TIME="${FUZZ_TIME:-20}" KTREE="${IDLESIM_KTREE:-}" check ||
	fail "make -C socs check failed"

# the default the driver has built in is socs/simsoc.soc, compiled
builtin=$(sed -n '/simsoc_default_soc\[\] =/,/;$/p' sim-driver/simsoc_soc.c |
	grep -o '"[^"]*"' | tr -d '"\n')
want=$("$tool" params socs/simsoc.soc) || fail "idlesim-soc params socs/simsoc.soc"
[ "soc=$builtin" = "$want" ] ||
	fail "the driver's built-in SoC differs from socs/simsoc.soc: driver '$builtin', tool '${want#soc=}'"

# get: what the runner and the guest test rely on
expect_exit 0 "$tool" get cpus socs/simsoc.soc
[ "$out" = 4 ] || fail "get cpus said '$out'"
expect_exit 2 "$tool" get nosuch socs/simsoc.soc
expect_grep "unknown key 'nosuch'" "$out" "get with an unknown key"

# before any build or boot: a bad SOC=, an unknown one, a scenario with a
# block the SoC does not have
bad=$IDLESIM_SCRATCH/bad.soc
sed 's/residency=504us/residency=50us/' socs/simsoc.soc >"$bad"
start=$(date +%s%N)
expect_exit 2 make --no-print-directory O="$IDLESIM_O" run SCENARIO=audio SOC="$bad"
expect_grep "^SOC: $bad:[0-9]+: \[cluster a53\] state core-ret: exit: 167 us above its residency 50 us" "$out" "make run SOC=bad"
! grep -q '\[kernel\]\|\[rootfs\]\|\[run\]' <<<"$out" || fail "make run SOC=bad built or booted something"
note "a bad SOC= refused in $(( ($(date +%s%N) - start) / 1000000 )) ms"
expect_exit 2 make --no-print-directory O="$IDLESIM_O" run SCENARIO=audio SOC=nosuch
expect_grep "unknown SoC 'nosuch' \(no .*/socs/nosuch.soc\); socs/ has: .*simsoc" "$out" "make run SOC=nosuch"
scn=$IDLESIM_SCRATCH/npu.ini
sed 's/^\[thread mixer\]/[model]\nnpu_mode = busy\n\n&/' workloads/scenarios/audio.ini >"$scn"
expect_exit 2 env IDLESIM_SOC_TOOL="$tool" scripts/run-scenario.sh "$scn" menu "$IDLESIM_SCRATCH/npu-run"
expect_grep "sets npu_mode, which SoC simsoc \(.*simsoc.soc\) does not have; its blocks: dma gpu display audio modem" "$out" "a scenario with an unknown block"
[ ! -e "$IDLESIM_SCRATCH/npu-run" ] || fail "a refused scenario left a run directory"
echo ok
