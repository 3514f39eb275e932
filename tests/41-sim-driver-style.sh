#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# tier: check (no guest: make check runs it)
# The sim driver is kernel code and is held to the kernel's style: every
# source file of sim-driver/ (the module, its trace header and the guest
# tool) and the shared headers of include/idlesim/ that they include (the
# others are host code's) passes scripts/checkpatch.pl --strict as a
# file, and the kernel-doc
# of the functions the driver's files call across (simsoc.h) is complete
# (scripts/kernel-doc -none -v prints no warning).  Needs IDLESIM_KTREE.
. tests/lib/common.sh
ktree=${IDLESIM_KTREE:-}
[ -n "$ktree" ] && [ -f "$ktree/scripts/checkpatch.pl" ] ||
	skip "IDLESIM_KTREE (${ktree:-unset}) has no scripts/checkpatch.pl"
src=$PWD
bad=
n=0
shared=$(sed -n 's|^#include <\(idlesim/[a-z_.-]*\.h\)>.*|include/\1|p' \
	sim-driver/*.c sim-driver/*.h sim-driver/tools/*.c | sort -u)
[ -n "$shared" ] || fail "the driver includes no header of include/idlesim/: has the contract moved?"
for f in sim-driver/*.c sim-driver/*.h sim-driver/tools/*.c $shared; do
	res=$(cd "$ktree" && perl scripts/checkpatch.pl --strict --no-tree --no-color --terse -f "$src/$f" 2>&1)
	if grep -v '^total: 0 errors, 0 warnings, 0 checks' <<<"$res" | grep -q .; then
		note "$f:"
		head -10 <<<"$res" | sed 's/^/#   /'
		bad="$bad $f"
	fi
	n=$((n + 1))
done
[ -z "$bad" ] || fail "checkpatch --strict is not clean for:$bad"

# every function simsoc.h declares (or defines, inline) is documented
# where it is defined
for fn in $(sed -n 's/^[a-z][a-z0-9_ *]* \**\(simsoc_[a-z_]*\)(.*/\1/p' sim-driver/simsoc.h); do
	grep -q "^ \* $fn() - " sim-driver/*.[ch] || fail "$fn(), called across the driver's files, has no kernel-doc"
done
warn=$(cd "$ktree" && for f in "$src"/sim-driver/*.[ch]; do perl scripts/kernel-doc -none -v "$f" 2>&1; done |
	grep -iE 'warning|error')
[ -z "$warn" ] || { echo "$warn"; fail "kernel-doc warnings (above)"; }
echo "ok: $n files checkpatch --strict clean, kernel-doc complete"
