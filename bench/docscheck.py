#!/usr/bin/env python3
"""An independent link checker for measuring wirelint docs' recall.

It shares no code and no rules with wirelint: links are found with regular
expressions outside fenced code, a target is tried as written, with .md/.mdx
and index/README/_index added, from the page's folder, from the page's own
folder URL (a/b.md read as a/b/) and from each top-level documentation root
(docs/, content/*/, website/docs/, the repository root). Anchors are compared
against headings slugged three ways (GitHub, Python-Markdown toc,
VitePress) and explicit ids ({#id}, id=, name=). Whatever no reading
resolves is reported as broken.

usage: docscheck.py ROOT [--wirelint FINDINGS.json]
  prints one broken link a line: FILE:LINE<TAB>TARGET<TAB>WHY; with
  --wirelint, prints instead how many of them wirelint reports as an error,
  as docs/unverified, or not at all, and lists the last kind.
"""
import json
import os
import re
import sys
import unicodedata

SKIP_DIRS = {".git", "node_modules", "vendor", "testdata"}
LINK = re.compile(r"!?\[[^\]\n]*\]\(\s*<?([^)\s>]+)>?(?:\s+[\"'(][^)]*)?\)")
REFDEF = re.compile(r"^\s{0,3}\[[^\]^]+\]:\s*<?(\S+?)>?(?:\s|$)")
HREF = re.compile(r"<(?:a|img)\s[^>]*?(?:href|src)=[\"']([^\"']+)[\"']", re.I)
HEADING = re.compile(r"^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
EXPLICIT = re.compile(r"\{[:\s]*#([\w.:-]+)[^}]*\}|\bid=[\"']([^\"']+)[\"']|\bname=[\"']([^\"']+)[\"']")
SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:|^//")


def slugs(text):
    text = re.sub(r"\{[^}]*\}\s*$", "", text)
    text = re.sub(r"<[^>]+>", "", text)
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = text.replace("`", "").replace("*", "")
    low = text.strip().lower()
    github = "".join(c for c in low if c.isalnum() or c in " -_").replace(" ", "-")
    ascii_ = unicodedata.normalize("NFKD", low).encode("ascii", "ignore").decode()
    toc = re.sub(r"[-\s]+", "-", re.sub(r"[^\w\s-]", "", ascii_).strip())
    vite = re.sub(r"[\s~`!@#$%^&*()\-_+=\[\]{}|\\;:\"'<>,.?/]+", "-", low).strip("-")
    return {github, toc, vite, github.replace("_", "")}


def scan(path):
    links, anchors = [], set()
    fence = None
    seen = {}
    try:
        lines = open(path, encoding="utf-8", errors="replace").read().split("\n")
    except OSError:
        return links, anchors
    for no, line in enumerate(lines, 1):
        s = line.strip()
        if fence:
            if s.startswith(fence):
                fence = None
            continue
        if s.startswith("```") or s.startswith("~~~"):
            fence = s[:3]
            continue
        if line.startswith("    ") and not s.startswith(("-", "*", "[", "<")):
            continue
        for m in EXPLICIT.finditer(line):
            anchors.add((m.group(1) or m.group(2) or m.group(3)).lower())
        h = HEADING.match(line)
        if h:
            for sl in slugs(h.group(2)):
                n = seen.get(sl, 0)
                seen[sl] = n + 1
                anchors.add(sl if n == 0 else f"{sl}-{n}")
                anchors.add(sl if n == 0 else f"{sl}_{n}")
        text = re.sub(r"`[^`]*`", "", line)
        for rx in (LINK, HREF, REFDEF):
            for m in rx.finditer(text):
                links.append((no, m.group(1)))
        for m in re.finditer(r"\[\^([^\]]+)\]:", line):
            anchors.update({f"fn:{m.group(1)}", f"fn-{m.group(1)}", f"user-content-fn-{m.group(1)}"})
    return links, anchors


def main():
    root = sys.argv[1].rstrip("/")
    wl = sys.argv[3] if len(sys.argv) > 3 and sys.argv[2] == "--wirelint" else None
    files = set()
    for d, dirs, names in os.walk(root):
        dirs[:] = [x for x in dirs if x not in SKIP_DIRS]
        for n in names:
            files.add(os.path.relpath(os.path.join(d, n), root))
    dirs = {os.path.dirname(f) for f in files}
    for f in list(dirs):
        while f:
            f = os.path.dirname(f)
            dirs.add(f)
    lower = {}
    for f in sorted(files):
        lower.setdefault(f.lower(), f)
        lower.setdefault(os.path.splitext(f)[0].lower(), f)
    pages = sorted(f for f in files if f.endswith((".md", ".mdx", ".markdown")))
    roots = [""] + sorted({d for d in dirs if d.count("/") <= 2 and os.path.basename(d) in ("docs", "content", "en", "src")})
    roots += sorted({d for d in dirs if re.fullmatch(r"content/[a-z]{2}", d)})
    roots += sorted({d for d in dirs if d.count("/") <= 3 and os.path.basename(d) in ("public", "static")})
    cache = {}

    def find(p):
        p = os.path.normpath(p).lstrip("/") if p else p
        if p in ("", "."):
            return ""
        if p.endswith(".html"):
            p = p[: -len(".html")]
        for cand in (p, p + ".md", p + ".mdx", p + "/index.md", p + "/README.md", p + "/_index.md", p + "/index.mdx", p[:-3] + ".mdx" if p.endswith(".md") else p):
            if cand in files:
                return cand
        if p in dirs:
            return p
        low = p.lower()
        for cand in (low, low + ".md", low + "/_index.md", low + "/index.md", low + ".mdx"):
            if cand in lower:
                return lower[cand]
        return None

    def anchors_of(f):
        if f not in cache:
            cache[f] = scan(os.path.join(root, f))[1] if f.endswith((".md", ".mdx", ".markdown")) else None
        return cache[f]

    broken = []
    for page in pages:
        links, _ = scan(os.path.join(root, page))
        here = os.path.dirname(page)
        for no, t in links:
            if SCHEME.match(t) or "{" in t or t.startswith("mailto"):
                continue
            p, _, frag = t.partition("#")
            p = p.split("?")[0]
            if p == "":
                target = page
            else:
                tries = []
                if p.startswith("/"):
                    tries += [r + p for r in roots]
                else:
                    tries += [os.path.join(here, p), os.path.join(os.path.splitext(page)[0], p)]
                    tries += [os.path.join(r, p) for r in roots]
                target = None
                for tr in tries:
                    if os.path.normpath(tr).startswith(".."):
                        target = ""
                        break
                    target = find(tr)
                    if target is not None:
                        break
                if target is None:
                    broken.append((page, no, t, "no file"))
                    continue
            if frag and target:
                a = anchors_of(target)
                if a is not None and frag.lower() not in a and not re.fullmatch(r"L\d+(-L\d+)?", frag):
                    broken.append((page, no, t, "no anchor"))
    if not wl:
        for page, no, t, why in broken:
            print(f"{page}:{no}\t{t}\t{why}")
        return
    data = json.load(open(wl))
    findings = data["findings"] if isinstance(data, dict) else data
    by = {}
    for f in findings:
        loc = f["locations"][0]
        rel = os.path.relpath(loc["file"], os.path.basename(root)) if not os.path.isabs(loc["file"]) else os.path.relpath(loc["file"], root)
        by.setdefault((rel, loc["line"], f.get("target")), f)
    caught = deferred = 0
    missed = []
    for page, no, t, why in broken:
        f = by.get((page, no, t))
        if f and f["severity"] in ("error", "warning"):
            caught += 1
        elif f:
            deferred += 1
        else:
            missed.append((page, no, t, why))
    print(f"checker broken={len(broken)} wirelint error/warning={caught} unverified/info={deferred} silent={len(missed)}")
    for page, no, t, why in missed:
        print(f"  silent {page}:{no}\t{t}\t{why}")


if __name__ == "__main__":
    main()
