# Independent truth for @types/sarif 2.1.7 vs sarif-schema-2.1.0.json: member
# names and ? from a regex over the declarations, enums from the namespaces'
# literal unions (not wirelint's reader).
import json, re, sys
schema = json.load(open(sys.argv[1]))
text = open(sys.argv[2]).read()
defs = schema['definitions']
ifaces, spaces = {}, {}
for m in re.finditer(r'export interface (\w+) \{(.*?)\n\}', text, re.S):
    members = {}
    for mm in re.finditer(r'^    (\w+|\$schema)(\??): ([^;]*);', m.group(2), re.M):
        members[mm.group(1)] = (mm.group(2) == '?', mm.group(3))
    ifaces[m.group(1)] = members
for m in re.finditer(r'export namespace (\w+) \{(.*?)\n\}', text, re.S):
    for t in re.finditer(r'type (\w+) =\s*([^;]*);', m.group(2), re.S):
        spaces[m.group(1) + '.' + t.group(1)] = sorted(re.findall(r'"([^"]*)"', t.group(2)))
norm = lambda s: s.lower()
by = {norm(k): k for k in ifaces}
out = []
for dname, d in sorted(defs.items()):
    i = by.get(norm(dname))
    if i is None:
        out.append(f'missing-type {dname}')
        continue
    members, props, req = ifaces[i], d.get('properties', {}), set(d.get('required', []))
    for p, ps in props.items():
        if p not in members:
            out.append(f'missing-field {dname}.{p}')
            continue
        opt, typ = members[p]
        if (p in req) == opt:
            out.append(f'required {dname}.{p}')
        enum = ps.get('enum') or ps.get('items', {}).get('enum')
        ref = re.match(r'(\w+\.\w+)', typ.strip())
        if enum and ref and ref.group(1) in spaces and sorted(enum) != spaces[ref.group(1)]:
            out.append(f'enum {dname}.{p}')
        if enum and len(enum) > 1 and typ.replace(' | undefined', '').strip() in ('string', 'string[]'):
            out.append(f'enum-warning {dname}.{p}')
    for w in members:
        if w not in props:
            out.append(f'extra-field {dname}.{w}')
print('\n'.join(sorted(out)))
