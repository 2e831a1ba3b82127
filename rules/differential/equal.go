package differential

import (
	"math/big"
	"sort"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/wirelint/wirelint/internal/validate"
)

// equalSchemas reports whether two compiled schemas constrain alike keyword
// for keyword, references followed, annotations ignored. Equal schemas accept
// the same payloads, so the pair needs no probes. It answers false whenever
// it is unsure (dynamic references, custom vocabularies): probing decides then.
func equalSchemas(canonical, mirror *jsonschema.Schema) bool {
	e := &equality{assumed: map[[2]*jsonschema.Schema]bool{}}
	return e.eq(canonical, mirror)
}

type equality struct {
	// assumed holds pairs under comparison: a cycle back to one is taken as
	// equal (the greatest fixed point, as for recursive types).
	assumed map[[2]*jsonschema.Schema]bool
	steps   int
}

// maxEqualSteps bounds one comparison; past it the schemas count as unequal.
const maxEqualSteps = 100_000

func (e *equality) eq(a, b *jsonschema.Schema) bool {
	if a == nil || b == nil {
		return a == nil && b == nil || isTrue(a) && isTrue(b)
	}
	a, b = skipRefOnly(a), skipRefOnly(b)
	if a == b {
		return true
	}
	key := [2]*jsonschema.Schema{a, b}
	if e.assumed[key] {
		return true
	}
	e.steps++
	if e.steps > maxEqualSteps {
		return false
	}
	e.assumed[key] = true
	ok := e.compare(a, b)
	if !ok {
		delete(e.assumed, key) // only a pair still under comparison may be assumed
	}
	return ok
}

func (e *equality) compare(a, b *jsonschema.Schema) bool {
	if (a.Bool == nil) != (b.Bool == nil) {
		return isTrue(a) && isTrue(b) || isFalse(a) && isFalse(b)
	}
	if a.Bool != nil {
		return *a.Bool == *b.Bool
	}
	if a.DynamicRef != nil || b.DynamicRef != nil || a.RecursiveRef != nil || b.RecursiveRef != nil ||
		len(a.Extensions) > 0 || len(b.Extensions) > 0 || a.UnevaluatedItems != nil || b.UnevaluatedItems != nil ||
		a.UnevaluatedProperties != nil || b.UnevaluatedProperties != nil || len(a.Dependencies) > 0 || len(b.Dependencies) > 0 {
		return false
	}
	return e.eq(a.Ref, b.Ref) &&
		typesOf(a) == typesOf(b) &&
		sameValues(a.Enum, b.Enum) && sameConst(a.Const, b.Const) &&
		e.eq(a.Not, b.Not) && e.list(a.AllOf, b.AllOf) && e.list(a.AnyOf, b.AnyOf) && e.list(a.OneOf, b.OneOf) &&
		e.eq(a.If, b.If) && e.eq(a.Then, b.Then) && e.eq(a.Else, b.Else) &&
		sameFormat(a, b) &&
		sameInt(a.MaxProperties, b.MaxProperties) && sameInt(a.MinProperties, b.MinProperties) &&
		sameSet(a.Required, b.Required) && e.eq(a.PropertyNames, b.PropertyNames) &&
		e.props(a.Properties, b.Properties) && e.patternProps(a.PatternProperties, b.PatternProperties) &&
		e.additional(a.AdditionalProperties, b.AdditionalProperties) &&
		sameDependentRequired(a.DependentRequired, b.DependentRequired) && e.props(a.DependentSchemas, b.DependentSchemas) &&
		sameInt(a.MinItems, b.MinItems) && sameInt(a.MaxItems, b.MaxItems) && a.UniqueItems == b.UniqueItems &&
		e.eq(a.Contains, b.Contains) && sameInt(a.MinContains, b.MinContains) && sameInt(a.MaxContains, b.MaxContains) &&
		e.items(a, b) &&
		sameInt(a.MinLength, b.MinLength) && sameInt(a.MaxLength, b.MaxLength) && samePattern(a.Pattern, b.Pattern) &&
		sameRat(a.Maximum, b.Maximum) && sameRat(a.Minimum, b.Minimum) &&
		sameRat(a.ExclusiveMaximum, b.ExclusiveMaximum) && sameRat(a.ExclusiveMinimum, b.ExclusiveMinimum) &&
		sameRat(a.MultipleOf, b.MultipleOf)
}

// skipRefOnly follows schemas that hold nothing but a $ref (annotations
// aside).
func skipRefOnly(s *jsonschema.Schema) *jsonschema.Schema {
	for i := 0; i < 64 && s.Ref != nil && refOnly(s); i++ {
		s = s.Ref
	}
	return s
}

func refOnly(s *jsonschema.Schema) bool {
	return s.Bool == nil && s.Types == nil && s.Enum == nil && s.Const == nil && s.Not == nil && len(s.AllOf) == 0 &&
		len(s.AnyOf) == 0 && len(s.OneOf) == 0 && s.If == nil && s.Then == nil && s.Else == nil && s.Format == nil &&
		s.MaxProperties == nil && s.MinProperties == nil && len(s.Required) == 0 && s.PropertyNames == nil &&
		len(s.Properties) == 0 && len(s.PatternProperties) == 0 && s.AdditionalProperties == nil &&
		len(s.Dependencies) == 0 && len(s.DependentRequired) == 0 && len(s.DependentSchemas) == 0 &&
		s.UnevaluatedProperties == nil && s.MinItems == nil && s.MaxItems == nil && !s.UniqueItems &&
		s.Contains == nil && s.MinContains == nil && s.MaxContains == nil && s.Items == nil &&
		s.AdditionalItems == nil && len(s.PrefixItems) == 0 && s.Items2020 == nil && s.UnevaluatedItems == nil &&
		s.MinLength == nil && s.MaxLength == nil && s.Pattern == nil && s.Maximum == nil && s.Minimum == nil &&
		s.ExclusiveMaximum == nil && s.ExclusiveMinimum == nil && s.MultipleOf == nil && s.DynamicRef == nil &&
		s.RecursiveRef == nil && len(s.Extensions) == 0 && s.ContentEncoding == nil && s.ContentMediaType == nil
}

func isTrue(s *jsonschema.Schema) bool {
	return s == nil || s.Bool != nil && *s.Bool || s.Ref == nil && refOnly(s)
}

func isFalse(s *jsonschema.Schema) bool { return s != nil && s.Bool != nil && !*s.Bool }

func (e *equality) list(a, b []*jsonschema.Schema) bool {
	if len(a) != len(b) {
		return false
	}
	// unions are sets: pair each member with an equal one, in any order
	used := make([]bool, len(b))
	for _, x := range a {
		found := false
		for j, y := range b {
			if !used[j] && e.eq(x, y) {
				used[j], found = true, true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

func (e *equality) props(a, b map[string]*jsonschema.Schema) bool {
	if len(a) != len(b) {
		return false
	}
	for k, x := range a {
		y, ok := b[k]
		if !ok || !e.eq(x, y) {
			return false
		}
	}
	return true
}

func (e *equality) patternProps(a, b map[jsonschema.Regexp]*jsonschema.Schema) bool {
	if len(a) != len(b) {
		return false
	}
	byText := map[string]*jsonschema.Schema{}
	for re, s := range b {
		byText[re.String()] = s
	}
	for re, x := range a {
		y, ok := byText[re.String()]
		if !ok || !e.eq(x, y) {
			return false
		}
	}
	return true
}

// additional compares additionalProperties: absent, a boolean, or a schema.
func (e *equality) additional(a, b any) bool {
	as, bs := asSchema(a), asSchema(b)
	if as != nil || bs != nil {
		return e.eqLoose(as, bs, a, b)
	}
	return boolOr(a, true) == boolOr(b, true)
}

func (e *equality) eqLoose(as, bs *jsonschema.Schema, a, b any) bool {
	switch {
	case as != nil && bs != nil:
		return e.eq(as, bs)
	case as != nil:
		return boolOr(b, true) && isTrue(as) || !boolOr(b, true) && isFalse(as)
	default:
		return boolOr(a, true) && isTrue(bs) || !boolOr(a, true) && isFalse(bs)
	}
}

// items compares array keywords across drafts: draft-07 items (one schema or
// a tuple) with additionalItems against 2020-12 prefixItems and items.
func (e *equality) items(a, b *jsonschema.Schema) bool {
	ap, ai := itemsOf(a)
	bp, bi := itemsOf(b)
	if len(ap) != len(bp) {
		return false
	}
	for i := range ap {
		if !e.eq(ap[i], bp[i]) {
			return false
		}
	}
	return e.eq(ai, bi)
}

func itemsOf(s *jsonschema.Schema) (prefix []*jsonschema.Schema, rest *jsonschema.Schema) {
	switch it := s.Items.(type) {
	case *jsonschema.Schema:
		rest = it
	case []*jsonschema.Schema:
		prefix = it
		rest = asSchema(s.AdditionalItems)
		if b, ok := s.AdditionalItems.(bool); ok && !b {
			f := false
			rest = &jsonschema.Schema{Bool: &f}
		}
	}
	if s.PrefixItems != nil {
		prefix = s.PrefixItems
	}
	if s.Items2020 != nil {
		rest = s.Items2020
	}
	return prefix, rest
}

func asSchema(v any) *jsonschema.Schema {
	s, _ := v.(*jsonschema.Schema)
	return s
}

func boolOr(v any, def bool) bool {
	if b, ok := v.(bool); ok {
		return b
	}
	return def
}

func typesOf(s *jsonschema.Schema) string {
	if s.Types == nil {
		return ""
	}
	return s.Types.String()
}

// sameFormat compares formats where both sides assert one. A format is an
// annotation unless validate.Options.AssertFormat is set, and then every
// dialect carries it; where one side has none, formats are not in play.
func sameFormat(a, b *jsonschema.Schema) bool {
	return a.Format == nil || b.Format == nil || a.Format.Name == b.Format.Name
}

func sameValues(a, b *jsonschema.Enum) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	as, bs := make([]string, len(a.Values)), make([]string, len(b.Values))
	for i, v := range a.Values {
		as[i] = validate.JSONText(v)
	}
	for i, v := range b.Values {
		bs[i] = validate.JSONText(v)
	}
	return sameSet(as, bs)
}

func sameConst(a, b *any) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return validate.JSONText(*a) == validate.JSONText(*b)
}

func sameInt(a, b *int) bool { return a == nil && b == nil || a != nil && b != nil && *a == *b }

func sameRat(a, b *big.Rat) bool {
	return a == nil && b == nil || a != nil && b != nil && a.Cmp(b) == 0
}

func samePattern(a, b jsonschema.Regexp) bool {
	return a == nil && b == nil || a != nil && b != nil && a.String() == b.String()
}

func sameSet(a, b []string) bool {
	as := append([]string(nil), a...)
	bs := append([]string(nil), b...)
	sort.Strings(as)
	sort.Strings(bs)
	as, bs = dedupe(as), dedupe(bs)
	if len(as) != len(bs) {
		return false
	}
	for i := range as {
		if as[i] != bs[i] {
			return false
		}
	}
	return true
}

func dedupe(xs []string) []string {
	out := xs[:0]
	for i, x := range xs {
		if i == 0 || x != xs[i-1] {
			out = append(out, x)
		}
	}
	return out
}

func sameDependentRequired(a, b map[string][]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, x := range a {
		y, ok := b[k]
		if !ok || !sameSet(x, y) {
			return false
		}
	}
	return true
}
