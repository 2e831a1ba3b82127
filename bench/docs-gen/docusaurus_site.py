#!/usr/bin/env python3
"""Prepare a copy of redux's website folder for a Docusaurus build outside the workspace.

usage: docusaurus_site.py WEBSITE_COPY
Turns the link checks on as warnings (onBrokenLinks, onBrokenAnchors,
onBrokenMarkdownLinks: 'warn', so the build finishes and lists them all) and drops
what needs the workspace or the network and decides no link or anchor: the
remark-typescript-tools plugins (they compile code samples against redux's
sources), the pagefind search theme, the analytics plugin, last-update times (git).
"""
import os
import re
import sys

p = os.path.join(sys.argv[1], "docusaurus.config.ts")
s = open(p).read()
s = s.replace("import { linkDocblocks, transpileCodeblocks } from 'remark-typescript-tools'\n", "")
s = s.replace("import type { Options as UmamiOptions } from '@dipakparmar/docusaurus-plugin-umami'\n", "")
s = s.replace("  themes: [require.resolve('@getcanary/docusaurus-theme-search-pagefind')],\n",
              "  onBrokenLinks: 'warn',\n  onBrokenAnchors: 'warn',\n  onBrokenMarkdownLinks: 'warn',\n")
s = s.replace("          showLastUpdateTime: true,\n", "")
s = re.sub(r"          remarkPlugins: \[.*?\n          \]\n", "", s, flags=re.S)
s = re.sub(r"  plugins: \[.*?\n  \]\n", "", s, flags=re.S)
s = s.replace("editUrl: 'https://github.com/reduxjs/redux/edit/master/website',",
              "editUrl: 'https://github.com/reduxjs/redux/edit/master/website'")
assert "onBrokenAnchors" in s and "remark-typescript-tools" not in s
open(p, "w").write(s)
