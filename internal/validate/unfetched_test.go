package validate

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/wirelint/wirelint/reduce"
)

// TestUnfetchedStandIn: with Options.Unfetched a file holding a remote $ref
// compiles, a schema beside it validates as usual, and a payload reaching
// the remote schema has no verdict (an *UnfetchedError); without it the
// whole file fails to compile, as jsonschema compiles a resource whole.
func TestUnfetchedStandIn(t *testing.T) {
	dir := t.TempDir()
	body := `{"$schema": "http://json-schema.org/draft-07/schema#", "$ref": "#/definitions/core",
 "definitions": {"core": {"allOf": [{"$ref": "https://geojson.org/schema/Feature.json"}]}, "name": {"type": "string", "minLength": 1}}}`
	for _, d := range []string{"draft-07", "2020-12"} {
		text := body
		if d == "2020-12" {
			text = `{"$schema": "https://json-schema.org/draft/2020-12/schema", "$ref": "#/$defs/core",
 "$defs": {"core": {"allOf": [{"$ref": "https://geojson.org/schema/Feature.json"}]}, "name": {"type": "string", "minLength": 1}}}`
		}
		name := filepath.Join(dir, d+".json")
		if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		ws := reduce.NewWorkspace(dir)
		doc, err := ws.Load(name, "")
		if err != nil {
			t.Fatal(err)
		}
		defs := "/definitions"
		if d == "2020-12" {
			defs = "/$defs"
		}
		plain, err := Compile(ws, doc, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := plain.Schema(defs + "/name"); err == nil {
			t.Errorf("%s: without Unfetched the file compiled; the stand-in is not needed", d)
		}
		set, err := Compile(ws, doc, Options{Unfetched: true})
		if err != nil {
			t.Fatal(err)
		}
		nameSch, err := set.Schema(defs + "/name")
		if err != nil {
			t.Fatalf("%s: %v", d, err)
		}
		for v, want := range map[string]bool{"a": true, "": false} {
			if ok, err := nameSch.Judge(v); err != nil || ok != want {
				t.Errorf("%s: %q: valid %v (%v), want %v", d, v, ok, err, want)
			}
		}
		core, err := set.Schema(defs + "/core")
		if err != nil {
			t.Fatalf("%s: %v", d, err)
		}
		var ue *UnfetchedError
		if _, err := core.Judge(map[string]any{}); !errors.As(err, &ue) || ue.URL != "https://geojson.org/schema/Feature.json" {
			t.Errorf("%s: reaching the remote schema gave %v, want an UnfetchedError naming it", d, err)
		}
	}
}
