package ref

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/wirelint/wirelint/reduce"
)

// TestRefsScaleLinearly guards the ref rules against a cost that grows with
// the document for each $ref (a scan of every site or definition per
// reference): it counts the allocations of loading a generated API of n
// schemas and n paths and checking its $refs, less those of loading it
// alone, for 50 and 200 schemas, and fails when 4× the input costs more
// than 5×. Allocations, not time, so a loaded machine cannot fail it.
func TestRefsScaleLinearly(t *testing.T) {
	checkAllocs := func(n int) float64 {
		path := generatedAPI(t, n)
		load := func() *reduce.Document {
			ws := reduce.NewWorkspace(filepath.Dir(path))
			d, err := ws.Load(path, "")
			if err != nil {
				t.Fatal(err)
			}
			if fs := Check(ws, []*reduce.Document{d}, Options{}); len(fs) != 0 {
				t.Fatalf("n=%d: the generated API's $refs all resolve, yet %d findings, the first %s: %s", n, len(fs), fs[0].Rule, fs[0].Message)
			}
			return d
		}
		load()
		loadOnly := testing.AllocsPerRun(3, func() {
			ws := reduce.NewWorkspace(filepath.Dir(path))
			if _, err := ws.Load(path, ""); err != nil {
				t.Fatal(err)
			}
		})
		both := testing.AllocsPerRun(3, func() { load() })
		return both - loadOnly
	}
	small, large := checkAllocs(50), checkAllocs(200)
	t.Logf("allocations of the ref rules: %.0f for 50 schemas, %.0f for 200", small, large)
	if ratio := large / small; ratio > 5 {
		t.Errorf("4× the schemas cost %.1f× the allocations (%.0f against %.0f): the ref rules grow faster than their input", ratio, large, small)
	}
}

// generatedAPI writes an OpenAPI 3.0 document of n schemas (names of several
// lengths, each with a $ref to the next in a property and in an array's
// items) and n paths whose responses and parameters refer to them.
func generatedAPI(t *testing.T, n int) string {
	t.Helper()
	kinds := []string{"Pod", "PodSpec", "PersistentVolumeClaimSpec", "io.k8s.api.core.v1.ObjectMeta"}
	name := func(i int) string { return fmt.Sprintf("%s%d", kinds[i%len(kinds)], i) }
	schemas, paths := map[string]any{}, map[string]any{}
	for i := range n {
		next := "#/components/schemas/" + name((i+1)%n)
		schemas[name(i)] = map[string]any{
			"type":     "object",
			"required": []any{"id"},
			"properties": map[string]any{
				"id":    map[string]any{"type": "string"},
				"next":  map[string]any{"$ref": next},
				"items": map[string]any{"type": "array", "items": map[string]any{"$ref": next}},
			},
		}
		paths[fmt.Sprintf("/things/%s/{id}", name(i))] = map[string]any{"get": map[string]any{
			"parameters": []any{map[string]any{"$ref": "#/components/parameters/Id"}},
			"responses": map[string]any{"200": map[string]any{"description": "ok", "content": map[string]any{
				"application/json": map[string]any{"schema": map[string]any{"$ref": "#/components/schemas/" + name(i)}}}}},
		}}
	}
	doc := map[string]any{
		"openapi": "3.0.3", "info": map[string]any{"title": "t", "version": "1"}, "paths": paths,
		"components": map[string]any{"schemas": schemas, "parameters": map[string]any{
			"Id": map[string]any{"name": "id", "in": "path", "required": true, "schema": map[string]any{"type": "string"}}}},
	}
	b, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "openapi.json")
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}
