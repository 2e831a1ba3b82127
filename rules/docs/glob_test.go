package docs

import (
	"fmt"
	"sort"
	"testing"
)

// TestGlob pins ** as zero or more whole segments and path.Match within one.
func TestGlob(t *testing.T) {
	for _, tc := range []struct {
		glob, name string
		want       bool
	}{
		{"docs/**/*.md", "docs/a.md", true},
		{"docs/**/*.md", "docs/x/y/a.md", true},
		{"docs/**/*.md", "docs/a.mdx", false},
		{"docs/**/*.md", "src/docs/a.md", false},
		{"**/testdata/**", "testdata/x.go", true},
		{"**/testdata/**", "a/b/testdata/c/d.md", true},
		{"**/testdata/**", "a/testdatax/d.md", false},
		{"*.md", "README.md", true},
		{"*.md", "docs/README.md", false},
		{"./design/*.rst", "design/a.rst", true},
	} {
		g, err := ParseGlob(tc.glob)
		if err != nil {
			t.Fatal(err)
		}
		if got := g.Match(tc.name); got != tc.want {
			t.Errorf("%q.Match(%q) = %v, want %v", tc.glob, tc.name, got, tc.want)
		}
	}
	for _, bad := range []string{"", "docs/[", "  "} {
		if _, err := ParseGlob(bad); err == nil {
			t.Errorf("ParseGlob(%q) succeeded, want an error", bad)
		}
	}
}

// TestClosestFile prefers a moved file (same name elsewhere) over a spelling
// near miss, never suggests the citing file, takes a README elsewhere for a
// moved one only from a directory of the same name, and suggests nothing when
// no name is close.
func TestClosestFile(t *testing.T) {
	files := []string{"README.md", "docs/archive/wire.md", "docs/frame-wire.md", "docs/wire/frame_wire.md", "docs/zzz.md", "examples/README.md", "old/bench/README.md"}
	for _, tc := range []struct{ want, got string }{
		{"docs/frame_wire.md", "docs/wire/frame_wire.md"},
		{"docs/frame-wir.md", "docs/frame-wire.md"},
		{"docs/design/wire.md", "docs/archive/wire.md"},
		{"docs/unrelated.md", ""},
		{"docs/frame_wire.txt", ""},
		{"bench/README.md", "old/bench/README.md"},
		{"tools/README.md", ""},
	} {
		if got := closestFile(tc.want, "README.md", files); got != tc.got {
			t.Errorf("closestFile(%q) = %q, want %q", tc.want, got, tc.got)
		}
	}
}

// TestRelative writes a root-relative path as seen from a directory.
func TestRelative(t *testing.T) {
	for _, tc := range []struct{ dir, target, want string }{
		{".", "docs/a.md", "docs/a.md"},
		{"docs", "docs/wire/a.md", "wire/a.md"},
		{"docs/x", "docs/wire/a.md", "../wire/a.md"},
		{"src/pkg", "README.md", "../../README.md"},
	} {
		if got := relative(tc.dir, tc.target); got != tc.want {
			t.Errorf("relative(%q, %q) = %q, want %q", tc.dir, tc.target, got, tc.want)
		}
	}
}

// TestFileIndexAgrees: the index hands closestFile a subset of the tree
// that yields the same suggestion as reading every file — moved files,
// renamed ones (also a long name five edits away), generic names, the
// citing file itself — and a short name's candidates do not grow when the
// tree grows with unrelated names.
func TestFileIndexAgrees(t *testing.T) {
	var files []string
	stems := []string{"low-noise-high-heap-target", "wire", "frame_wire", "frame-wire", "readme", "index", "guide", "guides", "api", "apis", "config", "configs", "setup", "set-up", "usage"}
	for d, dir := range []string{"docs", "docs/a", "docs/b/c", "old", "site/content/en"} {
		for s, stem := range stems {
			if (d+s)%3 != 0 {
				files = append(files, dir+"/"+stem+".md")
			}
			if (d+s)%4 == 0 {
				files = append(files, dir+"/"+stem+".txt")
			}
		}
	}
	sort.Strings(files)
	index := newFileIndex(files)
	for _, dir := range []string{"docs", "docs/x", "old/b"} {
		for _, stem := range append(stems, "wir", "wires", "frame_wir", "framewire", "guidez", "cnofig", "usages", "xyz", "a", "low-noise-heap-target") {
			for _, ext := range []string{".md", ".txt", ".rst"} {
				want := dir + "/" + stem + ext
				for _, citing := range []string{"README.md", files[0]} {
					all, near := closestFile(want, citing, files), closestFile(want, citing, index.near(want))
					if all != near {
						t.Errorf("closestFile(%q): every file gives %q, the index %q", want, all, near)
					}
				}
			}
		}
	}
	grown := append([]string(nil), files...)
	for i := range 2000 {
		grown = append(grown, fmt.Sprintf("gen/p%d/unrelated-%d.md", i/100, i))
	}
	sort.Strings(grown)
	if small, large := len(index.near("docs/guide.md")), len(newFileIndex(grown).near("docs/guide.md")); small != large {
		t.Errorf("candidates for docs/guide.md: %d in the small tree, %d with 2,000 unrelated files", small, large)
	}
}
