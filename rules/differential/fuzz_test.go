package differential

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/wirelint/wirelint/reduce"
)

// FuzzCheck: no pair of definitions, however odd (recursive, contradictory,
// huge bounds, bad patterns), panics the differential or runs unbounded.
func FuzzCheck(f *testing.F) {
	for _, seed := range [][2]string{
		{`{"type": "object", "additionalProperties": false}`, `{"type": "object"}`},
		{`{"$ref": "#/$defs/X"}`, `{"$ref": "#/components/schemas/X"}`},
		{`{"type": "string", "pattern": "(?<=a)b", "maxLength": 99999999}`, `{"type": "string", "pattern": "(", "minLength": 3}`},
		{`{"type": "array", "minItems": 5, "maxItems": 2, "uniqueItems": true, "items": {"enum": [1]}}`, `{"type": "array", "prefixItems": [{}, false]}`},
		{`{"oneOf": [{"$ref": "#/$defs/X"}, {"not": {}}], "minProperties": 3, "propertyNames": {"maxLength": 0}}`, `{"anyOf": [], "exclusiveMinimum": true}`},
		{`{"multipleOf": 0.0001, "minimum": -1e308, "exclusiveMaximum": 1e308}`, `{"type": "integer", "multipleOf": 3, "nullable": true}`},
		{`{"allOf": [{"$ref": "#/$defs/X"}, {"properties": {"a": {"$ref": "#/$defs/X"}}, "required": ["a"]}]}`, `true`},
	} {
		f.Add(seed[0], seed[1])
	}
	f.Fuzz(func(t *testing.T, canonical, mirror string) {
		dir := t.TempDir()
		c := `{"$schema": "https://json-schema.org/draft/2020-12/schema", "$defs": {"X": ` + canonical + `}}`
		m := "{\"openapi\": \"3.0.3\", \"info\": {\"title\": \"t\", \"version\": \"1\"}, \"paths\": {}, \"components\": {\"schemas\": {\"X\": " + mirror + "}}}"
		if err := os.WriteFile(filepath.Join(dir, "c.json"), []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "m.json"), []byte(m), 0o644); err != nil {
			t.Fatal(err)
		}
		ws := reduce.NewWorkspace(dir)
		cd, err := ws.Load(filepath.Join(dir, "c.json"), "")
		if err != nil {
			return
		}
		md, err := ws.Load(filepath.Join(dir, "m.json"), "")
		if err != nil {
			return
		}
		start := time.Now()
		Check(ws, cd, md, Options{Budget: 200_000, MaxProbes: 500})
		if d := time.Since(start); d > 20*time.Second {
			t.Errorf("took %v", d)
		}
	})
}
