package validate

import (
	"strings"

	"github.com/wirelint/wirelint/reduce"
)

// An OpenAPI 3 document keeps its schemas under /components/schemas, where
// JSON Schema sees no schemas: jsonschema would then register every
// definition as a stray subschema one by one, re-copying its bookkeeping each
// time (quadratic in the document's size). So before compiling, the map of
// schemas is moved to where the target draft keeps definitions (draft-07
// `definitions` for 3.0, `$defs` for 3.1) and local references follow it.
// Pointers shown to users are mapped back with sourcePointer.

const componentsSchemas = "/components/schemas"

// hoistKey is where a dialect's named schemas go for compilation ("" = stay).
func hoistKey(d reduce.Dialect) string {
	switch d {
	case reduce.OpenAPI30:
		return "definitions"
	case reduce.OpenAPI31:
		return "$defs"
	}
	return ""
}

// hoist moves v's /components/schemas to the root and rewrites the $refs
// that point there.
func hoist(v any, d reduce.Dialect) {
	key := hoistKey(d)
	root, ok := v.(map[string]any)
	if key == "" || !ok {
		return
	}
	comps, ok := root["components"].(map[string]any)
	if !ok {
		return
	}
	schemas, ok := comps["schemas"].(map[string]any)
	if !ok {
		return
	}
	if _, taken := root[key]; taken {
		return
	}
	root[key] = schemas
	// components/schemas stays too: another file's $ref into it (a split
	// spec's common.yaml#/components/schemas/X) is not rewritten, and reaches
	// it there (JSON Schema never walks components on its own)
	rewriteRefs(v, "#"+componentsSchemas+"/", "#/"+key+"/", 0)
}

func rewriteRefs(v any, from, to string, depth int) {
	if depth > maxTranslateDepth {
		return
	}
	switch x := v.(type) {
	case []any:
		for _, e := range x {
			rewriteRefs(e, from, to, depth+1)
		}
	case map[string]any:
		if r, ok := x["$ref"].(string); ok {
			if i := strings.Index(r, from); i >= 0 {
				x["$ref"] = r[:i] + to + r[i+len(from):]
			}
		}
		for _, e := range x {
			rewriteRefs(e, from, to, depth+1)
		}
	}
}

// compilePointer maps a pointer in the source document to the compiled one.
func compilePointer(d reduce.Dialect, p string) string {
	key := hoistKey(d)
	if key == "" {
		return p
	}
	if rest, ok := strings.CutPrefix(p, componentsSchemas+"/"); ok {
		return "/" + reduce.EscapePointerToken(key) + "/" + rest
	}
	return p
}

// sourcePointer maps a compiled pointer back to the source document.
func sourcePointer(doc *reduce.Document, p string) string {
	if doc == nil {
		return p
	}
	key := hoistKey(doc.Dialect)
	if key == "" || reduce.Value(doc.Root, key) != nil {
		return p
	}
	if rest, ok := strings.CutPrefix(p, "/"+key+"/"); ok {
		return componentsSchemas + "/" + rest
	}
	return p
}
