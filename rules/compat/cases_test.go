package compat

import (
	"testing"

	"github.com/wirelint/wirelint/internal/casetest"
	"github.com/wirelint/wirelint/report"
)

// TestCases runs the rule cases in testdata: each compares base.* (the old
// revision) with head.* (the new one).
func TestCases(t *testing.T) {
	casetest.Run(t, "testdata", func(t *testing.T, c *casetest.Case) []report.Finding {
		base := c.Load(t, c.First("base.yaml", "base.json"))
		head := c.Load(t, c.First("head.yaml", "head.json"))
		return Check(c.WS, c.WS, base, head, Options{})
	})
}
