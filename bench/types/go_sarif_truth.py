# Independent truth for go-sarif v210 vs sarif-schema-2.1.0.json, from the
# schema and a regex over struct tags (not wirelint's reader).
#
#   python3 bench/types/go_sarif_truth.py [SCHEMA [GO_SARIF_DIR]]
#
# SCHEMA defaults to the shared corpus's SARIF schema beside the checkout, and
# GO_SARIF_DIR to owenrumney__go-sarif/pkg/report/v210/sarif under $CORPUS
# (bench/types/MANIFEST.md says how to fetch it).
import json, re, glob, os, sys
here = os.path.dirname(os.path.abspath(__file__))
schema_path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, '..', '..', '..', 'shared', 'corpus', 'sarif', 'sarif-schema-2.1.0.json')
schema = json.load(open(schema_path))
defs = schema['definitions']
src = sys.argv[2] if len(sys.argv) > 2 else os.path.join(os.environ.get('CORPUS', 'corpus'), 'owenrumney__go-sarif', 'pkg', 'report', 'v210', 'sarif')
structs = {}
for f in sorted(glob.glob(src + '/*.go')):
    if f.endswith('_test.go'): continue
    text = open(f).read()
    for m in re.finditer(r'type (\w+) struct \{(.*?)\n\}', text, re.S):
        fields = {}
        for fm in re.finditer(r'^\s+(\w+)\s+(\S+)\s+`json:"([^"]*)"`', m.group(2), re.M):
            name, typ, tag = fm.groups()
            wire, *opts = tag.split(',')
            fields[wire] = (name, typ, 'omitempty' in opts)
        structs[m.group(1)] = fields
norm = lambda s: s.replace('_','').lower()
by = {norm(k): k for k in structs}
out = []
for dname, d in sorted(defs.items()):
    g = by.get(norm(dname))
    if not g:
        out.append(f'missing-type {dname}')
        continue
    fields = structs[g]
    props = d.get('properties', {})
    req = set(d.get('required', []))
    for p, ps in props.items():
        if p not in fields:
            out.append(f'missing-field {dname}.{p}')
            continue
        name, typ, omit = fields[p]
        if p in req and omit:
            out.append(f'required {dname}.{p}')
        if 'enum' in ps and typ in ('string', '*string'):
            out.append(f'enum-warning {dname}.{p}')
    for w in fields:
        if w not in props:
            out.append(f'extra-field {dname}.{w}')
print('\n'.join(out))
