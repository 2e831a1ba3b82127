#!/usr/bin/env python3
"""Find the broken links of a built documentation site, per source page.

usage: built_links.py KIND BUILT_DIR SOURCE > broken.tsv
KIND is hugo, vitepress or docusaurus. Reads every HTML page the generator wrote,
takes the links and images of the page's content (Hugo: the whole bare page;
VitePress: `.vp-doc`; Docusaurus: `.theme-doc-markdown`), resolves each against
the page's URL as a browser does and looks the target up among the built files
(x/, x/index.html, x.html, x) and its #fragment among the target's id and name
attributes. The page's source file comes from the build (Hugo: the wl-source meta
that bench/docs-gen/hugo_site.py's template writes, mapped to the repository
through SOURCE/_origins.tsv, SOURCE being the laid-out site; VitePress: the
page's path, .html -> .md under the folder SOURCE; Docusaurus: the page's edit
link). Prints
source, href as built, what is missing (page or anchor), one line each.
"""
import collections
import html.parser
import os
import re
import sys
import urllib.parse

kind, built, prefix = sys.argv[1:4]


class Page(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.ids, self.links, self.meta, self.redirects = set(), [], {}, []
        self.stack, self.depth_in = [], None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        for k in ("id", "name"):
            if a.get(k) and (k == "id" or tag == "a"):
                self.ids.add(a[k])
        if tag == "meta" and a.get("name"):
            self.meta[a["name"]] = a.get("content", "")
            if a["name"] == "wl-redirect":
                self.redirects.append(a.get("content", ""))
        if tag == "meta" and (a.get("http-equiv") or "").lower() == "refresh":
            m = re.search(r"url=(\S+)", a.get("content") or "", re.I)
            if m:
                self.meta["refresh"] = m.group(1).strip("'\"")
        if tag == "a" and a.get("href", "").startswith("https://github.com/") and "/edit/" in a["href"]:
            self.meta.setdefault("edit", a["href"])
        if tag in ("br", "img", "meta", "link", "input", "hr", "source", "area", "base", "col", "embed", "wbr", "path"):
            inside = self.depth_in is not None
        else:
            self.stack.append(tag)
            cls = (a.get("class") or "").split()
            if self.depth_in is None and (kind == "hugo" and tag == "body" or kind == "vitepress" and "vp-doc" in cls
                                          or kind == "docusaurus" and "theme-doc-markdown" in cls):
                self.depth_in = len(self.stack)
            inside = self.depth_in is not None
        if inside and tag == "a" and a.get("href") is not None and "header-anchor" not in (a.get("class") or "") \
                and "hash-link" not in (a.get("class") or ""):
            self.links.append(a["href"])
        if inside and tag == "img" and a.get("src"):
            self.links.append(a["src"])

    def handle_endtag(self, tag):
        if tag in self.stack:
            while self.stack:
                t = self.stack.pop()
                if self.depth_in is not None and len(self.stack) < self.depth_in:
                    self.depth_in = None
                if t == tag:
                    break


def url_of(rel):
    if rel.endswith("index.html"):
        return "/" + rel[: -len("index.html")]
    return "/" + (rel[:-5] if kind == "vitepress" else rel)


pages = {}
for d, _, names in os.walk(built):
    for name in names:
        if name.endswith(".html"):
            rel = os.path.relpath(os.path.join(d, name), built)
            pages[rel] = os.path.join(d, name)

parsed = {}
origins = {}
if kind == "hugo":
    for line in open(os.path.join(prefix, "_origins.tsv"), encoding="utf-8"):
        k, v = line.rstrip("\n").split("\t")
        origins[k] = v


def parse(rel):
    if rel not in parsed:
        p = Page()
        try:
            p.feed(open(pages[rel], encoding="utf-8", errors="replace").read())
        except Exception:
            pass
        parsed[rel] = p
    return parsed[rel]


def target(path):
    """The built file a URL path names, or None."""
    path = urllib.parse.unquote(path).lstrip("/")
    for c in ([path + "index.html"] if path.endswith("/") or not path else
              [path, path + ".html", path + "/index.html"]):
        if os.path.isfile(os.path.join(built, c)):
            return c
    return None


def source(rel, page):
    if kind == "hugo":
        s = page.meta.get("wl-source", "")
        return origins.get(os.path.relpath(s, prefix), "") if s else ""
    if kind == "vitepress":
        return prefix + re.sub(r"\.html$", ".md", rel)
    e = page.meta.get("edit", "")
    m = re.search(r"/edit/[^/]+/(.*)$", e)
    return os.path.normpath(m.group(1)) if m else ""


redirects = []  # (from, is a prefix): Hugo sites whose Netlify layer redirects, read from wl-redirect
if kind == "hugo":
    for rel in sorted(pages):
        for r in parse(rel).redirects:
            r = urllib.parse.urlsplit(r).path
            redirects.append((r[:-1], True) if r.endswith("*") else (r.rstrip("/"), False))


def redirected(path):
    p = urllib.parse.unquote(path).rstrip("/")
    return any(p.startswith(f) if prefix_match else p == f for f, prefix_match in redirects)


set_aside = collections.Counter()
seen = set()
for rel in sorted(pages):
    page = parse(rel)
    src = source(rel, page)
    if not src:
        continue
    base = url_of(rel)
    for href in page.links:
        u = urllib.parse.urlsplit(href)
        if u.scheme or href.startswith("//") or not (u.path or u.fragment):
            continue
        path = urllib.parse.urljoin(base, u.path) if u.path else base
        t = target(path)
        if t is not None and "refresh" in parse(t).meta:  # an alias page: the fragment is looked up where it leads
            t = target(urllib.parse.urljoin(path, parse(t).meta["refresh"])) or t
        if t is None and redirected(path):
            set_aside["served by a redirect"] += 1
            continue
        if t is None:
            what = "page"
        elif u.fragment and t.endswith(".html") and urllib.parse.unquote(u.fragment) not in parse(t).ids:
            what = "anchor"
        else:
            continue
        key = (src, href, what)
        if key not in seen:
            seen.add(key)
            print("\t".join(key))
print("; ".join(f"{k}: {v}" for k, v in sorted(set_aside.items())) or "nothing set aside", file=sys.stderr)
