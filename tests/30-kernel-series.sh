#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# tier: check (no guest: make check runs it)
# Every patch of kernel-patches/series passes scripts/checkpatch.pl --strict
# with no error, warning or check.  Needs IDLESIM_KTREE, a kernel source tree
# with scripts/checkpatch.pl (the pristine or the patched 6.1 tree).
. tests/lib/common.sh

dir=kernel-patches
series=$dir/series
[ -f "$series" ] || skip "no $series"
ktree=${IDLESIM_KTREE:-}
[ -n "$ktree" ] && [ -f "$ktree/scripts/checkpatch.pl" ] ||
	skip "IDLESIM_KTREE (${ktree:-unset}) has no scripts/checkpatch.pl"
command -v perl >/dev/null || skip "no perl"

patches=$(sed -e 's/#.*//' -e 's/[[:space:]]*$//' -e '/^$/d' "$series")
[ -n "$patches" ] || fail "$series lists no patch"

bad=
n=0
for p in $patches; do
	[ -f "$dir/$p" ] || fail "$series names $p, which does not exist"
	case $p in 0000-*) fail "$series lists the cover letter $p" ;; esac
	abs=$(cd "$dir" && pwd)/$p
	# From the tree's root, so that checkpatch sees the tree it checks against.
	res=$(cd "$ktree" && perl scripts/checkpatch.pl --strict --no-color \
		"$abs" 2>&1)
	rc=$?
	total=$(grep -E '^total: [0-9]+ errors, [0-9]+ warnings, [0-9]+ checks' <<<"$res")
	if [ $rc -ne 0 ] || ! grep -qE '^total: 0 errors, 0 warnings, 0 checks' <<<"$total"; then
		note "$p: ${total:-checkpatch exited $rc}"
		(cd "$ktree" && perl scripts/checkpatch.pl --strict --no-color --terse \
			"$abs" 2>&1) | head -20 | sed 's/^/#   /'
		bad="$bad $p"
	fi
	n=$((n + 1))
done

[ -z "$bad" ] || fail "checkpatch --strict is not clean for:$bad"
echo "ok: $n patches, checkpatch --strict clean"
