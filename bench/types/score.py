#!/usr/bin/env python3
"""Score `wirelint types --format json` output against a truth file.

usage: score.py TRUTH FINDINGS.json

A truth line is `KIND DEFINITION[.PROPERTY]`, KIND one of required, nullable,
enum, enum-warning, type, missing-field, extra-field, missing-type, ref-target,
opaque. Prints recall (truth lines found), the findings no truth line names
(by rule and severity) and precision over errors and warnings.
"""
import json, re, sys

truth = set(l.strip() for l in open(sys.argv[1]) if l.strip() and not l.startswith('#'))
findings = json.load(open(sys.argv[2]))['findings']
got = {}
for f in findings:
    kind = f['rule'].split('/')[1]
    if kind == 'enum' and f['severity'] == 'warning':
        kind = 'enum-warning'
    d = f.get('definition', '')
    m = re.search(r'\b(?:property|field) ([^\s\[\{]+)', f['message'])
    key = f'{kind} {d}' + (f'.{m.group(1)}' if m and kind not in ('opaque', 'missing-type') else '')
    got.setdefault(key, []).append(f)
found = truth & set(got)
missed = sorted(truth - set(got))
extra = sorted(k for k in got if k not in truth)
recall = f'{len(found)/len(truth):.0%}' if truth else 'n/a'
print(f'truth {len(truth)}, found {len(found)}, recall {recall}')
for k in missed:
    print('  missed', k)
serious = [k for k in got if any(f['severity'] in ('error', 'warning') for f in got[k])]
false = [k for k in serious if k not in truth]
print(f'errors and warnings {len(serious)}, not in truth {len(false)}, precision {1-len(false)/max(1,len(serious)):.0%}')
for k in extra:
    print('  unlisted', k, got[k][0]['severity'])
