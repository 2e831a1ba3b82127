package docs

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wirelint/wirelint/internal/fsroot"
)

// TestTaxonomyRootWithoutRecords: a taxonomy root holding no Markdown records
// (a tree of reStructuredText PEPs) is a configuration error, not a silent
// pass. PROVENANCE: shape of python/peps peps/pep-NNNN.rst, in our own words.
func TestTaxonomyRootWithoutRecords(t *testing.T) {
	t.Setenv("PATH", "") // walk the tree: not a git work tree
	dir := t.TempDir()
	for name, text := range map[string]string{
		"peps/pep-0008.rst": "PEP: 8\nStatus: Active\n",
		"peps/pep-0020.rst": "PEP: 20\nStatus: Active\n",
		"README.md":         "# PEPs\n",
	} {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tax := Taxonomy{Root: "peps", Levels: []Level{{Name: "status", From: "front-matter:status", Values: []string{"active"}}}}
	_, err := Check(dir, Options{Taxonomies: []Taxonomy{tax}, FS: fsroot.New(dir)})
	if err == nil || !strings.Contains(err.Error(), "root peps holds no records") {
		t.Fatalf("Check = %v, want the root holds no records", err)
	}
	tax.Records = "folder"
	if _, err := Check(dir, Options{Taxonomies: []Taxonomy{tax}, FS: fsroot.New(dir)}); err == nil || !strings.Contains(err.Error(), "folders holding a README.md") {
		t.Fatalf("Check with folder records = %v, want the root holds no record folders", err)
	}
	bad := Taxonomy{Root: "peps", Levels: []Level{{Name: "status", From: "sidecar:../x.yaml:status", Values: []string{"a"}}}}
	if _, err := Check(dir, Options{Taxonomies: []Taxonomy{bad}, FS: fsroot.New(dir)}); err == nil || !strings.Contains(err.Error(), "sidecar:FILE:KEY") {
		t.Fatalf("Check with a sidecar outside the record = %v, want refused", err)
	}
}
