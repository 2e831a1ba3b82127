package docs

import (
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzParseMarkdown: any input scans without panicking, and every position it
// reports lies inside the input.
func FuzzParseMarkdown(f *testing.F) {
	for _, s := range []string{
		"# T\n[a](b.md#c)\n", "```\n[a](b)\n", "<!-- [a](b)", "[a\n](<b", "`a``b`", "> # q\n> [a](b)",
		"---\nx\n---\n", "<a href='x' id=y", "- a\n\n    b\n", "Title\n===\n", "[x]: <y", "\\", "\r\n\r\n# \r",
		"## T {#id .c k=\"v\"}\n", "p\n{: #x }\n", "Term\n: def\n", "[^1]: n\n", "=== \"Tab\"\n",
		"import a from 'b'\n\n<Card href=\"/x\" to={y} />\n{[a](b)}\n", "{ id='q' }", "## a {", "<X href={{a}}>",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		check := inside(t, src)
		// Every generator's reading, as Markdown and as MDX.
		for _, fl := range flavors {
			all := *fl
			all.blockAttributes, all.termIDs, all.tabs = true, true, true
			for _, mdx := range []bool{false, true} {
				md := parseMarkdown([]byte(src), &all, mdx)
				for _, l := range md.Links {
					if l.Target == "" {
						t.Fatalf("empty link target at %d:%d", l.Line, l.Column)
					}
					check("link", l.Line, l.Column)
				}
				for _, a := range md.Anchors {
					check("anchor", a.Line, a.Column)
				}
			}
		}
	})
}

// FuzzComments: every language's lexer terminates on any input and returns
// ordered spans inside it.
func FuzzComments(f *testing.F) {
	for _, s := range []string{
		"// a\n/* b", "// ... ./ .# //", "\"\\", "r#\"", "'\\", "`", "#\"", "'''", "<<EOF\n", "<<-", "a: |\n  # x", "k: 'a\n# b",
		"/[/]/ // c", "$'", "/* /* */", "// https://github.com/o/r/blob/main/x.md#L1-L2.", "# http://GitHub.com/O/R/tree/v1/",
	} {
		f.Add(s)
	}
	langs := []Language{LangGo, LangJavaScript, LangRust, LangDart, LangSwift, LangPython, LangShell, LangYAML}
	f.Fuzz(func(t *testing.T, src string) {
		for _, lang := range langs {
			prev := 0
			for _, sp := range Comments(lang, []byte(src)) {
				if sp.Start < prev || sp.End < sp.Start || sp.End > len(src) {
					t.Fatalf("%s: span %v out of order or bounds (prev end %d, len %d)", lang, sp, prev, len(src))
				}
				prev = sp.End
			}
			citedPaths("a/b.go", []byte(src), Comments(lang, []byte(src)), mustGlobs(DefaultRefs), map[string]bool{})
			for _, ct := range ownURLs("a/b.go", []byte(src), Comments(lang, []byte(src)), "o/r") {
				if _, ok := parseOwnURL(ct.target, "o/r"); !ok {
					t.Fatalf("%s: ownURLs found %q, which parseOwnURL refuses", lang, ct.target)
				}
			}
		}
	})
}

// inside returns a check that a reported position (1-based line, column in
// characters) lies in src, failing t with what was reported where.
func inside(t *testing.T, src string) func(what string, line, col int) {
	lines := strings.Split(src, "\n")
	return func(what string, line, col int) {
		t.Helper()
		if line < 1 || line > len(lines) {
			t.Fatalf("%s at line %d of %d", what, line, len(lines))
		}
		if col < 1 || col > utf8.RuneCountInString(lines[line-1])+1 {
			t.Fatalf("%s at %d:%d, line has %d characters", what, line, col, utf8.RuneCountInString(lines[line-1]))
		}
	}
}

func mustGlobs(ps []string) []Glob {
	gs, err := parseGlobs(ps, nil)
	if err != nil {
		panic(err)
	}
	return gs
}

// FuzzScanTables: any input scans for values markers and tables without
// panicking, and every marker and cell position lies inside the input.
func FuzzScanTables(f *testing.F) {
	for _, s := range []string{
		"<!-- wirelint: values s.json#/$defs/A -->\n| a | b |\n|---|---|\n| `x|y` | \\| |\n",
		"<!-- wirelint: values a column=2 discriminant: t -->\n\n|a|\n|-|\n|b\n", "```\n<!-- wirelint: values a -->\n",
		"<!-- wirelint: values a -->", "<!-- wirelint: values a -->\r\n|\r\n|-\r\n", "<!-- wirelint: values é -->\n|é|\n|:-:|\n|`é|\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		check := inside(t, src)
		for _, mt := range scanTables("f.md", []byte(src)) {
			check("marker", mt.line, mt.column)
			for _, row := range append([][]cell{mt.header}, mt.rows...) {
				for _, c := range row {
					check("cell", c.line, c.column)
				}
			}
		}
	})
}

// FuzzMarkdownStructure checks what the docs family reads from a Markdown
// document beyond positions: every heading's anchor is its GitHub slug (with a
// -N suffix when taken, or its {#id}) and no two headings share one; slugs
// are stable (slugging a slug changes nothing) and found by HasAnchor in any
// case; content inside an unclosed fenced code block yields no link, heading
// or id; and blank lines above a document move every link and anchor down by
// as many lines and change nothing else.
func FuzzMarkdownStructure(f *testing.F) {
	for _, s := range []string{
		"# Usage\n## Usage\n### Usage-1\n# Usage\n", "# A {#x}\n# x\n", "Title\n===\n[a](b#c)\n", "<a id=\"k\"></a>\n# K\n",
		"- # item\n> ## quote [l](t)\n", "# `code` *em* [link](x)\n", "#\n# \t#\n", "   ```\n# no\n   ```\n[a]: <b c>\n", "# İ ß\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		md := ParseMarkdown([]byte(src))
		slugged := map[string]bool{}
		var prev *Anchor
		for i := range md.Anchors {
			a := &md.Anchors[i]
			// In any case: upper-cased, when lower-casing that gives the name back
			// (not for ſ, whose upper case S lowers to s).
			lower, upper := strings.ToLower(a.Name), strings.ToUpper(a.Name)
			if !md.HasAnchor(a.Name) || strings.ToLower(upper) == lower && !md.HasAnchor(upper) {
				t.Fatalf("HasAnchor misses %q", a.Name)
			}
			if a.Level < 0 || a.Level > 6 {
				t.Fatalf("anchor %q has level %d", a.Name, a.Level)
			}
			if a.Level == 0 {
				prev = a
				continue
			}
			if s := Slug(a.Heading); Slug(s) != s {
				t.Fatalf("Slug(%q) = %q, but Slug(%q) = %q", a.Heading, s, s, Slug(s))
			}
			if prev != nil && prev.Level > 0 && prev.Line == a.Line && prev.Column == a.Column {
				if a.Name != headingID(a.Heading) {
					t.Fatalf("second anchor %q of heading %q is not its {#id}", a.Name, a.Heading)
				}
			} else {
				base := Slug(a.Heading)
				if suffix, ok := strings.CutPrefix(a.Name, base); !ok || suffix != "" && !regexp.MustCompile(`^-[1-9][0-9]*$`).MatchString(suffix) {
					t.Fatalf("heading %q has anchor %q, want %q or %q-N", a.Heading, a.Name, base, base)
				}
				if slugged[a.Name] {
					t.Fatalf("two headings have the anchor %q", a.Name)
				}
				slugged[a.Name] = true
			}
			prev = a
		}

		fence := strings.Repeat("`", max(3, longestBackticks(src)+1))
		if fenced := ParseMarkdown([]byte(fence + "\n" + src)); len(fenced.Links) != 0 || len(fenced.Anchors) != 0 {
			t.Fatalf("inside an unclosed %s fence: %d links, %d anchors", fence, len(fenced.Links), len(fenced.Anchors))
		}

		if strings.HasPrefix(src, "---") || strings.HasPrefix(src, "\ufeff") {
			return // front matter and a byte order mark are read on line 1 only
		}
		shifted := ParseMarkdown([]byte("\n\n" + src))
		if len(shifted.Links) != len(md.Links) || len(shifted.Anchors) != len(md.Anchors) {
			t.Fatalf("two blank lines above: %d links and %d anchors, without: %d and %d", len(shifted.Links), len(shifted.Anchors), len(md.Links), len(md.Anchors))
		}
		for i, l := range shifted.Links {
			l.Line -= 2
			if l != md.Links[i] {
				t.Fatalf("two blank lines above: link %+v, without: %+v", l, md.Links[i])
			}
		}
		for i, a := range shifted.Anchors {
			a.Line -= 2
			if a != md.Anchors[i] {
				t.Fatalf("two blank lines above: anchor %+v, without: %+v", a, md.Anchors[i])
			}
		}
	})
}

func longestBackticks(s string) int {
	best, run := 0, 0
	for _, r := range s {
		if r == '`' {
			run++
			best = max(best, run)
		} else {
			run = 0
		}
	}
	return best
}
