package docs

import (
	"github.com/wirelint/wirelint/internal/fsroot"
	"reflect"
	"testing"
)

// TestProposeTaxonomies: a two-level tree of Markdown with an index that
// links its records is proposed, its folders as the levels' values; a tree
// with a record at the wrong depth, one whose index links too few records,
// and one with a single first-level folder are not.
func TestProposeTaxonomies(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("PATH", "")
	writeTree(t, dir, map[string]string{
		"README.md":                      "# Project\n",
		"docs/rfc/README.md":             "# RFCs\n\n- [a](draft/feature/a.md)\n- [b](accepted/bug-fix/b.md)\n- [c](accepted/feature/c.md)\n",
		"docs/rfc/draft/feature/a.md":    "# A\n",
		"docs/rfc/accepted/bug-fix/b.md": "# B\n",
		"docs/rfc/accepted/feature/c.md": "# C\n",
		"docs/rfc/accepted/feature/d.md": "# D, not linked: three of four is enough\n",
		"notes/README.md":                "# Notes\n\n[x](a/b/x.md) [y](a/b/y.md) [z](c/z.md)\n",
		"notes/a/b/x.md":                 "# X\n",
		"notes/a/b/y.md":                 "# Y\n",
		"notes/c/z.md":                   "# Z, one level only\n",
		"guides/index.md":                "# Guides\n\n[x](one/a/x.md)\n",
		"guides/one/a/x.md":              "# X\n",
		"guides/two/a/y.md":              "# Y\n",
		"guides/two/b/z.md":              "# Z\n",
		"single/README.md":               "[x](only/a/x.md) [y](only/a/y.md) [z](only/b/z.md)\n",
		"single/only/a/x.md":             "# X\n",
		"single/only/a/y.md":             "# Y\n",
		"single/only/b/z.md":             "# Z\n",
		"testdata/rfc/README.md":         "[x](a/b/x.md) [y](c/d/y.md) [z](c/d/z.md)\n",
		"testdata/rfc/a/b/x.md":          "# X\n",
		"testdata/rfc/c/d/y.md":          "# Y\n",
		"testdata/rfc/c/d/z.md":          "# Z\n",
	})
	got, err := ProposeTaxonomies(fsroot.Unconfined(), dir)
	if err != nil {
		t.Fatal(err)
	}
	want := []Taxonomy{{
		Root: "docs/rfc", Index: "docs/rfc/README.md",
		Levels: []Level{
			{Name: "lifecycle", Values: []string{"accepted", "draft"}},
			{Name: "class", Values: []string{"bug-fix", "feature"}},
		},
	}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("ProposeTaxonomies = %+v\nwant %+v", got, want)
	}
}
