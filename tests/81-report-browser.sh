#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Our pages in a real browser (scripts/check-page.sh: Debian's headless
# Chromium): the board page of the committed fixture's trace (make board,
# a report's BOARD= section; made here, no boot) and the make report page
# tests/80 leaves load with every image decoded, every local link
# resolving, no script error and rows in every table, and their
# screenshots are kept here; on copies of them, each kind of breakage (an
# image missing or corrupt, a linked file missing, a script error, a table
# emptied) is seen to fail, naming what broke and only that.
. tests/lib/common.sh
command -v chromium-headless-shell >/dev/null || command -v chromium >/dev/null ||
	skip "no headless Chromium (apt-get install chromium-headless-shell; make deps does)"
[ -x "${IDLESIM_ANALYZE:-}" ] || skip "the analysis is not built"
s=$(realpath "$IDLESIM_SCRATCH")	# as check-page names the pages

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

expect_exit 2 scripts/check-page.sh "$s/nosuch.html" "$s/x.png"
expect_grep "nosuch.html: no such page" "$out" "a page that is not there"

board=$s/board
expect_exit 0 scripts/board.sh tests/fixtures/menu_deepest-1s/results/trace.dat simsoc "$board" -- \
	--durations wait --window all
expect_exit 0 scripts/check-page.sh "$board/index.html" "$s/board.png"
expect_grep ": 2 image\(s\) loaded, 4 link\(s\) to files and 0 in-page resolve, 0 table\(s\) with rows;" "$out" "the board page"
note "$out"
copy_of board-noimg "$board"
rm "$s/board-noimg/energy.png"
must_fail "$s/board-noimg" "a missing image" '<img src="energy.png"> did not load'
copy_of board-badimg "$board"
echo "not a PNG" >"$s/board-badimg/residency.png"
must_fail "$s/board-badimg" "an image that does not decode" '<img src="residency.png"> did not load'
copy_of board-nocsv "$board"
rm "$s/board-nocsv/energy.csv"
must_fail "$s/board-nocsv" "a linked file missing" "<a href=\"energy.csv\">: $s/board-nocsv/energy.csv does not exist"
copy_of board-script "$board"
sed -i 's|</body>|<script>idlesim_nosuch();</script></body>|' "$s/board-script/index.html"
must_fail "$s/board-script" "a script error" "script error: .*idlesim_nosuch is not defined \(index.html line"

# make report's page: the one tests/80 left (it runs first in make test)
rep80=$(dirname "$s")/80-report/report
[ -s "$rep80/index.html" ] ||
	skip "board page checked; no make report page to check: tests/80 leaves one in $rep80 (make test T=80, or the whole suite)"
rep=$s/report
copy_of report "$rep80"
expect_exit 0 scripts/check-page.sh "$rep/index.html" "$s/report.png"
nimg=$(grep -c '<img src=' "$rep/index.html")
expect_grep ": $nimg image\(s\) loaded, [1-9][0-9]* link\(s\) to files and [1-9][0-9]* in-page resolve, 1 table\(s\) with rows;" \
	"$out" "the report"
note "$out"
expect_grep "PNG image data, 1200 x [0-9]{4,}" "$(file "$s/report.png")" "a full-page screenshot of the report"
[ -z "$(find "$rep" -name '.check-*')" ] || fail "check-page left its copy of the page in $rep"
# the report's second image, its first SVG link, its table
img=$(sed -n 's/.*<img src="\([^"]*\)".*/\1/p' "$rep/index.html" | sed -n 2p)
copy_of report-noimg "$rep"
rm "$s/report-noimg/$img"
must_fail "$s/report-noimg" "a missing image in the report" "<img src=\"$img\"> did not load"
svg=$(grep -o '<a href="[^"#]*\.svg">' "$rep/index.html" | head -1 | cut -d'"' -f2)
[ -n "$svg" ] || fail "the report links no SVG"
copy_of report-nosvg "$rep"
rm "$s/report-nosvg/$svg"
must_fail "$s/report-nosvg" "a linked SVG missing" "<a href=\"$svg\">: $s/report-nosvg/$svg does not exist"
copy_of report-notable "$rep"
sed -i '/^<tr><td>/d' "$s/report-notable/index.html"
! grep -q '<td>' "$s/report-notable/index.html" || fail "the table's rows were not all removed"
must_fail "$s/report-notable" "an empty table" '<table> number 1 under "Overview" has no row with <td> cells'
echo ok
