package gitx

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func git(t *testing.T, dir string, args ...string) {
	t.Helper()
	cmd := exec.Command("git", append([]string{"-C", dir, "-c", "user.email=t@example.com", "-c", "user.name=t", "-c", "commit.gpgsign=false"}, args...)...)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
}

// TestFind takes the nearest .git above the project root, a folder or the
// gitdir file of a linked work tree, and never a folder laid out as a bare
// repository: without a .git above, there is no repository.
func TestFind(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	dir := t.TempDir()
	git(t, dir, "init", "-q")
	must(t, os.MkdirAll(filepath.Join(dir, "a", "b"), 0o755))
	r, err := Find(filepath.Join(dir, "a", "b"))
	if err != nil || r.Top != dir || r.GitDir != filepath.Join(dir, ".git") {
		t.Fatalf("Find = %+v, %v; want top %s", r, err, dir)
	}
	must(t, os.WriteFile(filepath.Join(dir, "a.txt"), []byte("a"), 0o644))
	git(t, dir, "add", ".")
	git(t, dir, "commit", "-q", "-m", "base")
	linked := filepath.Join(t.TempDir(), "linked")
	git(t, dir, "worktree", "add", "-q", linked)
	r, err = Find(linked)
	if err != nil || r.Top != linked || !strings.HasPrefix(r.GitDir, filepath.Join(dir, ".git", "worktrees")) {
		t.Fatalf("Find(linked work tree) = %+v, %v", r, err)
	}
	if out, err := r.Run(nil, "rev-parse", "--show-toplevel"); err != nil || strings.TrimSpace(string(out)) != linked {
		t.Errorf("linked work tree top = %q, %v", out, err)
	}

	bare := t.TempDir()
	git(t, bare, "init", "-q", "--bare")
	if _, err := Find(bare); !errors.Is(err, ErrNoRepository) {
		t.Errorf("Find(bare layout) = %v, want ErrNoRepository", err)
	}
}

// TestRunOverrides runs git against a repository whose own configuration
// names commands (fsmonitor, pager, external diff, a diff driver's command
// and textconv selected by .gitattributes, a hooks folder holding
// post-index-change): none runs. GIT_DIR in the environment does not
// redirect it; a command outside the allowed set (log -p would run the
// diff driver) is refused.
func TestRunOverrides(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	dir := t.TempDir()
	marker := filepath.Join(t.TempDir(), "RAN")
	git(t, dir, "init", "-q")
	must(t, os.WriteFile(filepath.Join(dir, "a.txt"), []byte("a\n"), 0o644))
	must(t, os.WriteFile(filepath.Join(dir, ".gitattributes"), []byte("*.txt diff=evil\n"), 0o644))
	git(t, dir, "add", ".")
	git(t, dir, "commit", "-q", "-m", "base")
	hooks := filepath.Join(dir, "hooks")
	must(t, os.MkdirAll(hooks, 0o755))
	must(t, os.WriteFile(filepath.Join(hooks, "post-index-change"), []byte("#!/bin/sh\ntouch "+marker+"\n"), 0o755))
	run := "touch " + marker + "; echo"
	for _, kv := range [][2]string{
		{"core.fsmonitor", run}, {"core.pager", run}, {"diff.external", run}, {"diff.evil.textconv", run},
		{"diff.evil.command", run}, {"core.hooksPath", hooks},
	} {
		git(t, dir, "config", kv[0], kv[1])
	}
	must(t, os.WriteFile(filepath.Join(dir, "a.txt"), []byte("b\n"), 0o644))
	t.Setenv("GIT_DIR", t.TempDir())
	r, err := Find(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"ls-files", "-z", "--cached", "--others", "--exclude-standard"},
		{"diff", "-U0", "--no-color", "HEAD", "--"},
		{"rev-parse", "--verify", "HEAD^{commit}"},
		{"ls-tree", "-r", "--long", "HEAD"},
	} {
		out, err := r.Run(nil, args...)
		if err != nil {
			t.Errorf("git %v: %v", args, err)
		}
		if args[0] == "diff" && !strings.Contains(string(out), "+b") {
			t.Errorf("git diff: %q, want the change", out)
		}
		if _, err := os.Stat(marker); err == nil {
			t.Fatalf("git %v ran a configured command", args)
		}
	}
	if _, err := r.Run(nil, "log", "-1", "-p"); err == nil {
		t.Error("git log ran: only the reading commands wirelint needs may")
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// TestNoCommitInShallowClone pins that a revision a shallow clone lacks is
// named with the remedy (fetch-depth: 0), and that a full clone's message
// does not blame the clone.
func TestNoCommitInShallowClone(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	origin := t.TempDir()
	git(t, origin, "init", "-q")
	for _, name := range []string{"a", "b"} {
		must(t, os.WriteFile(filepath.Join(origin, name), []byte(name), 0o644))
		git(t, origin, "add", ".")
		git(t, origin, "commit", "-q", "-m", name)
	}
	shallow := filepath.Join(t.TempDir(), "shallow")
	git(t, origin, "clone", "-q", "--depth", "1", "file://"+origin, shallow)
	r, err := Find(shallow)
	if err != nil {
		t.Fatal(err)
	}
	if err := r.NoCommit("--since", "HEAD~1"); !strings.Contains(err.Error(), "fetch-depth: 0") {
		t.Errorf("shallow clone: %v", err)
	}
	full, err := Find(origin)
	if err != nil {
		t.Fatal(err)
	}
	if err := full.NoCommit("--since", "nope"); strings.Contains(err.Error(), "shallow") || !strings.Contains(err.Error(), `--since "nope" names no commit`) {
		t.Errorf("full clone: %v", err)
	}
}

// TestRemoteURL reads the origin's URL from a repository whose
// configuration names commands everywhere git could run one while reading
// it (fsmonitor, pager, the config pager, hooks, an ssh command, a
// credential helper, an include of a file naming more): none runs, an unset
// remote is "" without an error, and a name that would reach another key is
// refused.
func TestRemoteURL(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	dir := t.TempDir()
	marker := filepath.Join(t.TempDir(), "RAN")
	run := "touch " + marker + "; echo"
	git(t, dir, "init", "-q")
	hooks := filepath.Join(dir, "hooks")
	must(t, os.MkdirAll(hooks, 0o755))
	for _, hook := range []string{"post-index-change", "reference-transaction", "post-checkout"} {
		must(t, os.WriteFile(filepath.Join(hooks, hook), []byte("#!/bin/sh\ntouch "+marker+"\n"), 0o755))
	}
	included := filepath.Join(t.TempDir(), "included")
	must(t, os.WriteFile(included, []byte("[core]\n\tpager = "+run+"\n\tfsmonitor = "+run+"\n"), 0o644))
	for _, kv := range [][2]string{
		{"core.fsmonitor", run}, {"core.pager", run}, {"pager.config", run}, {"core.hooksPath", hooks},
		{"core.sshCommand", run}, {"credential.helper", "!" + run}, {"include.path", included},
		{"remote.origin.url", "git@github.com:acme/widget.git"},
	} {
		git(t, dir, "config", kv[0], kv[1])
	}
	t.Setenv("GIT_DIR", t.TempDir())
	t.Setenv("GIT_PAGER", run)
	r, err := Find(dir)
	if err != nil {
		t.Fatal(err)
	}
	if got, err := r.RemoteURL("origin"); err != nil || got != "git@github.com:acme/widget.git" {
		t.Errorf("RemoteURL(origin) = %q, %v", got, err)
	}
	if got, err := r.RemoteURL("upstream"); err != nil || got != "" {
		t.Errorf("RemoteURL(upstream) = %q, %v; want \"\" and no error", got, err)
	}
	if _, err := os.Stat(marker); err == nil {
		t.Fatal("reading the remote ran a configured command")
	}
	for _, name := range []string{"origin.url --add x", "", ".origin", "a=b"} {
		if _, err := r.RemoteURL(name); err == nil {
			t.Errorf("RemoteURL(%q): want it refused", name)
		}
	}
	if _, err := r.Run(nil, "config", "--get", "remote.origin.url"); err == nil {
		t.Error("Run(config) ran: config's other forms write, so only RemoteURL may run it")
	}
}

// TestIgnored answers for the paths a .gitignore of the work tree excludes,
// naming the rule; a path a negated rule lets through, a tracked one, one
// no rule names and one only this machine's info/exclude names are not
// ignored; a path spelled like pathspec magic is not asked; none ignored is
// an empty answer, not an error.
func TestIgnored(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	dir := t.TempDir()
	git(t, dir, "init", "-q")
	must(t, os.MkdirAll(filepath.Join(dir, "docs"), 0o755))
	must(t, os.WriteFile(filepath.Join(dir, ".gitignore"), []byte("# built\n*.gen.md\n!keep.gen.md\ntracked.md\n"), 0o644))
	must(t, os.WriteFile(filepath.Join(dir, "docs", ".gitignore"), []byte("cli.md\n"), 0o644))
	must(t, os.WriteFile(filepath.Join(dir, ".git", "info", "exclude"), []byte("local.md\n"), 0o644))
	must(t, os.WriteFile(filepath.Join(dir, "tracked.md"), []byte("t"), 0o644))
	git(t, dir, "add", "-f", "tracked.md")
	r, err := Find(dir)
	must(t, err)
	got, err := r.Ignored([]string{"docs/cli.md", "a.gen.md", "keep.gen.md", "tracked.md", "plain.md", "local.md", ":(glob)*.gen.md"})
	must(t, err)
	want := map[string]string{"docs/cli.md": "docs/.gitignore:1", "a.gen.md": ".gitignore:2"}
	if len(got) != len(want) {
		t.Fatalf("Ignored = %v, want %v", got, want)
	}
	for p, w := range want {
		if got[p] != w {
			t.Errorf("Ignored[%s] = %q, want %q (all: %v)", p, got[p], w, got)
		}
	}
	if got, err := r.Ignored([]string{"plain.md"}); err != nil || len(got) != 0 {
		t.Errorf("Ignored(none ignored) = %v, %v", got, err)
	}
}
