#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The simulated SoC driver (sim-driver/) in the guest: each job of
# sim-driver/tests/ boots once and checks one property; see the header of
# each job.  A job writes its findings to results/*.txt; failures are
# printed from its job.log.
. tests/lib/common.sh

[ -n "${IDLESIM_RUN:-}" ] && [ -x "$IDLESIM_RUN" ] || skip "no guest runner (IDLESIM_RUN=${IDLESIM_RUN:-unset}; run through make test)"
# the module of the kernel under test (make DEBUG= builds one per flavour)
ko=${IDLESIM_SIMSOC_KO:-${IDLESIM_O:-build}/sim-driver/simsoc.ko}
[ -f "$ko" ] || skip "simsoc.ko not built ($ko missing: make module)"
[ -d sim-driver/tests ] || skip "no sim-driver/tests"

# with the kernel series in place the menu_deepest baseline must exist
expect=$IDLESIM_SCRATCH/expect
: >"$expect"
[ -f kernel-patches/series ] && echo require_menu_deepest=1 >>"$expect"

# socs: every shipped SoC description, as the host tool compiles and
# describes it (the job reloads the driver with each), and the default
# one with state names longer than cpuidle's
socfiles=()
tool=${IDLESIM_SOC_TOOL:-}
if [ -x "$tool" ]; then
	sed -e 's/^name = simsoc$/name = simsoc-long/' -e 's/\bcluster-off\b/cluster-retention-deep/g' \
		-e 's/\bsoc-sleep\b/cluster-retention-deeper-soc/g' socs/simsoc.soc >"$IDLESIM_SCRATCH/simsoc-long.soc"
	for f in socs/*.soc "$IDLESIM_SCRATCH/simsoc-long.soc"; do
		n=$(basename "$f" .soc)
		"$tool" params "$f" >"$IDLESIM_SCRATCH/soc-$n.param" || fail "idlesim-soc params $f"
		{
			echo "states $("$tool" get states "$f" | tr '\n' ' ' | sed 's/ $//')"
			"$tool" get controls "$f" | sed 's/^/control /'
			"$tool" get clusters "$f" | awk '{ for (c = 0; c < $3; c++) { for (i = 0; i < $2; i++) printf "%s%d", n++ ? "," : "clusters ", k; k++ } } END { print "" }' k=0
		} >"$IDLESIM_SCRATCH/soc-$n.expect"
		socfiles+=(--file "$IDLESIM_SCRATCH/soc-$n.param" --file "$IDLESIM_SCRATCH/soc-$n.expect")
	done
fi

jobs=${SIMSOC_TESTS:-governors controls torn depth energy loadunload socs domains burst}
failed=()
for j in $jobs; do
	dir=$IDLESIM_SCRATCH/$j
	extra=()
	if [ "$j" = socs ]; then
		[ ${#socfiles[@]} -gt 0 ] || { echo "FAIL: socs: no SoC tool (IDLESIM_SOC_TOOL)"; failed+=(socs); continue; }
		extra=("${socfiles[@]}")
	fi
	# the burst's energy is checked against the table's active power on
	# the scenarios' two CPUs
	[ "$j" = burst ] && extra=(--smp 2)
	run_guest "sim-driver/tests/$j.sh" "$dir" --file sim-driver/tests/lib.sh \
		--file "$expect" "${extra[@]}" --timeout "${SIMSOC_TIMEOUT:-900}" --meta "test=$j" >"$dir.runner.log" 2>&1
	rc=$?
	if [ $rc -ne 0 ]; then
		echo "FAIL: $j (runner exit $rc)"
		cat "$dir.runner.log"
		grep -E '^(FAIL|note)' "$dir/results/job.log" 2>/dev/null | head -20
		failed+=("$j")
		continue
	fi
	grep -q '^PASS$' "$dir/results/job.log" || { echo "FAIL: $j: job did not say PASS"; failed+=("$j"); continue; }
	note "$j: $(cat "$dir/results/$j.txt" 2>/dev/null | tr '\n' ';' | cut -c1-400)"
done
[ ${#failed[@]} -eq 0 ] || fail "sim-driver guest jobs failed: ${failed[*]}"
echo ok
