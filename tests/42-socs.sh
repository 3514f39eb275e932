#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# tier: check (no guest: make check runs it)
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

# the default the driver has built in is socs/simsoc.soc, compiled: the
# build writes it (sim-driver/default-soc.sh), the source has none of its own
want=$("$tool" params socs/simsoc.soc) || fail "idlesim-soc params socs/simsoc.soc"
! grep -q '"v1;' sim-driver/*.c || fail "a SoC string written into the driver's source"
sim-driver/default-soc.sh "$tool" socs/simsoc.soc "$IDLESIM_SCRATCH/default.h" ||
	fail "sim-driver/default-soc.sh failed"
grep -qxF "#define SIMSOC_DEFAULT_SOC \"${want#soc=}\"" "$IDLESIM_SCRATCH/default.h" ||
	fail "the default SoC header is not socs/simsoc.soc's parameter: $(cat "$IDLESIM_SCRATCH/default.h")"
ko=$IDLESIM_O/sim-driver/simsoc.ko
if [ -f "$ko" ]; then
	strings "$ko" | grep -qxF "${want#soc=}" ||
		fail "$ko does not carry socs/simsoc.soc's parameter as its default"
fi

# get: what the runner and the guest test rely on
expect_exit 0 "$tool" get cpus socs/simsoc.soc
[ "$out" = 4 ] || fail "get cpus said '$out'"
expect_exit 2 "$tool" get nosuch socs/simsoc.soc
expect_grep "unknown key 'nosuch'" "$out" "get with an unknown key"

# a state's name of 31 characters, the most a description holds (32 are
# refused: socs/tests/bad/state-name-long.soc), reaches the driver whole
long=cluster-retention-deep-long-nam
sed "s/\bcluster-off\b/$long/g" socs/simsoc.soc >"$IDLESIM_SCRATCH/long.soc"
expect_exit 0 "$tool" params "$IDLESIM_SCRATCH/long.soc"
expect_grep ";state=$long,2;" "$out" "params of a 31-character state name"
expect_exit 0 "$tool" get states "$IDLESIM_SCRATCH/long.soc"
[ "$(tr '\n' ' ' <<<"$out")" = "WFI core-ret core-off $long soc-sleep " ] || fail "get states said '$out'"

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
