#!/usr/bin/env python3
"""Prepare a copy of vite's docs folder for a VitePress build outside the workspace.

usage: vitepress_site.py DOCS_COPY
Drops what needs the monorepo's own packages and nothing that decides links or
anchors: vue-tsc and @types/express from the devDependencies (type checks only),
and the twoslash code transformer (it type-checks code samples against the
workspace's vite); pins vitepress to the lockfile's 2.0.0-alpha.19 and adds
sync-fetch, a dependency markdown-it-image-size leaves to the workspace.
"""
import json
import os
import re
import sys

docs = sys.argv[1]
pkg = json.load(open(os.path.join(docs, "package.json")))
for name in ("vue-tsc", "@types/express"):
    pkg["devDependencies"].pop(name, None)
pkg["devDependencies"]["vitepress"] = "2.0.0-alpha.19"
pkg["devDependencies"]["sync-fetch"] = "*"
json.dump(pkg, open(os.path.join(docs, "package.json"), "w"), indent=2)
p = os.path.join(docs, ".vitepress", "config.ts")
s = open(p).read()
s = re.sub(r"      transformerTwoslash\(\{.*?\n      \}\),\n", "", s, flags=re.S)
s = s.replace("import { transformerTwoslash } from '@shikijs/vitepress-twoslash'\n", "")
open(p, "w").write(s)
