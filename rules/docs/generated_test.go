package docs

import "testing"

// TestGeneratedBy reads .gitattributes lines as git does for the one
// attribute it asks: a pattern without a slash matches a name at any depth
// below its file, one with a slash is anchored there and its * stays in one
// folder, the last matching line wins and a deeper file over a shallower
// one, and lines that cannot mark a file are skipped.
func TestGeneratedBy(t *testing.T) {
	c := &checker{files: map[string]bool{}}
	c.attributes = []attrFile{}
	for _, af := range []struct {
		dir   string
		lines []string
	}{
		{".", []string{
			"# comment linguist-generated",
			"[attr]gen linguist-generated",
			"gen/ linguist-generated",
			"!neg.md linguist-generated",
			`"quoted.md" linguist-generated`,
			"*.pb.md linguist-generated",
			"/top.md linguist-generated=true",
			"api/*.md linguist-generated",
			"api/keep.md linguist-generated=false",
			"sdk/** linguist-generated",
			"other.md text eol=lf",
		}},
		{"sdk/hand", []string{"*.md -linguist-generated"}},
	} {
		f := attrFile{dir: af.dir}
		for i, line := range af.lines {
			if r, ok := parseAttrLine(af.dir, line); ok {
				r.where = af.dir + "/.gitattributes:" + string(rune('1'+i))
				f.rules = append(f.rules, r)
			}
		}
		c.attributes = append(c.attributes, f)
	}
	c.generated = map[string]string{}
	for file, want := range map[string]bool{
		"x.pb.md":           true,
		"deep/in/x.pb.md":   true,
		"top.md":            true,
		"deep/top.md":       false,
		"api/a.md":          true,
		"api/v1/a.md":       false,
		"api/keep.md":       false,
		"sdk/docs/Model.md": true,
		"sdk/hand/Guide.md": false,
		"gen/a.md":          false,
		"neg.md":            false,
		"quoted.md":         false,
		"other.md":          false,
		"comment":           false,
	} {
		if got := c.generatedBy(file) != ""; got != want {
			t.Errorf("generatedBy(%q) = %v, want %v", file, got, want)
		}
	}
}
