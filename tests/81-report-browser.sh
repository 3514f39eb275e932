#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Our pages in a real browser (scripts/check-page.sh: Debian's headless
# Chromium): the board page of the committed fixture's trace (make board,
# a report's BOARD= section; made here, no boot) loads with every image
# decoded, every local link resolving and no script error, and its
# screenshot is kept here; on copies of it, each kind of breakage (an
# image missing or corrupt, a linked file missing, a script error) is seen
# to fail, naming what broke and only that.  tests/80 checks the make
# report page it makes the same way (tests/lib/page.sh).
. tests/lib/common.sh
. tests/lib/page.sh
have_browser || skip "no headless Chromium (apt-get install chromium-headless-shell; make deps-test does)"
[ -x "${IDLESIM_ANALYZE:-}" ] || skip "the analysis is not built"
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

echo ok
