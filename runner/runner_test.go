package runner

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/wirelint/wirelint/report"
	"github.com/wirelint/wirelint/rules/compat"
)

// TestGroups pins how documents split into groups: a mirror shared by two
// canonical documents joins them, an unrelated pair stands alone, and a
// fixtures entry joins its documents.
func TestGroups(t *testing.T) {
	c := Config{
		Parity: []Parity{
			{Canonical: "a.json", Mirror: "api.yaml"},
			{Canonical: "b.json", Mirror: "api.yaml"},
			{Canonical: "c.json", Mirror: "other.yaml"},
		},
		Fixtures: []Fixtures{{Documents: []string{"d.json", "other.yaml"}}},
		Routes:   []Routes{{Spec: "api.yaml"}},
	}
	r := &run{cfg: &c, entries: entriesOf(&c)}
	groups, _ := r.groups()
	var got [][]string
	for _, g := range groups {
		got = append(got, g.docs)
	}
	want := [][]string{{"a.json", "api.yaml", "b.json"}, {"c.json", "other.yaml", "d.json"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("groups %v, want %v", got, want)
	}
}

// TestProtect pins that a panic in a task is an error naming the task.
func TestProtect(t *testing.T) {
	_, err := Protect("parity[3]", func() ([]report.Finding, error) { panic("boom") })
	if err == nil || !strings.HasPrefix(err.Error(), "parity[3]: internal error: boom") {
		t.Errorf("got %v", err)
	}
	fs, err := Protect("ok", func() ([]report.Finding, error) { return []report.Finding{{Rule: "x/y"}}, nil })
	if err != nil || len(fs) != 1 {
		t.Errorf("got %v, %v", fs, err)
	}
}

// TestRunNamesFilesFromTheRoot runs a pair configured two folders below a
// repository root and requires every location to start at the root, with
// fingerprints computed from those paths.
func TestRunNamesFilesFromTheRoot(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "services", "shop")
	write := func(name, body string) {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Mkdir(filepath.Join(root, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	write("c.json", `{"$schema": "https://json-schema.org/draft/2020-12/schema", "$defs": {"A": {"type": "string", "maxLength": 3}}}`)
	write("m.json", `{"$schema": "https://json-schema.org/draft/2020-12/schema", "$defs": {"A": {"type": "string", "maxLength": 4}}}`)
	res, err := Run(Config{Dir: dir, Parity: []Parity{{Canonical: "c.json", Mirror: "m.json"}}, Refs: &Refs{}, Regex: &Regex{}})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Findings) != 1 {
		t.Fatalf("%d findings, want 1: %v", len(res.Findings), res.Findings)
	}
	f := res.Findings[0]
	if f.Locations[0].File != "services/shop/c.json" || f.Locations[1].File != "services/shop/m.json" {
		t.Errorf("locations %v, want services/shop/c.json and services/shop/m.json", f.Locations)
	}
	moved := f
	moved.Fingerprint = ""
	moved.ComputeFingerprint()
	if moved.Fingerprint != f.Fingerprint {
		t.Errorf("fingerprint %s was not computed from the rebased paths (%s)", f.Fingerprint, moved.Fingerprint)
	}
}

// TestCatalogue pins that every family joins the catalogue once, sorted.
func TestCatalogue(t *testing.T) {
	rs := Rules()
	for i := 1; i < len(rs); i++ {
		if rs[i-1].ID >= rs[i].ID {
			t.Errorf("catalogue not sorted or duplicated at %s, %s", rs[i-1].ID, rs[i].ID)
		}
	}
	for _, fam := range []string{"parity/", "description/", "ref/", "regex/", "routes/", "fixture/", "differential/", "docs/", "suppress/"} {
		found := false
		for _, r := range rs {
			found = found || strings.HasPrefix(r.ID, fam)
		}
		if !found {
			t.Errorf("no rule of family %s in the catalogue", fam)
		}
	}
}

// TestRebase: names relative to the run's folder, and absolute names inside
// the repository, become names from the repository's top; a name outside it
// and a file read at a revision (from the top already) stay.
func TestRebase(t *testing.T) {
	root := filepath.FromSlash("/repo")
	dir := filepath.Join(root, "svc")
	fs := []report.Finding{
		{Locations: []report.Location{{File: "api.yaml"}, {File: "svc/api.yaml", Rev: "HEAD"}}},
		{Locations: []report.Location{{File: filepath.ToSlash(filepath.Join(root, "shared", "x.json"))}}},
		{Locations: []report.Location{{File: "../../elsewhere.json"}, {File: "x", Rev: "HEAD"}}},
	}
	rebase(fs, dir, root)
	got := [][]string{}
	for _, f := range fs {
		var names []string
		for _, l := range f.Locations {
			names = append(names, l.Name())
		}
		got = append(got, names)
	}
	want := [][]string{{"svc/api.yaml", "HEAD:svc/api.yaml"}, {"shared/x.json"}, {"../../elsewhere.json", "HEAD:x"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("rebase:\ngot  %v\nwant %v", got, want)
	}
}

// TestCompatPaths: a Compat with Old and New compares the two files as one
// group-free task, names the head from the run's folder, honours an inline
// ignore in the head, and refuses a file compared with a folder.
func TestCompatPaths(t *testing.T) {
	dir := t.TempDir()
	schema := func(max int, ignore string) string {
		return `{"$schema": "https://json-schema.org/draft/2020-12/schema", "$defs": {"Name": {"type": "string", "maxLength": ` +
			strconv.Itoa(max) + ignore + `}}}`
	}
	for name, text := range map[string]string{
		"old.json":     schema(64, ""),
		"new.json":     schema(32, ""),
		"ignored.json": schema(32, `, "x-wirelint-ignore": ["compat/request-narrowed"], "x-wirelint-reason": "approved"`),
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	run := func(newFile string) *Result {
		t.Helper()
		res, err := Run(Config{Dir: dir, Compat: &Compat{Old: filepath.Join(dir, "old.json"), New: filepath.Join(dir, newFile), Role: compat.Consumed}})
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	res := run("new.json")
	if len(res.Findings) != 1 || res.Findings[0].Rule != compat.RuleRequestNarrowed || res.Findings[0].Primary().File != "new.json" {
		t.Errorf("old.json against new.json: %v", res.Findings)
	}
	if res := run("ignored.json"); len(res.Findings) != 0 || len(res.Silenced) != 1 {
		t.Errorf("an inline ignore in the head: %d findings, %d silenced", len(res.Findings), len(res.Silenced))
	}
	if _, err := Run(Config{Dir: dir, Compat: &Compat{Old: filepath.Join(dir, "old.json"), New: dir}}); !errors.Is(err, ErrMixedPaths) {
		t.Errorf("a file against a folder: %v, want ErrMixedPaths", err)
	}
}
