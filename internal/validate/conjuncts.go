package validate

import "github.com/santhosh-tekuri/jsonschema/v6"

// maxConjunctDepth bounds the chain of references and allOf branches
// Conjuncts follows.
const maxConjunctDepth = 64

// Conjuncts returns s and every schema a payload must also satisfy through
// it: the targets of its $ref, $dynamicRef and $recursiveRef and its allOf
// branches, recursively, each once, s first, then depth first in that order.
// A chain deeper than 64 schemas is cut.
func Conjuncts(s *jsonschema.Schema) []*jsonschema.Schema {
	var out []*jsonschema.Schema
	seen := map[*jsonschema.Schema]bool{}
	var add func(s *jsonschema.Schema, depth int)
	add = func(s *jsonschema.Schema, depth int) {
		if s == nil || seen[s] || depth > maxConjunctDepth {
			return
		}
		seen[s] = true
		out = append(out, s)
		add(s.Ref, depth+1)
		if s.DynamicRef != nil {
			add(s.DynamicRef.Ref, depth+1)
		}
		add(s.RecursiveRef, depth+1)
		for _, a := range s.AllOf {
			add(a, depth+1)
		}
	}
	add(s, 0)
	return out
}
