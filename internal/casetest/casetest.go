// Package casetest runs rule cases kept as data: each txtar file in a
// directory holds the documents of one case and a "want" section listing the
// findings the rule must produce, one per line. Run the tests with -update to
// rewrite the want sections from what the rules produce now.
package casetest

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"
	"github.com/wirelint/wirelint/reduce"
	"github.com/wirelint/wirelint/report"
)

// update is the one -update flag of every package whose tests import
// casetest: rule cases, goldens and generated files alike.
var update = flag.Bool("update", false, "rewrite the want sections of rule cases and golden files")

// Update reports whether the tests run with -update: rewrite what they
// compare against instead of failing.
func Update() bool { return *update }

// Case is one rule case: its archive's files written to a fresh directory,
// which is the working directory while the check runs.
type Case struct {
	// Dir holds the case's files: every section but want and args.
	Dir string
	// WS is a workspace rooted at Dir.
	WS *reduce.Workspace

	header map[string][]string
	args   []string
}

// Header returns the values of the "KEY: VALUE" lines of the archive's
// comment (the text before its first section) for key, in order.
func (c *Case) Header(key string) []string { return c.header[key] }

// Renames reads the args as CANONICAL=MIRROR definition renames.
func (c *Case) Renames(t *testing.T) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, field := range c.args {
		canonical, mirror, ok := strings.Cut(field, "=")
		if !ok || canonical == "" || mirror == "" {
			t.Fatalf("args: %q is not CANONICAL=MIRROR", field)
		}
		out[canonical] = mirror
	}
	return out
}

// First returns the first of names the case holds ("" = none).
func (c *Case) First(names ...string) string {
	for _, n := range names {
		if _, err := os.Stat(filepath.Join(c.Dir, filepath.FromSlash(n))); err == nil {
			return n
		}
	}
	return ""
}

// Load loads the case's document name into WS, failing the test when it
// cannot.
func (c *Case) Load(t *testing.T, name string) *reduce.Document {
	t.Helper()
	if name == "" {
		t.Fatal("the case holds none of the documents it needs")
	}
	doc, err := c.WS.Load(name, "")
	if err != nil {
		t.Fatalf("load %s: %v", name, err)
	}
	return doc
}

// Run calls check for every *.txtar case under dir, in subfolders too. check
// receives the case written out to a fresh directory and returns findings;
// Run compares their compact form with the case's want section. A case whose
// path contains "silent" must want no findings.
func Run(t *testing.T, dir string, check func(t *testing.T, c *Case) []report.Finding) {
	t.Helper()
	RunText(t, dir, func(t *testing.T, c *Case) string { return Compact(report.Finalize(check(t, c))) })
}

// RunText runs the cases under dir as Run does, comparing the text produce
// returns with each case's want section: the one case format for what is no
// finding (the routes a source file yields). A case whose path contains
// "silent" must want nothing.
func RunText(t *testing.T, dir string, produce func(t *testing.T, c *Case) string) {
	t.Helper()
	dir, err := filepath.Abs(dir) // the cases run in their own directories
	if err != nil {
		t.Fatal(err)
	}
	var files, stray []string
	err = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
			return err
		case d.IsDir() && d.Name() == "fuzz": // go test's fuzz corpora live beside the cases
			return filepath.SkipDir
		case d.IsDir():
		case strings.HasSuffix(p, ".txtar"):
			files = append(files, p)
		case strings.HasPrefix(d.Name(), "want") || d.Name() == "options.txt":
			// the golden or options of a case kept as a folder
			stray = append(stray, p)
		}
		return nil
	})
	if err != nil { // a folder left unread would leave its cases unrun
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatalf("no cases in %s", dir)
	}
	// A case kept as a folder (the form some families used before) would
	// never run: say so rather than skip it silently.
	for _, p := range stray {
		t.Errorf("%s: a case kept as a folder never runs; make it one .txtar file", p)
	}
	for _, file := range files {
		rel, _ := filepath.Rel(dir, file)
		name := strings.TrimSuffix(filepath.ToSlash(rel), ".txtar")
		t.Run(name, func(t *testing.T) {
			ar, err := txtar.ParseFile(file)
			if err != nil {
				t.Fatal(err)
			}
			c := &Case{Dir: t.TempDir(), header: map[string][]string{}}
			for _, line := range strings.Split(string(ar.Comment), "\n") {
				if key, val, ok := strings.Cut(line, ":"); ok && !strings.ContainsAny(key, " \t") {
					c.header[key] = append(c.header[key], strings.TrimSpace(val))
				}
			}
			wantIdx := -1
			for i, f := range ar.Files {
				switch f.Name {
				case "want":
					wantIdx = i
					continue
				case "args":
					c.args = strings.Fields(string(f.Data))
					continue
				}
				writeFile(t, c.Dir, f.Name, f.Data)
			}
			t.Chdir(c.Dir) // before the workspace: it names files from here
			c.WS = reduce.NewWorkspace(c.Dir)
			got := produce(t, c)
			if strings.Contains(name, "silent") && got != "" {
				t.Errorf("silent case produced output:\n%s", got)
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
				t.Errorf("got differs from want (run with -update to accept)\n--- got\n%s--- want\n%s", got, want)
			}
		})
	}
}

// Compact renders findings, the one golden format of every rule case: a
// line each with the rule, the definition and pointer, every location and the
// message; below it an indented line per rule-specific field ("  key: JSON",
// sorted by key) and per line of the detail ("  | text").
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
		for _, k := range slices.Sorted(maps.Keys(f.Fields)) {
			var v bytes.Buffer
			enc := json.NewEncoder(&v)
			enc.SetEscapeHTML(false)
			if err := enc.Encode(f.Fields[k]); err != nil {
				fmt.Fprintf(&v, "%v\n", f.Fields[k])
			}
			fmt.Fprintf(&b, "  %s: %s", k, v.Bytes())
		}
		if f.Detail != "" {
			for _, line := range strings.Split(f.Detail, "\n") {
				fmt.Fprintf(&b, "  | %s\n", line)
			}
		}
	}
	return b.String()
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
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

// Seed adds every file below dir whose name ends in one of exts to the fuzz
// corpus of f, in walk order.
func Seed(f *testing.F, dir string, exts ...string) {
	f.Helper()
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		for _, e := range exts {
			if strings.HasSuffix(p, e) {
				data, err := os.ReadFile(p)
				if err != nil {
					return err
				}
				f.Add(string(data))
				break
			}
		}
		return nil
	})
	if err != nil {
		f.Fatal(err)
	}
}

// WriteFiles writes files (slash-separated path -> content) into a fresh
// temporary folder and returns it: a project built in the test itself.
func WriteFiles(t testing.TB, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		writeFile(t, dir, name, []byte(text))
	}
	return dir
}

// writeFile writes data to the slash-separated path name under dir, making
// the folders it needs.
func writeFile(t testing.TB, dir, name string, data []byte) {
	t.Helper()
	p := filepath.Join(dir, filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// Project loads the named documents of a folder written by WriteFiles into a
// fresh workspace: what a validation test needs before it calls its family's
// Check.
func Project(t testing.TB, dir string, docs ...string) (*reduce.Workspace, []*reduce.Document) {
	t.Helper()
	ws := reduce.NewWorkspace(dir)
	loaded := make([]*reduce.Document, len(docs))
	for i, name := range docs {
		doc, err := ws.Load(filepath.Join(dir, filepath.FromSlash(name)), "")
		if err != nil {
			t.Fatalf("load %s: %v", name, err)
		}
		loaded[i] = doc
	}
	return ws, loaded
}
