#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# make run, compare, tune and report name a bad scenario (or one the SoC
# cannot play) before the kernel, module or initramfs is built: on a
# fresh build directory, where nothing is built yet, the error comes with
# only the host tools built, and no kernel tree, image or initramfs
# appears.  The good scenario of the same invocation does not hide the
# bad one; an rt-app JSON rt-app refuses is named by rt-app's message; a
# control value the SoC's driver would refuse is named with its line.
. tests/lib/common.sh
fresh=$IDLESIM_SCRATCH/O
bad=$IDLESIM_SCRATCH/bad.ini
sed '/^description/d' workloads/scenarios/audio.ini >"$bad"
want="$bad:[0-9]+: \[scenario\] description: missing"
gpu=$IDLESIM_SCRATCH/s1.ini
# a control of the default SoC's one kind of cluster, which Juno's two
# kinds name with their prefixes
sed 's/^hw = audio_mode=busy/hw = s1_residency_us=600 audio_mode=busy/' workloads/scenarios/audio.ini >"$gpu"
grep -q s1_residency_us "$gpu" || fail "the test's scenario edit did not take"
# a timed transfer that would have ended before it began, and one longer
# than the driver takes
past=$IDLESIM_SCRATCH/past.ini long=$IDLESIM_SCRATCH/long.ini
sed 's/audio_busy_us=6000/audio_busy_us=-6000/' workloads/scenarios/dma-bursts.ini >"$past"
sed 's/audio_busy_us=6000/audio_busy_us=60000000/' workloads/scenarios/dma-bursts.ini >"$long"
grep -q 'audio_busy_us=-6000' "$past" || fail "the test's scenario edit did not take"
rtj=$IDLESIM_SCRATCH/refused.json
sed 's/"run": 1600/"run": "abc"/' workloads/rt-app/periodic.json >"$rtj"
mk() { env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS make --no-print-directory O="$fresh" "$@"; }
rm -rf "$fresh"
for goal in "run SCENARIO=$bad" "compare SCENARIO=$bad" "tune SCENARIO=audio\ $bad STATE=core-off VALUES=500" \
	"report REPORT_SCENARIOS=audio\ $bad"; do
	eval "expect_exit 2 mk $goal"
	expect_grep "$want" "$out" "make $goal"
done
expect_exit 2 mk compare SCENARIO=nosuch
expect_grep "unknown scenario 'nosuch'" "$out" "an unknown scenario"
expect_exit 2 mk compare SCENARIO="$gpu" SOC=juno-r2
expect_grep "$gpu: sets s1_residency_us, which SoC juno-r2" "$out" "a control the SoC lacks"
expect_exit 2 mk compare SCENARIO="$past"
expect_grep "$past:[0-9]+: \[phase sample\] hw_busy: audio_busy_us=-6000; expected a whole number from 0 to 10000000" \
	"$out" "a transfer ending in the past"
expect_exit 2 mk compare SCENARIO="$long" SOC=juno-r2
expect_grep "$long:[0-9]+: \[phase sample\] hw_busy: audio_busy_us=60000000; expected .* \(SoC juno-r2" \
	"$out" "a transfer longer than the driver takes"
if command -v rt-app >/dev/null; then
	expect_exit 2 mk compare SCENARIO="$rtj"
	expect_grep "$rtj: rt-app refuses part of it" "$out" "a JSON rt-app refuses"
fi
expect_exit 2 mk compare DOMAINS=cluster
expect_grep "DOMAINS=cluster: expected genpd" "$out" "a bad DOMAINS"
expect_exit 2 mk compare MASKED_TICK=yes
expect_grep "MASKED_TICK=yes: expected off, always or until" "$out" "a bad MASKED_TICK"
for f in linux kernel initramfs.cpio.gz rootfs runs; do
	[ ! -e "$fresh/$f" ] || fail "a refused scenario still built or ran: $fresh/$f exists"
done
echo ok
