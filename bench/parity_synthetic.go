package bench

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
)

// SyntheticParityPair writes a canonical JSON Schema 2020-12 document and its OpenAPI
// 3.0 mirror, each holding n definitions that say the same thing in their own
// dialect's spelling, into dir, and returns their paths. Every definition is an
// object with a dozen properties covering the normalisations parity performs:
// nullable ≡ type with null, boolean ≡ numeric exclusive bounds, const ≡
// one-value enum, enum and required as sets (listed in reverse in the mirror),
// $refs by name, and a oneOf of two refs. Definition i refers to definitions
// i-1 and i/2, so the reference graph grows with n as in a real API.
func SyntheticParityPair(dir string, n int) (canonical, mirror string, err error) {
	cdefs := make(parityDefs, 0, n)
	mdefs := make(parityDefs, 0, n)
	for i := range n {
		c, m := syntheticParityDefinition(i)
		cdefs = append(cdefs, parityDef{syntheticParityName(i), c})
		mdefs = append(mdefs, parityDef{syntheticParityName(i), m})
	}
	canonical = filepath.Join(dir, "canonical.json")
	mirror = filepath.Join(dir, "openapi.json")
	cdoc := map[string]any{
		"$schema": "https://json-schema.org/draft/2020-12/schema",
		"$defs":   cdefs,
	}
	mdoc := map[string]any{
		"openapi":    "3.0.3",
		"info":       map[string]any{"title": "synthetic", "version": "1"},
		"paths":      map[string]any{},
		"components": map[string]any{"schemas": mdefs},
	}
	if err := writeParityJSON(canonical, cdoc); err != nil {
		return "", "", err
	}
	if err := writeParityJSON(mirror, mdoc); err != nil {
		return "", "", err
	}
	return canonical, mirror, nil
}

func syntheticParityName(i int) string { return fmt.Sprintf("Item%04d", i) }

// syntheticParityDefinition returns definition i in both spellings.
func syntheticParityDefinition(i int) (canonical, mirror map[string]any) {
	desc := fmt.Sprintf("Item %d of the synthetic contract.", i)
	statuses := []any{"active", "archived", "pending"}
	canonical = map[string]any{
		"description":          desc,
		"type":                 "object",
		"additionalProperties": false,
		"required":             []any{"id", "name", "kind"},
		"properties": map[string]any{
			"id":      map[string]any{"type": "string", "pattern": "^item_[0-9a-f]{8}$", "maxLength": 13, "description": "The item id."},
			"name":    map[string]any{"type": []any{"string", "null"}, "minLength": 1, "maxLength": 64},
			"count":   map[string]any{"type": "integer", "exclusiveMinimum": 0, "maximum": 1000 + i},
			"ratio":   map[string]any{"type": "number", "minimum": 0, "exclusiveMaximum": 1},
			"status":  map[string]any{"type": "string", "enum": statuses},
			"kind":    map[string]any{"const": "item"},
			"tags":    map[string]any{"type": "array", "items": map[string]any{"type": "string", "maxLength": 32}, "maxItems": 16, "uniqueItems": true},
			"meta":    map[string]any{"type": "object", "additionalProperties": map[string]any{"type": "string"}},
			"created": map[string]any{"type": "string", "format": "date-time", "readOnly": true},
		},
	}
	mirror = map[string]any{
		"description":          desc,
		"type":                 "object",
		"additionalProperties": false,
		"required":             []any{"kind", "name", "id"},
		"properties": map[string]any{
			"id":      map[string]any{"type": "string", "pattern": "^item_[0-9a-f]{8}$", "maxLength": 13, "description": "The item id."},
			"name":    map[string]any{"type": "string", "nullable": true, "minLength": 1, "maxLength": 64},
			"count":   map[string]any{"type": "integer", "minimum": 0, "exclusiveMinimum": true, "maximum": 1000 + i},
			"ratio":   map[string]any{"type": "number", "minimum": 0, "maximum": 1, "exclusiveMaximum": true},
			"status":  map[string]any{"type": "string", "enum": []any{"pending", "archived", "active"}},
			"kind":    map[string]any{"enum": []any{"item"}},
			"tags":    map[string]any{"type": "array", "items": map[string]any{"type": "string", "maxLength": 32}, "maxItems": 16, "uniqueItems": true},
			"meta":    map[string]any{"type": "object", "additionalProperties": map[string]any{"type": "string"}},
			"created": map[string]any{"type": "string", "format": "date-time", "readOnly": true},
		},
	}
	if i > 0 {
		prev, half := syntheticParityName(i-1), syntheticParityName(i/2)
		cprops := canonical["properties"].(map[string]any)
		mprops := mirror["properties"].(map[string]any)
		cprops["parent"] = map[string]any{"$ref": "#/$defs/" + prev}
		mprops["parent"] = map[string]any{"$ref": "#/components/schemas/" + prev}
		cprops["link"] = map[string]any{"oneOf": []any{
			map[string]any{"$ref": "#/$defs/" + prev},
			map[string]any{"$ref": "#/$defs/" + half},
		}}
		mprops["link"] = map[string]any{"oneOf": []any{
			map[string]any{"$ref": "#/components/schemas/" + half},
			map[string]any{"$ref": "#/components/schemas/" + prev},
		}}
	}
	return canonical, mirror
}

// parityDef is one entry of parityDefs.
type parityDef struct {
	name   string
	schema map[string]any
}

// parityDefs marshals as a JSON object whose keys keep the slice's order, as
// definitions in a real document do.
type parityDefs []parityDef

// MarshalJSON writes the definitions in order.
func (d parityDefs) MarshalJSON() ([]byte, error) {
	buf := []byte{'{'}
	for i, e := range d {
		if i > 0 {
			buf = append(buf, ',')
		}
		k, err := json.Marshal(e.name)
		if err != nil {
			return nil, err
		}
		v, err := json.Marshal(e.schema)
		if err != nil {
			return nil, err
		}
		buf = append(append(append(buf, k...), ':'), v...)
	}
	return append(buf, '}'), nil
}

func writeParityJSON(path string, v any) error {
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := os.WriteFile(path, append(data, '\n'), 0o644); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}
