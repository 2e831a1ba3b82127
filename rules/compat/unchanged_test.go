package compat

import (
	"testing"

	"github.com/wirelint/wirelint/internal/casetest"
)

// TestUnchangedFilesStillReachChanges: two revisions read with shared trees
// (a file whose bytes did not change is one tree in both) skip comparing a
// schema only when nothing it reaches changed: an operation file both
// revisions hold unchanged still reports the narrowed model its $ref
// reaches, and the same revisions without that change report nothing.
func TestUnchangedFilesStillReachChanges(t *testing.T) {
	root := func(rev string) string {
		return "openapi: 3.0.3\ninfo: {title: pets, version: '1'}\npaths:\n  /pets:\n    post:\n      $ref: './" + rev + "/ops/create.yaml'\n"
	}
	op := "requestBody:\n  content:\n    application/json:\n      schema: {$ref: '../models/pet.yaml'}\nresponses:\n  '201': {description: created}\n"
	pet := func(max string) string {
		return "type: object\nproperties:\n  name: {$ref: './name.yaml'}\n  tag: {type: string, maxLength: " + max + "}\n"
	}
	name := func(max string) string { return "type: string\nmaxLength: " + max + "\n" }
	for _, tc := range []struct {
		desc                string
		headPet, headName   string
		wantRule, wantWhere string
	}{
		{"unchanged", pet("10"), name("40"), "", ""},
		{"model one $ref away narrowed", pet("5"), name("40"), RuleRequestNarrowed, "/properties/tag/maxLength"},
		{"model two $refs away narrowed", pet("10"), name("20"), RuleRequestNarrowed, "/maxLength"},
	} {
		dir := casetest.WriteFiles(t, map[string]string{
			"base.yaml": root("base"), "base/ops/create.yaml": op, "base/models/pet.yaml": pet("10"), "base/models/name.yaml": name("40"),
			"head.yaml": root("head"), "head/ops/create.yaml": op, "head/models/pet.yaml": tc.headPet, "head/models/name.yaml": tc.headName,
		})
		baseWS, headWS, b, h := loadSharedPair(t, dir)
		var got []string
		found := false
		for _, f := range Check(baseWS, headWS, b, h, Options{}) {
			got = append(got, f.Rule+" "+f.Pointer)
			found = found || f.Rule == tc.wantRule && f.Pointer == tc.wantWhere
		}
		if tc.wantRule == "" && len(got) > 0 || tc.wantRule != "" && !found {
			t.Errorf("%s: got %v, want %s %s", tc.desc, got, tc.wantRule, tc.wantWhere)
		}
		if _, shared := baseWS.Trees.Counts(); shared == 0 {
			t.Errorf("%s: the unchanged operation file was parsed twice; the case no longer shares a tree", tc.desc)
		}
	}
}
