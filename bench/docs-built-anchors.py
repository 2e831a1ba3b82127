#!/usr/bin/env python3
"""Compare wirelint docs' anchor verdicts with a site MkDocs has built.

usage: docs-built-anchors.py DOCS_DIR SITE_DIR REPO_DIR FINDINGS.json
Builds nothing: run `mkdocs build -d SITE_DIR` first (use_directory_urls on).
For every Markdown link with a #fragment under DOCS_DIR (outside fences and
code spans), the target page's built HTML is searched for the id; the links
whose id is absent are compared with wirelint's docs/broken-link errors.
"""
import json
import os
import re
import sys

docs, site, repo, findings = sys.argv[1:5]


def page_html(md):
    base = os.path.relpath(md, docs)[:-3]
    if os.path.basename(base) in ("index", "README"):
        return os.path.join(site, os.path.dirname(base), "index.html")
    return os.path.join(site, base, "index.html")


cache = {}


def ids(html):
    if html not in cache:
        text = open(html, encoding="utf-8").read() if os.path.exists(html) else ""
        cache[html] = set(re.findall(r'\bid="([^"]+)"', text))
    return cache[html]


missing, total = set(), 0
for d, _, names in os.walk(docs):
    for name in names:
        if not name.endswith(".md"):
            continue
        p = os.path.join(d, name)
        fence = False
        for no, line in enumerate(open(p, encoding="utf-8"), 1):
            if line.strip().startswith("```"):
                fence = not fence
                continue
            if fence:
                continue
            for m in re.finditer(r"\]\(([^)\s]*#[^)\s]+)\)", re.sub(r"`[^`]*`", "", line)):
                t = m.group(1)
                if re.match(r"^[a-z]+:", t):
                    continue
                path, frag = t.split("#", 1)
                target = p
                if path:
                    target = os.path.normpath(os.path.join(d, path))
                    if not target.endswith(".md"):  # a URL below the page's folder URL
                        target = os.path.normpath(os.path.join(os.path.splitext(p)[0], path)) + ".md"
                total += 1
                if frag not in ids(page_html(target)):
                    missing.add((os.path.relpath(p, repo), no, t))
data = json.load(open(findings))
errors = {
    (f["locations"][0]["file"].split("/", 1)[1], f["locations"][0]["line"], f.get("target"))
    for f in (data["findings"] if isinstance(data, dict) else data)
    if f["severity"] == "error" and "#" in f.get("target", "")
}
print(f"anchored links {total}, absent from the built HTML {len(missing)}, wirelint anchor errors {len(errors)}, "
      f"agree {len(errors & missing)}, wirelint only {sorted(errors - missing)}, built site only {sorted(missing - errors)}")
