#!/usr/bin/env python3
"""Lay out a Hugo site that Debian's Hugo (0.111) can build from a site written for a newer Hugo.

usage: hugo_site.py REPO_DIR OUT_DIR

Keeps what decides where pages and anchors land: the site's languages, markup
settings and module.mounts, whose `sites: matrix` and `files: ['! x']` forms
(Hugo >= 0.153) are carried out here: each language's content mounts are merged
into one folder, first mount of a path winning, and mounted with its `lang:`;
mounts whose source is absent (tmp/ and submodules, filled when the real site
builds) are dropped and listed. The theme is replaced by a bare page template that records each page's
source file, every shortcode by a stub that keeps its inner content (param by the
parameter's value, as Docsy's does), and the link
render hook by one that resolves root-absolute destinations as the site's own hook
does (GetPage, page resources, global resources) and warns with the page's file
when none answers: Hugo's render-hook error. refLinksErrorLevel is ERROR.
"""
import collections
import fnmatch
import os
import re
import shutil
import sys

import yaml

repo, out = sys.argv[1:3]
cfg_dir = os.path.join(repo, "config", "_default")
cfg = yaml.safe_load(open(os.path.join(cfg_dir, "hugo.yaml")))
tmpl = yaml.safe_load(open(os.path.join(cfg_dir, "module-template.yaml")))

if os.path.exists(out):
    shutil.rmtree(out)
os.makedirs(out)
for d in ("static", "assets", "data", "i18n", "iconography"):
    if os.path.isdir(os.path.join(repo, d)):
        shutil.copytree(os.path.join(repo, d), os.path.join(out, d), symlinks=True)

mounts, dropped, origins = [], [], {}
default = cfg.get("defaultContentLanguage", "en")
merged = collections.defaultdict(list)  # language -> [(source, target)] of its content mounts, in order
for m in tmpl["mounts"]:
    if not os.path.exists(os.path.join(repo, m["source"])):
        dropped.append(m["source"])
        continue
    langs = (((m.get("sites") or {}).get("matrix") or {}).get("languages")) or []
    excluded = [f[1:].strip() for f in (m.get("files") or []) if f.startswith("!")]
    if m["target"].startswith("content"):
        for lang in langs or [default]:
            merged[lang].append((m["source"], m["target"], excluded))
    else:
        mounts.append({"source": m["source"], "target": m["target"]})

# Hugo >= 0.153 merges the content mounts of a language file by file, the first
# mount of a path winning (a translated page hides the default language's
# fallback). Hugo 0.111 lets a mount with a deeper target hide a whole folder of
# another and gives a file mounted for two languages to one only, so each
# language's content is merged here into one folder, first mount winning, and
# mounted alone; _origins.tsv maps every merged file to its source in the repository.
for lang, ms in merged.items():
    root = os.path.join(out, "_lang", lang)
    for source, target, excluded in ms:
        src = os.path.join(repo, source)
        files = [("", src)] if os.path.isfile(src) else [
            (os.path.relpath(os.path.join(d, n), src), os.path.join(d, n)) for d, _, ns in os.walk(src) for n in ns]
        for rel, path in files:
            if any(fnmatch.fnmatch(rel, e) for e in excluded):
                continue
            dest = os.path.normpath(os.path.join(root, os.path.relpath(target, "content"), rel))
            if os.path.lexists(dest):
                continue
            os.makedirs(os.path.dirname(dest), exist_ok=True)
            shutil.copyfile(path, dest)
            origins[os.path.relpath(dest, out)] = os.path.relpath(path, repo)
    mounts.append({"source": os.path.join("_lang", lang), "target": "content", "lang": lang})
with open(os.path.join(out, "_origins.tsv"), "w") as f:
    for k, v in sorted(origins.items()):
        f.write(f"{k}\t{v}\n")

site = {
    "baseURL": "/",
    "title": cfg.get("title", "site"),
    "disableKinds": ["taxonomy", "term", "RSS", "sitemap", "robotsTXT", "404"],
    "defaultContentLanguage": cfg.get("defaultContentLanguage", "en"),
    "languages": {k: {"languageName": v.get("label", k), "weight": i + 1} for i, (k, v) in enumerate(cfg["languages"].items())},
    "markup": cfg.get("markup", {}),
    "enableEmoji": cfg.get("enableEmoji", False),
    "refLinksErrorLevel": "ERROR",
    "params": cfg.get("params", {}),
    "cascade": [{"_build": {"list": "never", "render": "never", "publishResources": False},
                 "_target": {"path": "{,/**}/_includes{,/**}"}}],
    "module": {"mounts": mounts},
}
with open(os.path.join(out, "hugo.yaml"), "w") as f:
    yaml.safe_dump(site, f, allow_unicode=True, sort_keys=False)
layouts = os.path.join(out, "layouts", "_default")
os.makedirs(os.path.join(layouts, "_markup"))
# The page records its source file and the redirects its front matter asks of the
# site's Netlify layer (`redirects: [{from, to}]`, from relative to the page).
page = ('<!doctype html><html><head><meta name="wl-source" content="{{ with .File }}{{ .Filename }}{{ end }}">'
        '{{ range .Params.redirects }}<meta name="wl-redirect" content="{{ cond (hasPrefix .from "/") .from '
        '(print $.RelPermalink .from) }}">{{ end }}</head><body>{{ .Content }}</body></html>\n')
for name in ("single.html", "list.html"):
    open(os.path.join(layouts, name), "w").write(page)
open(os.path.join(out, "layouts", "index.html"), "w").write(page)
open(os.path.join(layouts, "_markup", "render-link.html"), "w").write("""\
{{- $u := urls.Parse .Destination -}}
{{- $href := .Destination -}}
{{- if and (hasPrefix .Destination "/") (not (hasPrefix .Destination "//")) (not $u.IsAbs) $u.Path -}}
  {{- $path := strings.TrimPrefix "./" $u.Path -}}
  {{- with or (.Page.GetPage $path) (.Page.Resources.Get $path) (resources.Get $path) -}}
    {{- $href = .RelPermalink -}}
    {{- with $u.Fragment }}{{ $href = printf "%s#%s" $href . }}{{ end -}}
  {{- else -}}
    {{- warnf "WL-UNRESOLVED %s %s" .Page.File.Filename .Destination -}}
  {{- end -}}
{{- end -}}
<a href="{{ $href }}">{{ .Text | safeHTML }}</a>
{{- /**/ -}}
""")

# Shortcodes: the site's own need the theme and a newer Hugo; a stub keeps inner content.
used, closed = set(), set()
for d, _, names in os.walk(os.path.join(out, "_lang")):
    for name in names:
        if name.endswith(".md"):
            text = open(os.path.join(d, name), encoding="utf-8", errors="replace").read()
            used.update(re.findall(r"\{\{[<%]\s*([A-Za-z_][\w/-]*)", text))
            closed.update(re.findall(r"\{\{[<%]\s*/([A-Za-z_][\w/-]*)", text))
sc = os.path.join(out, "layouts", "shortcodes")
for name in sorted(used):
    p = os.path.join(sc, name + ".html")
    os.makedirs(os.path.dirname(p), exist_ok=True)
    if name in ("param", "_param"):  # Docsy's: the page's (or site's) parameter, used inside link destinations
        open(p, "w").write("{{ with .Get 0 }}{{ $.Page.Param . }}{{ end }}")
    else:
        open(p, "w").write("{{ .Inner }}" if name in closed else "")
print(f"mounts kept {len(mounts)}, dropped (source absent) {len(dropped)}: {sorted(set(dropped))}; shortcodes stubbed {len(used)}")
