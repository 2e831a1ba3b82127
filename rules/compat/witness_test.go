package compat

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"
	"github.com/wirelint/wirelint/reduce"
	"github.com/wirelint/wirelint/report"
)

// checkCase runs Check on one txtar case of testdata.
func checkCase(t *testing.T, name string) []report.Finding {
	t.Helper()
	return checkCaseWith(t, name, Options{})
}

// checkCaseWith runs Check with opts on one txtar case of testdata.
func checkCaseWith(t *testing.T, name string, opts Options) []report.Finding {
	t.Helper()
	return checkCaseAt(t, name, t.TempDir(), opts)
}

// checkCaseAt writes one txtar case of testdata into dir and runs Check
// with opts.
func checkCaseAt(t *testing.T, name, dir string, opts Options) []report.Finding {
	t.Helper()
	fs, _ := checkCaseWorkspace(t, name, dir, opts)
	return fs
}

// checkCaseWorkspace is checkCaseAt that also returns the workspace both
// revisions were read in.
func checkCaseWorkspace(t *testing.T, name, dir string, opts Options) ([]report.Finding, *reduce.Workspace) {
	t.Helper()
	ar, err := txtar.ParseFile(filepath.Join("testdata", name+".txtar"))
	if err != nil {
		t.Fatal(err)
	}
	var base, head string
	for _, f := range ar.Files {
		if f.Name == "want" {
			continue
		}
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, f.Name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, f.Name), f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
		switch strings.TrimSuffix(f.Name, filepath.Ext(f.Name)) {
		case "base":
			base = f.Name
		case "head":
			head = f.Name
		}
	}
	ws := reduce.NewWorkspace(dir)
	b, err := ws.Load(filepath.Join(dir, base), base)
	if err != nil {
		t.Fatal(err)
	}
	h, err := ws.Load(filepath.Join(dir, head), head)
	if err != nil {
		t.Fatal(err)
	}
	return Check(ws, ws, b, h, opts), ws
}

// TestWitnesses requires every schema error of the breaking cases to carry
// a payload, and pins the payload built for each kind of change: the
// direction (base accepts a narrowed request's payload, head a widened
// response's) was re-validated on both revisions.
func TestWitnesses(t *testing.T) {
	want := map[string]string{
		"/properties/name/maxLength":   `"name":"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"`,
		"/properties/kind/enum":        `"kind":"bird"`,
		"/required":                    `{`,
		"/additionalProperties":        `"wirelint_extra"`,
		"/properties/status/enum":      `"status":"pending"`,
		"/properties/owner/type":       `"owner":null`,
		"/properties/id/maxLength":     `"id":"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"`,
		"/properties/code/pattern":     `"code":"`,
		"/paths/~1orders~1{id}/delete": `"method":"DELETE"`,
	}
	for _, name := range []string{"request-narrowed", "response-widened", "event-contract", "incomparable-and-unknown", "surface"} {
		for _, f := range checkCase(t, name) {
			if f.Severity != report.SeverityError {
				continue
			}
			payload, ok := f.Fields["payload"].(json.RawMessage)
			if !ok {
				if name != "incomparable-and-unknown" && name != "surface" && f.Rule != RuleRemovedDefinition {
					t.Errorf("%s: %s %s has no payload: %v", name, f.Rule, f.Pointer, f.Fields["payload_reason"])
				}
				if f.Fields["payload_reason"] == nil {
					t.Errorf("%s: %s %s has neither a payload nor a reason", name, f.Rule, f.Pointer)
				}
				continue
			}
			if w, ok := want[f.Pointer]; ok && !strings.Contains(string(payload), w) {
				t.Errorf("%s: %s %s: payload %s, want it to contain %s", name, f.Rule, f.Pointer, payload, w)
			}
			if strings.HasPrefix(f.Rule, "compat/request-narrowed") && f.Fields["accepted_by"] != "base" ||
				strings.HasPrefix(f.Rule, "compat/response-widened") && f.Fields["accepted_by"] != "head" {
				t.Errorf("%s: %s %s: payload accepted by %v", name, f.Rule, f.Pointer, f.Fields["accepted_by"])
			}
		}
	}
}

// TestKubernetesUpgradeSilent compares real documents across a dialect
// change: the Kubernetes API served as Swagger 2.0 (base) and as OpenAPI 3.0
// (head) is one contract, so no change may be reported.
func TestKubernetesUpgradeSilent(t *testing.T) {
	dir := filepath.Join("..", "..", "testdata", "kubernetes-v2-v3")
	for _, group := range []string{"batch.v1", "apiextensions.k8s.io.v1"} {
		ws := reduce.NewWorkspace(dir)
		b, err := ws.Load(filepath.Join(dir, "v2_"+group+".json"), "")
		if err != nil {
			t.Fatal(err)
		}
		h, err := ws.Load(filepath.Join(dir, "v3_"+group+".json"), "")
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range Check(ws, ws, b, h, Options{}) {
			t.Errorf("%s: %s: %s", group, f.Rule, f.Message)
		}
	}
}

// TestConfiguredSchemas compares a component no operation reaches when the
// configuration names it a contract of its own, on the configured role, and
// counts it otherwise.
func TestConfiguredSchemas(t *testing.T) {
	rules := func(fs []report.Finding, definition string) []string {
		var out []string
		for _, f := range fs {
			if f.Definition == definition || definition == "" && f.Rule == RuleUnreached {
				out = append(out, f.Rule)
			}
		}
		return out
	}
	if got := rules(checkCase(t, "inheritance-mapping"), "Orphan"); len(got) != 0 {
		t.Errorf("unconfigured Orphan: %v, want no finding", got)
	}
	if got := rules(checkCase(t, "inheritance-mapping"), ""); len(got) != 1 {
		t.Errorf("unconfigured Orphan: %v, want one %s", got, RuleUnreached)
	}
	configured := checkCaseWith(t, "inheritance-mapping", Options{Schemas: []string{"Orphan"}, Role: Consumed})
	if got := rules(configured, "Orphan"); len(got) != 1 || got[0] != RuleRequestNarrowed {
		t.Errorf("configured Orphan (consumed): %v, want [%s]", got, RuleRequestNarrowed)
	}
	if got := rules(configured, ""); len(got) != 0 {
		t.Errorf("configured Orphan: %v, want no %s", got, RuleUnreached)
	}
}

// TestIDIndexOnlyWhenAsked proves a revision's changes without reading the
// $id files beside it: the $id index is built only when a proof meets a
// reference to an absolute URL, so a multi-file tree of thousands of files
// is not read again for proofs that need none of them.
func TestIDIndexOnlyWhenAsked(t *testing.T) {
	dir := t.TempDir()
	stray := filepath.Join(dir, "stray", "id.json")
	if err := os.MkdirAll(filepath.Dir(stray), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(stray, []byte(`{"$id": "https://example.com/stray.json", "type": "string"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	fs, ws := checkCaseWorkspace(t, "request-narrowed", dir, Options{})
	proven := 0
	for _, f := range fs {
		if _, ok := f.Fields["payload"].(json.RawMessage); ok {
			proven++
		}
	}
	if proven == 0 {
		t.Fatal("request-narrowed: no error carries a payload; the case no longer exercises a proof")
	}
	for _, d := range ws.Documents() {
		if d.Abs == stray {
			t.Errorf("%s was read for %d proofs that reference no absolute URL", d.Path, proven)
		}
	}
}
