package runner

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/wirelint/wirelint/internal/casetest"
	"github.com/wirelint/wirelint/internal/config"
)

// A glob of refs.documents that also matches a file that is no document (a
// package.json beside the schemas) skips it; the same file named by itself
// is still an error, naming it.
func TestGlobbedDocumentsSkipNonDocuments(t *testing.T) {
	dir := casetest.WriteFiles(t, map[string]string{
		".git/HEAD":            "ref: refs/heads/main\n",
		"schemas/a.json":       `{"$schema": "https://json-schema.org/draft/2020-12/schema", "$defs": {"x": {"$ref": "b.json"}}}`,
		"schemas/b.json":       `{"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "string"}`,
		"schemas/package.json": `{"name": "schemas", "version": "1.0.0"}`,
	})
	run := func(documents string) (*Result, error) {
		cfg, err := config.Parse([]byte("version: 1\nrefs:\n  documents: "+documents+"\n"), ".wirelint.yaml", dir)
		if err != nil {
			t.Fatal(err)
		}
		return Run(FromFile(cfg))
	}
	res, err := run(`["schemas/*.json"]`)
	if err != nil {
		t.Fatalf("a glob matching package.json: %v", err)
	}
	if len(res.Findings) != 0 {
		t.Errorf("findings %v, want none", res.Findings)
	}
	if _, err := run(`[schemas/package.json]`); err == nil || !strings.Contains(err.Error(), filepath.ToSlash("schemas/package.json")) {
		t.Errorf("package.json named by itself: %v, want an error naming it", err)
	}
}
