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

jobs=${SIMSOC_TESTS:-governors controls torn depth energy loadunload}
failed=()
for j in $jobs; do
	dir=$IDLESIM_SCRATCH/$j
	run_guest "sim-driver/tests/$j.sh" "$dir" --file sim-driver/tests/lib.sh \
		--file "$expect" --timeout "${SIMSOC_TIMEOUT:-900}" --meta "test=$j" >"$dir.runner.log" 2>&1
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
