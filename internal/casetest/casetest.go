// Package casetest runs rule cases kept as data: each txtar file in a
// directory holds the documents of one case and a "want" section listing the
// findings the rule must produce, one per line. Run the tests with -update to
// rewrite the want sections from what the rules produce now.
package casetest

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"
	"github.com/wirelint/wirelint/report"
)

// update is the one -update flag of every package whose tests import
// casetest: rule cases, goldens and generated files alike.
var update = flag.Bool("update", false, "rewrite the want sections of rule cases and golden files")

// Update reports whether the tests run with -update: rewrite what they
// compare against instead of failing.
func Update() bool { return *update }

// Run calls check for every *.txtar case in dir. check receives a fresh
// directory holding the case's files (all but "want") and returns findings;
// Run compares their compact form with the case's want section. A case whose
// name contains "silent" must want no findings.
func Run(t *testing.T, dir string, check func(t *testing.T, dir string) []report.Finding) {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.txtar"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no cases in %s", dir)
	}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".txtar")
		t.Run(name, func(t *testing.T) {
			ar, err := txtar.ParseFile(file)
			if err != nil {
				t.Fatal(err)
			}
			work := t.TempDir()
			wantIdx := -1
			for i, f := range ar.Files {
				if f.Name == "want" {
					wantIdx = i
					continue
				}
				p := filepath.Join(work, filepath.FromSlash(f.Name))
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(p, f.Data, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			wd, _ := os.Getwd()
			if err := os.Chdir(work); err != nil {
				t.Fatal(err)
			}
			fs := report.Finalize(check(t, work))
			if err := os.Chdir(wd); err != nil {
				t.Fatal(err)
			}
			got := Compact(fs)
			if strings.Contains(name, "silent") && got != "" {
				t.Errorf("silent case produced findings:\n%s", got)
			}
			if *update {
				if wantIdx < 0 {
					ar.Files = append(ar.Files, txtar.File{Name: "want"})
					wantIdx = len(ar.Files) - 1
				}
				ar.Files[wantIdx].Data = []byte(got)
				if err := os.WriteFile(file, txtar.Format(ar), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want := ""
			if wantIdx >= 0 {
				want = string(ar.Files[wantIdx].Data)
			}
			if got != want {
				t.Errorf("findings differ (run with -update to accept)\n--- got\n%s--- want\n%s", got, want)
			}
		})
	}
}

// Compact renders findings one per line: the rule, the definition and
// pointer, every location, and the message.
func Compact(fs []report.Finding) string {
	var b strings.Builder
	for _, f := range fs {
		locs := make([]string, len(f.Locations))
		for i, l := range f.Locations {
			locs[i] = fmt.Sprintf("%s#%s", l.String(), l.Pointer)
		}
		def := f.Definition
		if def == "" {
			def = "-"
		}
		fmt.Fprintf(&b, "%s %s %s %s: %s\n", f.Rule, def, orDash(f.Pointer), strings.Join(locs, " "), f.Message)
	}
	return b.String()
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// Renames reads a case's "args" file: whitespace-separated CANONICAL=MIRROR
// definition renames. A case without one has none.
func Renames(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	b, err := os.ReadFile(filepath.Join(dir, "args"))
	if errors.Is(err, os.ErrNotExist) {
		return out
	}
	if err != nil {
		t.Fatal(err)
	}
	for _, field := range strings.Fields(string(b)) {
		c, m, ok := strings.Cut(field, "=")
		if !ok || c == "" || m == "" {
			t.Fatalf("args: %q is not CANONICAL=MIRROR", field)
		}
		out[c] = m
	}
	return out
}

// Golden compares got with the file at path, or rewrites the file with got
// under -update.
func Golden(t *testing.T, path, got string) {
	t.Helper()
	if Update() {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs (go test -update rewrites it)\n--- got\n%s--- want\n%s", path, got, want)
	}
}

// WriteFiles writes files (slash-separated path -> content) into a fresh
// temporary folder and returns it: a project built in the test itself.
func WriteFiles(t testing.TB, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}
