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
		sameEitherWay(t, &shareTrees, fmt.Sprintf("project %d with shared trees", project), Config{Dir: dir, Refs: &Refs{Documents: documents}, Regex: &Regex{}})
	}
}

// sameEitherWay runs c with *on set and unset (restoring it after) and
// fails unless both runs give the same findings, and some: what the switch
// changes must change no finding. what names the run in a failure.
func sameEitherWay(t *testing.T, on *bool, what string, c Config) {
	t.Helper()
	defer func(v bool) { *on = v }(*on)
	run := func(v bool) *Result {
		*on = v
		res, err := Run(c)
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	with, without := run(true), run(false)
	if len(without.Findings) == 0 {
		t.Fatalf("%s: no findings to compare", what)
	}
	if !reflect.DeepEqual(with.Findings, without.Findings) {
		t.Errorf("%s: %d findings, %d without it, or they differ:\n%v\n%v", what, len(with.Findings), len(without.Findings), with.Findings, without.Findings)
	}
}
