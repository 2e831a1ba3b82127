package docs

import (
	"fmt"
	"strings"
	"testing"
)

// dumpMarkdown renders what the scanner found, one item per line:
// "link 3:5 target" (kind first) and "#anchor 1:3".
func dumpMarkdown(md *Markdown) string {
	var b strings.Builder
	for _, l := range md.Links {
		fmt.Fprintf(&b, "%s %d:%d %s\n", l.Kind, l.Line, l.Column, l.Target)
	}
	for _, a := range md.Anchors {
		fmt.Fprintf(&b, "#%s %d:%d\n", a.Name, a.Line, a.Column)
	}
	return b.String()
}

// TestParseMarkdown pins what counts as a link and a heading: code fences,
// indented code, code spans, escapes, HTML comments and front matter hide
// links; headings of both kinds yield GitHub's anchors.
func TestParseMarkdown(t *testing.T) {
	for _, tc := range []struct{ name, src, want string }{
		{"inline link and image", "See [a](a.md) and ![b](img/b.png \"title\").\n",
			"link 1:9 a.md\nimage 1:24 img/b.png\n"},
		{"column counts characters", "Café — [a](a.md)\n", "link 1:12 a.md\n"},
		{"angle destination with spaces", "[a](<my file.md#x>)\n", "link 1:6 my file.md#x\n"},
		{"parentheses in destination", "[a](a_(b).md)\n", "link 1:5 a_(b).md\n"},
		{"link text across lines", "[a\nb](c.md)\n", "link 2:4 c.md\n"},
		{"nested image in link", "[![badge](b.svg)](docs/x.md)\n", "image 1:11 b.svg\nlink 1:19 docs/x.md\n"},
		{"reference definitions", "[x][ref]\n\n[ref]: docs/r.md \"T\"\n[other]: <s p.md>\n[^1]: a footnote, not a link\n",
			"reference 3:8 docs/r.md\nreference 4:11 s p.md\n#user-content-fn-1 5:1\n#user-content-fnref-1 5:1\n#fn-1 5:1\n#fnref-1 5:1\n"},
		{"html links and anchors", "<a href=\"docs/a.md\">a</a> <img src='i.png'> <a name=\"here\"></a> <span id=x></span>\n",
			"html 1:10 docs/a.md\nhtml 1:37 i.png\n#here 1:54\n#x 1:74\n"},
		{"fenced code hides links", "```md\n[a](a.md)\n```\n~~~~\n[b](b.md)\n~~~\nstill code [c](c.md)\n~~~~\n[d](d.md)\n",
			"link 9:5 d.md\n"},
		{"unclosed fence hides the rest", "```\n[a](a.md)\n", ""},
		{"indented code hides links", "para\n\n    [a](a.md)\n\n[b](b.md)\n", "link 5:5 b.md\n"},
		{"indented lazy continuation is text", "para\n    [a](a.md)\n", "link 2:9 a.md\n"},
		{"list item continuation is not code", "- item\n\n    [a](a.md)\n", "link 3:9 a.md\n"},
		{"code spans hide links", "`[a](a.md)` and ``x ` [b](b.md)`` but [c](c.md)\n", "link 1:43 c.md\n"},
		{"code span across lines", "`a\n[b](b.md)` [c](c.md)\n", "link 2:16 c.md\n"},
		{"unmatched backtick is literal", "a ` [b](b.md)\n", "link 1:9 b.md\n"},
		{"escapes are not brackets", "\\[a](a.md) [b\\]](b.md)\n", "link 1:18 b.md\n"},
		{"html link attributes lose the spaces around them", "<a href=\" https://x.org/v \">v</a> <img src=\"\n i.png\">\n",
			"html 1:11 https://x.org/v\nhtml 2:2 i.png\n"},
		{"html comments hide links", "<!-- [a](a.md)\n[b](b.md) -->\n[c](c.md) <!-- [d](d.md) --> [e](e.md)\n",
			"link 3:5 c.md\nlink 3:34 e.md\n"},
		{"front matter is not markdown", "---\ntitle: [a](a.md)\n---\n# T\n", "#t 4:3\n"},
		{"atx headings and closing hashes", "# Title #\n## Sub ## more\n###### Six\n####### seven\n#no\n",
			"#title 1:3\n#sub--more 2:4\n#six 3:8\n"},
		{"setext headings", "Title\n=====\n\nSub\n---\n\nnot a heading\n\n---\n", "#title 1:1\n#sub 4:1\n"},
		{"multi-line setext heading", "Two\nlines\n===\n", "#twolines 1:1\n"},
		{"list item then rule is not setext", "- item\n---\n", ""},
		{"heading markup renders to text", "# `code` [link](x.md) ![img](i.png) *em* _under_ snake_case &amp; <b>b</b>\n",
			"link 1:17 x.md\nimage 1:30 i.png\n#code-link--em-under-snake_case--b 1:3\n"},
		{"explicit heading id", "## History {#history .x}\n", "#history-history-x 1:4\n#history 1:4\n"},
		{"duplicate headings", "# A\n# A\n# A\n", "#a 1:3\n#a-1 2:3\n#a-2 3:3\n"},
		{"blockquote", "> # Quoted\n> [a](a.md)\n", "link 2:7 a.md\n#quoted 1:5\n"},
		{"not a link", "[a] (b.md) [c]( d.md \"t\" x) [e](f.md\n", ""},
		{"empty destination", "[a]()\n", ""},
		{"crlf", "# T\r\n[a](a.md)\r\n", "link 2:5 a.md\n#t 1:3\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := dumpMarkdown(ParseMarkdown([]byte(tc.src))); got != tc.want {
				t.Errorf("ParseMarkdown(%q):\n got %q\nwant %q", tc.src, got, tc.want)
			}
		})
	}
}
