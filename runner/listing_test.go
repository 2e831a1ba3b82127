package runner

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/wirelint/wirelint/internal/fsroot"
)

// listing.has answers what confine.Stat answers for every path a folder
// comparison asks about (one the other revision's listing named: a
// document's extension, no hidden folder): plain files, a folder named like
// a document, symlinks inside the project, leading out of it or nowhere, a
// symlinked folder the listing does not enter, and paths that are not there;
// in a tree with symlinks and in one without (hidden folders in both).
func TestListingHasAsStat(t *testing.T) {
	outside := t.TempDir()
	if err := os.WriteFile(filepath.Join(outside, "secret.json"), []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	root := t.TempDir()
	write := func(rel string) {
		p := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("{}"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	link := func(target, rel string) {
		if err := os.Symlink(target, filepath.Join(root, rel)); err != nil {
			t.Skipf("no symlinks here: %v", err)
		}
	}
	for _, rel := range []string{"links/a.json", "links/sub/b.yaml", "links/.hidden/c.json", "links/d.YML",
		"plain/a.json", "plain/sub/b.yaml", "plain/.hidden/c.json", "elsewhere/e.json"} {
		write(rel)
	}
	if err := os.Mkdir(filepath.Join(root, "links", "folder.json"), 0o755); err != nil {
		t.Fatal(err)
	}
	link("a.json", "links/inside.json")
	link(filepath.Join(outside, "secret.json"), "links/out.json")
	link("missing.json", "links/dangling.json")
	link("sub", "links/linkdir")
	link(filepath.Join(root, "elsewhere"), "links/elsewhere")

	asked := []string{"a.json", "sub/b.yaml", "d.YML", "folder.json", "inside.json", "out.json",
		"dangling.json", "linkdir/b.yaml", "linkdir/none.json", "elsewhere/e.json", "missing.json", "sub/none.yaml",
		"none/x.json", "links.json"}
	confine := fsroot.New(root)
	for _, tree := range []string{"links", "plain"} {
		dir := filepath.Join(root, tree)
		_, l, err := documentFiles(confine, dir)
		if err != nil {
			t.Fatal(err)
		}
		if want := tree == "links"; l.symlinks != want {
			t.Errorf("%s: listing met symlinks: %v, want %v", tree, l.symlinks, want)
		}
		for _, rel := range asked {
			_, err := confine.Stat(filepath.Join(dir, rel))
			if got, want := l.has(confine, dir, rel), err == nil; got != want {
				t.Errorf("%s/%s: has %v, Stat says %v (%v)", tree, rel, got, want, err)
			}
		}
	}
}
