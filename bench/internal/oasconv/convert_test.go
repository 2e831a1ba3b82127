package oasconv

import (
	"bytes"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// convertCases pin one conversion each: the source document's schemas and the
// $defs they must become, key order included.
var convertCases = []struct {
	name string
	spec string // the source document
	want string // the converted $defs
	warn string // a substring of the only warning, "" = none
}{{
	// OpenAPI 3.0 ignores a $ref's siblings: constraints and x-* are dropped,
	// annotations kept in a wrapping allOf.
	name: "3.0 ref siblings",
	spec: `{"openapi": "3.0.3", "components": {"schemas": {
		"A": {"type": "object", "properties": {
			"b": {"$ref": "#/components/schemas/B", "maxLength": 1, "nullable": true, "x-go": "b"},
			"c": {"nullable": true, "description": "kept", "$ref": "#/components/schemas/B", "example": "x", "minLength": 1}}},
		"B": {"type": "string"}}}}`,
	want: `{"A": {"type": "object", "properties": {
			"b": {"$ref": "#/$defs/B"},
			"c": {"allOf": [{"$ref": "#/$defs/B"}], "description": "kept", "examples": ["x"]}}},
		"B": {"type": "string"}}`,
}, {
	// nullable adds null to type; without type, or false, it has no effect.
	name: "3.0 nullable",
	spec: `{"openapi": "3.0.0", "components": {"schemas": {
		"A": {"type": "string", "nullable": true, "maxLength": 3},
		"B": {"nullable": true, "allOf": [{"$ref": "#/components/schemas/A"}]},
		"C": {"nullable": false, "type": "integer"},
		"D": {"type": "string", "enum": ["x"], "nullable": true}}}}`,
	want: `{"A": {"type": ["string", "null"], "maxLength": 3},
		"B": {"allOf": [{"$ref": "#/$defs/A"}]},
		"C": {"type": "integer"},
		"D": {"type": ["string", "null"], "enum": ["x"]}}`,
}, {
	// Boolean exclusive bounds take the value of minimum/maximum.
	name: "3.0 boolean exclusive bounds",
	spec: `{"openapi": "3.0.1", "components": {"schemas": {
		"A": {"type": "number", "minimum": 0, "exclusiveMinimum": true, "maximum": 10.5, "exclusiveMaximum": false},
		"B": {"type": "number", "exclusiveMaximum": true}}}}`,
	want: `{"A": {"type": "number", "exclusiveMinimum": 0, "maximum": 10.5}, "B": {"type": "number"}}`,
}, {
	// example becomes a one-element examples; OpenAPI-only keywords go, x-*
	// stay, a $ref into the schemas inside them retargeted, other values not.
	name: "3.0 example and OpenAPI-only keywords",
	spec: `{"openapi": "3.0.3", "components": {"schemas": {
		"A": {"type": "object", "x-go-type": "A", "example": {"k": 1, "$ref": "#/components/schemas/A"}, "discriminator": {"propertyName": "k"},
			"xml": {"name": "a"}, "externalDocs": {"url": "https://example.com"}, "deprecated": true, "readOnly": true,
			"x-expansionResources": {"oneOf": [{"$ref": "#/components/schemas/A"}, {"$ref": "https://x.test/a"}], "$ref": 1}}}}}`,
	want: `{"A": {"type": "object", "x-go-type": "A", "examples": [{"k": 1, "$ref": "#/components/schemas/A"}], "deprecated": true, "readOnly": true,
		"x-expansionResources": {"oneOf": [{"$ref": "#/$defs/A"}, {"$ref": "https://x.test/a"}], "$ref": 1}}}`,
}, {
	// Property names that look like keywords are names, not keywords.
	name: "property names are not keywords",
	spec: `{"openapi": "3.0.3", "components": {"schemas": {
		"A": {"type": "object", "properties": {"$ref": {"type": "string"}, "nullable": {"type": "boolean"}, "example": {"type": "string", "example": "x"}},
			"default": {"$ref": "#/components/schemas/A", "nullable": true}}}}}`,
	want: `{"A": {"type": "object", "properties": {"$ref": {"type": "string"}, "nullable": {"type": "boolean"}, "example": {"type": "string", "examples": ["x"]}},
		"default": {"$ref": "#/components/schemas/A", "nullable": true}}}`,
}, {
	// OpenAPI 3.1 is 2020-12 already: $ref siblings, numeric bounds and examples stay.
	name: "3.1 kept as written",
	spec: `{"openapi": "3.1.0", "components": {"schemas": {
		"A": {"$ref": "#/components/schemas/B", "description": "kept", "examples": [1], "example": 2},
		"B": {"type": ["integer", "null"], "exclusiveMinimum": 0, "nullable": true, "items": true},
		"C": true}}}`,
	want: `{"A": {"$ref": "#/$defs/B", "description": "kept", "examples": [1, 2]},
		"B": {"type": ["integer", "null"], "exclusiveMinimum": 0, "nullable": true, "items": true},
		"C": true}`,
}, {
	// Swagger 2.0 definitions, refs with a pointer past the name, and tuples.
	name: "2.0 definitions",
	spec: `{"swagger": "2.0", "info": {}, "paths": {}, "definitions": {
		"a/b": {"type": "object", "properties": {"c": {"$ref": "#/definitions/D/properties/e", "x-nullable": true, "default": {}}},
			"additionalProperties": {"$ref": "#/definitions/a~1b"}},
		"D": {"type": "array", "items": [{"type": "string"}], "additionalItems": {"$ref": "#/definitions/D"}, "minimum": 1, "exclusiveMinimum": true}}}`,
	want: `{"a/b": {"type": "object", "properties": {"c": {"allOf": [{"$ref": "#/$defs/D/properties/e"}], "default": {}}}, "additionalProperties": {"$ref": "#/$defs/a~1b"}},
		"D": {"type": "array", "prefixItems": [{"type": "string"}], "items": {"$ref": "#/$defs/D"}, "exclusiveMinimum": 1}}`,
}, {
	// A $ref outside the schema container is kept and reported.
	name: "foreign ref reported",
	spec: `{"openapi": "3.0.3", "components": {"schemas": {"A": {"oneOf": [{"$ref": "other.yaml#/X"}]}}}}`,
	want: `{"A": {"oneOf": [{"$ref": "other.yaml#/X"}]}}`,
	warn: `#/components/schemas/A/oneOf/0: $ref "other.yaml#/X" does not point into #/components/schemas; kept as is`,
}, {
	// YAML input: aliases expand, numbers and booleans keep their JSON type; a
	// nullable that is not a boolean is malformed and kept as written.
	name: "yaml",
	spec: "openapi: 3.0.3\ncomponents:\n  schemas:\n    A: &a\n      type: integer\n      maximum: 0x10\n      nullable: yes\n      example: 1.50\n    B: *a\n",
	want: `{"A": {"type": "integer", "maximum": 16, "nullable": "yes", "examples": [1.50]}, "B": {"type": "integer", "maximum": 16, "nullable": "yes", "examples": [1.50]}}`,
}, {
	// A document without schemas converts to an empty $defs.
	name: "no schemas",
	spec: `{"openapi": "3.0.3", "paths": {}}`,
	want: `{}`,
}}

func TestConvert(t *testing.T) {
	for _, tc := range convertCases {
		t.Run(tc.name, func(t *testing.T) {
			doc, err := decode([]byte(tc.spec), "spec.json")
			if err != nil {
				t.Fatal(err)
			}
			out, warnings, err := convert(doc, "spec.json")
			if err != nil {
				t.Fatal(err)
			}
			if got := text(t, out); got != text(t, wrap(t, tc.want)) {
				t.Errorf("converted:\n%s\nwant:\n%s", got, text(t, wrap(t, tc.want)))
			}
			switch {
			case tc.warn == "" && len(warnings) > 0:
				t.Errorf("unexpected warnings %q", warnings)
			case tc.warn != "" && (len(warnings) != 1 || !strings.Contains(warnings[0], tc.warn)):
				t.Errorf("warnings %q, want one containing %q", warnings, tc.warn)
			}
			checkDraft202012(t, out)
		})
	}
}

// wrap puts a $defs body in the document shape convert returns.
func wrap(t *testing.T, defs string) *object {
	t.Helper()
	v, err := decode([]byte(defs), "want.json")
	if err != nil {
		t.Fatal(err)
	}
	return &object{members: []member{{"$schema", draft202012}, {"$defs", v}}}
}

func text(t *testing.T, v any) string {
	t.Helper()
	var buf bytes.Buffer
	if err := encode(&buf, v); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

// checkDraft202012 fails unless out is a valid JSON Schema 2020-12 document
// (it is checked against the meta-schema while compiling).
func checkDraft202012(t *testing.T, out *object) {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(strings.NewReader(text(t, out)))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("mem:///out.json", doc); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Compile("mem:///out.json"); err != nil {
		t.Errorf("output is not valid 2020-12: %v", err)
	}
}
