package parity

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/wirelint/wirelint/internal/idref"
	"github.com/wirelint/wirelint/reduce"
)

// TestComparisonScalesLinearly guards the comparison's cost against growing
// faster than its input: it counts the allocations of comparing a generated
// pair of n definitions and of 4n, which a per-pair cost that grows with the
// document (a scan of every definition for each schema pair, as session 39's
// literalRel did, making parity on the GitHub spec 70 ms slower) turns from
// about 4× into about 16×. Allocations, not time: the count is the same on a
// loaded machine, so the guard neither flakes nor waits.
func TestComparisonScalesLinearly(t *testing.T) {
	allocs := func(n int) float64 {
		cd, md, res := generatedPair(t, n)
		if fs := Check(res, cd, md, Options{}).Findings; len(fs) != 0 {
			t.Fatalf("n=%d: the generated pair says the same thing twice, yet:%s", n, dump(fs))
		}
		return testing.AllocsPerRun(3, func() { Check(res, cd, md, Options{}) })
	}
	small, large := allocs(50), allocs(200)
	t.Logf("allocations: %.0f for 50 definitions, %.0f for 200", small, large)
	if ratio := large / small; ratio > 5 {
		t.Errorf("4× the definitions cost %.1f× the allocations (%.0f against %.0f): the comparison grows faster than its input", ratio, large, small)
	}
}

// defName names generated definition i as real APIs do: names of many
// lengths, some long (a pointer longer than 32 bytes is built on the heap).
func defName(i int) string {
	kinds := []string{"Pod", "PodSpec", "PersistentVolumeClaimSpec", "io.k8s.api.core.v1.ObjectMeta"}
	return fmt.Sprintf("%s%d", kinds[i%len(kinds)], i)
}

// generatedPair writes n definitions, each with nested properties, an array
// and a $ref to the next, as a JSON Schema 2020-12 document and the same as
// an OpenAPI 3.0 document, and loads both.
func generatedPair(t *testing.T, n int) (canonical, mirror *reduce.Document, res reduce.Resolver) {
	t.Helper()
	cdefs, mdefs := map[string]any{}, map[string]any{}
	for i := range n {
		next := defName((i + 1) % n)
		def := func(ref string) map[string]any {
			return obj("type", "object", "description", fmt.Sprintf("definition %d", i),
				"required", list("id", "tags"),
				"properties", obj(
					"id", obj("type", "string", "maxLength", 40, "description", "its id"),
					"tags", obj("type", "array", "items", obj("type", "string", "enum", list("a", "b"))),
					"meta", obj("type", "object", "properties", obj(
						"created", obj("type", "string", "format", "date-time"),
						"count", obj("type", "integer", "minimum", 0))),
					"next", obj("$ref", ref+next)))
		}
		cdefs[defName(i)] = def("#/$defs/")
		mdefs[defName(i)] = def("#/components/schemas/")
	}
	dir := t.TempDir()
	ws := reduce.NewWorkspace(dir)
	load := func(name string, doc map[string]any) *reduce.Document {
		b, err := json.Marshal(doc)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
		d, err := ws.Load(filepath.Join(dir, name), name)
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	canonical, mirror = load("c.json", jsonSchemaDoc(d202, cdefs)), load("openapi.json", openAPIDoc("3.0.3", mdefs))
	return canonical, mirror, idref.NewResolver(ws, idref.Options{})
}
