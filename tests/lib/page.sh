# SPDX-License-Identifier: GPL-2.0
# A page in a real browser (scripts/check-page.sh), and copies of it to
# break: for tests/80 (make report's page) and tests/81 (make board's).
# Sourced after common.sh; $s is the scratch directory as check-page
# names pages.
s=$(realpath "$IDLESIM_SCRATCH")
have_browser() {
	command -v chromium-headless-shell >/dev/null || command -v chromium >/dev/null
}
# copy_of NAME DIR: a copy of the page directory DIR, to break: $s/NAME
copy_of() {
	rm -rf "${s:?}/$1"
	cp -a "$2" "$s/$1"
}
# must_fail DIR WHAT PATTERN: check-page fails on DIR/index.html with one
# problem, matching PATTERN
must_fail() {
	expect_exit 1 scripts/check-page.sh "$1/index.html" "$s/broken.png"
	expect_grep "^check-page: $1/index.html: $3" "$out" "$2"
	[ "$(grep -c '^check-page: ' <<<"$out")" -eq 1 ] || { echo "$out" >&2; fail "$2: more problems than that one"; }
}
