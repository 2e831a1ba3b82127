package fix

import (
	"fmt"
	"strings"

	"github.com/wirelint/wirelint/reduce"
	"github.com/wirelint/wirelint/report"
)

// A missing definition is mended by copying the canonical definition to the
// end of the mirror's definitions, spelt in the mirror's dialect: its local
// $refs re-pointed at the mirror's container, and for an OpenAPI 3.0
// mirror, "null" in type made nullable, const made a one-value enum and a
// numeric exclusive bound made the boolean form. What has no spelling in
// the mirror's dialect (tuple items in 3.0, a $ref into another file) is not
// copied.

// openAPI30Keywords are the Schema Object keywords of OpenAPI 3.0 (and
// Swagger 2.0's subset): a definition using another one is not copied.
var openAPI30Keywords = map[string]bool{
	"type": true, "format": true, "title": true, "description": true, "default": true, "enum": true,
	"multipleOf": true, "maximum": true, "minimum": true, "exclusiveMaximum": true, "exclusiveMinimum": true,
	"maxLength": true, "minLength": true, "pattern": true, "maxItems": true, "minItems": true, "uniqueItems": true,
	"maxProperties": true, "minProperties": true, "required": true, "properties": true, "additionalProperties": true,
	"items": true, "allOf": true, "oneOf": true, "anyOf": true, "not": true, "nullable": true, "readOnly": true,
	"writeOnly": true, "deprecated": true, "example": true, "discriminator": true, "xml": true, "externalDocs": true,
	"$ref": true, "const": true,
}

// schemaKeys are the keywords whose value is a schema, a list of schemas or
// a map of schemas: their values are converted as schemas.
var schemaKeys = map[string]string{
	"properties": "map", "patternProperties": "map", "$defs": "map", "definitions": "map", "dependentSchemas": "map",
	"items": "one", "additionalProperties": "one", "not": "one", "contains": "one", "propertyNames": "one",
	"if": "one", "then": "one", "else": "one", "unevaluatedItems": "one", "unevaluatedProperties": "one",
	"allOf": "list", "anyOf": "list", "oneOf": "list", "prefixItems": "list",
}

// converter spells a canonical schema in the mirror's dialect.
type converter struct {
	from, to         *source
	fromDefs, toDefs string // the containers' pointers: /$defs, /components/schemas
	openAPI30        bool
}

// value is a converted schema, ready to print: a scalar's text, a mapping's
// keys in order, or a list.
type value struct {
	scalar *reduce.Node
	keys   []string
	fields map[string]*value
	items  []*value
}

func (c *converter) schema(n *reduce.Node, depth int) (*value, error) {
	n = reduce.Deref(n)
	if n == nil || depth > 64 {
		return nil, errUnsafe
	}
	if n.Kind == reduce.ScalarNode {
		return &value{scalar: n}, nil
	}
	if n.Kind != reduce.MappingNode {
		return nil, fmt.Errorf("a schema that is neither an object nor a boolean")
	}
	v := &value{fields: map[string]*value{}}
	set := func(k string, x *value) {
		if _, ok := v.fields[k]; !ok {
			v.keys = append(v.keys, k)
		}
		v.fields[k] = x
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, child := n.Content[i].Value, reduce.Deref(n.Content[i+1])
		if child == nil {
			return nil, errUnsafe
		}
		switch {
		case strings.HasPrefix(k, "x-"):
			plain, err := c.plain(child, depth+1)
			if err != nil {
				return nil, err
			}
			set(k, plain)
			continue
		case c.openAPI30 && !openAPI30Keywords[k]:
			return nil, fmt.Errorf("%s has no spelling in OpenAPI 3.0", k)
		}
		switch {
		case k == "$ref":
			ref, err := c.ref(child.Value)
			if err != nil {
				return nil, err
			}
			set(k, &value{scalar: &reduce.Node{Kind: reduce.ScalarNode, Tag: "!!str", Value: ref}})
		case c.openAPI30 && k == "type" && child.Kind == reduce.SequenceNode:
			var types []*reduce.Node
			nullable := false
			for _, t := range child.Content {
				if t.Value == "null" {
					nullable = true
				} else {
					types = append(types, t)
				}
			}
			if len(types) != 1 {
				return nil, fmt.Errorf("type %d types has no spelling in OpenAPI 3.0", len(child.Content))
			}
			set("type", &value{scalar: types[0]})
			if nullable {
				set("nullable", &value{scalar: &reduce.Node{Kind: reduce.ScalarNode, Tag: "!!bool", Value: "true"}})
			}
		case c.openAPI30 && k == "const":
			set("enum", &value{items: []*value{{scalar: child}}})
		case c.openAPI30 && (k == "exclusiveMinimum" || k == "exclusiveMaximum") && child.Tag != "!!bool":
			bound := "minimum"
			if k == "exclusiveMaximum" {
				bound = "maximum"
			}
			if reduce.Value(n, bound) != nil {
				return nil, fmt.Errorf("%s beside %s has no spelling in OpenAPI 3.0", k, bound)
			}
			set(bound, &value{scalar: child})
			set(k, &value{scalar: &reduce.Node{Kind: reduce.ScalarNode, Tag: "!!bool", Value: "true"}})
		case schemaKeys[k] == "one" && !(k == "items" && child.Kind == reduce.SequenceNode):
			x, err := c.schema(child, depth+1)
			if err != nil {
				return nil, err
			}
			set(k, x)
		case schemaKeys[k] == "list" || k == "items":
			if c.openAPI30 && k == "items" {
				return nil, fmt.Errorf("tuple items have no spelling in OpenAPI 3.0")
			}
			list := &value{items: []*value{}}
			for _, item := range child.Content {
				x, err := c.schema(item, depth+1)
				if err != nil {
					return nil, err
				}
				list.items = append(list.items, x)
			}
			set(k, list)
		case schemaKeys[k] == "map":
			m := &value{fields: map[string]*value{}}
			for j := 0; j+1 < len(child.Content); j += 2 {
				x, err := c.schema(child.Content[j+1], depth+1)
				if err != nil {
					return nil, err
				}
				m.keys = append(m.keys, child.Content[j].Value)
				m.fields[child.Content[j].Value] = x
			}
			set(k, m)
		default:
			plain, err := c.plain(child, depth+1)
			if err != nil {
				return nil, err
			}
			set(k, plain)
		}
	}
	return v, nil
}

// plain copies a value that holds no schema (an enum, a default, an x- key).
func (c *converter) plain(n *reduce.Node, depth int) (*value, error) {
	n = reduce.Deref(n)
	if n == nil || depth > 64 {
		return nil, errUnsafe
	}
	switch n.Kind {
	case reduce.ScalarNode:
		return &value{scalar: n}, nil
	case reduce.SequenceNode:
		list := &value{items: []*value{}}
		for _, item := range n.Content {
			x, err := c.plain(item, depth+1)
			if err != nil {
				return nil, err
			}
			list.items = append(list.items, x)
		}
		return list, nil
	case reduce.MappingNode:
		m := &value{fields: map[string]*value{}}
		for j := 0; j+1 < len(n.Content); j += 2 {
			x, err := c.plain(n.Content[j+1], depth+1)
			if err != nil {
				return nil, err
			}
			m.keys = append(m.keys, n.Content[j].Value)
			m.fields[n.Content[j].Value] = x
		}
		return m, nil
	}
	return nil, errUnsafe
}

// ref re-points a local $ref at the mirror's container.
func (c *converter) ref(ref string) (string, error) {
	if !strings.HasPrefix(ref, "#"+c.fromDefs+"/") {
		return "", fmt.Errorf("$ref %s does not name a definition of the same file", ref)
	}
	return "#" + c.toDefs + ref[len("#"+c.fromDefs):], nil
}

// yaml prints v in YAML block style at indent, step spaces a level.
func (s *source) yaml(v *value, indent, step int) string {
	pad := strings.Repeat(" ", indent)
	var b strings.Builder
	for _, k := range v.keys {
		x := v.fields[k]
		b.WriteString(pad + s.keyText(k) + ":")
		switch {
		case x.scalar != nil:
			b.WriteString(" " + s.scalar(x.scalar) + "\n")
		case x.items != nil && flatList(x):
			parts := make([]string, len(x.items))
			for i, item := range x.items {
				parts[i] = s.scalar(item.scalar)
			}
			b.WriteString(" [" + strings.Join(parts, ", ") + "]\n")
		case x.items != nil:
			b.WriteString("\n")
			for _, item := range x.items {
				dash := strings.Repeat(" ", indent+step) + "- "
				switch {
				case item.scalar != nil:
					b.WriteString(dash + s.scalar(item.scalar) + "\n")
				case item.fields != nil && len(item.keys) > 0:
					body := s.yaml(item, indent+step+2, step)
					b.WriteString(dash + body[indent+step+2:])
				default: // an empty mapping or a list: JSON, which YAML reads as flow style
					b.WriteString(dash + s.jsonText(item, 0, 0) + "\n")
				}
			}
		case len(x.keys) == 0:
			b.WriteString(" {}\n")
		default:
			b.WriteString("\n" + s.yaml(x, indent+step, step))
		}
	}
	return b.String()
}

// flatList reports whether v is a list of scalars (printed in flow style).
func flatList(v *value) bool {
	for _, item := range v.items {
		if item.scalar == nil {
			return false
		}
	}
	return true
}

// jsonText prints v as JSON, pretty at indent with step spaces a level, or
// on one line when step is 0.
func (s *source) jsonText(v *value, indent, step int) string {
	nl, pad, inner := "", "", ""
	if step > 0 {
		nl, pad, inner = "\n", strings.Repeat(" ", indent), strings.Repeat(" ", indent+step)
	}
	switch {
	case v.scalar != nil:
		return s.scalar(v.scalar)
	case v.items != nil:
		if flatList(v) || len(v.items) == 0 {
			parts := make([]string, len(v.items))
			for i, item := range v.items {
				parts[i] = s.scalar(item.scalar)
			}
			return "[" + strings.Join(parts, ", ") + "]"
		}
		parts := make([]string, len(v.items))
		for i, item := range v.items {
			parts[i] = inner + s.jsonText(item, indent+step, step)
		}
		return "[" + nl + strings.Join(parts, ","+sep(nl)) + nl + pad + "]"
	case len(v.keys) == 0:
		return "{}"
	}
	parts := make([]string, len(v.keys))
	for i, k := range v.keys {
		parts[i] = inner + quote(k) + ": " + s.jsonText(v.fields[k], indent+step, step)
	}
	return "{" + nl + strings.Join(parts, ","+sep(nl)) + nl + pad + "}"
}

// sep is what follows a comma: a newline, or a space on one line.
func sep(nl string) string {
	if nl == "" {
		return " "
	}
	return nl
}

// definition mends parity/missing-definition: the canonical definition,
// converted, appended to the mirror's definitions.
func definition(f report.Finding, open func(string) (*source, error), towards Towards) (*Fix, error) {
	if towards != TowardsCanonical {
		return nil, fmt.Errorf("a missing definition is copied to the mirror only")
	}
	from, to, fromLoc, toLoc, err := openSides(f, open, towards)
	if err != nil {
		return nil, err
	}
	tokens := reduce.SplitPointer(fromLoc.Pointer)
	if len(tokens) < 2 {
		return nil, fmt.Errorf("the canonical definition is a file root; copy it by hand")
	}
	name := tokens[len(tokens)-1]
	def := reduce.Lookup(from.doc.Root, fromLoc.Pointer)
	container := reduce.Deref(reduce.Lookup(to.doc.Root, toLoc.Pointer))
	if def == nil || container == nil || container.Kind != reduce.MappingNode || len(container.Content) == 0 {
		return nil, fmt.Errorf("the mirror has no definitions to add %s to", name)
	}
	if reduce.Value(container, name) != nil {
		return nil, fmt.Errorf("the mirror already has a definition named %s", name)
	}
	c := &converter{from: from, to: to, fromDefs: reduce.JoinPointer("", tokens[:len(tokens)-1]...), toDefs: toLoc.Pointer,
		openAPI30: to.doc.Dialect == reduce.OpenAPI30 || to.doc.Dialect == reduce.Swagger20}
	switch from.doc.Dialect {
	case reduce.Draft04, reduce.Draft06, reduce.Draft07, reduce.Swagger20:
		if !c.openAPI30 {
			return nil, fmt.Errorf("a %s definition is not copied into a %s document; copy it by hand", from.doc.Dialect, to.doc.Dialect)
		}
	}
	v, err := c.schema(def, 0)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	first := container.Content[0]
	childOff := to.nodeStart(first)
	childIndent := childOff - to.lineStart(childOff)
	step := 2
	if fv := reduce.Deref(container.Content[1]); fv != nil && fv.Kind == reduce.MappingNode && len(fv.Content) > 0 && !to.flow(fv) {
		if d := to.nodeStart(fv.Content[0]) - to.lineStart(to.nodeStart(fv.Content[0])) - childIndent; d > 0 {
			step = d
		}
	}
	var edit Edit
	switch {
	case to.json() || to.flow(container):
		open := to.nodeStart(container)
		end, err := to.matchBracket(open)
		if err != nil {
			return nil, err
		}
		last := end - 2
		for last > open && strings.ContainsRune(" \t\r\n", rune(to.data[last])) {
			last--
		}
		if lineOf(to.starts, childOff) == lineOf(to.starts, open) {
			edit = Edit{File: to.path, Start: last + 1, End: last + 1, Text: ", " + to.keyText(name) + ": " + to.jsonText(v, 0, 0)}
		} else {
			edit = Edit{File: to.path, Start: last + 1, End: last + 1, Text: ",\n" + strings.Repeat(" ", childIndent) + to.keyText(name) + ": " + to.jsonText(v, childIndent, step)}
		}
	default:
		keyOff := to.nodeStart(reduce.Deref(to.mustKey(toLoc.Pointer)))
		end := to.deeperLinesEnd(to.lineEnd(keyOff), to.indentOf(keyOff), false)
		edit = Edit{File: to.path, Start: end, End: end, Text: "\n" + strings.Repeat(" ", childIndent) + to.keyText(name) + ":\n" + strings.TrimSuffix(to.yaml(v, childIndent+step, step), "\n")}
	}
	return &Fix{Finding: f, Description: fmt.Sprintf("add %s to %s#%s", name, toLoc.File, toLoc.Pointer), Edits: []Edit{edit}}, nil
}

// mustKey is the key node of the mapping entry at pointer, or the root.
func (s *source) mustKey(pointer string) *reduce.Node {
	if m, ok := s.lookupMember(pointer); ok {
		return m.key
	}
	return s.doc.Root
}
