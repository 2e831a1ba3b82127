package regex

import (
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/wirelint/wirelint/internal/casetest"
	"github.com/wirelint/wirelint/reduce"
	"github.com/wirelint/wirelint/report"
)

// TestCases runs every testdata/cases/*.txtar: each of its documents is
// checked with the dialects of its optional "dialects: LIST" header line and
// the pattern budget of its optional "max-pattern-length: BYTES" one.
func TestCases(t *testing.T) {
	casetest.Run(t, "testdata/cases", func(t *testing.T, c *casetest.Case) []report.Finding {
		var opts Options
		if d := c.Header("dialects"); len(d) > 0 {
			var err error
			if opts.Dialects, err = ParseDialects(d[0]); err != nil {
				t.Fatal(err)
			}
		}
		if m := c.Header("max-pattern-length"); len(m) > 0 {
			var err error
			if opts.MaxPatternLength, err = strconv.Atoi(m[0]); err != nil {
				t.Fatal(err)
			}
		}
		var findings []report.Finding
		err := filepath.WalkDir(".", func(name string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			data, err := os.ReadFile(name)
			if err != nil {
				return err
			}
			doc, err := reduce.Parse(data, filepath.ToSlash(name))
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			findings = append(findings, Check(doc, opts)...)
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		return findings
	})
}
