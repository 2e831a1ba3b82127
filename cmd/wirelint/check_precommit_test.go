package main

import (
	"bytes"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pb33f/go-yaml"
)

// TestPreCommitHook installs the hook from .pre-commit-hooks.yaml the way
// users do, with `pre-commit try-repo` against a scratch project, and runs it:
// the hook must build wirelint, run check, print the drift and fail the
// commit. It needs pre-commit (the Debian package works) and git, and skips
// with a message where either is missing. Go modules come from the local
// module cache; nothing is fetched. try-repo installs into a fresh store each
// time, so the hook runs once (a build takes minutes on a loaded machine).
func TestPreCommitHook(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("skipped in -short mode: builds wirelint through pre-commit")
	}
	if _, err := exec.LookPath("pre-commit"); err != nil {
		t.Skip("pre-commit is not installed (apt-get install pre-commit, or pip install pre-commit) — skipping the hook test")
	}
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed — skipping the hook test")
	}
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("go is not on PATH — pre-commit's golang hooks need it")
	}
	modCache := strings.TrimSpace(string(cmdOutput(t, exec.Command(goBin, "env", "GOMODCACHE"))))

	tmp := t.TempDir()
	hookRepo := filepath.Join(tmp, "hook")
	copyModuleFor(t, "../..", hookRepo, "./cmd/wirelint")
	gitCommitAll(t, hookRepo)

	project := filepath.Join(tmp, "project")
	writeFiles(t, project, map[string]string{
		".wirelint.yaml":    "parity:\n  - canonical: schema/frame.json\n    mirror: api/openapi.yaml\n",
		"schema/frame.json": `{"$defs": {"Frame": {"type": "string", "maxLength": 64}}}` + "\n",
		"api/openapi.yaml":  "openapi: 3.1.0\ninfo: {title: t, version: \"1\"}\npaths: {}\ncomponents:\n  schemas:\n    Frame: {type: string, maxLength: 128}\n",
	})
	gitCommitAll(t, project)

	env := append(os.Environ(),
		"PRE_COMMIT_HOME="+filepath.Join(tmp, "pre-commit-home"),
		"GOMODCACHE="+modCache,
		"GOPROXY=off",
		"GOFLAGS=-buildvcs=false",
		"GOTOOLCHAIN=local",
		"PATH="+filepath.Dir(goBin)+string(os.PathListSeparator)+os.Getenv("PATH"),
	)
	tryRepo := func() (string, int) {
		cmd := exec.Command("pre-commit", "try-repo", hookRepo, "wirelint", "--all-files", "--color", "never")
		cmd.Dir = project
		cmd.Env = env
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		err := cmd.Run()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatalf("pre-commit: %v", err)
		}
		return out.String(), code
	}

	out, code := tryRepo()
	if code != 1 || !strings.Contains(out, "maxLength is 64 in frame.json but 128 in openapi.yaml (parity/keyword)") {
		t.Fatalf("hook on a drifted project: exit %d, want 1 with the parity finding; output:\n%s", code, out)
	}
	if !strings.Contains(out, "wirelint") || !strings.Contains(out, "Failed") {
		t.Errorf("pre-commit did not report the wirelint hook as failed:\n%s", out)
	}
}

// cmdOutput runs cmd and returns its stdout, failing the test on error.
func cmdOutput(t *testing.T, cmd *exec.Cmd) []byte {
	t.Helper()
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	b, err := cmd.Output()
	if err != nil {
		t.Fatalf("%v: %v\n%s", cmd.Args, err, stderr.String())
	}
	return b
}

// copyModuleFor copies into dst the go.mod, go.sum and hook definition of the
// module at root, and the non-test Go files of the module's packages that pkg
// needs, so a half-finished package elsewhere in the tree cannot break the
// hook's `go install ./...`.
func copyModuleFor(t *testing.T, root, dst, pkg string) {
	t.Helper()
	cmd := exec.Command("go", "list", "-deps", "-f", "{{if .Module}}{{if .Module.Main}}{{.Dir}}{{end}}{{end}}", pkg)
	cmd.Dir = root
	out := cmdOutput(t, cmd)
	absRoot, err := filepath.Abs(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"go.mod", "go.sum", ".pre-commit-hooks.yaml"} {
		copyFile(t, filepath.Join(absRoot, f), filepath.Join(dst, f))
	}
	for _, dir := range strings.Fields(string(out)) {
		rel, err := filepath.Rel(absRoot, dir)
		if err != nil {
			t.Fatal(err)
		}
		entries, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			if e.IsDir() || strings.HasSuffix(e.Name(), "_test.go") {
				continue
			}
			copyFile(t, filepath.Join(dir, e.Name()), filepath.Join(dst, rel, e.Name()))
		}
	}
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	data, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, text := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), fs.FileMode(0o644)); err != nil {
			t.Fatal(err)
		}
	}
}

// gitCommitAll makes dir a git repository (once) and commits everything in it.
func gitCommitAll(t *testing.T, dir string) {
	t.Helper()
	git := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-c", "user.email=t@example.com", "-c", "user.name=t", "-c", "commit.gpgsign=false"}, args...)...)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v in %s: %v\n%s", args, dir, err, out)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, ".git")); err != nil {
		git("init", "-q")
	}
	git("add", "-A")
	git("commit", "-q", "--allow-empty", "-m", "snapshot")
}

// TestPackagingFiles pins what the hooks promise: `wirelint` runs `wirelint
// check` as a golang hook without file names, and the `go install ./...`
// pre-commit runs for a golang hook builds wirelint alone (bench/ is its own
// module); `wirelint-release` runs the same check through the script that
// runs the released binary.
func TestPackagingFiles(t *testing.T) {
	var hooks []map[string]any
	readYAML(t, "../../.pre-commit-hooks.yaml", &hooks)
	if len(hooks) != 2 {
		t.Fatalf("%d hooks, want 2", len(hooks))
	}
	for i, want := range []map[string]any{
		{"id": "wirelint", "entry": "wirelint check", "language": "golang", "pass_filenames": false},
		{"id": "wirelint-release", "entry": "scripts/pre-commit/wirelint.sh check", "language": "script", "pass_filenames": false},
	} {
		for k, v := range want {
			if hooks[i][k] != v {
				t.Errorf("hook %d: %s = %v, want %v", i, k, hooks[i][k], v)
			}
		}
	}
	cmd := exec.Command("go", "list", "-f", "{{if eq .Name \"main\"}}{{.ImportPath}}{{end}}", "./...")
	cmd.Dir = "../.."
	if got := strings.Fields(string(cmdOutput(t, cmd))); len(got) != 1 || got[0] != "github.com/wirelint/wirelint/cmd/wirelint" {
		t.Errorf("go install ./... builds %v; want wirelint alone (a program elsewhere belongs in the bench module)", got)
	}
}

func readYAML(t *testing.T, path string, v any) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := yaml.Unmarshal(data, v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}
