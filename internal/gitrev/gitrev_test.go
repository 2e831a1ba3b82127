package gitrev

import (
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/wirelint/wirelint/internal/gitx"
)

func run(t *testing.T, dir string, args ...string) {
	t.Helper()
	cmd := exec.Command("git", append([]string{"-C", dir, "-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "commit.gpgsign=false"}, args...)...)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
}

// find returns the repository holding dir.
func find(t *testing.T, dir string) *gitx.Repo {
	t.Helper()
	r, err := gitx.Find(dir)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func write(t *testing.T, dir, name, text string) {
	t.Helper()
	p := filepath.Join(dir, filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestExtract reads a committed revision while the work tree has moved on:
// the named file and the files its $refs reach (transitively, JSON and YAML)
// come from the commit; a $ref leaving the repository and one naming a URL
// are not followed; a file the revision lacks is skipped.
func TestExtract(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	repo := t.TempDir()
	run(t, repo, "init", "-q")
	write(t, repo, "api/openapi.yaml", "openapi: 3.0.3\ncomponents:\n  schemas:\n    A: {$ref: './schemas/a.json#/$defs/A'}\n    R: {$ref: 'https://example.com/r.json'}\n")
	write(t, repo, "api/schemas/a.json", `{"$defs": {"A": {"$ref": "../common/b.yaml#/B"}, "Out": {"$ref": "../../../outside.json"}}}`)
	write(t, repo, "api/common/b.yaml", "B: {type: string, maxLength: 8}\n")
	write(t, repo, "unrelated.json", "{}")
	run(t, repo, "add", "-A")
	run(t, repo, "commit", "-q", "-m", "base")
	write(t, repo, "api/common/b.yaml", "B: {type: string, maxLength: 4}\n")

	r, err := Open(find(t, filepath.Join(repo, "api")), "HEAD")
	if err != nil {
		t.Fatal(err)
	}
	dst := t.TempDir()
	got, err := r.Extract(dst, []string{"api/openapi.yaml", "api/missing.yaml"})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(got)
	if want := "api/common/b.yaml api/openapi.yaml api/schemas/a.json"; strings.Join(got, " ") != want {
		t.Errorf("extracted %v, want %s", got, want)
	}
	b, err := os.ReadFile(filepath.Join(dst, "api", "common", "b.yaml"))
	if err != nil || !strings.Contains(string(b), "maxLength: 8") {
		t.Errorf("b.yaml = %q, %v; want the committed maxLength: 8", b, err)
	}
	if rel, ok := r.Rel(filepath.Join(r.Top, "api", "openapi.yaml")); !ok || rel != "api/openapi.yaml" {
		t.Errorf("Rel = %q, %v", rel, ok)
	}
}

// TestOpenRejects refuses what is not a revision: an option-like name, a
// name that resolves to nothing, a folder outside git.
func TestOpenRejects(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	repo := t.TempDir()
	run(t, repo, "init", "-q")
	write(t, repo, "a.json", "{}")
	run(t, repo, "add", "-A")
	run(t, repo, "commit", "-q", "-m", "base")
	for _, rev := range []string{"--output=/tmp/x", "no-such-branch", ""} {
		if _, err := Open(find(t, repo), rev); err == nil {
			t.Errorf("Open(%q) succeeded", rev)
		}
	}
}
