package routes

import (
	"bytes"
	"github.com/wirelint/wirelint/internal/casetest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wirelint/wirelint/reduce"
	"github.com/wirelint/wirelint/report"
	route "github.com/wirelint/wirelint/routes"
	"github.com/wirelint/wirelint/routes/extract"
)

// TestCases runs every case under testdata: spec.yaml against the server
// named in options.txt, its findings compared with want.json (the JSON
// contract). A case whose want.json holds no findings must stay silent.
func TestCases(t *testing.T) {
	dirs, err := filepath.Glob(filepath.Join("testdata", "*", "options.txt"))
	if err != nil || len(dirs) == 0 {
		t.Fatalf("no cases: %v", err)
	}
	for _, opt := range dirs {
		dir := filepath.Dir(opt)
		t.Run(filepath.Base(dir), func(t *testing.T) {
			got := runCase(t, dir)
			want := filepath.Join(dir, "want.json")
			if casetest.Update() {
				if err := os.WriteFile(want, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			w, err := os.ReadFile(want)
			if err != nil {
				t.Fatalf("%v (go test -update writes it)", err)
			}
			if !bytes.Equal(got, w) {
				t.Errorf("findings differ from %s (go test -update rewrites it)\n--- got\n%s", want, got)
			}
		})
	}
}

func runCase(t *testing.T, dir string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, "options.txt"))
	if err != nil {
		t.Fatal(err)
	}
	opts := map[string]string{}
	for _, line := range strings.Split(string(data), "\n") {
		if k, v, ok := strings.Cut(line, ":"); ok {
			opts[strings.TrimSpace(k)] = strings.TrimSpace(v)
		}
	}
	rel := func(p string) string {
		r, err := filepath.Rel(dir, p)
		if err != nil {
			return filepath.ToSlash(p)
		}
		return filepath.ToSlash(r)
	}
	doc, err := reduce.LoadFile(filepath.Join(dir, "spec.yaml"), "spec.yaml")
	if err != nil {
		t.Fatal(err)
	}
	base, override := opts["base-path"]
	canonical, err := route.FromSpec(doc, route.SpecOptions{BasePath: base, Override: override})
	if err != nil {
		t.Fatal(err)
	}
	server := filepath.Join(dir, filepath.FromSlash(opts["server"]))
	mirror, err := extract.FromServer(server, extract.ServerOptions{Framework: opts["framework"], Display: rel})
	if err != nil {
		t.Fatal(err)
	}
	pos, ptr := route.SpecPathsPos(doc)
	fs := report.Finalize(Check(Input{Canonical: canonical, Mirror: mirror, SpecPaths: pos, SpecPathsPointer: ptr, Server: opts["server"]}))
	var b bytes.Buffer
	if err := report.WriteJSON(&b, fs); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestRulesRegistered pins that every rule id the checker emits is
// registered with docs, so explain and SARIF can describe it.
func TestRulesRegistered(t *testing.T) {
	for _, id := range []string{Undocumented, Unimplemented, ParamMismatch, TrailingSlash, AnyMethod, Unresolved,
		PossiblyServed, NoRoutes, CatchAll, OtherRouter, OutOfScope} {
		r, ok := report.FindRule(Rules, id)
		if !ok || r.Title == "" || r.Why == "" || r.Bad == "" || r.Good == "" {
			t.Errorf("rule %s is not registered with full docs: %+v", id, r)
		}
	}
}
