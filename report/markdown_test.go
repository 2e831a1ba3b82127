package report

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/renderer/html"
)

// renderGFM renders Markdown as GitHub Flavored Markdown with raw HTML kept,
// as GitHub does before it sanitises.
func renderGFM(t *testing.T, md string) string {
	t.Helper()
	var out bytes.Buffer
	gm := goldmark.New(goldmark.WithExtensions(extension.GFM), goldmark.WithRendererOptions(html.WithUnsafe()))
	if err := gm.Convert([]byte(md), &out); err != nil {
		t.Fatal(err)
	}
	return out.String()
}

func writeMarkdown(t *testing.T, fs []Finding, opt MarkdownOptions) string {
	t.Helper()
	var buf bytes.Buffer
	if err := WriteMarkdown(&buf, Finalize(fs), opt); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

// TestMarkdownGroupsAndLinks pins the report's structure: counts per rule and
// severity, findings grouped by definition, by route and by file, and a link
// to every location under the link base.
func TestMarkdownGroupsAndLinks(t *testing.T) {
	fs := sampleFindings()
	fs = append(fs,
		Finding{Rule: "routes/unimplemented", Severity: SeverityError, Message: "GET /frames/{id} is in the spec but no handler serves it",
			Locations: []Location{{File: "api/openapi.yaml", Line: 7, Column: 3, Pointer: "/paths/~1frames~1{id}/get"}},
			Fields:    map[string]any{"method": "GET", "path": "/frames/{id}"}},
		Finding{Rule: "differential/disagreement", Severity: SeverityError, Message: "openapi.yaml accepts a payload frame_wire.json rejects",
			Definition: "Frame", Detail: "payload: {\"id\": 1}\n",
			Locations: []Location{{File: "schema/frame_wire.json", Line: 10, Column: 5}, {File: "api/openapi.yaml", Line: 38, Column: 5}},
			Fields:    map[string]any{"payload": "{\"id\": 1}"}},
	)
	md := writeMarkdown(t, fs, MarkdownOptions{LinkBase: "https://github.com/o/r/blob/abc/"})
	for _, want := range []string{
		"**3 error(s), 1 warning(s), 1 info**",
		"| `test/max-length` | error | 1 |\n| `test/max-length` | info | 1 |",
		"| `routes/unimplemented` | error | 1 |",
		"### By definition\n\n#### `Frame` (2)",
		"### By route\n\n#### `GET /frames/{id}` (1)",
		"### Other findings, by file\n\n#### `a:b/odd.yaml` (1)",
		"[schema/frame\\_wire.json:12:7](https://github.com/o/r/blob/abc/schema/frame_wire.json#L12) `/$defs/Frame/properties/id` ↔ [api/open api.yaml:40:9](https://github.com/o/r/blob/abc/api/open%20api.yaml#L40)",
		"<details><summary>payload</summary>",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("report lacks %q:\n%s", want, md)
		}
	}
	page := renderGFM(t, md)
	for _, want := range []string{
		`<a href="https://github.com/o/r/blob/abc/api/open%20api.yaml#L40">api/open api.yaml:40:9</a>`,
		`<a href="https://github.com/o/r/blob/abc/docs/%3Cguide%3E&amp;.md">docs/&lt;guide&gt;&amp;.md</a>`,
		"<table>",
		"<details><summary>payload</summary>",
	} {
		if !strings.Contains(page, want) {
			t.Errorf("rendered report lacks %q:\n%s", want, page)
		}
	}
	if got := writeMarkdown(t, nil, MarkdownOptions{}); got != "## wirelint\n\nNo findings.\n" {
		t.Errorf("empty report = %q", got)
	}
}

// TestMarkdownEscapesInput pins that text from the documents stays text when
// GitHub renders it: no emphasis, link, image, HTML, math, mention, issue
// reference or table break, whatever a message, definition or path holds.
func TestMarkdownEscapesInput(t *testing.T) {
	hostile := "*em* _em_ **strong** `code` [link](https://evil.example) ![img](x.png) <script>alert(1)</script> " +
		"&amp; ~~del~~ $x^2$ @octocat #12 a|b \\* line\nbreak"
	fs := []Finding{{
		Rule: "test/max-length", Severity: SeverityError, Message: hostile,
		Definition: "We`ird ``name",
		Locations:  []Location{{File: "docs/[x](y).md", Line: 3, Column: 1}},
		Detail:     "```\n</details><script>x</script>\n~~~~\n",
	}}
	md := writeMarkdown(t, fs, MarkdownOptions{})
	page := renderGFM(t, md)
	for _, bad := range []string{"<em>", "<strong>strong", "<del>", "<img", "<script", "evil.example\"", "<code>code</code>"} {
		if strings.Contains(page, bad) {
			t.Errorf("input rendered as markup %q:\n%s\n---\n%s", bad, md, page)
		}
	}
	if strings.Count(page, "</details>") != 1 {
		t.Errorf("the detail closed its <details> early:\n%s", page)
	}
	for _, want := range []string{
		"<span>$</span>x^2<span>$</span>", "<span>@</span>octocat", "<span>#</span>12",
		"&lt;script&gt;", "[link](https://evil.example)", "a|b", `\* line break`,
		"<code>We`ird ``name</code>",
		`<a href="docs/%5Bx%5D%28y%29.md#L3">docs/[x](y).md:3:1</a>`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("rendered report lacks %q:\n%s\n---\n%s", want, md, page)
		}
	}
}

// TestMarkdownFoldsLongContent pins that long groups and long messages fold
// into <details> and that the report stays within its size bound.
func TestMarkdownFoldsLongContent(t *testing.T) {
	var fs []Finding
	long := "enum is {" + strings.Repeat("value, ", 80) + "} in a.json but absent in b.yaml"
	for i := range 14 {
		fs = append(fs, Finding{Rule: "test/max-length", Severity: SeverityError, Definition: "Big",
			Message:   fmt.Sprintf("finding %02d %s", i, long),
			Locations: []Location{{File: "a.json", Line: i + 1, Column: 1}}})
	}
	md := writeMarkdown(t, fs, MarkdownOptions{})
	if !strings.Contains(md, "<details><summary>4 more</summary>") {
		t.Errorf("a group of 14 does not fold its last 4:\n%s", md)
	}
	if strings.Count(md, "<details><summary>full message</summary>") != 14 {
		t.Errorf("long messages are not folded in full:\n%s", md)
	}
	if !strings.Contains(md, "finding 13") {
		t.Errorf("the folded findings are missing")
	}
	small := writeMarkdown(t, fs, MarkdownOptions{MaxBytes: 4000})
	if len(small) > 4000+2000 || !strings.Contains(small, "more finding(s) are not listed") {
		t.Errorf("MaxBytes 4000: %d bytes, want a cut report saying so:\n%s", len(small), small)
	}
	page := renderGFM(t, md)
	if strings.Count(page, "<details>") != strings.Count(page, "</details>") {
		t.Errorf("unbalanced <details>:\n%s", page)
	}
}
