package oasconv

import (
	"fmt"
	"strings"
)

// dialect is the schema language of the source document.
type dialect int

const (
	swagger20 dialect = iota
	openAPI30
	openAPI31
)

// draft202012 is the $schema of the converted document.
const draft202012 = "https://json-schema.org/draft/2020-12/schema"

// Keywords whose value is a map of names to schemas.
var schemaMapKeywords = map[string]bool{
	"properties": true, "patternProperties": true, "$defs": true, "definitions": true, "dependentSchemas": true,
}

// Keywords whose value is one schema.
var schemaKeywords = map[string]bool{
	"additionalProperties": true, "not": true, "if": true, "then": true, "else": true, "contains": true,
	"propertyNames": true, "unevaluatedItems": true, "unevaluatedProperties": true, "contentSchema": true,
}

// Keywords whose value is an array of schemas.
var schemaListKeywords = map[string]bool{
	"allOf": true, "anyOf": true, "oneOf": true, "prefixItems": true,
}

// openAPIOnly are Schema Object keywords that OpenAPI adds and JSON Schema has
// no meaning for; none changes what validates.
var openAPIOnly = map[string]bool{"discriminator": true, "xml": true, "externalDocs": true}

// annotations are keywords that describe an instance without constraining it.
var annotations = map[string]bool{
	"title": true, "description": true, "default": true, "example": true, "examples": true,
	"deprecated": true, "readOnly": true, "writeOnly": true, "$comment": true,
}

// converter turns one OpenAPI document's component schemas into a JSON Schema
// 2020-12 document.
type converter struct {
	dialect dialect
	// container is the pointer of the source's schema map, with a trailing slash.
	container string
	// warnings are problems that did not stop the conversion, one line each.
	warnings []string
}

// convert returns the JSON Schema 2020-12 document holding doc's component
// schemas under $defs. file names the input in errors and warnings.
func convert(doc any, file string) (*object, []string, error) {
	root, ok := doc.(*object)
	if !ok {
		return nil, nil, fmt.Errorf("%s: the top level is not an object", file)
	}
	c := &converter{}
	var schemas any
	switch {
	case root.has("openapi"):
		v, _ := root.get("openapi")
		ver, _ := v.(string)
		switch {
		case strings.HasPrefix(ver, "3.0"):
			c.dialect = openAPI30
		case strings.HasPrefix(ver, "3.1"):
			c.dialect = openAPI31
		default:
			return nil, nil, fmt.Errorf("%s: unsupported OpenAPI version %v (want 3.0.x or 3.1.x)", file, v)
		}
		c.container = "#/components/schemas/"
		if comps, ok := root.value("components").(*object); ok {
			schemas, _ = comps.get("schemas")
		}
	case root.has("swagger"):
		v, _ := root.get("swagger")
		if ver, _ := v.(string); ver != "2.0" {
			return nil, nil, fmt.Errorf("%s: unsupported swagger version %v (want 2.0)", file, v)
		}
		c.dialect = swagger20
		c.container = "#/definitions/"
		schemas, _ = root.get("definitions")
	default:
		return nil, nil, fmt.Errorf("%s: not an OpenAPI or Swagger document (no openapi or swagger key)", file)
	}
	defs := &object{}
	if schemas != nil {
		m, ok := schemas.(*object)
		if !ok {
			return nil, nil, fmt.Errorf("%s: %s is not an object", file, strings.Trim(c.container, "#/"))
		}
		for _, def := range m.members {
			defs.members = append(defs.members, member{def.key, c.schema(def.value, c.container+escape(def.key))})
		}
	}
	out := &object{members: []member{{"$schema", draft202012}, {"$defs", defs}}}
	for i, w := range c.warnings {
		c.warnings[i] = file + ": " + w
	}
	return out, c.warnings, nil
}

// schema converts one schema found at ptr (a URI fragment in the source).
// Anything that is not an object (a boolean schema, or something malformed) is
// kept as it is.
func (c *converter) schema(v any, ptr string) any {
	s, ok := v.(*object)
	if !ok {
		return v
	}
	if ref, ok := s.get("$ref"); ok && c.dialect != openAPI31 {
		return c.refSchema(s, c.ref(ref, ptr), ptr)
	}
	nullable := c.dialect == openAPI30 && s.getBool("nullable")
	boolBounds := c.dialect != openAPI31
	exclusiveMin := boolBounds && s.getBool("exclusiveMinimum")
	exclusiveMax := boolBounds && s.getBool("exclusiveMaximum")
	example, hasExample := s.get("example")

	out := &object{members: make([]member, 0, len(s.members))}
	for _, m := range s.members {
		k, v := m.key, m.value
		at := ptr + "/" + escape(k)
		switch {
		case k == "$ref":
			out.add(k, c.ref(v, ptr))
		case k == "nullable" && c.dialect == openAPI30 && isBool(v):
			// folded into type
		case (k == "exclusiveMinimum" || k == "exclusiveMaximum") && boolBounds && isBool(v):
			// folded into minimum / maximum
		case k == "minimum" && exclusiveMin:
			out.add("exclusiveMinimum", v)
		case k == "maximum" && exclusiveMax:
			out.add("exclusiveMaximum", v)
		case k == "type" && nullable:
			out.add(k, withNull(v))
		case k == "example":
			if list, ok := s.get("examples"); !ok || !isList(list) {
				out.add("examples", []any{v})
			}
		case k == "examples" && hasExample && isList(v):
			out.add(k, append(append([]any{}, v.([]any)...), example))
		case k == "examples" && hasExample:
			// replaced by [example]: in this dialect examples is not a keyword
		case openAPIOnly[k]:
		case strings.HasPrefix(k, "x-"):
			out.add(k, c.retarget(v))
		case schemaMapKeywords[k]:
			if props, ok := v.(*object); ok {
				conv := &object{members: make([]member, 0, len(props.members))}
				for _, p := range props.members {
					conv.add(p.key, c.schema(p.value, at+"/"+escape(p.key)))
				}
				v = conv
			}
			out.add(k, v)
		case schemaKeywords[k]:
			out.add(k, c.schema(v, at))
		case schemaListKeywords[k]:
			out.add(k, c.schemaList(v, at))
		case k == "items" && isList(v) && c.dialect != openAPI31:
			// a tuple before 2020-12
			out.add("prefixItems", c.schemaList(v, at))
		case k == "items":
			out.add(k, c.schema(v, at))
		case k == "additionalItems" && c.dialect != openAPI31 && isList(s.value("items")):
			out.add("items", c.schema(v, at))
		default:
			out.add(k, v)
		}
	}
	return out
}

// refSchema converts a Swagger 2.0 or OpenAPI 3.0 schema holding a $ref.
// Those dialects ignore every keyword beside $ref, so constraints there are
// dropped. Annotations (a description beside a $ref is common and read by
// people and tools) are kept by wrapping: {"allOf": [{"$ref": ...}], annotations}
// validates exactly as the bare $ref does.
func (c *converter) refSchema(s *object, ref any, ptr string) any {
	bare := &object{members: []member{{"$ref", ref}}}
	notes := &object{}
	for _, m := range s.members {
		if annotations[m.key] {
			notes.members = append(notes.members, m)
		}
	}
	if len(notes.members) == 0 {
		return bare
	}
	wrapped := c.schema(notes, ptr).(*object)
	wrapped.members = append([]member{{"allOf", []any{bare}}}, wrapped.members...)
	return wrapped
}

func (c *converter) schemaList(v any, ptr string) any {
	list, ok := v.([]any)
	if !ok {
		return v
	}
	conv := make([]any, len(list))
	for i, x := range list {
		conv[i] = c.schema(x, fmt.Sprintf("%s/%d", ptr, i))
	}
	return conv
}

// ref rewrites a reference to a component schema into one to $defs. Any other
// reference is kept and reported.
func (c *converter) ref(v any, ptr string) any {
	ref, ok := v.(string)
	if !ok {
		c.warnings = append(c.warnings, fmt.Sprintf("%s: $ref is not a string; kept as is", ptr))
		return v
	}
	if rest, ok := strings.CutPrefix(ref, c.container); ok {
		return "#/$defs/" + rest
	}
	c.warnings = append(c.warnings, fmt.Sprintf("%s: $ref %q does not point into %s; kept as is", ptr, ref, strings.TrimSuffix(c.container, "/")))
	return ref
}

// retarget copies an extension's value, pointing every {"$ref": "#/components/
// schemas/X"} in it (or #/definitions/X) at #/$defs/X: an extension's value is
// not a schema, but a reference in it names a schema that moved (Stripe's
// x-expansionResources lists schemas this way). Other values are kept as they
// are, without warnings.
func (c *converter) retarget(v any) any {
	switch t := v.(type) {
	case *object:
		out := &object{members: make([]member, len(t.members))}
		for i, m := range t.members {
			out.members[i] = member{m.key, c.retarget(m.value)}
			if ref, ok := m.value.(string); ok && m.key == "$ref" {
				if rest, ok := strings.CutPrefix(ref, c.container); ok {
					out.members[i].value = "#/$defs/" + rest
				}
			}
		}
		return out
	case []any:
		out := make([]any, len(t))
		for i, x := range t {
			out[i] = c.retarget(x)
		}
		return out
	}
	return v
}

// withNull adds "null" to a type keyword's value.
func withNull(t any) any {
	switch t := t.(type) {
	case string:
		if t == "null" {
			return t
		}
		return []any{t, "null"}
	case []any:
		for _, x := range t {
			if x == "null" {
				return t
			}
		}
		return append(append([]any{}, t...), "null")
	}
	return t
}

// add appends a key the converted object does not have yet; a later duplicate
// (two source keys folded into one) replaces the value in place.
func (o *object) add(key string, value any) { o.set(key, value) }

// has reports whether key is present.
func (o *object) has(key string) bool { _, ok := o.get(key); return ok }

// getBool reports whether key is present and exactly true.
func (o *object) getBool(key string) bool {
	v, _ := o.get(key)
	b, _ := v.(bool)
	return b
}

// value returns the value of key, or nil when it is absent.
func (o *object) value(key string) any { v, _ := o.get(key); return v }

func isBool(v any) bool { _, ok := v.(bool); return ok }

func isList(v any) bool { _, ok := v.([]any); return ok }

// escape escapes a JSON pointer token (RFC 6901).
func escape(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}
