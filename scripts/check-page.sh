#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Check an HTML page of ours (make report's index.html) the way a reader
# sees it, in a real browser, and take a screenshot of it:
#
#   check-page.sh PAGE.html SHOT.png
#
# grep can tell that the page names an image; only a browser can tell that
# the image decodes, that a relative link resolves, that the page's scripts
# run and that a table renders rows.  Debian's headless Chromium
# (chromium-headless-shell, or chromium) loads a copy of the page, made
# beside it so that relative paths resolve the same, with a checking script
# first in its <head>; when the window's load event has come (every image
# loaded or failed) that script walks the DOM and writes its findings into
# the page, which --dump-dom prints.  It fails when:
#   - an <img> did not load (not complete, or no natural width),
#   - an <a href> to a local file names a file that does not exist (asked
#     from the browser, by a synchronous XMLHttpRequest of the file: URL,
#     which --allow-file-access-from-files allows: the browser resolves the
#     href, base, '..' and %-escapes included, as it does for a reader),
#     or an in-page link (#name) names no element,
#   - a script error, an unhandled promise rejection or a console.error
#     occurred, or a <script> or stylesheet did not load,
#   - a <table> has no row with <td> cells.
# Then the original page's screenshot, at 1200 pixels wide and the page's
# full height (at most 16384), goes to SHOT.png.  Chromium's stderr (dbus,
# GPU noise) is kept and shown only when something fails.
#
# Exit 0: one summary line; 1: one line per problem (page and element)
# or the browser failed; 2: usage error or no browser.
# CHROMIUM=path picks the browser binary.
set -uo pipefail

src=${IDLESIM_SRC:-$(cd "$(dirname "$0")/.." && pwd)}
prog=check-page
. "$src/scripts/lib.sh"

[ $# -eq 2 ] || die "usage: check-page.sh PAGE.html SHOT.png"
[ -f "$1" ] && [ -r "$1" ] || die "$1: no such page"
page=$(realpath "$1")
shot=$(realpath -m "$2")
dir=$(dirname "$page")
name=$(basename "$page")
[ -d "$(dirname "$shot")" ] || die "$2: no such directory for the screenshot"
browser=${CHROMIUM:-}
if [ -z "$browser" ]; then
	for b in chromium-headless-shell chromium; do
		command -v "$b" >/dev/null && { browser=$b; break; }
	done
fi
[ -n "$browser" ] && command -v "$browser" >/dev/null ||
	die "no headless Chromium (apt-get install chromium-headless-shell, or make deps)"
[ -w "$dir" ] || die "$dir: not writable (the checking copy of the page goes there)"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/check-page.XXXXXX")
copy=
cleanup() { rm -rf "$tmp"; [ -z "$copy" ] || rm -f "$copy"; }
trap cleanup EXIT
trap 'exit 1' INT TERM HUP
# fileurl PATH: its file: URL, every byte but [A-Za-z0-9/._~-] %-escaped
fileurl() { printf 'file://%s' "$(printf '%s' "$1" | perl -pe 's|([^A-Za-z0-9/._~-])|sprintf("%%%02X", ord $1)|ge')"; }

# The checking script, injected on one line so that the page's own line
# numbers (in script errors) stay right.  Findings are lines of the
# <pre id="idlesim-check-findings"> it appends to the body: "counts ..."
# then one "problem ..." per problem; later ones (timers, run by
# --virtual-time-budget) are appended too.
read -r -d '' checker <<'EOF'
(function () {
	var lines = [], pre = null;
	function say(m) {
		var l = 'problem ' + String(m).replace(/\s+/g, ' ');
		lines.push(l);
		if (pre) pre.textContent += '\n' + l;
	}
	function dec(s) { try { return decodeURIComponent(s); } catch (e) { return s; } }
	window.addEventListener('error', function (e) {
		var t = e.target;
		if (t && t !== window && t.nodeType === 1) {
			if (t.tagName !== 'IMG')
				say('<' + t.tagName.toLowerCase() + ' ' + (t.hasAttribute('src') ? 'src' : 'href') + '="' +
					(t.getAttribute('src') || t.getAttribute('href') || '') + '"> did not load');
			return;
		}
		say('script error: ' + e.message + ' (' + (e.filename || '?').replace(/.*\//, '') + ' line ' + (e.lineno || 0) + ')');
	}, true);
	window.addEventListener('unhandledrejection', function (e) { say('unhandled promise rejection: ' + e.reason); });
	var cerr = console.error;
	console.error = function () {
		say('console.error: ' + Array.prototype.map.call(arguments, String).join(' '));
		return cerr.apply(console, arguments);
	};
	window.addEventListener('load', function () {
		var nimg = 0, nfile = 0, nanchor = 0, ntab = 0, here = location.href.split('#')[0], head = '';
		Array.prototype.forEach.call(document.images, function (img) {
			nimg++;
			if (!(img.complete && img.naturalWidth > 0))
				say('<img src="' + img.getAttribute('src') + '"> did not load (' + dec(img.src) + ')');
		});
		Array.prototype.forEach.call(document.querySelectorAll('a[href]'), function (a) {
			var h = a.getAttribute('href'), u, f, id, q;
			try { u = new URL(h, document.baseURI); } catch (e) { say('<a href="' + h + '">: not a URL'); return; }
			if (u.protocol !== 'file:')
				return;
			f = u.href.split('#')[0];
			if (f === here) {
				nanchor++;
				id = dec(u.hash.slice(1));
				if (id && !document.getElementById(id) && !document.getElementsByName(id).length)
					say('<a href="' + h + '">: no element with id "' + id + '" on the page');
				return;
			}
			nfile++;
			try {
				q = new XMLHttpRequest();
				q.open('GET', f, false);
				q.send();
			} catch (e) {
				say('<a href="' + h + '">: ' + dec(u.pathname) + ' does not exist');
			}
		});
		Array.prototype.forEach.call(document.querySelectorAll('h1, h2, h3, h4, h5, h6, table'), function (t) {
			if (t.tagName !== 'TABLE') {
				head = t.textContent.trim();
				return;
			}
			ntab++;
			var rows = Array.prototype.some.call(t.rows, function (r) {
				return Array.prototype.some.call(r.cells, function (c) { return c.tagName === 'TD'; });
			});
			if (!rows)
				say('<table> number ' + ntab + (t.id ? ' (id "' + t.id + '")' : '') +
					(head ? ' under "' + head + '"' : '') + ' has no row with <td> cells');
		});
		pre = document.createElement('pre');
		pre.id = 'idlesim-check-findings';
		pre.style.display = 'none';
		pre.textContent = ['counts ' + nimg + ' ' + nfile + ' ' + nanchor + ' ' + ntab + ' ' +
			Math.ceil(document.documentElement.scrollHeight)].concat(lines).join('\n');
		document.body.appendChild(pre);
	});
})();
EOF
checker=$(printf '%s' "$checker" | tr '\n\t' '  ')

# the copy beside the page, the script first thing in its <head> (or, a
# head being optional, where the parser opens one: after <html> or the
# doctype)
copy=$(mktemp --suffix=.html "$dir/.check-XXXXXX") || die "$dir: cannot write the checking copy"
CHECKER="<script>$checker</script>" perl -0pe '
	s/(<head\b[^>]*>)/$1$ENV{CHECKER}/i or s/(<html\b[^>]*>)/$1$ENV{CHECKER}/i or
		s/(<!doctype\b[^>]*>)/$1$ENV{CHECKER}/i or s/^/$ENV{CHECKER}/' "$page" >"$copy" ||
	die "$copy: cannot write the checking copy"

# run_chromium LOG OUT URL OPTIONS...: the browser, never for more than 2
# minutes, its stdout in OUT, its stderr in LOG (which $log then names)
run_chromium() {
	local out=$2 url=$3 rc
	log=$1
	shift 3
	echo "== $browser $* $url" >>"$log"
	(cd "$tmp" && HOME=$tmp XDG_CONFIG_HOME=$tmp/config XDG_CACHE_HOME=$tmp/cache \
		timeout -k 10 120 "$browser" --headless --no-sandbox --disable-gpu \
		--allow-file-access-from-files --user-data-dir="$tmp/profile" --hide-scrollbars \
		--virtual-time-budget=10000 "$@" "$url") >"$out" 2>>"$log"
	rc=$?
	[ $rc -ne 124 ] && [ $rc -ne 137 ] || echo "(timed out after 120 s)" >>"$log"
	return $rc
}

# browser_failed WHAT RC: the browser's own failure, with its messages
browser_failed() {
	case $2 in
	0) echo "$prog: $page: $1" >&2 ;;
	124 | 137) echo "$prog: $page: $1: chromium did not finish in 120 s" >&2 ;;
	*) echo "$prog: $page: $1: chromium failed (exit $2)" >&2 ;;
	esac
	echo "  chromium's messages ($browser):" >&2
	tail -30 "$log" | sed 's/^/    /' >&2
	exit 1
}

start=$(date +%s%N)
run_chromium "$tmp/dump.log" "$tmp/dom.html" "$(fileurl "$copy")" --window-size=1200,800 --dump-dom ||
	browser_failed "loading the page" $?
# the findings' text, as the serializer escaped it
findings=$(awk '
	!on && /<pre id="idlesim-check-findings"[^>]*>/ { sub(/.*<pre id="idlesim-check-findings"[^>]*>/, ""); on = 1 }
	on { done = sub(/<\/pre>.*/, ""); print; if (done) exit }' "$tmp/dom.html" |
	sed -e 's/&lt;/</g' -e 's/&gt;/>/g' -e 's/&nbsp;/ /g' -e 's/&amp;/\&/g')
read -r word nimg nfile nanchor ntab height <<<"$(head -1 <<<"$findings")"
[ "${word:-}" = counts ] ||
	browser_failed "the checking script left no findings (no load event in the page's time budget?)" 0
problems=$(sed -n 's/^problem //p' <<<"$findings")

# the screenshot of the page itself, its full height
height=$((height < 600 ? 600 : height > 16384 ? 16384 : height))
rm -f "$shot"
run_chromium "$tmp/shot.log" "$tmp/shot.out" "$(fileurl "$page")" --window-size=1200,$height --screenshot="$shot" ||
	browser_failed "taking the screenshot" $?
[ -s "$shot" ] && [ "$(head -c 4 "$shot" | tail -c 3)" = PNG ] ||
	browser_failed "no screenshot in $shot" 0
ms=$(( ($(date +%s%N) - start) / 1000000 ))

if [ -n "$problems" ]; then
	while IFS= read -r p; do
		echo "$prog: $page: ${p//"${copy##*/}"/"$name"}" >&2
	done <<<"$problems"
	# the browser worked: of its messages, only the page's console's
	if grep -q ':CONSOLE' "$tmp/dump.log"; then
		echo "  the page's console, as chromium logged it:" >&2
		grep ':CONSOLE' "$tmp/dump.log" | sed -e "s|${copy##*/}|$(sed 's/[&|\\]/\\&/g' <<<"$name")|g" \
			-e 's/^/    /' | tail -30 >&2
	fi
	exit 1
fi
echo "$prog: $page: $nimg image(s) loaded, $nfile link(s) to files and $nanchor in-page resolve," \
	"$ntab table(s) with rows; screenshot (1200x$height) in $shot (${ms} ms)"
