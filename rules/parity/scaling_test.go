package parity

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
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
	ws := reduce.NewWorkspace(t.TempDir())
	canonical, mirror = loadJSON(t, ws, "c.json", jsonSchemaDoc(d202, cdefs)), loadJSON(t, ws, "openapi.json", openAPIDoc("3.0.3", mdefs))
	return canonical, mirror, idref.NewResolver(ws, idref.Options{})
}

// loadJSON writes doc as JSON to the file name in ws's root and loads it.
func loadJSON(t *testing.T, ws *reduce.Workspace, name string, doc map[string]any) *reduce.Document {
	t.Helper()
	b, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(ws.Root, name)
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	d, err := ws.Load(path, name)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// TestShardsChangeNothingOnRealPairs compares real pairs of many
// definitions (Kubernetes served as Swagger 2.0 and OpenAPI 3.0, and
// kube-openapi's golden pair with its deliberate differences) in one run of
// definitions and split into two, three and seven: the findings and the
// pairs handed to the description family must be the same.
func TestShardsChangeNothingOnRealPairs(t *testing.T) {
	dir := filepath.Join("..", "..", "testdata", "kubernetes-v2-v3")
	defer func(n int) { shardCount = n }(shardCount)
	for _, pair := range [][2]string{
		{"v2_batch.v1.json", "v3_batch.v1.json"},
		{"v2_apiextensions.k8s.io.v1.json", "v3_apiextensions.k8s.io.v1.json"},
		{"golden.v2.json", "golden.v3.json"},
	} {
		run := func(n int) (string, int) {
			shardCount = n
			ws := reduce.NewWorkspace(dir)
			cd, err := ws.Load(filepath.Join(dir, pair[0]), pair[0])
			if err != nil {
				t.Fatal(err)
			}
			md, err := ws.Load(filepath.Join(dir, pair[1]), pair[1])
			if err != nil {
				t.Fatal(err)
			}
			r := Check(idref.NewResolver(ws, idref.Options{}), cd, md, Options{})
			var b strings.Builder
			b.WriteString(dump(r.Findings))
			for _, p := range r.Pairs {
				fmt.Fprintf(&b, "\n%s %s %s %s", p.Definition, p.Rel, p.Canonical.Pointer(), p.Mirror.Pointer())
			}
			return b.String(), len(r.Pairs)
		}
		want, pairs := run(1)
		if pairs < 50 {
			t.Fatalf("%s: only %d pairs compared", pair[0], pairs)
		}
		for _, n := range []int{2, 3, 7} {
			if got, _ := run(n); got != want {
				t.Errorf("%s against %s in %d shards differs from one run of definitions", pair[0], pair[1], n)
			}
		}
	}
}

// TestLargeUnionReorderedPairsByText: an allOf of 100 conditional parts
// (10,000 pairs of branches, past what is compared each with each) written
// in the reverse order on the mirror, one part changed. Conjunction does not
// care for order, so only the changed part differs; paired by position, all
// 100 were reported (198 findings).
func TestLargeUnionReorderedPairsByText(t *testing.T) {
	const n = 100
	part := func(i int, req string) map[string]any {
		return obj("if", obj("properties", obj("k", obj("const", i))), "then", obj("required", list(req)))
	}
	var cparts, mparts []any
	for i := range n {
		cparts = append(cparts, part(i, fmt.Sprintf("x%d", i)))
	}
	for i := n - 2; i >= 0; i-- {
		mparts = append(mparts, part(i, fmt.Sprintf("x%d", i)))
	}
	mparts = append(mparts, part(9999, "zz"))
	ws := reduce.NewWorkspace(t.TempDir())
	load := func(name string, parts []any) *reduce.Document {
		return loadJSON(t, ws, name, jsonSchemaDoc(d202, obj("A", obj("type", "object", "allOf", parts))))
	}
	fs := Check(idref.NewResolver(ws, idref.Options{}), load("c.json", cparts), load("m.json", mparts), Options{}).Findings
	if len(fs) == 0 {
		t.Fatal("the changed part was not reported")
	}
	for _, f := range fs {
		if !strings.HasPrefix(f.Pointer, fmt.Sprintf("/allOf/%d/", n-1)) {
			t.Errorf("%s %s: %s — only the changed part, /allOf/%d, differs", f.Rule, f.Pointer, f.Message, n-1)
		}
	}
}
