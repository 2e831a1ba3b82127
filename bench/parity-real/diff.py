#!/usr/bin/env python3
"""Independent structural diff of two JSON Schema / OpenAPI documents, the
truth parity's findings on real pairs are held to (bench/parity-real/run.sh).

It shares no code or idea with wirelint's comparison beyond this: definitions
are the document root (when it is a schema), the entries of definitions,
$defs and components/schemas; two definitions pair by name, else by the $id
they declare; inside a pair the two JSON trees are walked side by side and
every constraining difference is printed once, at its pointer relative to the
definition:

    DEF<TAB>POINTER<TAB>WHAT

Annotations (description, title, examples, $comment, default, x-*, and known
vendor keys) are not compared. A $ref compares by the definition name it
names (its last pointer token or file stem), so spdx.schema.json and
spdx.SNAPSHOT.schema.json are one name when their files pair by $id. Unions
(anyOf/oneOf/allOf) compare as multisets of their branches' canonical JSON:
one line per branch on one side only. Usage: diff.py CANONICAL MIRROR
"""
import json
import os
import sys

try:
    import yaml  # optional: YAML documents
except ImportError:  # pragma: no cover
    yaml = None

SKIP = {"description", "title", "examples", "example", "$comment", "default", "$id", "id", "$schema",
        "markdownDescription", "enumDescriptions", "markdownEnumDescriptions", "deprecationMessage",
        "_enum", "meta:enum", "errorMessage", "readOnly", "writeOnly", "deprecated", "externalDocs", "xml"}
UNIONS = {"anyOf", "oneOf", "allOf"}
MAPS = {"properties", "patternProperties", "definitions", "$defs", "dependentSchemas"}


def load(path):
    with open(path) as f:
        text = f.read()
    if path.endswith(".json"):
        return json.loads(text)
    return yaml.safe_load(text)


def stem(path):
    b = os.path.basename(path)
    for ext in (".json", ".yaml", ".yml"):
        if b.endswith(ext):
            b = b[: -len(ext)]
    if b.endswith(".schema"):
        b = b[: -len(".schema")]
    return b


def definitions(doc, path):
    defs = {}
    if isinstance(doc, dict) and "openapi" not in doc and "swagger" not in doc:
        if any(k in doc for k in ("type", "properties", "$ref", "anyOf", "oneOf", "allOf", "enum")):
            defs[stem(path)] = doc
    containers = [("components", "schemas")] if isinstance(doc, dict) and "openapi" in doc else [("definitions",), ("$defs",)]
    for c in containers:
        node = doc
        for t in c:
            node = node.get(t, {}) if isinstance(node, dict) else {}
        for k, v in (node or {}).items():
            defs.setdefault(k, v)
    return defs


def ref_name(ref):
    ref = str(ref)
    path, _, frag = ref.partition("#")
    if frag.startswith("/"):
        return frag.rsplit("/", 1)[-1]
    if frag:
        return frag
    return stem(path)


def canon(v, names):
    """JSON text of v with annotations dropped and $refs by name."""
    if isinstance(v, dict):
        out = {}
        for k, x in v.items():
            if k in SKIP or k.startswith("x-"):
                continue
            if k == "$ref":
                n = ref_name(x)
                out[k] = names.get(n, n)
            else:
                out[k] = canon(x, names)
        return json.dumps(out, sort_keys=True)
    if isinstance(v, list):
        return json.dumps([canon(x, names) for x in v])
    return json.dumps(v, sort_keys=True)


def walk(c, m, ptr, names, out, members=False):
    """members: c and m map names to schemas (properties...), so every key
    is a name, none an annotation."""
    if isinstance(c, dict) and isinstance(m, dict):
        for k in sorted(set(c) | set(m)):
            if not members and (k in SKIP or k.startswith("x-")):
                continue
            p = ptr + "/" + k.replace("~", "~0").replace("/", "~1")
            if k not in m:
                out.append((p, "absent in mirror"))
            elif k not in c:
                out.append((p, "absent in canonical"))
            elif k == "$ref":
                cn, mn = ref_name(c[k]), ref_name(m[k])
                if names.get(mn, mn) != cn:
                    out.append((p, "$ref %s vs %s" % (cn, mn)))
            elif k in UNIONS and isinstance(c[k], list) and isinstance(m[k], list):
                cs = [canon(x, names) for x in c[k]]
                ms = [canon(x, names) for x in m[k]]
                if sorted(cs) == sorted(ms):
                    continue
                if len(cs) == len(ms):
                    for i in range(len(cs)):
                        walk(c[k][i], m[k][i], p + "/" + str(i), names, out)
                    continue
                rest = list(ms)
                for i, x in enumerate(cs):
                    if x in rest:
                        rest.remove(x)
                    else:
                        out.append((p + "/" + str(i), "branch only in canonical"))
                for x in rest:
                    out.append((p, "branch only in mirror"))
            elif k in ("enum", "required", "type") and isinstance(c[k], list) and isinstance(m[k], list):
                if sorted(map(json.dumps, c[k])) != sorted(map(json.dumps, m[k])):
                    out.append((p, "set differs"))
            elif k in MAPS:
                walk(c[k], m[k], p, names, out, members=True)
            else:
                walk(c[k], m[k], p, names, out)
        return
    if canon(c, names) != canon(m, names):
        out.append((ptr, "value differs"))


def main():
    cpath, mpath = sys.argv[1], sys.argv[2]
    cdoc, mdoc = load(cpath), load(mpath)
    cdefs, mdefs = definitions(cdoc, cpath), definitions(mdoc, mpath)
    names = {}  # mirror name -> canonical name
    for cn, cv in cdefs.items():
        if cn in mdefs:
            continue
        if not isinstance(cv, dict):
            continue
        for key in ("$id", "title"):  # a file root pairs by $id, else by title
            val = cv.get(key)
            hits = [mn for mn, mv in mdefs.items() if mn not in cdefs and mn not in names and val
                    and isinstance(mv, dict) and mv.get(key) == val]
            if hits:
                names[hits[0]] = cn
                break
    for mn, cn in list(names.items()):
        names.setdefault(ref_name(mn), cn)
    rev = {cn: mn for mn, cn in names.items()}
    lines = []
    for cn in sorted(cdefs):
        mn = cn if cn in mdefs else rev.get(cn)
        if mn is None:
            lines.append((cn, "", "missing from mirror"))
            continue
        out = []
        walk(cdefs[cn], mdefs[mn], "", names, out)
        lines += [(cn, p, w) for p, w in out]
    for mn in sorted(mdefs):
        if mn not in cdefs and mn not in names:
            lines.append((mn, "", "only in mirror"))
    for l in lines:
        print("\t".join(l))


if __name__ == "__main__":
    main()
