#!/usr/bin/env python3
"""Compare wirelint docs' verdicts with a generator's, link by link.

usage: compare.py REPO_DIR WIRELINT.json BROKEN.tsv [OWN.tsv] [--absent PREFIX ...] [--root DIR ...]
                  [--repo OWNER/NAME] [--list]

BROKEN.tsv is built_links.py's output (source, href, page|anchor); OWN.tsv the
links the generator itself reported while building (source, href), in the same
form. A generator's broken link is matched with a wirelint finding of the same
source file whose target is the same href, or failing that the same last path
segment (without .md/.mdx/.html, index pages by their folder) and fragment.
--absent names URL prefixes whose content the build did not have (mounts filled
from other repositories when the real site builds): links into them are set
aside. wirelint's findings the generator cannot see are counted apart: links to
the repository's own GitHub URLs (--repo) and links in files outside the site's
source folders (--root: code comments, READMEs the generator does not build).
Prints one line of counts; --list adds every disagreement.
"""
import collections
import json
import os
import re
import sys
import urllib.parse

args = sys.argv[1:]
listing = "--list" in args
args = [a for a in args if a != "--list"]
absent, roots, own = [], [], ""
for flag in ("--absent", "--root", "--repo"):
    while flag in args:
        i = args.index(flag)
        {"--absent": absent, "--root": roots}.get(flag, []).append(args[i + 1])
        if flag == "--repo":
            own = args[i + 1]
        del args[i:i + 2]
repo, wl_json, broken_tsv = args[:3]
own_tsv = args[3] if len(args) > 3 else None
repo = os.path.abspath(repo)


def norm(href):
    u = urllib.parse.urlsplit(href)
    segs = [s for s in urllib.parse.unquote(u.path).split("/") if s not in ("", ".")]
    last = segs[-1] if segs else ""
    last = re.sub(r"\.(md|mdx|html)$", "", last, flags=re.I)
    if last.lower() in ("index", "_index", "readme") and len(segs) > 1:
        last = segs[-2]
    return last.lower(), urllib.parse.unquote(u.fragment).lower()


def rows(path):
    out = []
    for line in open(path, encoding="utf-8"):
        f = line.rstrip("\n").split("\t")
        if len(f) >= 2:
            out.append((f[0], f[1], f[2] if len(f) > 2 else ""))
    return out


data = json.load(open(wl_json))
findings = data["findings"] if isinstance(data, dict) else data
wl = collections.defaultdict(list)  # source -> [(target, severity, rule)]
for f in findings:
    if not f["rule"].startswith("docs/") or "target" not in f:
        continue
    src = os.path.relpath(f["locations"][0]["file"], repo)
    wl[src].append((f["target"], f["severity"], f["rule"]))


def match(src, href):
    """wirelint's findings in src naming href: the same string, else the same
    last segment and fragment, else (a fragment given) the same fragment."""
    cands = wl.get(src, [])
    for same in (lambda c: c[0] == href, lambda c: norm(c[0]) == norm(href),
                 lambda c: norm(href)[1] != "" and norm(c[0])[1] == norm(href)[1]):
        found = [c for c in cands if same(c)]
        if found:
            found.sort(key=lambda c: c[1] not in ("error", "warning"))
            return found
    return []


def generator_set(path):
    out = {}
    for src, href, what in rows(path):
        out.setdefault((src, href), what)
    return out


gen = generator_set(broken_tsv)
if own_tsv:
    for k, v in generator_set(own_tsv).items():
        gen.setdefault(k, v or "own")
counts = collections.Counter()
lines = collections.defaultdict(list)
matched = set()
for (src, href), what in sorted(gen.items()):
    path = urllib.parse.urlsplit(href).path
    if any(re.sub(r"^/[a-z]{2}(/|$)", "/", path).startswith(p) or path.startswith(p) for p in absent):
        counts["set aside (content absent from the build)"] += 1
        continue
    found = match(src, href)
    matched.update((src, c[0]) for c in found)
    if not found:
        key = "generator broken, wirelint silent"
    elif found[0][1] in ("error", "warning"):
        key = "agree (both broken)"
    else:
        key = f"generator broken, wirelint {found[0][2]} {found[0][1]}"
    counts[key] += 1
    lines[key].append(f"{src}\t{href}\t{what}")
for src, items in sorted(wl.items()):
    for target, sev, rule in items:
        if sev in ("error", "warning") and (src, target) not in matched:
            if own and target.startswith(f"https://github.com/{own}/"):
                key = "wirelint broken, generator cannot see: own-repository URL"
            elif roots and not any(src.startswith(r) for r in roots):
                key = "wirelint broken, generator cannot see: outside the site's sources"
            else:
                key = "wirelint broken, generator not"
            counts[key] += 1
            lines[key].append(f"{src}\t{target}\t{rule}")
print("; ".join(f"{k}: {v}" for k, v in sorted(counts.items())))
if listing:
    for k in sorted(lines):
        print(f"## {k}")
        for line in lines[k]:
            print(line)
