package ref

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/wirelint/wirelint/internal/casetest"
	"github.com/wirelint/wirelint/reduce"
	"github.com/wirelint/wirelint/report"
)

// TestCases runs every testdata/<rule>/<case>.txtar: the files named by its
// "check:" header are checked and the findings must equal its "want" section
// (empty for a case that must stay silent). Headers: "check: FILE...",
// "root: DIR" (the project directory inside the archive, default the archive
// root), "map: PREFIX=DIR".
func TestCases(t *testing.T) {
	casetest.Run(t, "testdata", func(t *testing.T, c *casetest.Case) []report.Finding {
		var check []string
		for _, v := range c.Header("check") {
			check = append(check, strings.Fields(v)...)
		}
		if len(check) == 0 {
			t.Fatal("case has no check: header")
		}
		root := c.Dir
		if r := c.Header("root"); len(r) > 0 {
			root = filepath.Join(c.Dir, filepath.FromSlash(r[0]))
		}
		var opts Options
		for _, m := range c.Header("map") {
			prefix, folder, _ := strings.Cut(m, "=")
			opts.Mappings = append(opts.Mappings, Mapping{Prefix: strings.TrimSpace(prefix), Dir: strings.TrimSpace(folder)})
		}
		ws := reduce.NewWorkspace(root)
		ws.Cwd = c.Dir
		var docs []*reduce.Document
		for _, name := range check {
			doc, err := ws.Load(filepath.Join(c.Dir, filepath.FromSlash(name)), "")
			if err != nil {
				t.Fatalf("load %s: %v", name, err)
			}
			docs = append(docs, doc)
		}
		return Check(ws, docs, opts)
	})
}
