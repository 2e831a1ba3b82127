package types

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/wirelint/wirelint/codetypes"
	"github.com/wirelint/wirelint/codetypes/read"
	"github.com/wirelint/wirelint/internal/casetest"
	"github.com/wirelint/wirelint/internal/fsroot"
	"github.com/wirelint/wirelint/report"
)

// TestCases runs every testdata/**/*.txtar: its schema (schema.json,
// schema.yaml or openapi.yaml) against every source file of the case, with
// the options its header names (direction:, int64: string, opaque:,
// ignore:, emptiness: true) and the args as CANONICAL=MIRROR renames.
func TestCases(t *testing.T) {
	casetest.Run(t, "testdata", func(t *testing.T, c *casetest.Case) []report.Finding {
		return checkCase(t, c)
	})
}

func checkCase(t *testing.T, c *casetest.Case) []report.Finding {
	t.Helper()
	doc := c.Load(t, c.First("schema.json", "schema.yaml", "openapi.yaml", "openapi.json"))
	set := readMirror(t, c.Dir)
	opts := Options{Renames: c.Renames(t), Opaque: c.Header("opaque"), Ignore: c.Header("ignore")}
	if v := c.Header("direction"); len(v) > 0 {
		opts.Direction = Direction(v[0])
	}
	if v := c.Header("int64"); len(v) > 0 {
		opts.Int64AsString = v[0] == "string"
	}
	if v := c.Header("emptiness"); len(v) > 0 {
		opts.Emptiness = v[0] == "true"
	}
	return Check(Input{Canonical: doc, Resolver: c.WS, Mirror: set, Options: opts})
}

// readMirror reads every source file below dir, named from dir.
func readMirror(t *testing.T, dir string) *codetypes.Set {
	t.Helper()
	var paths []string
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.IsDir() || read.LanguageOf(e.Name()) != "" {
			paths = append(paths, filepath.Join(dir, e.Name()))
		}
	}
	set, err := read.Files(paths, read.Options{FS: fsroot.New(dir), Display: func(abs string) string {
		rel, _ := filepath.Rel(dir, abs)
		return filepath.ToSlash(rel)
	}})
	if err != nil {
		t.Fatal(err)
	}
	return set
}
