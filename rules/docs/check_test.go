package docs

import (
	"github.com/wirelint/wirelint/internal/fsroot"
	"github.com/wirelint/wirelint/internal/limits"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wirelint/wirelint/internal/casetest"
	"github.com/wirelint/wirelint/report"
)

// TestCheck runs Check over each small repository in testdata and compares
// its findings, in the compact form of the rule cases, with the repository's
// .golden file: the noisy
// repository holds each kind of drift and each construct that must stay silent;
// testdata/silent must produce nothing.
func TestCheck(t *testing.T) {
	for _, name := range []string{"repo", "silent"} {
		t.Run(name, func(t *testing.T) {
			root := filepath.Join("testdata", name)
			fs, err := Check(root, Options{FS: fsroot.Unconfined()})
			if err != nil {
				t.Fatal(err)
			}
			casetest.Golden(t, root+".golden", casetest.Compact(report.Finalize(fs)))
		})
	}
}

// writeTree creates files (slash paths to contents) under dir.
func writeTree(t testing.TB, dir string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// citingFiles lists the primary file of each finding, sorted.
func citingFiles(fs []report.Finding) []string {
	fs = report.Finalize(fs)
	var out []string
	for _, f := range fs {
		out = append(out, f.Primary().File+" "+f.Rule)
	}
	return out
}

var ignoredTree = map[string]string{
	".gitignore":      "ignored.md\nbuild/\n",
	"ignored.md":      "[x](missing.md)\n",
	"build/gen.go":    "// docs/missing.md\npackage build\n",
	"kept.md":         "[x](missing.md)\n",
	"docs/a.md":       "# A\n",
	"src/main.go":     "// docs/a.md#b\npackage main\n",
	"testdata/bad.md": "[x](missing.md)\n",
}

// TestCheckSkipsGitIgnored: inside a git work tree, files git ignores are not
// scanned; tracked and untracked-but-not-ignored files are.
func TestCheckSkipsGitIgnored(t *testing.T) {
	git, err := exec.LookPath("git")
	if err != nil {
		t.Skip("git not installed")
	}
	dir := t.TempDir()
	writeTree(t, dir, ignoredTree)
	if out, err := exec.Command(git, "-C", dir, "init", "-q").CombinedOutput(); err != nil {
		t.Fatalf("git init: %v\n%s", err, out)
	}
	fs, err := Check(dir, Options{FS: fsroot.New(dir)})
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Join(citingFiles(fs), "\n")
	want := strings.Join([]string{
		path.Join(filepath.ToSlash(dir), "kept.md") + " docs/broken-link",
		path.Join(filepath.ToSlash(dir), "src/main.go") + " docs/broken-ref",
	}, "\n")
	if got != want {
		t.Errorf("findings at:\n%s\nwant:\n%s", got, want)
	}
}

// TestCheckWithoutGit: with no git on PATH the tree is walked, so the files a
// .gitignore names are scanned too; testdata stays excluded by default.
func TestCheckWithoutGit(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, ignoredTree)
	t.Setenv("PATH", "")
	fs, err := Check(dir, Options{FS: fsroot.Unconfined()})
	if err != nil {
		t.Fatal(err)
	}
	if got := len(citingFiles(fs)); got != 4 {
		t.Errorf("got %d findings, want 4 (build/gen.go, ignored.md, kept.md, src/main.go):\n%s", got, strings.Join(citingFiles(fs), "\n"))
	}
}

// TestCheckOptions: Refs widens or disables the comment check, Exclude
// replaces the default exclusions.
func TestCheckOptions(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{
		"design/a.rst":    "A\n",
		"src/main.go":     "// design/a.rst and design/b.rst and docs/c.md\npackage main\n",
		"testdata/bad.md": "[x](missing.md)\n",
	})
	t.Setenv("PATH", "")
	for _, tc := range []struct {
		name string
		opts Options
		want int
	}{
		{"defaults", Options{}, 1},
		{"custom refs", Options{Refs: []string{"design/*.rst"}}, 1},
		{"both", Options{Refs: []string{"design/*.rst", "docs/**/*.md"}}, 2},
		{"no refs", Options{Refs: []string{}}, 0},
		{"no exclusions", Options{Exclude: []string{}}, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.opts.FS = fsroot.Unconfined()
			fs, err := Check(dir, tc.opts)
			if err != nil {
				t.Fatal(err)
			}
			if len(fs) != tc.want {
				t.Errorf("got %d findings, want %d:\n%s", len(fs), tc.want, strings.Join(citingFiles(fs), "\n"))
			}
		})
	}
}

// TestCheckErrors: a missing root, a file as root and a malformed glob are
// errors naming what was wrong, not panics.
func TestCheckErrors(t *testing.T) {
	for _, tc := range []struct {
		root string
		opts Options
		want string
	}{
		{"testdata/nope", Options{}, "testdata/nope does not exist"},
		{"testdata/repo.golden", Options{}, "testdata/repo.golden is not a directory"},
		{"testdata/silent", Options{Refs: []string{"docs/["}}, `refs: glob "docs/["`},
		{"testdata/silent", Options{Exclude: []string{""}}, "exclude: empty glob"},
	} {
		tc.opts.FS = fsroot.Unconfined()
		_, err := Check(tc.root, tc.opts)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Check(%q) error = %v, want it to contain %q", tc.root, err, tc.want)
		}
	}
}

// TestFingerprintIgnoresSuggestion: a finding's fingerprint names the drift
// (rule, citing file, target), so adding a file that becomes the suggestion
// does not make a baselined finding look new.
func TestFingerprintIgnoresSuggestion(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"README.md": "[x](docs/wire.md)\n"})
	t.Setenv("PATH", "")
	fingerprint := func() (string, any) {
		fs, err := Check(dir, Options{FS: fsroot.Unconfined()})
		if err != nil || len(fs) != 1 {
			t.Fatalf("Check = %v, %v; want one finding", fs, err)
		}
		fs = report.Finalize(fs, Rules...)
		return fs[0].Fingerprint, fs[0].Fields["suggestion"]
	}
	before, none := fingerprint()
	writeTree(t, dir, map[string]string{"docs/archive/wire.md": "# Wire\n"})
	after, suggestion := fingerprint()
	if none != nil || suggestion != "docs/archive/wire.md" {
		t.Fatalf("suggestions = %v then %v, want none then docs/archive/wire.md", none, suggestion)
	}
	if before != after {
		t.Errorf("fingerprint changed from %s to %s when a suggestion appeared", before, after)
	}
}

// TestValuesMarkerReadWithTheRunsLimits: the document a values marker names
// is read with the run's budgets, not the defaults: under the defaults its
// table checks, under a node budget it passes the marker is broken, naming
// the budget.
func TestValuesMarkerReadWithTheRunsLimits(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{
		"schema.yaml": "$defs:\n  Color:\n    type: string\n    enum: [red, green]\n",
		"README.md":   "<!-- wirelint: values schema.yaml#/$defs/Color -->\n| value |\n|---|\n| `red` |\n| `green` |\n",
	})
	t.Setenv("PATH", "")
	for _, tc := range []struct {
		limits limits.Limits
		want   string // "" = no finding
	}{
		{limits.Limits{}, ""},
		{limits.Limits{Nodes: 5}, "more than 5 nodes: over the nodes-per-document budget (raise it with --max-nodes or limits.max-nodes)"},
	} {
		fs, err := Check(dir, Options{FS: fsroot.Unconfined(), Limits: tc.limits})
		switch {
		case err != nil:
			t.Fatal(err)
		case tc.want == "" && len(fs) != 0:
			t.Errorf("%+v: %v, want no finding", tc.limits, fs)
		case tc.want != "" && (len(fs) != 1 || !strings.Contains(fs[0].Message, tc.want)):
			t.Errorf("%+v: %v, want one finding naming %q", tc.limits, fs, tc.want)
		}
	}
}
