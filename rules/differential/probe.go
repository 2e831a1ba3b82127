package differential

import (
	"encoding/json"
	"math/big"
	"sort"
	"strconv"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/wirelint/wirelint/internal/validate"
	"github.com/wirelint/wirelint/reduce"
)

// A probe is one payload to validate against both documents.
type probe struct {
	// value is the payload as plain JSON values.
	value any
	// text is its canonical JSON (sorted keys), the probe's identity.
	text string
	// path is the instance pointer where the probe departs from a sample.
	path string
	// kind names what was done there: "sample", "additionalProperties",
	// "maxLength", "type"...
	kind string
}

// variant is a value for one schema and what it probes, relative to it.
type variant struct {
	value any
	path  string
	kind  string
}

// Generation bounds: depth of nesting probed, samples per schema, variants a
// nested schema contributes to its parent.
const (
	maxDepth         = 4
	samplesPerSchema = 4
	nestedVariants   = 16
	// maxStringProbe bounds the length of a generated string, in characters.
	maxStringProbe = 1 << 20
)

// gen generates probes from compiled schemas of both documents.
type gen struct {
	// stop reports whether s is the root of another paired definition: such a
	// schema is sampled but not probed, its own check covers it.
	stop func(s *jsonschema.Schema) bool
	// examples returns the example values the source node of s declares
	// (OpenAPI `example`, which the compiled schema drops).
	examples func(s *jsonschema.Schema) []any

	memo    map[*jsonschema.Schema][]any
	active  map[*jsonschema.Schema]bool // being sampled
	probing map[*jsonschema.Schema]bool // being probed
}

func newGen(stop func(*jsonschema.Schema) bool, examples func(*jsonschema.Schema) []any) *gen {
	return &gen{stop: stop, examples: examples, memo: map[*jsonschema.Schema][]any{},
		active: map[*jsonschema.Schema]bool{}, probing: map[*jsonschema.Schema]bool{}}
}

// view is a schema with its $ref and allOf members folded in: what generation
// needs to know, not an exact semantics.
type view struct {
	types     map[string]bool // nil = any
	consts    []any
	enums     [][]any
	props     map[string]*jsonschema.Schema
	propOrder []string
	required  []string
	closed    bool
	addl      *jsonschema.Schema
	patProps  bool
	minLen    *int
	maxLen    *int
	patterns  []jsonschema.Regexp
	min, max  *big.Rat
	exMin     *big.Rat
	exMax     *big.Rat
	multOf    *big.Rat
	minItems  *int
	maxItems  *int
	unique    bool
	items     *jsonschema.Schema
	prefix    []*jsonschema.Schema
	minProps  *int
	maxProps  *int
	propNames []*jsonschema.Schema
	unions    [][]*jsonschema.Schema
	examples  []any
}

func (g *gen) flatten(root *jsonschema.Schema) *view {
	v := &view{props: map[string]*jsonschema.Schema{}}
	for _, s := range validate.Conjuncts(root) {
		if s.Bool != nil {
			if !*s.Bool {
				v.types = map[string]bool{}
			}
			continue
		}
		if s.Types != nil && !s.Types.IsEmpty() {
			ts := map[string]bool{}
			for _, t := range s.Types.ToStrings() {
				ts[t] = true
				if t == "number" {
					ts["integer"] = true
				}
			}
			if v.types == nil {
				v.types = ts
			} else {
				for t := range v.types {
					if !ts[t] {
						delete(v.types, t)
					}
				}
			}
		}
		if s.Const != nil {
			v.consts = append(v.consts, *s.Const)
		}
		if s.Enum != nil {
			v.enums = append(v.enums, s.Enum.Values)
		}
		for _, name := range sortedKeys(s.Properties) {
			if _, ok := v.props[name]; !ok {
				v.props[name] = s.Properties[name]
				v.propOrder = append(v.propOrder, name)
			}
		}
		v.required = append(v.required, s.Required...)
		switch a := s.AdditionalProperties.(type) {
		case bool:
			v.closed = v.closed || !a
		case *jsonschema.Schema:
			if a != nil {
				v.addl = a
			}
		}
		if s.UnevaluatedProperties != nil && s.UnevaluatedProperties.Bool != nil && !*s.UnevaluatedProperties.Bool {
			v.closed = true
		}
		v.patProps = v.patProps || len(s.PatternProperties) > 0
		v.minLen = maxInt(v.minLen, s.MinLength)
		v.maxLen = minInt(v.maxLen, s.MaxLength)
		if s.Pattern != nil {
			v.patterns = append(v.patterns, s.Pattern)
		}
		v.min = maxRat(v.min, s.Minimum)
		v.max = minRat(v.max, s.Maximum)
		v.exMin = maxRat(v.exMin, s.ExclusiveMinimum)
		v.exMax = minRat(v.exMax, s.ExclusiveMaximum)
		if s.MultipleOf != nil {
			v.multOf = s.MultipleOf
		}
		v.minItems = maxInt(v.minItems, s.MinItems)
		v.maxItems = minInt(v.maxItems, s.MaxItems)
		v.unique = v.unique || s.UniqueItems
		switch it := s.Items.(type) {
		case *jsonschema.Schema:
			if it != nil {
				v.items = it
			}
		case []*jsonschema.Schema:
			v.prefix = it
			if a, ok := s.AdditionalItems.(*jsonschema.Schema); ok {
				v.items = a
			}
		}
		if s.Items2020 != nil {
			v.items = s.Items2020
		}
		if len(s.PrefixItems) > 0 {
			v.prefix = s.PrefixItems
		}
		v.minProps = maxInt(v.minProps, s.MinProperties)
		v.maxProps = minInt(v.maxProps, s.MaxProperties)
		if s.PropertyNames != nil {
			v.propNames = append(v.propNames, s.PropertyNames)
		}
		if len(s.AnyOf) > 0 {
			v.unions = append(v.unions, s.AnyOf)
		}
		if len(s.OneOf) > 0 {
			v.unions = append(v.unions, s.OneOf)
		}
		v.examples = append(v.examples, s.Examples...)
		if s.Default != nil {
			v.examples = append(v.examples, *s.Default)
		}
		if g.examples != nil {
			v.examples = append(v.examples, g.examples(s)...)
		}
	}
	return v
}

// samples returns up to samplesPerSchema values believed valid for s, the
// most typical first. It returns nil when none can be made (a recursion that
// never bottoms out, a false schema).
func (g *gen) samples(s *jsonschema.Schema, depth int) []any {
	if s == nil {
		return []any{"x"}
	}
	if out, ok := g.memo[s]; ok {
		return out
	}
	if g.active[s] || depth > maxDepth+4 {
		return nil
	}
	g.active[s] = true
	defer delete(g.active, s)
	v := g.flatten(s)
	var out []any
	add := func(x any) {
		if len(out) < samplesPerSchema && !validate.ContainsJSON(out, x) {
			out = append(out, x)
		}
	}
	switch {
	case len(v.consts) > 0:
		add(v.consts[0])
	case len(v.enums) > 0:
		for _, e := range v.enums[0] {
			add(e)
		}
	}
	if len(v.consts) == 0 && len(v.enums) == 0 {
		for _, e := range v.examples {
			add(e)
		}
		own := g.synthesize(v, depth)
		if len(v.unions) > 0 {
			for _, b := range v.unions[0] {
				bs := g.samples(b, depth+1)
				if len(bs) == 0 {
					continue
				}
				add(mergeObjects(firstOr(own, nil), bs[0]))
			}
		}
		for _, x := range own {
			add(x)
		}
	}
	g.memo[s] = out
	return out
}

// synthesize builds values from a view's types and bounds.
func (g *gen) synthesize(v *view, depth int) []any {
	types := v.typeOrder()
	var out []any
	for _, t := range types {
		switch t {
		case "object":
			base := map[string]any{}
			ok := true
			for _, name := range v.requiredNames() {
				ps := g.samples(v.props[name], depth+1)
				if v.props[name] == nil && v.addl != nil {
					ps = g.samples(v.addl, depth+1)
				}
				if len(ps) == 0 {
					ok = false
					break
				}
				base[name] = ps[0]
			}
			if !ok {
				continue
			}
			if v.minProps != nil {
				for _, name := range v.propOrder {
					if len(base) >= *v.minProps {
						break
					}
					if _, has := base[name]; !has {
						if ps := g.samples(v.props[name], depth+1); len(ps) > 0 {
							base[name] = ps[0]
						}
					}
				}
			}
			out = append(out, base)
			if depth <= 1 && len(v.propOrder) > len(base) {
				full := copyMap(base)
				for _, name := range v.propOrder {
					if _, has := full[name]; has {
						continue
					}
					if ps := g.samples(v.props[name], depth+1); len(ps) > 0 {
						full[name] = ps[0]
					}
				}
				out = append(out, full)
			}
		case "array":
			n := 1
			if v.minItems != nil && *v.minItems > n {
				n = *v.minItems
			}
			if v.maxItems != nil && *v.maxItems < n {
				n = *v.maxItems
			}
			arr := make([]any, 0, n)
			for i := 0; i < len(v.prefix) && i < n; i++ {
				ps := g.samples(v.prefix[i], depth+1)
				arr = append(arr, firstOr(ps, nil))
			}
			is := g.samples(v.items, depth+1)
			for i := len(arr); i < n && len(is) > 0; i++ {
				arr = append(arr, is[i%len(is)])
			}
			out = append(out, arr)
			if n > 0 && (v.minItems == nil || *v.minItems == 0) {
				out = append(out, []any{})
			}
		case "string":
			out = append(out, v.stringSample())
		case "integer", "number":
			out = append(out, v.numberSample(t == "integer"))
		case "boolean":
			out = append(out, true, false)
		case "null":
			out = append(out, nil)
		}
	}
	return out
}

// typeOrder lists the types to synthesize, the ones the keywords suggest first.
func (v *view) typeOrder() []string {
	all := []string{"object", "array", "string", "integer", "number", "boolean", "null"}
	if v.types != nil {
		var out []string
		for _, t := range all {
			if v.types[t] {
				out = append(out, t)
			}
		}
		return out
	}
	switch {
	case len(v.props) > 0 || len(v.required) > 0 || v.closed || v.minProps != nil:
		return []string{"object"}
	case v.items != nil || len(v.prefix) > 0 || v.minItems != nil || v.maxItems != nil:
		return []string{"array"}
	case v.minLen != nil || v.maxLen != nil || len(v.patterns) > 0:
		return []string{"string"}
	case v.min != nil || v.max != nil || v.exMin != nil || v.exMax != nil || v.multOf != nil:
		return []string{"number"}
	case len(v.unions) > 0:
		return nil
	}
	return []string{"string"}
}

func (v *view) requiredNames() []string {
	seen := map[string]bool{}
	var out []string
	for _, r := range v.required {
		if !seen[r] {
			seen[r] = true
			out = append(out, r)
		}
	}
	sort.Strings(out)
	return out
}

// stringCandidates are tried, in order, against a string's bounds and patterns.
var stringCandidates = []string{
	"x", "a", "example", "f-1", "a-1", "A1", "0", "1", "abc_123", "2024-01-01", "2024-01-01T00:00:00Z",
	"00000000-0000-0000-0000-000000000000", "user@example.com", "https://example.com/", "/a/b", "en-US",
}

func (v *view) stringSample() string {
	fits := func(s string) bool {
		n := len([]rune(s))
		if v.minLen != nil && n < *v.minLen || v.maxLen != nil && n > *v.maxLen {
			return false
		}
		for _, p := range v.patterns {
			if !safeMatch(p, s) {
				return false
			}
		}
		return true
	}
	for _, e := range v.examples {
		if s, ok := e.(string); ok && fits(s) {
			return s
		}
	}
	for _, p := range v.patterns {
		for _, c := range patternSamples(p.String()) {
			if fits(c) {
				return c
			}
		}
	}
	for _, c := range stringCandidates {
		if fits(c) {
			return c
		}
	}
	n := 1
	if v.minLen != nil && *v.minLen > 1 {
		n = *v.minLen
	}
	if n > maxStringProbe {
		n = maxStringProbe
	}
	return strings.Repeat("a", n)
}

func (v *view) numberSample(integer bool) json.Number {
	lo := v.min
	if v.exMin != nil && (lo == nil || v.exMin.Cmp(lo) >= 0) {
		lo = new(big.Rat).Add(v.exMin, big.NewRat(1, 1))
	}
	x := big.NewRat(1, 1)
	if lo != nil {
		x = new(big.Rat).Set(lo)
	} else if v.max != nil && v.max.Cmp(x) < 0 {
		x = new(big.Rat).Set(v.max)
	} else if v.exMax != nil && v.exMax.Cmp(x) <= 0 {
		x = new(big.Rat).Sub(v.exMax, big.NewRat(1, 1))
	}
	if v.multOf != nil && v.multOf.Sign() > 0 {
		q := new(big.Rat).Quo(x, v.multOf)
		n := new(big.Int).Quo(q.Num(), q.Denom())
		if new(big.Rat).SetInt(n).Cmp(q) < 0 {
			n.Add(n, big.NewInt(1))
		}
		x = new(big.Rat).Mul(new(big.Rat).SetInt(n), v.multOf)
	}
	if integer && !x.IsInt() {
		n := new(big.Int).Quo(x.Num(), x.Denom())
		x = new(big.Rat).SetInt(n.Add(n, big.NewInt(1)))
	}
	return ratNumber(x)
}

// variants returns samples of s and, unless s is another paired definition's
// root or depth is exhausted, the edge values that probe its keywords.
func (g *gen) variants(s *jsonschema.Schema, depth int) []variant {
	samples := g.samples(s, depth)
	out := make([]variant, 0, len(samples))
	for _, x := range samples {
		out = append(out, variant{value: x, kind: "sample"})
	}
	if s == nil || depth > maxDepth || (depth > 0 && g.stop(s)) {
		return out
	}
	if g.probing[s] {
		return out
	}
	g.probing[s] = true
	defer delete(g.probing, s)
	v := g.flatten(s)
	add := func(x any, path, kind string) { out = append(out, variant{value: x, path: path, kind: kind}) }

	// every type, null included: catches type, nullable and enum drift
	add(nil, "", "type")
	for _, t := range []string{"object", "array", "string", "integer", "number", "boolean"} {
		if v.types == nil || !v.types[t] {
			add(typeExample(t), "", "type")
		}
	}
	if len(v.unions) > 0 {
		for _, group := range v.unions {
			for _, b := range group {
				if depth > 0 || g.stop(b) {
					continue
				}
				for _, bv := range g.variants(b, depth+1) {
					if bv.kind != "sample" {
						add(bv.value, bv.path, bv.kind)
					}
				}
			}
		}
	}
	for _, e := range v.enums {
		for _, x := range e {
			add(x, "", "enum")
		}
	}
	for _, c := range v.consts {
		add(c, "", "const")
	}
	// strings: lengths around each bound
	base := v.stringSample()
	for _, b := range []struct {
		n    *int
		kind string
	}{{v.minLen, "minLength"}, {v.maxLen, "maxLength"}} {
		if b.n == nil || *b.n >= maxStringProbe {
			continue
		}
		for _, n := range []int{*b.n - 1, *b.n, *b.n + 1} {
			if n >= 0 {
				add(resize(base, n), "", b.kind)
			}
		}
	}
	// numbers: each bound, one either side, and halfway
	for _, b := range []struct {
		r    *big.Rat
		kind string
	}{{v.min, "minimum"}, {v.max, "maximum"}, {v.exMin, "exclusiveMinimum"}, {v.exMax, "exclusiveMaximum"}} {
		if b.r == nil {
			continue
		}
		for _, d := range []*big.Rat{big.NewRat(0, 1), big.NewRat(-1, 1), big.NewRat(1, 1), big.NewRat(-1, 2), big.NewRat(1, 2)} {
			add(ratNumber(new(big.Rat).Add(b.r, d)), "", b.kind)
		}
	}
	if v.multOf != nil {
		add(ratNumber(v.multOf), "", "multipleOf")
		add(ratNumber(new(big.Rat).Mul(v.multOf, big.NewRat(3, 2))), "", "multipleOf")
	}
	g.arrayVariants(v, depth, add)
	// objects are mutated from this schema's own samples, not from union
	// branches: a branch that is another definition is probed there
	g.objectVariants(v, depth, g.synthesize(v, depth), add)
	return out
}

func (g *gen) arrayVariants(v *view, depth int, add func(any, string, string)) {
	if v.types != nil && !v.types["array"] || v.items == nil && len(v.prefix) == 0 && v.minItems == nil && v.maxItems == nil && !v.unique {
		return
	}
	is := g.samples(v.items, depth+1)
	item := any("x")
	if len(is) > 0 {
		item = is[0]
	} else if len(v.prefix) > 0 {
		item = firstOr(g.samples(v.prefix[0], depth+1), nil)
	}
	fill := func(n int) []any {
		arr := make([]any, n)
		for i := range arr {
			if len(is) > 0 {
				arr[i] = is[i%len(is)]
			} else {
				arr[i] = item
			}
		}
		return arr
	}
	for _, b := range []struct {
		n    *int
		kind string
	}{{v.minItems, "minItems"}, {v.maxItems, "maxItems"}} {
		if b.n == nil || *b.n > 1024 {
			continue
		}
		for _, n := range []int{*b.n - 1, *b.n, *b.n + 1} {
			if n >= 0 {
				add(fill(n), "", b.kind)
			}
		}
	}
	add([]any{item, item}, "", "uniqueItems")
	if v.items != nil && !(depth > 0 && g.stop(v.items)) {
		for i, iv := range g.variants(v.items, depth+1) {
			if i >= nestedVariants {
				break
			}
			add([]any{iv.value}, "/0"+iv.path, iv.kind)
		}
	}
	for pi, p := range v.prefix {
		if pi >= 4 {
			break
		}
		for i, iv := range g.variants(p, depth+1) {
			if i >= nestedVariants {
				break
			}
			arr := fill(len(v.prefix))
			arr[pi] = iv.value
			add(arr, "/"+strconv.Itoa(pi)+iv.path, iv.kind)
		}
	}
}

// breakingKeys are property names tried against propertyNames and
// patternProperties.
var breakingKeys = []string{"", "SMUGGLED", "A", "a b", "0", "-", "_", "é", strings.Repeat("k", 65)}

func (g *gen) objectVariants(v *view, depth int, samples []any, add func(any, string, string)) {
	var bases []map[string]any
	for _, x := range samples {
		if m, ok := x.(map[string]any); ok && len(bases) < 2 {
			bases = append(bases, m)
		}
	}
	if len(bases) == 0 {
		if v.types != nil && !v.types["object"] || len(v.props) == 0 && !v.closed && v.addl == nil && len(v.propNames) == 0 {
			return
		}
		bases = append(bases, map[string]any{})
	}
	for _, base := range bases {
		extra := copyMap(base)
		extra["SMUGGLED"] = json.Number("1")
		add(extra, "", "additionalProperties")
		for _, name := range v.requiredNames() {
			if _, has := base[name]; has {
				m := copyMap(base)
				delete(m, name)
				add(m, "", "required")
			}
		}
		if len(v.propNames) > 0 || v.patProps || v.addl != nil {
			for _, k := range breakingKeys {
				if _, has := base[k]; has {
					continue
				}
				m := copyMap(base)
				m[k] = firstOr(g.samples(v.addl, depth+1), json.Number("1"))
				add(m, "", "propertyNames")
			}
		}
		for _, b := range []*int{v.minProps, v.maxProps} {
			if b == nil || *b > 256 {
				continue
			}
			for _, n := range []int{*b - 1, *b, *b + 1} {
				if n < 0 {
					continue
				}
				m := copyMap(base)
				for _, name := range v.propOrder {
					if len(m) >= n {
						break
					}
					if _, has := m[name]; !has {
						m[name] = firstOr(g.samples(v.props[name], depth+1), "x")
					}
				}
				for i := 0; len(m) < n; i++ {
					m["p"+strconv.Itoa(i)] = "x"
				}
				for _, k := range sortedKeys(m) {
					if len(m) <= n {
						break
					}
					delete(m, k)
				}
				add(m, "", "propertyCount")
			}
		}
	}
	base := bases[0]
	for _, name := range v.propOrder {
		ps := v.props[name]
		if depth > 0 && g.stop(ps) {
			for _, x := range g.samples(ps, depth+1) {
				m := copyMap(base)
				m[name] = x
				add(m, "/"+escape(name), "sample")
			}
			continue
		}
		for i, pv := range g.variants(ps, depth+1) {
			if i >= nestedVariants {
				break
			}
			m := copyMap(base)
			m[name] = pv.value
			add(m, "/"+escape(name)+pv.path, pv.kind)
		}
	}
}

func typeExample(t string) any {
	switch t {
	case "object":
		return map[string]any{}
	case "array":
		return []any{}
	case "string":
		return "x"
	case "integer":
		return json.Number("7")
	case "number":
		return json.Number("1.5")
	case "boolean":
		return true
	}
	return nil
}

func resize(s string, n int) string {
	r := []rune(s)
	if len(r) >= n {
		return string(r[:n])
	}
	pad := 'a'
	if len(r) > 0 {
		pad = r[len(r)-1]
	}
	return s + strings.Repeat(string(pad), n-len(r))
}

func ratNumber(r *big.Rat) json.Number { return json.Number(reduce.FormatNumber(r)) }

// safeMatch matches with a pattern that may time out or be poisoned; an
// unknown answer counts as no match.
func safeMatch(re jsonschema.Regexp, s string) (ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	return re.MatchString(s)
}

func mergeObjects(base, branch any) any {
	bm, ok1 := base.(map[string]any)
	rm, ok2 := branch.(map[string]any)
	if !ok1 || !ok2 {
		return branch
	}
	m := copyMap(bm)
	for k, v := range rm {
		m[k] = v
	}
	return m
}

func copyMap(m map[string]any) map[string]any {
	out := make(map[string]any, len(m)+1)
	for k, v := range m {
		out[k] = v
	}
	return out
}

func firstOr(xs []any, def any) any {
	if len(xs) > 0 {
		return xs[0]
	}
	return def
}

func escape(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func maxInt(a, b *int) *int {
	if a == nil || b != nil && *b > *a {
		return b
	}
	return a
}

func minInt(a, b *int) *int {
	if a == nil || b != nil && *b < *a {
		return b
	}
	return a
}

func maxRat(a, b *big.Rat) *big.Rat {
	if a == nil || b != nil && b.Cmp(a) > 0 {
		return b
	}
	return a
}

func minRat(a, b *big.Rat) *big.Rat {
	if a == nil || b != nil && b.Cmp(a) < 0 {
		return b
	}
	return a
}
