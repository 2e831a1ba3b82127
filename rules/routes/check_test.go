package routes

import (
	"path/filepath"
	"testing"

	"github.com/wirelint/wirelint/internal/casetest"
	"github.com/wirelint/wirelint/reduce"
	"github.com/wirelint/wirelint/report"
	route "github.com/wirelint/wirelint/routes"
	"github.com/wirelint/wirelint/routes/extract"
)

// TestCases runs every testdata/*.txtar: its spec.yaml against the server
// its "server:" header names (read with the "framework:" header, the spec's
// base path overridden by a "base-path:" header).
func TestCases(t *testing.T) {
	casetest.Run(t, "testdata", func(t *testing.T, c *casetest.Case) []report.Finding {
		header := func(key string) (string, bool) {
			if v := c.Header(key); len(v) > 0 {
				return v[0], true
			}
			return "", false
		}
		doc, err := reduce.LoadFile(filepath.Join(c.Dir, "spec.yaml"), "spec.yaml")
		if err != nil {
			t.Fatal(err)
		}
		base, override := header("base-path")
		canonical, err := route.FromSpec(doc, route.SpecOptions{BasePath: base, Override: override})
		if err != nil {
			t.Fatal(err)
		}
		server, _ := header("server")
		framework, _ := header("framework")
		rel := func(p string) string {
			r, err := filepath.Rel(c.Dir, p)
			if err != nil {
				return filepath.ToSlash(p)
			}
			return filepath.ToSlash(r)
		}
		mirror, err := extract.FromServer(filepath.Join(c.Dir, filepath.FromSlash(server)), extract.ServerOptions{Framework: framework, Display: rel})
		if err != nil {
			t.Fatal(err)
		}
		pos, ptr := route.SpecPathsPos(doc)
		return Check(Input{Canonical: canonical, Mirror: mirror, SpecPaths: pos, SpecPathsPointer: ptr, Server: server})
	})
}

// TestRulesRegistered pins that every rule id the checker emits is
// registered with docs, so explain and SARIF can describe it.
func TestRulesRegistered(t *testing.T) {
	for _, id := range []string{RuleUndocumented, RuleUnimplemented, RuleParamMismatch, RuleTrailingSlash, RuleAnyMethod, RuleUnresolved,
		RulePossiblyServed, RuleNoRoutes, RuleCatchAll, RuleOtherRouter, RuleOutOfScope} {
		r, ok := report.FindRule(Rules, id)
		if !ok || r.Title == "" || r.Why == "" || r.Bad == "" || r.Good == "" {
			t.Errorf("rule %s is not registered with full docs: %+v", id, r)
		}
	}
}
