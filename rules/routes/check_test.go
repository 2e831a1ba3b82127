package routes

import (
	"github.com/wirelint/wirelint/internal/fsroot"
	"github.com/wirelint/wirelint/internal/limits"
	"path/filepath"
	"strings"
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
		doc, err := reduce.LoadFile(fsroot.Unconfined(), limits.Limits{}, filepath.Join(c.Dir, "spec.yaml"), "spec.yaml")
		if err != nil {
			t.Fatal(err)
		}
		base, override := header("base-path")
		canonical, err := route.FromSpec(doc, route.SpecOptions{BasePath: base, Override: override, Resolver: reduce.NewWorkspace(c.Dir)})
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
		mirror, err := extract.FromServer(filepath.Join(c.Dir, filepath.FromSlash(server)), extract.ServerOptions{FS: fsroot.Unconfined(), Framework: framework, Display: rel})
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
		RulePossiblyServed, RuleNoRoutes, RuleCatchAll, RuleOtherRouter, RuleOutOfScope, RuleAsset, RuleExtractionIncomplete, RuleServedWhenTagged, RuleGeneratedServer} {
		r, ok := report.FindRule(Rules, id)
		if !ok || r.Title == "" || r.Why == "" || r.Bad == "" || r.Good == "" {
			t.Errorf("rule %s is not registered with full docs: %+v", id, r)
		}
	}
}

// TestAssumedAtMostWarning pins that the findings depending on a value the
// server reads at run time, assumed from a config file, are warnings: the
// route built from it undocumented, and the operation it would serve under
// another prefix unimplemented; the same findings without an assumption are
// errors.
func TestAssumedAtMostWarning(t *testing.T) {
	spec, err := route.ParseTemplate("/offers", route.SyntaxBrace)
	if err != nil {
		t.Fatal(err)
	}
	served, err := route.ParseTemplate("/api/offers", route.SyntaxBrace)
	if err != nil {
		t.Fatal(err)
	}
	as := []route.Assumption{{Expr: "s.cfg.HTTP.Prefix", Value: "/api", At: route.Pos{File: "config.yaml", Line: 3, Column: 11}}}
	for _, assumed := range []bool{false, true} {
		m := route.Route{Method: "GET", Template: served, Raw: "/api/offers", Framework: "echo", Pos: route.Pos{File: "main.go", Line: 9, Column: 4}}
		want := report.SeverityError
		if assumed {
			m.Assumed, want = as, report.SeverityWarning
		}
		in := Input{
			Canonical: &route.Set{Routes: []route.Route{{Method: "GET", Template: spec, Raw: "/offers", Framework: "openapi", Pointer: "/paths/~1offers/get"}}},
			Mirror:    &route.Set{Routes: []route.Route{m}},
		}
		fs := Check(in)
		if len(fs) != 2 {
			t.Fatalf("assumed=%v: want undocumented and unimplemented, got %+v", assumed, fs)
		}
		for _, f := range fs {
			if f.Severity != want {
				t.Errorf("assumed=%v: %s is %s, want %s", assumed, f.Rule, f.Severity, want)
			}
			if hasAssumption := strings.Contains(f.Message, `assuming s.cfg.HTTP.Prefix = "/api" (config.yaml:3:11; read at run time)`); hasAssumption != assumed {
				t.Errorf("assumed=%v: %s says %q", assumed, f.Rule, f.Message)
			}
		}
	}
}
