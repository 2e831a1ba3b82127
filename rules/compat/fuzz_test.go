package compat

import (
	"bytes"
	"testing"

	"github.com/wirelint/wirelint/reduce"
)

// FuzzCheck compares two arbitrary revisions (the input split at the first
// "\n---8<---\n"): no pair may panic or loop, and every finding must be
// located at a line of head and name a file in each revision.
func FuzzCheck(f *testing.F) {
	sep := []byte("\n---8<---\n")
	for _, seed := range []string{
		`{"$defs": {"A": {"type": "string", "maxLength": 3}}}` + string(sep) + `{"$defs": {"A": {"type": "string", "maxLength": 2}}}`,
		"openapi: 3.0.3\npaths:\n  /a/{x}:\n    get:\n      parameters: [{name: x, in: path, schema: {type: string}}]\n      responses: {'200': {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/A'}}}}}\ncomponents:\n  schemas:\n    A: {type: string, enum: [a]}\n" +
			string(sep) + "openapi: 3.1.0\npaths:\n  /a/{y}:\n    get:\n      security: [{k: []}]\n      parameters: [{name: y, in: path, schema: {type: string}}, {name: q, in: query, required: true}]\n      responses: {'201': {description: ok}}\ncomponents:\n  schemas:\n    A: {anyOf: [{type: string, enum: [a, b]}, {type: 'null'}]}\n",
		`{"$defs": {"A": {"anyOf": [{"$ref": "#/$defs/A"}, {"not": {"$ref": "#/$defs/A"}}]}}}` + string(sep) + `{"$defs": {"A": {"oneOf": [{"$ref": "#/$defs/B"}]}, "B": {"$ref": "#/$defs/A"}}}`,
		`{"definitions": {"A": {"items": [{}], "additionalItems": false, "dependencies": {"a": ["b"], "c": {}}}}}` + string(sep) + `{"$defs": {"A": {"prefixItems": [true], "items": false, "if": {}, "then": false}}}`,
		// properties named like array indexes beside an array branch
		`{"$defs": {"A": {"anyOf": [{"type": "array"}, {"type": "object", "required": ["-1", "01"], "properties": {"-1": {"maxLength": 3}, "01": {"items": {"maxLength": 3}}}}]}}}` + string(sep) + `{"$defs": {"A": {"anyOf": [{"type": "array"}, {"type": "object", "required": ["-1", "01"], "properties": {"-1": {"maxLength": 2}, "01": {"items": {"maxLength": 2}}}}]}}}`,
		// a component re-validated at the union around it, and security scopes
		"openapi: 3.0.3\npaths:\n  /c:\n    get:\n      security: [{o: [r]}, {k: []}]\n      responses: {'200': {description: ok, content: {application/json: {schema: {properties: {c: {anyOf: [{$ref: '#/components/schemas/M'}, {type: object}]}, d: {type: array, items: {$ref: '#/components/schemas/M'}}}}}}}}\ncomponents:\n  schemas:\n    M: {type: object, properties: {n: {type: integer, maximum: 5}}}\n" +
			string(sep) + "openapi: 3.0.3\npaths:\n  /c:\n    get:\n      security: [{o: [r, w]}]\n      responses: {'200': {description: ok, content: {application/json: {schema: {properties: {c: {anyOf: [{$ref: '#/components/schemas/M'}, {type: object}]}, d: {type: array, items: {$ref: '#/components/schemas/M'}}}}}}}}\ncomponents:\n  schemas:\n    M: {type: object, properties: {n: {type: integer, maximum: 9}}}\n",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		a, b, ok := bytes.Cut(data, sep)
		if !ok {
			return
		}
		base, err := reduce.Parse(a, "base")
		if err != nil {
			return
		}
		head, err := reduce.Parse(b, "head")
		if err != nil {
			return
		}
		ws := reduce.NewWorkspace(t.TempDir())
		for _, f := range Check(ws, ws, base, head, Options{}) {
			if len(f.Locations) != 2 || f.Locations[0].File != "head" || f.Locations[1].File != "base" || f.Locations[0].Line < 1 {
				t.Fatalf("%s: located %+v", f.Message, f.Locations)
			}
		}
	})
}
