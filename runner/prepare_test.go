package runner

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"

	"github.com/wirelint/wirelint/internal/casetest"
)

// TestPreparedChangesNothing generates projects of parity pairs — JSON
// canonicals whose $refs stay in the file (prepared while the mirror loads)
// or reach a shared definitions file, declare an $id or are YAML (not
// prepared), against OpenAPI mirrors that differ from them — and runs check
// over each with the families' preparation and without: the findings are
// the same, and some canonicals were prepared.
func TestPreparedChangesNothing(t *testing.T) {
	defer func() { onPrepared = nil }()
	var mu sync.Mutex
	kept := 0
	onPrepared = func(family, path string) {
		mu.Lock()
		defer mu.Unlock()
		if family == "parity" {
			kept++
		}
	}
	rng := rand.New(rand.NewPCG(42, 7))
	for project := range 10 {
		files := map[string]string{
			".git/HEAD":        "ref: refs/heads/main\n",
			"common/defs.json": `{"$defs": {"Id": {"type": "string", "minLength": 3}}}`,
		}
		var pairs []Parity
		for i := range 2 + rng.IntN(4) {
			var defs, schemas []string
			for j := range 3 + rng.IntN(80) {
				c, m := genDefinition(rng, j)
				defs = append(defs, fmt.Sprintf("%q: %s", fmt.Sprintf("D%d", j), c))
				schemas = append(schemas, fmt.Sprintf("%q: %s", fmt.Sprintf("D%d", j), m))
			}
			canonical := fmt.Sprintf(`{"$schema": "https://json-schema.org/draft/2020-12/schema", "$defs": {%s}}`, strings.Join(defs, ", "))
			name := fmt.Sprintf("svc%d/schema.json", i)
			switch rng.IntN(6) {
			case 0:
				canonical = strings.Replace(canonical, `"$defs": {`, `"$id": "https://example.com/s.json", "$defs": {`, 1)
			case 1:
				canonical = strings.Replace(canonical, `"$defs": {`, `"$defs": {"Ext": {"$ref": "../common/defs.json#/$defs/Id"}, `, 1)
			case 2:
				name = fmt.Sprintf("svc%d/schema.yaml", i) // JSON is YAML too
			}
			files[name] = canonical
			mirror := fmt.Sprintf(`{"openapi": "3.1.0", "info": {"title": "t", "version": "1"}, "paths": {}, "components": {"schemas": {%s}}}`,
				strings.ReplaceAll(strings.Join(schemas, ", "), "#/$defs/", "#/components/schemas/"))
			files[fmt.Sprintf("svc%d/openapi.json", i)] = mirror
			pairs = append(pairs, Parity{Canonical: name, Mirror: fmt.Sprintf("svc%d/openapi.json", i)})
		}
		dir := casetest.WriteFiles(t, files)
		sameEitherWay(t, &prepare, fmt.Sprintf("project %d prepared", project), Config{Dir: dir, Parity: pairs, Refs: &Refs{}, Regex: &Regex{}})
	}
	if kept == 0 {
		t.Error("no canonical file was prepared")
	}
}

// genDefinition returns a canonical definition and its mirror: the same
// object, or one differing by a keyword, a property or where a $ref leads.
func genDefinition(rng *rand.Rand, j int) (string, string) {
	ref := fmt.Sprintf(`{"$ref": "#/$defs/D%d"}`, rng.IntN(j+1))
	c := fmt.Sprintf(`{"type": "object", "additionalProperties": false, "properties": {"a": {"type": "string", "maxLength": %d}, "b": %s}, "required": ["a"]}`, 5+j, ref)
	switch rng.IntN(5) {
	case 0:
		return c, strings.Replace(c, `"additionalProperties": false, `, "", 1)
	case 1:
		return c, strings.Replace(c, fmt.Sprintf(`"maxLength": %d`, 5+j), `"maxLength": 1`, 1)
	case 2:
		return c, strings.Replace(c, ref, fmt.Sprintf(`{"$ref": "#/$defs/D%d"}`, rng.IntN(j+1)), 1)
	}
	return c, c
}
