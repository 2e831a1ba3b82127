package docs

import (
	"fmt"
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

// TestCheckGitIgnoredRoute: inside a git work tree, a root-absolute link to
// a route no page serves, whose page file a .gitignore excludes (reference
// pages a build generates into the content folder, as tauri-apps/tauri-docs'
// src/content/docs/reference/.gitignore lists config.md), is unverified,
// naming the file and the rule; a route no rule covers stays broken.
func TestCheckGitIgnoredRoute(t *testing.T) {
	dir, got := checkInGitTree(t, map[string]string{
		"astro.config.mjs":                       "import starlight from '@astrojs/starlight';\nexport default { integrations: [starlight({ title: 'Docs' })] };\n",
		"src/content/docs/index.md":              "# Home\n\nSee [the configuration](/reference/config/) and [the CLI](/reference/cli/).\n",
		"src/content/docs/reference/.gitignore":  "config.md\n",
		"src/content/docs/reference/overview.md": "# Reference\n",
	})
	config := filepath.ToSlash(filepath.Join(dir, "src/content/docs/reference/config.md"))
	wantFindings(t, got,
		"docs/unverified: link target /reference/config/ is not checked: "+config+", the page it would be, is ignored by git (src/content/docs/reference/.gitignore:1): a build makes it, so whether it is there is not checked",
		"docs/broken-link: link target /reference/cli/ is neither a page nor a static file of the starlight site of astro.config.mjs, nor a file in the repository: fix the link or restore the page")

	// with routes the configuration redirects, every missing route is
	// unverified; the git-ignored page file is still the reason given for
	// the route it makes (facebook/lexical's /docs/api pages, beside
	// plugin-client-redirects)
	dir, got = checkInGitTree(t, map[string]string{
		"astro.config.mjs":                       "import starlight from '@astrojs/starlight';\nexport default { redirects: { '/old/': '/' }, integrations: [starlight({ title: 'Docs' })] };\n",
		"src/content/docs/index.md":              "# Home\n\nSee [the configuration](/reference/config/) and [the CLI](/reference/cli/).\n",
		"src/content/docs/reference/.gitignore":  "config.md\n",
		"src/content/docs/reference/overview.md": "# Reference\n",
	})
	config = filepath.ToSlash(filepath.Join(dir, "src/content/docs/reference/config.md"))
	wantFindings(t, got,
		"docs/unverified: link target /reference/config/ is not checked: "+config+", the page it would be, is ignored by git (src/content/docs/reference/.gitignore:1): a build makes it, so whether it is there is not checked",
		"docs/unverified: link target /reference/cli/ is not checked: astro.config.mjs redirects routes (redirects), which wirelint does not fold")
}

// checkInGitTree writes tree into a new git work tree and checks it,
// returning its folder and the findings as "rule: message" lines; it skips
// the test when git is not installed.
func checkInGitTree(t *testing.T, tree map[string]string) (string, []string) {
	t.Helper()
	git, err := exec.LookPath("git")
	if err != nil {
		t.Skip("git not installed")
	}
	dir := t.TempDir()
	writeTree(t, dir, tree)
	if out, err := exec.Command(git, "-C", dir, "init", "-q").CombinedOutput(); err != nil {
		t.Fatalf("git init: %v\n%s", err, out)
	}
	fs, err := Check(dir, Options{FS: fsroot.New(dir)})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range report.Finalize(fs) {
		got = append(got, f.Rule+": "+f.Message)
	}
	return dir, got
}

// wantFindings compares the "rule: message" lines of a check with want.
func wantFindings(t *testing.T, got []string, want ...string) {
	t.Helper()
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("findings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestCheckGitIgnoredTarget: inside a git work tree, a link or comment
// citation to a file the tree lacks that a .gitignore of the repository
// excludes (a page the build generates: Woodpecker's docs/docs/40-cli.md)
// is unverified, naming the rule; a missing file no rule excludes stays
// broken. Without git both are broken.
func TestCheckGitIgnoredTarget(t *testing.T) {
	dir, got := checkInGitTree(t, map[string]string{
		".gitignore":     "# generated by make docs\ndocs/cli.md\n",
		"docs/usage.md":  "See the [CLI reference](cli.md#exec) and [gone](gone.md).\n",
		"cmd/main.go":    "// docs/cli.md\npackage main\n",
		"docs/README.md": "# Docs\n",
	})
	cli := filepath.ToSlash(filepath.Join(dir, "docs/cli.md"))
	wantFindings(t, got,
		"docs/unverified: the file a comment cites, docs/cli.md, is not checked: "+cli+" is ignored by git (.gitignore:2): a build makes it, so whether it is there is not checked",
		"docs/unverified: link target cli.md#exec is not checked: "+cli+" is ignored by git (.gitignore:2): a build makes it, so whether it is there is not checked",
		"docs/broken-link: link target gone.md resolves to "+filepath.ToSlash(filepath.Join(dir, "docs/gone.md"))+", which does not exist: fix the link or restore the file")

	t.Setenv("PATH", "")
	fs, err := Check(dir, Options{FS: fsroot.New(dir)})
	if err != nil {
		t.Fatal(err)
	}
	if n := len(fs); n != 3 {
		t.Errorf("without git: %d findings, want 3 broken", n)
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

// TestDocusaurusTooManyVersions: a versions.json listing more versions than
// wirelint routes leaves the site's routes unverified, naming the file, not
// a false error per versioned link (each version is a folder every page is
// looked up in, so their number bounds the work).
func TestDocusaurusTooManyVersions(t *testing.T) {
	dir := t.TempDir()
	versions := make([]string, maxDocusaurusVersions+1)
	for i := range versions {
		versions[i] = fmt.Sprintf("%q", fmt.Sprintf("%d.0", i))
	}
	writeTree(t, dir, map[string]string{
		"site/docusaurus.config.js": "module.exports = {presets: [['classic', {docs: {}}]]};\n",
		"site/versions.json":        "[" + strings.Join(versions, ",") + "]",
		"site/docs/a.md":            "# A\n\n[next](/docs/next/a)\n",
	})
	t.Setenv("PATH", "")
	fs, err := Check(dir, Options{FS: fsroot.New(dir)})
	if err != nil {
		t.Fatal(err)
	}
	if len(fs) != 1 || fs[0].Rule != RuleUnverified || !strings.Contains(fs[0].Message, "lists 201 versions") {
		t.Fatalf("findings = %v, want one unverified naming the 201 versions", fs)
	}
}
