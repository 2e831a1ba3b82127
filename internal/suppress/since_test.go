package suppress

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/wirelint/wirelint/internal/gitx"

	"github.com/wirelint/wirelint/reduce"
	"github.com/wirelint/wirelint/report"
)

// TestParseDiff pins hunk reading: added ranges, single lines, pure
// deletions (both sides of the cut), deleted files and quoted names.
func TestParseDiff(t *testing.T) {
	diff := `diff --git a/api/openapi.yaml b/api/openapi.yaml
--- a/api/openapi.yaml
+++ b/api/openapi.yaml
@@ -10,0 +11,2 @@ components:
+      maxLength: 64
+      minLength: 1
@@ -30 +32 @@
-  a
+  b
@@ -40,3 +41,0 @@
-x
diff --git a/gone.json b/gone.json
--- a/gone.json
+++ /dev/null
@@ -1,3 +0,0 @@
diff --git "a/sp\tce.json" "b/sp\tce.json"
--- "a/sp\tce.json"
+++ "b/sp\tce.json"
@@ -1 +1 @@
`
	ch, err := ParseDiff([]byte(diff))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for f, lines := range ch {
		var ls []int
		for l := range lines {
			ls = append(ls, l)
		}
		sort.Ints(ls)
		got = append(got, fmt.Sprint(f, ls))
	}
	sort.Strings(got)
	want := "api/openapi.yaml[11 12 32 41 42] | sp\tce.json[1]"
	if g := strings.Join(got, " | "); g != want {
		t.Errorf("changes %q\nwant %q", g, want)
	}
	if _, err := ParseDiff([]byte("+++ b/x\n@@ -1 +z @@\n")); err == nil {
		t.Error("malformed hunk header accepted")
	}
}

const sinceDoc = `openapi: 3.0.3
info: {title: t, version: "1"}
paths:
  /frames:
    get:
      responses:
        "200":
          description: ok
components:
  schemas:
    Frame:
      type: object
      properties:
        id:
          type: string
          maxLength: 64
    Block:
      type: string
`

// TestTouched pins what --since keeps: findings in a definition or path
// whose span holds a changed line, or on a changed line of another file.
func TestTouched(t *testing.T) {
	doc, err := reduce.Parse([]byte(sinceDoc), "api/openapi.yaml")
	if err != nil {
		t.Fatal(err)
	}
	docs := map[string]*reduce.Document{doc.Path: doc}
	fs := []report.Finding{
		finding("parity/keyword", "Frame", "/properties/id/maxLength", loc("api/openapi.yaml", 16, "/components/schemas/Frame/properties/id/maxLength")),
		finding("parity/keyword", "Block", "", loc("api/openapi.yaml", 17, "/components/schemas/Block")),
		finding("routes/unimplemented", "", "", loc("api/openapi.yaml", 5, "/paths/~1frames/get")),
		finding("routes/undocumented", "", "", loc("server/main.go", 20, "")),
		finding("routes/undocumented", "", "", loc("server/other.go", 9, "")),
		finding("docs/broken-link", "", "", loc("new.md", 3, "")),
	}
	ch := Changes{
		"api/openapi.yaml": {12: true, 8: true}, // inside Frame; inside /frames
		"server/main.go":   {20: true},
		"server/other.go":  {10: true},
		"new.md":           nil,
	}
	var got []string
	for _, f := range Touched(fs, ch, docs) {
		got = append(got, f.Rule+":"+f.Primary().String())
	}
	want := "parity/keyword:api/openapi.yaml:16:3 routes/unimplemented:api/openapi.yaml:5:3 routes/undocumented:server/main.go:20:3 docs/broken-link:new.md:3:3"
	if g := strings.Join(got, " "); g != want {
		t.Errorf("touched %s\nwant    %s", g, want)
	}
}

// TestGitChanges runs git on a scratch repository: a committed file edited
// in the work tree, and an untracked file; asked about a subfolder, only its
// files, named from it.
func TestGitChanges(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	dir := t.TempDir()
	run := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-C", dir, "-c", "user.email=t@example.com", "-c", "user.name=t", "-c", "commit.gpgsign=false"}, args...)...)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	write := func(name, text string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	run("init", "-q")
	write("a.yaml", "a: 1\nb: 2\nc: 3\n")
	write("sub/s.yaml", "s: 1\n")
	run("add", ".")
	run("commit", "-q", "-m", "base")
	write("a.yaml", "a: 1\nb: 20\nc: 3\n")
	write("new.json", "{}\n")
	write("sub/s.yaml", "s: 2\n")
	write("sub/t.json", "{}\n")
	repo, err := gitx.Find(dir)
	if err != nil {
		t.Fatal(err)
	}
	sub, err := GitChanges(repo, filepath.Join(dir, "sub"), "HEAD")
	if err != nil {
		t.Fatal(err)
	}
	if len(sub) != 2 || !sub["s.yaml"][1] || sub["t.json"] != nil {
		t.Errorf("changes in sub = %v", sub)
	}
	ch, err := GitChanges(repo, dir, "HEAD")
	if err != nil {
		t.Fatal(err)
	}
	if len(ch) != 4 || !ch["a.yaml"][2] || ch["a.yaml"][1] || ch["new.json"] != nil {
		t.Errorf("changes = %v", ch)
	}
	if _, ok := ch["new.json"]; !ok {
		t.Error("untracked file missing")
	}
	if _, err := GitChanges(repo, dir, "no-such-rev"); err == nil || !strings.Contains(err.Error(), `--since "no-such-rev" names no commit`) {
		t.Errorf("unknown revision: %v", err)
	}
	if _, err := GitChanges(repo, dir, "--output=x"); err == nil {
		t.Error("an option passed as revision was accepted")
	}
}
