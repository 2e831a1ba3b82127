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

// refactors are rewrites of the shapes a real revision pair moved between
// (an inline union with an annotation-only allOf sibling moved into a
// component that repeats type: object beside it): the near miss changes one
// leaf, and exactly that leaf must be reported.
var refactors = []struct {
	rewrite
	leaf string
}{
	{rewrite{"allOf-annotation-sibling", "", "", `{"allOf": [{"oneOf": [{"$ref": "#/$defs/O1"}, {"$ref": "#/$defs/O2"}]}, {"description": "a pet"}]}`,
		`{"oneOf": [{"$ref": "#/$defs/O1"}, {"$ref": "#/$defs/O2"}]}`, `{"oneOf": [{"$ref": "#/$defs/O1"}]}`}, "anyOf"}, // oneOf is read as anyOf (disjoint branches)
	{rewrite{"type-beside-object-union", "", "", `{"oneOf": [{"$ref": "#/$defs/O1"}, {"$ref": "#/$defs/O2"}]}`,
		`{"type": "object", "oneOf": [{"$ref": "#/$defs/O1"}, {"$ref": "#/$defs/O2"}]}`,
		`{"type": "object", "minProperties": 2, "oneOf": [{"$ref": "#/$defs/O1"}, {"$ref": "#/$defs/O2"}]}`}, "minProperties"},
	{rewrite{"inline-union-to-component", "", "", `{"allOf": [{"oneOf": [{"$ref": "#/$defs/O1"}, {"$ref": "#/$defs/O2"}]}, {"description": "a pet"}]}`,
		`{"$ref": "#/$defs/U"}`, `{"allOf": [{"$ref": "#/$defs/U"}, {"maxProperties": 4}]}`}, "maxProperties"},
	{rewrite{"nullable-vs-anyOf-null", "3.0", "3.1", `{"type": "string", "maxLength": 3, "nullable": true}`,
		`{"anyOf": [{"type": "string", "maxLength": 3}, {"type": "null"}]}`, `{"anyOf": [{"type": "string", "maxLength": 4}, {"type": "null"}]}`}, "maxLength"},
	{rewrite{"ref-siblings-ignored-in-3.0", "3.0", "3.1", `{"$ref": "#/components/schemas/A", "maxLength": 5}`,
		`{"$ref": "#/components/schemas/A"}`, `{"$ref": "#/components/schemas/A", "maxLength": 5}`}, "maxLength"},
	{rewrite{"ref-siblings-merged-in-3.1", "3.1", "3.1", `{"$ref": "#/components/schemas/B", "minLength": 1}`,
		`{"type": "string", "maxLength": 2, "minLength": 1}`, `{"type": "string", "maxLength": 3, "minLength": 1}`}, "maxLength"},
}

// TestRefactors generates, for every refactor, the equal pair (silent) and
// the one-leaf change (exactly that leaf), at several depths.
func TestRefactors(t *testing.T) {
	for _, r := range refactors {
		for _, n := range nestings {
			if n.name == "not" {
				continue
			}
			t.Run(r.name+"/"+n.name, func(t *testing.T) {
				if got := changesAcross(t, r.baseDialect, r.headDialect, n.wrap(r.base), n.wrap(r.head)); len(got) != 0 {
					t.Errorf("refactor %s → %s: got changes %v, want none", r.base, r.head, got)
				}
				if got := changesAcross(t, r.baseDialect, r.headDialect, n.wrap(r.base), n.wrap(r.nearMiss)); len(got) != 1 || got[0] != r.leaf {
					t.Errorf("one-leaf change %s → %s: got changes %v, want [%s]", r.base, r.nearMiss, got, r.leaf)
				}
			})
		}
	}
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
