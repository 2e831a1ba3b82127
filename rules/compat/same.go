package compat

import (
	"strings"

	"github.com/wirelint/wirelint/reduce"
)

// sameNodes reports whether a base schema node and a head schema node are
// written identically (positions aside) in documents of one dialect, so
// they accept the same instances and need no projection or comparison. A
// $ref counts as identical only when it names a definition by pointer in
// both documents (that definition is compared on its own); any other
// reference, which could land on something that changed, makes the nodes
// "not the same" and leaves them to the full comparison.
func sameNodes(base, head *reduce.Document, b, h *reduce.Node) bool {
	if base.Dialect != head.Dialect {
		return false
	}
	return same(base, head, b, h, 0)
}

func same(base, head *reduce.Document, b, h *reduce.Node, depth int) bool {
	b, h = reduce.Deref(b), reduce.Deref(h)
	if b == nil || h == nil || depth > 512 {
		return b == nil && h == nil
	}
	if b.Kind != h.Kind || len(b.Content) != len(h.Content) {
		return false
	}
	switch b.Kind {
	case reduce.ScalarNode:
		return b.Value == h.Value && b.Tag == h.Tag
	case reduce.MappingNode:
		for i := 0; i+1 < len(b.Content); i += 2 {
			k := b.Content[i].Value
			if k != h.Content[i].Value {
				return false
			}
			if k == "$ref" {
				bv, hv := reduce.Deref(b.Content[i+1]), reduce.Deref(h.Content[i+1])
				if bv == nil || hv == nil || bv.Value != hv.Value || !definitionRef(base, bv.Value) || !definitionRef(head, hv.Value) {
					return false
				}
				continue
			}
			if !same(base, head, b.Content[i+1], h.Content[i+1], depth+1) {
				return false
			}
		}
		return true
	}
	for i := range b.Content {
		if !same(base, head, b.Content[i], h.Content[i], depth+1) {
			return false
		}
	}
	return true
}

// definitionRef reports whether ref is a local pointer to a definition of doc.
func definitionRef(doc *reduce.Document, ref string) bool {
	if !strings.HasPrefix(ref, "#/") || strings.ContainsAny(ref, "%~") {
		return false
	}
	return doc.DefinitionAt(ref[1:]) != nil
}
