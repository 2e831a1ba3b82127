package parity

import (
	"os"
	"strings"
	"testing"

	"github.com/wirelint/wirelint/internal/casetest"
	"github.com/wirelint/wirelint/internal/idref"
	"github.com/wirelint/wirelint/reduce"
	"github.com/wirelint/wirelint/report"
)

// TestCases runs the rule cases in testdata: each pairs the canonical file
// (canonical.json, canonical.yaml, wrapper.json or schemas/frame.json; or the
// files a "canonicals" file lists, one a line) with mirror.yaml, mirror.json
// or openapi.yaml; the args section holds CANONICAL=MIRROR renames.
func TestCases(t *testing.T) {
	casetest.Run(t, "testdata", func(t *testing.T, c *casetest.Case) []report.Finding {
		canonicals := []string{c.First("canonical.json", "canonical.yaml", "wrapper.json", "schemas/frame.json")}
		if b, err := os.ReadFile("canonicals"); err == nil {
			canonicals = strings.Fields(string(b))
		}
		var cds []*reduce.Document
		for _, canonical := range canonicals {
			cds = append(cds, c.Load(t, canonical))
		}
		md := c.Load(t, c.First("mirror.yaml", "mirror.json", "openapi.yaml"))
		return CheckAll(idref.NewResolver(c.WS, idref.Options{}), cds, md, Options{Renames: c.Renames(t)}).Findings
	})
}
