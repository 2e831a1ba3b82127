package docs

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wirelint/wirelint/internal/fsroot"
)

// TestGitHubRepository reads owner/name from each form git writes a GitHub
// remote in, and nothing from another host or a path.
func TestGitHubRepository(t *testing.T) {
	for _, tc := range []struct{ remote, want string }{
		{"https://github.com/acme/widget.git", "acme/widget"},
		{"https://github.com/acme/widget", "acme/widget"},
		{"https://github.com/acme/widget/", "acme/widget"},
		{"http://GitHub.com/acme/widget.git", "acme/widget"},
		{"https://x-access-token:abc@github.com/acme/widget.git", "acme/widget"},
		{"git@github.com:acme/widget.git", "acme/widget"},
		{"github.com:acme/widget", "acme/widget"},
		{"ssh://git@github.com/acme/widget.git", "acme/widget"},
		{"ssh://git@github.com:22/acme/widget.io.git", "acme/widget.io"},
		{"git://github.com/acme/widget.git", "acme/widget"},
		{"https://gitlab.com/acme/widget.git", ""},
		{"git@gitlab.com:acme/widget.git", ""},
		{"https://github.com.evil.example/acme/widget.git", ""},
		{"https://github.com/acme", ""},
		{"https://github.com/acme/widget/tree/main", ""},
		{"/srv/git/widget.git", ""},
		{"", ""},
	} {
		if got := githubRepository(tc.remote); got != tc.want {
			t.Errorf("githubRepository(%q) = %q, want %q", tc.remote, got, tc.want)
		}
	}
}

// TestOwnURLsFromRemote checks links to the repository's own files when the
// repository is not configured but the git remote origin names it on
// GitHub; a URL's path is below the repository's top even when a subfolder
// is checked. With no remote, or one on another host, the check is off and
// nothing is reported.
func TestOwnURLsFromRemote(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	top := t.TempDir()
	write := func(name, text string) {
		t.Helper()
		p := filepath.Join(top, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("site/guide.md", "# Guide\n\n[here](https://github.com/acme/widget/blob/main/site/guide.md) and "+
		"[gone](https://github.com/acme/widget/blob/main/site/gone.md), "+
		"[elsewhere](https://github.com/acme/widget/blob/main/other/x.md), "+
		"[another repository](https://github.com/acme/gadget/blob/main/site/gone.md).\n")
	write("other/y.md", "# Y\n")
	git := func(args ...string) {
		t.Helper()
		if out, err := exec.Command("git", append([]string{"-C", top}, args...)...).CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	git("init", "-q")
	run := func() []string {
		t.Helper()
		fs, err := Check(filepath.Join(top, "site"), Options{FS: fsroot.New(top)})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, f := range fs {
			got = append(got, f.Rule+" "+f.Message)
		}
		return got
	}
	// no remote: nothing could name the repository, so one info says the
	// links to files on GitHub were not checked as its own
	if got := run(); len(got) != 1 || !strings.Contains(got[0], "docs/unverified") || !strings.Contains(got[0], "none of the 4 links to files on GitHub") {
		t.Errorf("no remote: %q, want one docs/unverified naming the 4 links", got)
	}
	git("remote", "add", "origin", "git@gitlab.com:acme/widget.git")
	if got := run(); len(got) != 0 {
		t.Errorf("a GitLab remote: %q, want nothing", got)
	}
	git("remote", "set-url", "origin", "git@github.com:acme/widget.git")
	got := run()
	if len(got) != 1 || !strings.Contains(got[0], "docs/broken-link") || !strings.Contains(got[0], "site/gone.md") {
		t.Errorf("a GitHub remote: %q, want the one link to site/gone.md broken", got)
	}
}
