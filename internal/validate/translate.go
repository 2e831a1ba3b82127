package validate

import (
	"strings"

	"github.com/wirelint/wirelint/reduce"
)

// Translate rewrites, in place, every schema inside v (a whole document or one
// schema, as plain JSON values) from an OpenAPI 3.0 or Swagger 2.0 dialect to
// the draft-07 keywords that mean the same; other dialects are left alone.
//
//   - keywords beside a string `$ref` are dropped (a Reference Object's
//     siblings are ignored);
//   - a boolean exclusiveMinimum/exclusiveMaximum: true moves the value of
//     minimum/maximum into it, false is dropped;
//   - OpenAPI 3.0 `nullable: true` adds "null" to an explicit `type` (without
//     `type` it has no effect; an `enum` still has to list null);
//   - `type: file` (Swagger 2.0 responses) constrains nothing.
//
// The walk is generic so that files reached by reference, whose schema sites
// no document structure announces, translate too. Values of enum, const,
// default, example(s) and x-* extensions are data and are not entered, except
// where the key is a name in a map of named things (properties, $defs...).
func Translate(v any, d reduce.Dialect) {
	if d != reduce.OpenAPI30 && d != reduce.Swagger20 {
		return
	}
	translate(v, d, false, 0)
}

// maxTranslateDepth bounds the walk; documents nest far less.
const maxTranslateDepth = 512

// nameMaps are keys whose value maps names to things, so their keys are never
// keywords.
var nameMaps = map[string]bool{
	"properties": true, "patternProperties": true, "$defs": true, "definitions": true,
	"dependentSchemas": true, "dependencies": true, "schemas": true, "parameters": true,
	"responses": true, "headers": true, "requestBodies": true, "content": true,
	"paths": true, "callbacks": true, "links": true, "securitySchemes": true, "pathItems": true,
	"webhooks": true, "encoding": true, "mapping": true,
}

// dataKeys hold instance data, not schemas.
var dataKeys = map[string]bool{"enum": true, "const": true, "default": true, "example": true, "examples": true}

func translate(v any, d reduce.Dialect, names bool, depth int) {
	if depth > maxTranslateDepth {
		return
	}
	switch x := v.(type) {
	case []any:
		for _, e := range x {
			translate(e, d, false, depth+1)
		}
	case map[string]any:
		if !names {
			translateSchema(x, d)
		}
		for k, e := range x {
			if !names && (dataKeys[k] || strings.HasPrefix(k, "x-")) {
				continue
			}
			translate(e, d, !names && nameMaps[k], depth+1)
		}
	}
}

// translateSchema rewrites one object's keywords.
func translateSchema(m map[string]any, d reduce.Dialect) {
	if _, ok := m["$ref"].(string); ok {
		for k := range m {
			if k != "$ref" {
				delete(m, k)
			}
		}
		return
	}
	for _, pair := range [2][2]string{{"exclusiveMinimum", "minimum"}, {"exclusiveMaximum", "maximum"}} {
		excl, bound := pair[0], pair[1]
		b, ok := m[excl].(bool)
		if !ok {
			continue
		}
		delete(m, excl)
		if v, has := m[bound]; b && has {
			m[excl] = v
			delete(m, bound)
		}
	}
	if d == reduce.OpenAPI30 {
		if n, ok := m["nullable"].(bool); ok {
			delete(m, "nullable")
			if n {
				switch t := m["type"].(type) {
				case string:
					if t != "null" {
						m["type"] = []any{t, "null"}
					}
				case []any:
					if !containsString(t, "null") {
						m["type"] = append(t, "null")
					}
				}
			}
		}
	}
	switch t := m["type"].(type) {
	case string:
		if t == "file" {
			delete(m, "type")
		}
	case []any:
		if containsString(t, "file") {
			delete(m, "type")
		}
	}
}

func containsString(xs []any, s string) bool {
	for _, x := range xs {
		if x == s {
			return true
		}
	}
	return false
}
