#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# A patch that does not apply stops the tree step, naming the patch and its
# failed hunk, and the tree is left as it was; a good series applies.
. tests/lib/common.sh
pristine=$IDLESIM_O/src/linux-source-6.1
[ -f "$pristine/Makefile" ] || skip "no pristine tree in $IDLESIM_O/src"

# A scratch build directory sharing the pristine sources (hard links).
b=$IDLESIM_SCRATCH/build
mkdir -p "$b/src"
cp -al "$pristine" "$b/src/linux-source-6.1"
s=$IDLESIM_SCRATCH/series
mkdir -p "$s"

mkpatch() { # NAME FILE OLD NEW: a git-style patch replacing line OLD by NEW
	local name=$1 file=$2 old=$3 new=$4
	cat >"$s/$name" <<EOT
From: idlesim tests <tests@idlesim.invalid>
Subject: [PATCH] test: $name

---
diff --git a/$file b/$file
--- a/$file
+++ b/$file
@@ -1,3 +1,3 @@
 # SPDX-License-Identifier: GPL-2.0
-$old
+$new
 $(sed -n 3p "$pristine/Makefile")
EOT
}
sub=$(sed -n 2p "$pristine/Makefile")
[ "$(sed -n 1p "$pristine/Makefile")" = "# SPDX-License-Identifier: GPL-2.0" ] || skip "unexpected Makefile layout"

# 1. a good one-patch series
mkpatch 0001-good.patch Makefile "$sub" "VERSION = 6 # good"
echo 0001-good.patch >"$s/series"
expect_exit 0 scripts/kernel-tree.sh "$b" "$s"
grep -q '^VERSION = 6 # good$' "$b/linux/Makefile" || fail "good patch not applied"
grep -q '^VERSION = 6$' "$pristine/Makefile" || fail "patching wrote through to the pristine tree"
stamp=$(cat "$b/linux/.idlesim-tree")

# 2. the good patch followed by one whose context is wrong
cat >"$s/0002-broken.patch" <<'EOT'
From: idlesim tests <tests@idlesim.invalid>
Subject: [PATCH] test: a hunk whose context is not in the tree

---
diff --git a/Makefile b/Makefile
--- a/Makefile
+++ b/Makefile
@@ -2,3 +2,3 @@
 VERSION = 6 # good
-PATCHLEVEL = 99
+PATCHLEVEL = 100
 SUBLEVEL = 0
EOT
printf '0001-good.patch\n0002-broken.patch\n' >"$s/series"
expect_exit 1 scripts/kernel-tree.sh "$b" "$s"
expect_grep '0002-broken.patch does not apply' "$out" "names the patch"
expect_grep 'Hunk #1 FAILED' "$out" "names the hunk"
[ "$(cat "$b/linux/.idlesim-tree")" = "$stamp" ] || fail "the tree was changed by a failed series"
grep -q '^VERSION = 6 # good$' "$b/linux/Makefile" || fail "the tree lost the good patch"
[ ! -e "$b/linux.new" ] || fail "a half-patched tree was left behind"

# 3. a series naming a missing file
printf '0001-good.patch\n0003-missing.patch\n' >"$s/series"
expect_exit 1 scripts/kernel-tree.sh "$b" "$s"
expect_grep '0003-missing.patch, which does not exist' "$out" "missing patch"

# 4. dropping the patch brings the pristine file back
: >"$s/series"
expect_exit 0 scripts/kernel-tree.sh "$b" "$s"
grep -q '^VERSION = 6$' "$b/linux/Makefile" || fail "the dropped patch's change is still there"

# 5. the project's own series applies
expect_exit 0 scripts/kernel-tree.sh "$b" kernel-patches
echo ok
