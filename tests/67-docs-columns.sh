#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# tier: check (no guest: make check runs it)
# docs/ARCHITECTURE.md's column lists are the columns the analysis writes:
# every CSV of a run's analysis (RUNDIR/analysis/NAME.csv) and of a
# comparison (compare/NAME.csv), made from the committed fixture, has its
# header listed in the document, in order, under that name (a last item
# "<state>_ms...", "<state>_share..." or "state0,state1,..." standing for
# the per-state columns, "GOVERNOR..." for one column per governor,
# "<domain>:<state>..." for the domain states' time and count columns).
# And its manifest keys are the keys the scripts write: every key that
# scripts/run-guest.sh puts in a manifest, or that a script passes it
# with --meta, is an item of the "Manifest keys" list, and every item's
# key is written.
. tests/lib/common.sh
an=$IDLESIM_O/analysis/idlesim-analyze
s=$IDLESIM_SCRATCH
fixture_analysis "$an"
python3 - "$s/run" "$s/cmp" docs/ARCHITECTURE.md <<'PY' || fail "docs/ARCHITECTURE.md and the analysis's CSV headers differ (above)"
import glob, os, re, sys
run, cmp, docpath = sys.argv[1:4]
doc = open(docpath).read()
lists = {m.group(1): re.sub(r'\s+', '', m.group(2))
         for m in re.finditer(r'`((?:RUNDIR/analysis|compare)/[a-z_]+\.csv)`: `([^`]*)`', doc)}
tail = {'<state>_ms...': r'state\d+_ms', '<state>_share...': r'state\d+_share',
        '...': r'state\d+', 'GOVERNOR...': r'[^,]+',
        '<domain>:<state>...': r'(cluster\d+|soc):[^,]+'}
bad = 0
for prefix, d in (('RUNDIR/analysis', run), ('compare', cmp)):
    for f in sorted(glob.glob(d + '/*.csv')):
        name = prefix + '/' + os.path.basename(f)
        header = open(f).readline().strip().split(',')
        if name not in lists:
            print(f'{name}: written, not in {docpath}'); bad += 1; continue
        want = lists[name].split(',')
        pat = None
        if want[-1] in tail:
            pat = tail[want.pop()]
            # "state0,state1,...": the listed ones are examples of the pattern
            while want and pat == r'state\d+' and re.fullmatch(pat, want[-1]):
                want.pop()
        ok = header[:len(want)] == want and (
            len(header) == len(want) if pat is None else
            len(header) > len(want) and all(re.fullmatch(pat, c) for c in header[len(want):]))
        if not ok:
            print(f'{name}:\n  {docpath}: {",".join(lists[name].split(","))}\n  written:   {",".join(header)}')
            bad += 1
        else:
            print(f'# {name}: {len(header)} columns as documented')
sys.exit(1 if bad else 0)
PY
python3 - docs/ARCHITECTURE.md scripts/*.sh <<'PY' || fail "docs/ARCHITECTURE.md's manifest keys and the scripts' differ (above)"
import re, sys
docpath, scripts = sys.argv[1], sys.argv[2:]
written = {}
for path in scripts:
    text = open(path).read()
    if path.endswith('/run-guest.sh'):
        block = re.search(r'\nmanifest=\$work/manifest\n\{\n(.*?)\n\} >"\$manifest"', text, re.S)
        if not block:
            print(f'{path}: no manifest block found'); sys.exit(1)
        lines = block.group(1).split('\n') + [l for l in text.split('\n') if '>>"$manifest"' in l]
        for l in lines:
            m = re.search(r"""(?:echo|printf) ["']([a-z][a-z0-9_]*) """, l) or \
                re.search(r"""sed 's/\^/([a-z][a-z0-9_]*) /'""", l)
            if m:
                written.setdefault(m.group(1), path)
    for m in re.finditer(r'--meta "?([a-z][a-z0-9_]*)=', text):
        written.setdefault(m.group(1), path)
doc = open(docpath).read()
para = re.search(r'\nManifest keys[^\n]*\n\n((?:[ -].*\n)+)', doc)
if not para:
    print(f'{docpath}: no "Manifest keys" list'); sys.exit(1)
# each item names its keys before its first ': '
named = set()
for item in re.findall(r'^ *- (.*)$', para.group(1), re.M):
    named |= set(re.findall(r'`([a-z][a-z0-9_]*)`', item.split(': ')[0]))
firsts = named
bad = 0
for k, path in sorted(written.items()):
    if k not in named:
        print(f'{k}: written by {path}, not among {docpath}\'s manifest keys'); bad += 1
for k in sorted(firsts - set(written)):
    print(f'{k}: in {docpath}\'s manifest keys, written by no script'); bad += 1
if not bad:
    print(f'# manifest: {len(written)} keys written, each documented')
sys.exit(1 if bad else 0)
PY
echo ok
