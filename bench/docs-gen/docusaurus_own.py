#!/usr/bin/env python3
"""The broken links and anchors Docusaurus reported while building, per source file.

usage: docusaurus_own.py BUILD_LOG BUILD_DIR > own.tsv
Docusaurus names the page by its route ("source page path = /faq/CodeStructure");
the route's built HTML names the source through its edit link.
"""
import os
import re
import sys

log, build = sys.argv[1:3]


def source(route):
    for c in (route.strip("/") + "/index.html", route.strip("/") + ".html", "index.html" if route == "/" else ""):
        p = os.path.join(build, c)
        if c and os.path.isfile(p):
            m = re.search(r'href="https://github\.com/[^"]*/edit/[^/"]+/([^"]+)"', open(p, encoding="utf-8").read())
            if m:
                return os.path.normpath(m.group(1))
    return "route:" + route


what, route = "", ""
for line in open(log, encoding="utf-8", errors="replace"):
    line = re.sub(r"\x1b\[[0-9;]*m", "", line)
    m = re.search(r"found broken (links|anchors)", line)
    if m:
        what = "page" if m.group(1) == "links" else "anchor"
    m = re.search(r"Broken (?:link|anchor) on source page path = (\S+?):?$", line.strip())
    if m:
        route = m.group(1)
    m = re.search(r"-> linking to (\S+)", line)
    if m and route:
        print(f"{source(route)}\t{m.group(1)}\t{what}")
