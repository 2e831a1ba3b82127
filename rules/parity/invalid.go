package parity

import (
	"fmt"
	"strings"

	"github.com/wirelint/wirelint/reduce"
	"github.com/wirelint/wirelint/report"
)

// invalidDefinitions reports each named definition of doc whose value is not
// a schema (a string under components/schemas, say): parity neither compares
// it as {} nor lists it as an ordinary definition.
func invalidDefinitions(doc *reduce.Document) []report.Finding {
	var out []report.Finding
	for _, def := range doc.Definitions {
		if reduce.IsSchemaNode(def.Node) {
			continue
		}
		container := strings.TrimPrefix(def.Pointer[:strings.LastIndex(def.Pointer, "/")], "/")
		out = append(out, report.Finding{
			Rule:     RuleInvalidSchema,
			Severity: invalidSchemaRule.Severity,
			Message: fmt.Sprintf("%s under %s is %s, not a schema (an object or a boolean), so no validator can use it; write a schema there or move the value out of %s",
				def.Name, container, kindOf(def.Node), container),
			Definition: def.Name,
			Locations:  []report.Location{Location(doc, def.Key, def.Pointer)},
			Fields:     map[string]any{"keyword": container},
		})
	}
	return out
}

// shapeProblem says what is wrong with the value v of catalogued keyword
// info, or "" when its shape is one the keyword takes.
func shapeProblem(info reduce.KeywordInfo, v *reduce.Node) string {
	v = reduce.Deref(v)
	if v == nil {
		return ""
	}
	switch info.Shape {
	case reduce.ShapeSchema:
		if !reduce.IsSchemaNode(v) {
			return "a schema"
		}
	case reduce.ShapeItems:
		if !reduce.IsSchemaNode(v) && !allSchemas(v) {
			return "a schema or a list of schemas"
		}
	case reduce.ShapeSchemaList, reduce.ShapeSchemaTuple:
		if !allSchemas(v) || len(v.Content) == 0 {
			return "a non-empty list of schemas"
		}
	case reduce.ShapeSchemaMap:
		if !reduce.IsMap(v) {
			return "an object of schemas"
		}
		bad := false
		reduce.Pairs(v, func(_, e *reduce.Node) bool {
			bad = !reduce.IsSchemaNode(e)
			return !bad
		})
		if bad {
			return "an object of schemas"
		}
	case reduce.ShapeNumber:
		if _, ok := reduce.Number(v); !ok {
			return "a number"
		}
	case reduce.ShapeStringSet:
		if info.Name == "type" && reduce.IsString(v) {
			return ""
		}
		if !allStrings(v) {
			if info.Name == "type" {
				return "a type name or a list of them"
			}
			return "a list of property names"
		}
	case reduce.ShapeValueSet:
		if info.Name == "enum" && !reduce.IsSeq(v) {
			return "a list of values"
		}
	}
	return ""
}

func allSchemas(v *reduce.Node) bool {
	if !reduce.IsSeq(v) {
		return false
	}
	for _, e := range reduce.Items(v) {
		if !reduce.IsSchemaNode(e) {
			return false
		}
	}
	return true
}

func allStrings(v *reduce.Node) bool {
	if !reduce.IsSeq(v) {
		return false
	}
	for _, e := range reduce.Items(v) {
		if !reduce.IsString(e) {
			return false
		}
	}
	return true
}

// kindOf names the JSON kind of a node for a message.
func kindOf(n *reduce.Node) string {
	n = reduce.Deref(n)
	switch {
	case n == nil || reduce.IsNull(n):
		return "null"
	case reduce.IsSeq(n):
		return "a list"
	case reduce.IsMap(n):
		return "an object"
	case reduce.IsString(n):
		return "a string"
	}
	if _, ok := reduce.Bool(n); ok {
		return "a boolean"
	}
	return "a number"
}
