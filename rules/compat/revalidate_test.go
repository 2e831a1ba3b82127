package compat

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/wirelint/wirelint/internal/validate"
	"github.com/wirelint/wirelint/reduce"
	"github.com/wirelint/wirelint/report"
)

// TestEveryWitnessRevalidates is the witness law over every case in
// testdata: each schema error carries a payload, and compiling the two
// schemas it names afresh (not through the builder that found it), the
// revision it says accepts it does and the other refuses it. A schema
// change without such a payload is never an error.
func TestEveryWitnessRevalidates(t *testing.T) {
	names, err := filepath.Glob(filepath.Join("testdata", "*.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(names)
	schemaRules := map[string]bool{RuleRequestNarrowed: true, RuleResponseWidened: true, RuleIncomparable: true}
	checked := 0
	for _, name := range names {
		name = strings.TrimSuffix(filepath.Base(name), ".txtar")
		dir := t.TempDir()
		findings := checkCaseIn(t, name, dir, Options{})
		ws := reduce.NewWorkspace(dir)
		for _, f := range findings {
			if !schemaRules[f.Rule] {
				continue
			}
			payload, ok := f.Fields["payload"].(json.RawMessage)
			if !ok {
				t.Errorf("%s: %s %s is an error without a payload: %v", name, f.Rule, f.Pointer, f.Fields["payload_reason"])
				continue
			}
			var v any
			d := json.NewDecoder(strings.NewReader(string(payload)))
			d.UseNumber()
			if err := d.Decode(&v); err != nil {
				t.Fatalf("%s: payload %s: %v", name, payload, err)
			}
			baseOK := valid(t, ws, dir, f.Fields["base_schema"], v)
			headOK := valid(t, ws, dir, f.Fields["head_schema"], v)
			acceptBase := f.Fields["accepted_by"] == "base"
			if baseOK != acceptBase || headOK == acceptBase {
				t.Errorf("%s: %s %s: payload %s: base accepts %v, head accepts %v, finding says %v accepts", name, f.Rule, f.Pointer, payload, baseOK, headOK, f.Fields["accepted_by"])
			}
			checked++
		}
	}
	if checked < 17 {
		t.Errorf("re-validated %d witnesses; the cases hold more", checked)
	}
}

// valid compiles the schema at "file#pointer" (relative to dir) and
// validates v against it.
func valid(t *testing.T, ws *reduce.Workspace, dir string, at any, v any) bool {
	t.Helper()
	s, _ := at.(string)
	file, ptr, ok := strings.Cut(s, "#")
	if !ok {
		t.Fatalf("schema location %v", at)
	}
	p := filepath.FromSlash(file)
	if !filepath.IsAbs(p) {
		p = filepath.Join(dir, p)
	}
	doc, err := ws.Load(p, "")
	if err != nil {
		doc, err = ws.LoadFragment(p, "", reduce.OpenAPI30)
	}
	if err != nil {
		t.Fatal(err)
	}
	// a schema at a URL nobody fetches stands in as unknown, as when the
	// witness was found: a payload whose validation reaches it is undecided
	// below, never a verdict
	set, err := validate.Compile(ws, doc, validate.Options{Unfetched: true})
	if err != nil {
		t.Fatal(err)
	}
	schema, err := set.Schema(ptr)
	if err != nil {
		t.Fatalf("%s: %v", s, err)
	}
	ok, known := schema.Valid(v)
	if !known {
		t.Fatalf("%s: validation of %v undecided", s, v)
	}
	return ok
}

// checkCaseIn writes a txtar case of testdata into dir and runs Check.
func checkCaseIn(t *testing.T, name, dir string, opts Options) []report.Finding {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return checkCaseAt(t, name, dir, opts)
}
