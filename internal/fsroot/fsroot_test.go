//go:build unix

package fsroot

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestConfinement pins what a root admits: files inside, symlinks whose
// target is inside; not files outside, symlinks leaving it, FIFOs or devices.
func TestConfinement(t *testing.T) {
	outside := t.TempDir()
	secret := filepath.Join(outside, "secret.json")
	must(t, os.WriteFile(secret, []byte(`{"secret": true}`), 0o644))
	dir := t.TempDir()
	must(t, os.WriteFile(filepath.Join(dir, "a.json"), []byte(`{}`), 0o644))
	must(t, os.Mkdir(filepath.Join(dir, "sub"), 0o755))
	must(t, os.Symlink("../a.json", filepath.Join(dir, "sub", "in.json")))
	must(t, os.Symlink(secret, filepath.Join(dir, "out.json")))
	must(t, os.Symlink(outside, filepath.Join(dir, "outdir")))
	must(t, os.Symlink("/dev/zero", filepath.Join(dir, "zero.json")))
	must(t, os.Symlink(filepath.Join(outside, "new.json"), filepath.Join(dir, "dangling.json")))
	fifo := filepath.Join(dir, "fifo.json")
	must(t, syscall.Mkfifo(fifo, 0o644))
	r := New(dir)

	for _, ok := range []string{"a.json", "sub/in.json", "sub/../a.json"} {
		if _, err := r.ReadFile(filepath.Join(dir, ok), 0); err != nil {
			t.Errorf("ReadFile(%s) = %v, want it read", ok, err)
		}
	}
	for _, p := range []string{"out.json", "outdir/secret.json", "../" + filepath.Base(outside) + "/secret.json"} {
		_, err := r.ReadFile(filepath.Join(dir, p), 0)
		if !errors.Is(err, ErrOutside) {
			t.Errorf("ReadFile(%s) = %v, want ErrOutside", p, err)
		}
	}
	for _, p := range []string{"fifo.json", "zero.json"} {
		_, err := New("/").ReadFile(filepath.Join(dir, p), 0)
		if !errors.Is(err, ErrNotRegular) {
			t.Errorf("ReadFile(%s) = %v, want ErrNotRegular", p, err)
		}
	}
	if _, err := Unconfined().ReadFile(fifo, 0); !errors.Is(err, ErrNotRegular) {
		t.Errorf("unconfined ReadFile(fifo) = %v, want ErrNotRegular", err)
	}
	if _, err := (*Root)(nil).ReadFile(filepath.Join(dir, "a.json"), 0); !errors.Is(err, ErrNoRoot) {
		t.Errorf("nil root ReadFile = %v, want ErrNoRoot", err)
	}
	if _, err := r.ReadFile(filepath.Join(dir, "a.json"), 1); !errors.Is(err, ErrTooLarge) {
		t.Errorf("ReadFile over budget = %v, want ErrTooLarge", err)
	}
	if err := r.WriteFile(filepath.Join(dir, "dangling.json"), []byte("x"), 0o644); err == nil {
		t.Errorf("WriteFile through a dangling symlink succeeded")
	}
	if _, err := os.Stat(filepath.Join(outside, "new.json")); err == nil {
		t.Errorf("WriteFile created a file outside the root")
	}
	if err := r.WriteFile(filepath.Join(dir, "..", "escape.json"), []byte("x"), 0o644); !errors.Is(err, ErrOutside) {
		t.Errorf("WriteFile(../escape.json) = %v, want ErrOutside", err)
	}
	if !r.Widen(outside).Contains(filepath.Join(dir, "out.json")) {
		t.Errorf("a widened root does not admit its added folder")
	}
}

// TestGitNeverInput refuses the repository's own data, named directly, by a
// symlink, or as a folder, whoever asks (an unconfined root too).
func TestGitNeverInput(t *testing.T) {
	dir := t.TempDir()
	must(t, os.MkdirAll(filepath.Join(dir, ".git"), 0o755))
	must(t, os.WriteFile(filepath.Join(dir, ".git", "config"), []byte("[http]\n\textraheader = AUTHORIZATION: basic c2VjcmV0\n"), 0o644))
	must(t, os.Symlink(".git/config", filepath.Join(dir, "server.py")))
	must(t, os.Symlink(".git", filepath.Join(dir, "gitdir")))
	for _, r := range []*Root{New(dir), Unconfined()} {
		for _, p := range []string{".git/config", "server.py", "gitdir/config", ".GIT/config"} {
			if _, err := r.ReadFile(filepath.Join(dir, p), 0); !errors.Is(err, ErrGit) && !errors.Is(err, os.ErrNotExist) {
				t.Errorf("ReadFile(%s) = %v, want ErrGit", p, err)
			}
		}
		if _, err := r.ReadDir(filepath.Join(dir, ".git")); !errors.Is(err, ErrGit) {
			t.Errorf("ReadDir(.git) = %v, want ErrGit", err)
		}
		if err := r.WriteFile(filepath.Join(dir, ".git", "config"), []byte("x"), 0o644); !errors.Is(err, ErrGit) {
			t.Errorf("WriteFile(.git/config) = %v, want ErrGit", err)
		}
		var walked []string
		must(t, r.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			rel, _ := filepath.Rel(dir, p)
			walked = append(walked, filepath.ToSlash(rel))
			return err
		}))
		if got := strings.Join(walked, " "); got != ". gitdir server.py" {
			t.Errorf("WalkDir visited %q, want the .git folder skipped and links not followed", got)
		}
	}
}

// TestWriteNeverFollows writes a new file renamed into place: a symlink at
// the target is refused (its target untouched, inside the root or not), an
// existing regular file is replaced, CreateFile refuses anything there.
func TestWriteNeverFollows(t *testing.T) {
	dir, outside := t.TempDir(), t.TempDir()
	victim := filepath.Join(outside, "victim.sh")
	must(t, os.WriteFile(victim, []byte("echo ok"), 0o755))
	inner := filepath.Join(dir, "inner.txt")
	must(t, os.WriteFile(inner, []byte("keep"), 0o644))
	must(t, os.Symlink(victim, filepath.Join(dir, "out.sarif")))
	must(t, os.Symlink("inner.txt", filepath.Join(dir, "in.sarif")))
	r := New(dir)
	for _, p := range []string{"out.sarif", "in.sarif"} {
		if err := r.WriteFile(filepath.Join(dir, p), []byte("pwned"), 0o644); !errors.Is(err, ErrSymlink) {
			t.Errorf("WriteFile(%s) = %v, want ErrSymlink", p, err)
		}
		if err := r.Widen(outside).WriteFile(filepath.Join(dir, p), []byte("pwned"), 0o644); !errors.Is(err, ErrSymlink) {
			t.Errorf("widened WriteFile(%s) = %v, want ErrSymlink", p, err)
		}
	}
	if b, _ := os.ReadFile(victim); string(b) != "echo ok" {
		t.Errorf("the symlink's target outside was written: %q", b)
	}
	if b, _ := os.ReadFile(inner); string(b) != "keep" {
		t.Errorf("the symlink's target inside was written: %q", b)
	}
	if err := r.WriteFile(inner, []byte("new"), 0o600); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(inner); string(b) != "new" {
		t.Errorf("regular file not replaced: %q", b)
	}
	if err := r.CreateFile(inner, []byte("x"), 0o644); !errors.Is(err, os.ErrExist) {
		t.Errorf("CreateFile over a file = %v, want ErrExist", err)
	}
	if err := r.CreateFile(filepath.Join(dir, "in.sarif"), []byte("x"), 0o644); !errors.Is(err, os.ErrExist) {
		t.Errorf("CreateFile over a symlink = %v, want ErrExist", err)
	}
	if err := r.CreateFile(filepath.Join(dir, "fresh.yaml"), []byte("x"), 0o644); err != nil {
		t.Errorf("CreateFile(fresh.yaml) = %v", err)
	}
	if !r.Exists(filepath.Join(dir, "out.sarif")) || r.Exists(filepath.Join(dir, "none")) || r.Exists(victim) || (*Root)(nil).Exists(inner) {
		t.Errorf("Exists: want a link inside seen, a missing name, a path outside and the nil root not")
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 4 {
		t.Errorf("left %d entries, want 4 (no temporary files)", len(entries))
	}
}

// TestForArgument admits a typed path outside every root with its folder,
// but keeps a path written inside the root confined: a symlink there is the
// tree's own.
func TestForArgument(t *testing.T) {
	dir, outside := t.TempDir(), t.TempDir()
	secret := filepath.Join(outside, "a.json")
	must(t, os.WriteFile(secret, []byte("{}"), 0o644))
	must(t, os.WriteFile(filepath.Join(outside, "b.json"), []byte("{}"), 0o644))
	must(t, os.Symlink(secret, filepath.Join(dir, "link.json")))
	r := New(dir)
	if _, err := r.ForArgument(secret).ReadFile(secret, 0); err != nil {
		t.Errorf("a typed path outside the project: %v", err)
	}
	if !r.ForArgument(secret).Contains(filepath.Join(outside, "b.json")) {
		t.Errorf("the typed path's folder is not admitted")
	}
	link := filepath.Join(dir, "link.json")
	if _, err := r.ForArgument(link).ReadFile(link, 0); !errors.Is(err, ErrOutside) {
		t.Errorf("a typed symlink inside the project leaving it = %v, want ErrOutside", err)
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// TestFollowRemembersFolders pins that resolving through remembered folders
// gives what following every symlink of the whole path gives, on the first
// and on later calls: a file's own name that is a symlink (leading out,
// dangling, or to a folder) is looked at every time.
func TestFollowRemembersFolders(t *testing.T) {
	outside := t.TempDir()
	must(t, os.WriteFile(filepath.Join(outside, "secret.json"), []byte(`{}`), 0o644))
	dir := t.TempDir()
	must(t, os.MkdirAll(filepath.Join(dir, "real", "deep"), 0o755))
	must(t, os.WriteFile(filepath.Join(dir, "real", "deep", "a.yaml"), []byte(`{}`), 0o644))
	must(t, os.Symlink("real", filepath.Join(dir, "alias")))
	must(t, os.Symlink("../../outside-missing", filepath.Join(dir, "real", "deep", "dangling.yaml")))
	must(t, os.Symlink(filepath.Join(outside, "secret.json"), filepath.Join(dir, "real", "deep", "out.yaml")))
	must(t, os.Symlink(outside, filepath.Join(dir, "real", "deep", "outdir")))
	must(t, os.Symlink("deep", filepath.Join(dir, "real", "here")))
	paths := []string{
		"real/deep/a.yaml", "alias/deep/a.yaml", "alias/here/a.yaml", "real/deep/missing.yaml", "alias/nothere/x.yaml",
		"real/deep/dangling.yaml", "alias/deep/out.yaml", "alias/deep/outdir/secret.json", "real/here", "alias",
	}
	r := New(dir)
	for round := range 2 {
		for _, p := range paths {
			abs := filepath.Join(dir, p)
			wantReal := resolve(abs)
			_, evalErr := filepath.EvalSymlinks(abs)
			st, lerr := os.Lstat(abs)
			wantDangling := evalErr != nil && lerr == nil && st.Mode()&fs.ModeSymlink != 0
			real, info, dangling := r.follow(abs)
			if real != wantReal || dangling != wantDangling {
				t.Errorf("round %d: follow(%s) = %s, %v; want %s, %v", round, p, real, dangling, wantReal, wantDangling)
			}
			// the information handed back is the file's own, for a path
			// that is not a symlink
			if wantInfo := lerr == nil && st.Mode()&fs.ModeSymlink == 0; (info != nil) != wantInfo || wantInfo && info.Mode() != st.Mode() {
				t.Errorf("round %d: follow(%s) gave information %v, want %v", round, p, info, wantInfo)
			}
		}
	}
	for _, p := range []string{"alias/deep/out.yaml", "alias/deep/outdir/secret.json", "real/deep/dangling.yaml"} {
		if r.Contains(filepath.Join(dir, p)) {
			t.Errorf("Contains(%s) after its folder was remembered = true, want false", p)
		}
	}
}

// TestWithinAndInGit pins the lexical checks Resolve makes on every read:
// a clean path below the folder is inside, a sibling sharing its prefix is
// not, and a .git element is found in any case but not in a longer name.
func TestWithinAndInGit(t *testing.T) {
	for _, c := range []struct {
		dir, p string
		want   bool
	}{
		{"/a/b", "/a/b", true}, {"/a/b", "/a/b/c", true}, {"/a/b", "/a/bc", false}, {"/a/b", "/a", false},
		{"/a/b", "/a/b/..c/d", true}, {"/a/b", "/a/b/../c", false}, {"/", "/x", true}, {"/a/b", "/x/a/b/c", false},
	} {
		if got := within(c.dir, c.p); got != c.want {
			t.Errorf("within(%s, %s) = %v, want %v", c.dir, c.p, got, c.want)
		}
	}
	for p, want := range map[string]bool{"/x/.git/config": true, "/x/.GIT": true, "/.git": true, "/x/.gitignore": false, "/x/a.git/b": false, "/x/git": false} {
		if got := inGit(p); got != want {
			t.Errorf("inGit(%s) = %v, want %v", p, got, want)
		}
	}
}

// TestReadNoFollow pins the fast read ReadFile tries first: it reads a
// regular file whole, and leaves everything else to the careful path — a
// symlink (even to a file inside), a FIFO (without blocking), a folder, a
// missing file, a file over the budget.
func TestReadNoFollow(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "a.yaml")
	body := strings.Repeat("x: 1\n", 1000)
	must(t, os.WriteFile(file, []byte(body), 0o644))
	must(t, os.Symlink("a.yaml", filepath.Join(dir, "link.yaml")))
	must(t, syscall.Mkfifo(filepath.Join(dir, "fifo.yaml"), 0o644))
	must(t, os.Mkdir(filepath.Join(dir, "sub"), 0o755))
	if data, ok := readNoFollow(file, int64(len(body))); !ok || string(data) != body {
		t.Errorf("readNoFollow(a.yaml) = %d bytes, %v; want the file whole", len(data), ok)
	}
	for name, max := range map[string]int64{"link.yaml": 1 << 20, "fifo.yaml": 1 << 20, "sub": 1 << 20, "missing.yaml": 1 << 20, "a.yaml": int64(len(body)) - 1} {
		if _, ok := readNoFollow(filepath.Join(dir, name), max); ok {
			t.Errorf("readNoFollow(%s, %d) read it; want it left to the careful path", name, max)
		}
	}
	// what the careful path then says is unchanged
	r := New(dir)
	if data, err := r.ReadFile(filepath.Join(dir, "link.yaml"), 0); err != nil || string(data) != body {
		t.Errorf("ReadFile(link.yaml) = %v, want the file it names", err)
	}
	if _, err := r.ReadFile(filepath.Join(dir, "fifo.yaml"), 0); !errors.Is(err, ErrNotRegular) {
		t.Errorf("ReadFile(fifo.yaml) = %v, want ErrNotRegular", err)
	}
	if _, err := r.ReadFile(file, int64(len(body))-1); !errors.Is(err, ErrTooLarge) {
		t.Errorf("ReadFile over budget = %v, want ErrTooLarge", err)
	}
}

// Stat says what os.Stat says of every path inside the root — a file, a
// folder, a symlink to each (named as its target is), a path through a
// symlinked folder — and refuses one leading out of it or nowhere, and one
// that is not there.
func TestStatAsOSStat(t *testing.T) {
	outside := t.TempDir()
	must(t, os.WriteFile(filepath.Join(outside, "o.json"), []byte("{}"), 0o644))
	dir := t.TempDir()
	must(t, os.MkdirAll(filepath.Join(dir, "sub"), 0o755))
	must(t, os.WriteFile(filepath.Join(dir, "sub", "a.json"), []byte(`{"a": 1}`), 0o600))
	for target, name := range map[string]string{"sub/a.json": "link.json", "sub": "linkdir",
		filepath.Join(outside, "o.json"): "out.json", "missing.json": "dangling.json"} {
		if err := os.Symlink(target, filepath.Join(dir, name)); err != nil {
			t.Skipf("no symlinks here: %v", err)
		}
	}
	r := New(dir)
	for _, rel := range []string{"sub/a.json", "sub", "link.json", "linkdir", "linkdir/a.json"} {
		p := filepath.Join(dir, rel)
		got, err := r.Stat(p)
		if err != nil {
			t.Errorf("%s: %v", rel, err)
			continue
		}
		want, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		if got.Name() != filepath.Base(mustEval(t, p)) || got.Size() != want.Size() || got.Mode() != want.Mode() || !got.ModTime().Equal(want.ModTime()) {
			t.Errorf("%s: Stat says %s %d %v %v, os.Stat %s %d %v %v", rel, got.Name(), got.Size(), got.Mode(), got.ModTime(),
				want.Name(), want.Size(), want.Mode(), want.ModTime())
		}
	}
	for _, rel := range []string{"out.json", "dangling.json", "none.json", "sub/none.json"} {
		if _, err := r.Stat(filepath.Join(dir, rel)); err == nil {
			t.Errorf("%s: Stat answered", rel)
		}
	}
}

func mustEval(t *testing.T, p string) string {
	t.Helper()
	real, err := filepath.EvalSymlinks(p)
	if err != nil {
		t.Fatal(err)
	}
	return real
}
