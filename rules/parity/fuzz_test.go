package parity

import (
	"bytes"
	"testing"

	"github.com/wirelint/wirelint/internal/idref"
	"github.com/wirelint/wirelint/reduce"
	"github.com/wirelint/wirelint/rules/family"
)

// FuzzCompare compares two arbitrary documents (the input split at the first
// "\n---8<---\n"): no pair may panic or loop, every finding must be
// located in both documents, and neither splitting the definitions between
// comparers (see shards) nor preparing the canonical (see prepare) may change
// anything.
func FuzzCompare(f *testing.F) {
	sep := []byte("\n---8<---\n")
	for _, seed := range []string{
		`{"$defs": {"A": {"type": "string", "maxLength": 3}}}` + string(sep) + "openapi: 3.0.3\ncomponents:\n  schemas:\n    A: {type: string, nullable: true}\n",
		`{"$defs": {"A": {"anyOf": [{"$ref": "#/$defs/A"}, {"type": "null"}]}}}` + string(sep) + `{"$defs": {"A": {"anyOf": [{"type": "null"}, {"$ref": "#/$defs/B"}]}, "B": {}}}`,
		`{"definitions": {"A": {"items": [{}], "additionalItems": false, "dependencies": {"a": ["b"], "c": {}}}}}` + string(sep) + `{"$defs": {"A": {"prefixItems": [true], "items": false}}}`,
		`{"$defs": {"A": {"allOf": [{"$ref": "#/$defs/A"}]}}}` + string(sep) + `{"$defs": {"A": {"$ref": "#/$defs/A"}}}`,
		`{"$defs": {"A": {"properties": {"b": {"$ref": "#/$defs/B"}}}, "B": {"type": "string"}}}` + string(sep) + `{"$defs": {"A": {"properties": {"b": {"$ref": "#/$defs/C"}}}, "B": {"type": "string"}, "C": {"type": "integer"}}}`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		a, b, ok := bytes.Cut(data, sep)
		if !ok {
			return
		}
		canonical, err := reduce.Parse(a, "canonical")
		if err != nil {
			return
		}
		mirror, err := reduce.Parse(b, "mirror")
		if err != nil {
			return
		}
		ws := reduce.NewWorkspace(t.TempDir())
		res := idref.NewResolver(ws, idref.Options{})
		fs := Check(res, canonical, mirror, Options{}).Findings
		for _, f := range fs {
			for _, l := range f.Locations {
				if l.File == "" || l.Line < 1 {
					t.Fatalf("%s: unlocated %+v", f.Message, l)
				}
			}
		}
		defer func(n int) { shardCount = n }(shardCount)
		shardCount = 3
		if got, want := dump(Check(res, canonical, mirror, Options{}).Findings), dump(fs); got != want {
			t.Fatalf("in 3 shards:%s\nin one:%s", got, want)
		}
		pass := &family.Pass{Entries: []family.Entry{{Value: Entry{Canonical: "canonical", Mirror: "mirror"}}}, Workspace: ws, Resolver: res}
		if pre, _ := prepare(pass, "canonical", canonical).(*prepared); pre != nil {
			if got, want := dump(Check(res, canonical, mirror, Options{prepared: pre}).Findings), dump(fs); got != want {
				t.Fatalf("prepared:%s\nnot:%s", got, want)
			}
		}
	})
}
