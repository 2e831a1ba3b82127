package reduce

import (
	"os"
	"path/filepath"
	"testing"
)

// TestWorkspaceVersions reads a file without an openapi key as the OpenAPI
// version the workspace gives it (a swagger-jsdoc fragment), leaves a file
// that names its own version alone, and leaves a fragment it gives nothing
// not a document.
func TestWorkspaceVersions(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	frag := write("swagger.yml", "paths:\n  /lamps:\n    get:\n      responses: {'200': {description: ok}}\n")
	own := write("own.yaml", "openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths: {}\n")
	swag := write("v2.yml", "paths:\n  /x:\n    get: {responses: {'200': {description: ok}}}\n")
	bare := write("bare.yml", "paths:\n  /y:\n    get: {responses: {'200': {description: ok}}}\n")
	ws := NewWorkspace(dir)
	ws.Versions = map[string]string{frag: "3.0.3", own: "3.0.0", swag: "2.0"}
	for _, c := range []struct {
		file    string
		dialect Dialect
		given   string
	}{
		{frag, OpenAPI30, "3.0.3"},
		{own, OpenAPI31, ""},
		{swag, Swagger20, "2.0"},
	} {
		doc, err := ws.Load(c.file, "")
		if err != nil {
			t.Fatalf("%s: %v", c.file, err)
		}
		if doc.Dialect != c.dialect || doc.VersionGiven != c.given {
			t.Errorf("%s: dialect %v, given %q; want %v, %q", filepath.Base(c.file), doc.Dialect, doc.VersionGiven, c.dialect, c.given)
		}
	}
	if _, err := ws.Load(bare, ""); err == nil {
		t.Errorf("bare.yml: loaded without a version given; want not a document")
	}
}
