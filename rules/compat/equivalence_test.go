package compat

import "testing"

// rewrite is a pair of spellings parity treats as equal, and a near miss:
// a head that differs from base in meaning, which must not compare equal.
type rewrite struct {
	name                     string
	baseDialect, headDialect string
	base, head, nearMiss     string
}

// A ref to A, B or C lands on {"type": "string"}, {"type": "string",
// "maxLength": 2} (see documents); refs spell the container of their dialect.
var rewrites = []rewrite{
	{"nullable-vs-type-null", "3.0", "3.1", `{"type": "string", "nullable": true}`, `{"type": ["string", "null"]}`, `{"type": ["string"]}`},
	{"const-vs-enum", "", "", `{"const": "a"}`, `{"enum": ["a"]}`, `{"enum": ["a", "b"]}`},
	{"allOf-one-ref-vs-ref", "", "", `{"allOf": [{"$ref": "#/$defs/A"}]}`, `{"$ref": "#/$defs/A"}`, `{"$ref": "#/$defs/B"}`},
	{"inline-to-ref", "", "", `{"type": "string"}`, `{"$ref": "#/$defs/A"}`, `{"$ref": "#/$defs/B"}`},
	{"ref-to-inline", "", "", `{"$ref": "#/$defs/B"}`, `{"type": "string", "maxLength": 2}`, `{"type": "string", "maxLength": 3}`},
	{"definitions-vs-defs", "draft-07", "", `{"$ref": "#/definitions/B"}`, `{"$ref": "#/$defs/B"}`, `{"$ref": "#/$defs/A"}`},
	{"true-vs-empty", "", "", `{"type": "object", "additionalProperties": true}`, `{"type": "object", "additionalProperties": {}}`, `{"type": "object", "additionalProperties": false}`},
	{"zero-minLength-vs-absent", "", "", `{"type": "string", "minLength": 0}`, `{"type": "string"}`, `{"type": "string", "minLength": 1}`},
	{"oneOf-vs-anyOf", "", "", `{"oneOf": [{"type": "string"}, {"type": "integer"}]}`, `{"anyOf": [{"type": "integer"}, {"type": "string"}]}`, `{"anyOf": [{"type": "integer"}]}`},
	{"boolean-vs-numeric-exclusive", "3.0", "3.1", `{"type": "number", "minimum": 3, "exclusiveMinimum": true}`, `{"type": "number", "exclusiveMinimum": 3}`, `{"type": "number", "minimum": 3}`},
	{"reordered-sets", "", "", `{"type": ["string", "null"], "enum": ["a", "b", null], "required": ["x", "y"]}`, `{"required": ["y", "x"], "enum": [null, "b", "a"], "type": ["null", "string"]}`, `{"required": ["y", "x"], "enum": [null, "b"], "type": ["null", "string"]}`},
	{"tuple-items-vs-prefixItems", "draft-07", "", `{"items": [{"type": "string"}], "additionalItems": false}`, `{"prefixItems": [{"type": "string"}], "items": false}`, `{"prefixItems": [{"type": "string"}]}`},
	{"union-of-one-more-branch", "", "", `{"$ref": "#/$defs/A"}`, `{"anyOf": [{"$ref": "#/$defs/A"}, {"$ref": "#/$defs/A"}]}`, `{"anyOf": [{"$ref": "#/$defs/A"}, {"type": "number"}]}`},
	{"equal-numbers", "", "", `{"type": "number", "maximum": 1}`, `{"type": "number", "maximum": 1.0}`, `{"type": "number", "maximum": 1.5}`},
}

// TestEquivalentRewrites generates, for every rewrite parity treats as
// equal, base/head pairs at several depths: the rewrite must have no effect
// at all, and its near miss must have one (so the test can fail).
func TestEquivalentRewrites(t *testing.T) {
	for _, r := range rewrites {
		for _, n := range nestings {
			if n.name == "not" {
				continue
			}
			t.Run(r.name+"/"+n.name, func(t *testing.T) {
				if got := effectsAcross(t, r.baseDialect, r.headDialect, n.wrap(r.base), n.wrap(r.head)); len(got) != 0 {
					t.Errorf("equivalent rewrite %s → %s: got effects %v, want none", r.base, r.head, got)
				}
				if got := effectsAcross(t, r.baseDialect, r.headDialect, n.wrap(r.base), n.wrap(r.nearMiss)); len(got) == 0 {
					t.Errorf("near miss %s → %s: got no effect", r.base, r.nearMiss)
				}
			})
		}
	}
}
