package runner

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/wirelint/wirelint/internal/casetest"
)

// TestSharedTreesChangeNothing generates projects whose groups load the same
// bytes — a definitions file every schema refers to, and services that are
// copies of each other in folders of their own, some with a broken $ref or a
// pattern Go cannot compile, some in YAML — and runs refs and regex over each
// with the groups sharing parsed trees and without: the findings are the
// same.
func TestSharedTreesChangeNothing(t *testing.T) {
	defer func(v bool) { shareTrees = v }(shareTrees)
	rng := rand.New(rand.NewPCG(41, 3))
	for project := range 12 {
		files := map[string]string{
			".git/HEAD": "ref: refs/heads/main\n",
			"common/defs.json": `{"$schema": "https://json-schema.org/draft/2020-12/schema", "$defs": {` +
				`"Id": {"type": "string", "pattern": "^(?=id)[a-z]+$"}, "Name": {"$ref": "#/$defs/Missing"}}}`,
		}
		bodies := []string{
			`{"$schema": "https://json-schema.org/draft/2020-12/schema", "$defs": {"S": {"$ref": "../common/defs.json#/$defs/Id"}}}`,
			`{"$schema": "https://json-schema.org/draft/2020-12/schema", "$defs": {"S": {"$ref": "../common/defs.json#/$defs/Name"}, "T": {"$ref": "../common/nope.json"}}}`,
			`{"$schema": "https://json-schema.org/draft/2020-12/schema", "$defs": {"S": {"type": "string", "pattern": "\\p{L}+"}}}`,
			"$schema: https://json-schema.org/draft/2020-12/schema\n$defs:\n  S: {$ref: '../common/defs.json#/$defs/Id'}\n",
		}
		var documents []string
		for i := range 3 + rng.IntN(6) {
			b := rng.IntN(len(bodies))
			name := fmt.Sprintf("svc%d/schema.json", i)
			if b == 3 {
				name = fmt.Sprintf("svc%d/schema.yaml", i)
			}
			files[name] = bodies[b]
			documents = append(documents, name)
		}
		dir := casetest.WriteFiles(t, files)
		run := func(share bool) *Result {
			shareTrees = share
			res, err := Run(Config{Dir: dir, Refs: &Refs{Documents: documents}, Regex: &Regex{}})
			if err != nil {
				t.Fatal(err)
			}
			return res
		}
		shared, apart := run(true), run(false)
		if len(apart.Findings) == 0 {
			t.Fatalf("project %d: no findings to compare", project)
		}
		if !reflect.DeepEqual(shared.Findings, apart.Findings) {
			t.Errorf("project %d: %d findings with shared trees, %d without, or they differ:\n%v\n%v", project, len(shared.Findings), len(apart.Findings), shared.Findings, apart.Findings)
		}
	}
}
