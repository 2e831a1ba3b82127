package docs

import (
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
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		md := ParseMarkdown([]byte(src))
		lines := strings.Split(src, "\n")
		check := func(what string, line, col int) {
			if line < 1 || line > len(lines) {
				t.Fatalf("%s at line %d of %d", what, line, len(lines))
			}
			if col < 1 || col > utf8.RuneCountInString(lines[line-1])+1 {
				t.Fatalf("%s at %d:%d, line has %d characters", what, line, col, utf8.RuneCountInString(lines[line-1]))
			}
		}
		for _, l := range md.Links {
			if l.Target == "" {
				t.Fatalf("empty link target at %d:%d", l.Line, l.Column)
			}
			check("link", l.Line, l.Column)
		}
		for _, a := range md.Anchors {
			check("anchor", a.Line, a.Column)
		}
	})
}

// FuzzComments: every language's lexer terminates on any input and returns
// ordered spans inside it.
func FuzzComments(f *testing.F) {
	for _, s := range []string{
		"// a\n/* b", "// ... ./ .# //", "\"\\", "r#\"", "'\\", "`", "#\"", "'''", "<<EOF\n", "<<-", "a: |\n  # x", "k: 'a\n# b",
		"/[/]/ // c", "$'", "/* /* */",
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
		}
	})
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
		lines := strings.Split(src, "\n")
		check := func(what string, line, col int) {
			if line < 1 || line > len(lines) {
				t.Fatalf("%s at line %d of %d", what, line, len(lines))
			}
			if col < 1 || col > utf8.RuneCountInString(lines[line-1])+1 {
				t.Fatalf("%s at %d:%d, line has %d characters", what, line, col, utf8.RuneCountInString(lines[line-1]))
			}
		}
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
