package ref

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"
	"github.com/wirelint/wirelint/internal/casetest"
	"github.com/wirelint/wirelint/reduce"
	"github.com/wirelint/wirelint/report"
)

// TestCases runs every testdata/<rule>/<case>.txtar: the archive's files are
// written to a temporary project, the files named by its "check:" header are
// checked, and the findings must equal its "want" section (empty for a case
// that must stay silent). Headers: "check: FILE...", "root: DIR" (the project
// directory inside the archive, default the archive root), "map: PREFIX=DIR".
func TestCases(t *testing.T) {
	cases, err := filepath.Glob(filepath.Join("testdata", "*", "*.txtar"))
	if err != nil || len(cases) == 0 {
		t.Fatalf("no cases: %v", err)
	}
	for _, file := range cases {
		name := strings.TrimSuffix(filepath.ToSlash(file), ".txtar")
		t.Run(strings.TrimPrefix(name, "testdata/"), func(t *testing.T) {
			ar, err := txtar.ParseFile(file)
			if err != nil {
				t.Fatal(err)
			}
			got := runCase(t, ar)
			want := ""
			wantAt := -1
			for i, f := range ar.Files {
				if f.Name == "want" {
					want, wantAt = string(f.Data), i
				}
			}
			if got == want {
				return
			}
			if casetest.Update() {
				if wantAt < 0 {
					ar.Files = append(ar.Files, txtar.File{Name: "want"})
					wantAt = len(ar.Files) - 1
				}
				ar.Files[wantAt].Data = []byte(got)
				if err := os.WriteFile(file, txtar.Format(ar), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			t.Errorf("findings differ (run with -update to accept)\n--- got\n%s--- want\n%s", got, want)
		})
	}
}

// runCase writes the archive to a temporary project and returns the dump of
// its findings.
func runCase(t *testing.T, ar *txtar.Archive) string {
	t.Helper()
	dir := t.TempDir()
	for _, f := range ar.Files {
		if f.Name == "want" {
			continue
		}
		p := filepath.Join(dir, filepath.FromSlash(f.Name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var check []string
	root := dir
	var opts Options
	for _, line := range strings.Split(string(ar.Comment), "\n") {
		key, val, ok := strings.Cut(line, ":")
		if !ok {
			continue
		}
		val = strings.TrimSpace(val)
		switch key {
		case "check":
			check = strings.Fields(val)
		case "root":
			root = filepath.Join(dir, filepath.FromSlash(val))
		case "map":
			prefix, folder, _ := strings.Cut(val, "=")
			opts.Mappings = append(opts.Mappings, Mapping{Prefix: strings.TrimSpace(prefix), Dir: strings.TrimSpace(folder)})
		}
	}
	if len(check) == 0 {
		t.Fatal("case has no check: header")
	}
	ws := reduce.NewWorkspace(root)
	ws.Cwd = dir
	var docs []*reduce.Document
	for _, c := range check {
		doc, err := ws.Load(filepath.Join(dir, filepath.FromSlash(c)), "")
		if err != nil {
			t.Fatalf("load %s: %v", c, err)
		}
		docs = append(docs, doc)
	}
	return dump(report.Finalize(Check(ws, docs, opts)))
}

// dump renders findings compactly: one header line, the message, then every
// location and the rule-specific fields.
func dump(fs []report.Finding) string {
	var b strings.Builder
	for _, f := range fs {
		fmt.Fprintf(&b, "%s %s %s", f.Primary(), f.Severity, f.Rule)
		if f.Definition != "" {
			fmt.Fprintf(&b, " definition=%s", f.Definition)
		}
		fmt.Fprintf(&b, " pointer=%s\n  %s\n", f.Pointer, f.Message)
		for _, l := range f.Locations {
			fmt.Fprintf(&b, "  @ %s %s\n", l, l.Pointer)
		}
		keys := make([]string, 0, len(f.Fields))
		for k := range f.Fields {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			fmt.Fprintf(&b, "  %s=%v\n", k, f.Fields[k])
		}
	}
	return b.String()
}

// TestEveryRuleHasACase requires each rule of the family to be produced by at
// least one testdata case, so no rule ships without a pinned example.
func TestEveryRuleHasACase(t *testing.T) {
	cases, _ := filepath.Glob(filepath.Join("testdata", "*", "*.txtar"))
	var all strings.Builder
	for _, c := range cases {
		data, err := os.ReadFile(c)
		if err != nil {
			t.Fatal(err)
		}
		all.Write(data)
	}
	for _, rule := range []string{RuleUnresolved, RuleIDMismatch, RuleRemote, RuleOutsideRoot} {
		if _, ok := report.FindRule(Rules, rule); !ok {
			t.Errorf("%s is not registered", rule)
		}
		if !strings.Contains(all.String(), " error "+rule+" ") {
			t.Errorf("no testdata case produces %s", rule)
		}
	}
}
