//go:build unix

package fsroot

import (
	"errors"
	"os"
	"path/filepath"
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
	if _, err := (*Root)(nil).ReadFile(fifo, 0); !errors.Is(err, ErrNotRegular) {
		t.Errorf("nil root ReadFile(fifo) = %v, want ErrNotRegular", err)
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

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
