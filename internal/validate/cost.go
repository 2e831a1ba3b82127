package validate

import (
	"strconv"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// Steps estimates, without validating, the work of validating v against sch:
// the schema objects the validator visits, each counted every time it is
// reached (through $ref, allOf and the rest, at every instance value they
// apply to), plus the length of strings matched against a pattern (in 256-byte
// units) and the members of enums compared. The count saturates at max+1, so
// a $ref graph that expands to 2^250 visits costs little to estimate: the
// walk memoises each (schema, instance value) pair, whose number is at most
// the schemas reached times the values of v.
//
// The estimate is an upper bound of the validator's work (it counts every
// branch of anyOf and oneOf, and every patternProperties schema for every
// key); callers compare it with a budget counted in the same steps, so the
// same input gives the same verdict on a fast or a busy machine.
func (sch *Schema) Steps(v any, max int64) int64 {
	c := &coster{max: max, memo: map[costKey]int64{}}
	return c.cost(sch.sch, &instance{v: v})
}

// instance is one value of the instance being costed, with its members made
// once so that a value reached twice is the same key.
type instance struct {
	v    any
	kids map[string]*instance // by member name or array index
}

func (in *instance) kid(name string, v any) *instance {
	if in.kids == nil {
		in.kids = map[string]*instance{}
	}
	k, ok := in.kids[name]
	if !ok {
		k = &instance{v: v}
		in.kids[name] = k
	}
	return k
}

type costKey struct {
	s  *jsonschema.Schema
	in *instance
}

type coster struct {
	max  int64
	memo map[costKey]int64
}

// maxCostPairs bounds the memo of one estimate (about 50 bytes a pair): a
// payload that meets more (schema, value) pairs is over any budget.
const maxCostPairs = 2_000_000

// inProgress marks a pair being costed: a pair met again inside itself is a
// loop the validator refuses, counted once.
const inProgress = -1

func (c *coster) add(a, b int64) int64 {
	if s := a + b; s <= c.max && s >= 0 {
		return s
	}
	return c.max + 1
}

func (c *coster) cost(s *jsonschema.Schema, in *instance) int64 {
	if s == nil {
		return 0
	}
	key := costKey{s, in}
	if n, ok := c.memo[key]; ok {
		if n == inProgress {
			return 1
		}
		return n
	}
	if int64(len(c.memo)) > min(c.max, maxCostPairs) {
		return c.max + 1 // more pairs than the budget has steps, or memory for
	}
	c.memo[key] = inProgress
	n := int64(1)
	same := func(subs ...*jsonschema.Schema) {
		for _, sub := range subs {
			if n <= c.max {
				n = c.add(n, c.cost(sub, in))
			}
		}
	}
	same(s.Ref, s.RecursiveRef, s.Not, s.If, s.Then, s.Else)
	if s.DynamicRef != nil {
		same(s.DynamicRef.Ref)
	}
	same(s.AllOf...)
	same(s.AnyOf...)
	same(s.OneOf...)
	for _, d := range s.DependentSchemas {
		same(d)
	}
	for _, d := range s.Dependencies {
		if d, ok := d.(*jsonschema.Schema); ok {
			same(d)
		}
	}
	if s.Enum != nil {
		n = c.add(n, int64(len(s.Enum.Values)))
	}
	switch v := in.v.(type) {
	case string:
		if s.Pattern != nil {
			n = c.add(n, int64(len(v)>>8))
		}
	case map[string]any:
		for name, member := range v {
			if n > c.max {
				break
			}
			kid := in.kid(name, member)
			child := func(sub *jsonschema.Schema) {
				if sub != nil && n <= c.max {
					n = c.add(n, c.cost(sub, kid))
				}
			}
			child(s.Properties[name])
			for _, sub := range s.PatternProperties {
				child(sub)
			}
			if ap, ok := s.AdditionalProperties.(*jsonschema.Schema); ok {
				child(ap)
			}
			child(s.UnevaluatedProperties)
			if s.PropertyNames != nil {
				n = c.add(n, c.cost(s.PropertyNames, in.kid("\x00"+name, name)))
			}
		}
	case []any:
		for i, item := range v {
			if n > c.max {
				break
			}
			kid := in.kid(strconv.Itoa(i), item)
			child := func(sub *jsonschema.Schema) {
				if sub != nil && n <= c.max {
					n = c.add(n, c.cost(sub, kid))
				}
			}
			switch items := s.Items.(type) {
			case *jsonschema.Schema:
				child(items)
			case []*jsonschema.Schema:
				if i < len(items) {
					child(items[i])
				} else if ai, ok := s.AdditionalItems.(*jsonschema.Schema); ok {
					child(ai)
				}
			}
			if i < len(s.PrefixItems) {
				child(s.PrefixItems[i])
			} else {
				child(s.Items2020)
			}
			child(s.Contains)
			child(s.UnevaluatedItems)
		}
	}
	c.memo[key] = n
	return n
}
