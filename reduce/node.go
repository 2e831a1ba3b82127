package reduce

import (
	"encoding/json"
	"fmt"
	"math"
	"math/big"
	"sort"
	"strconv"
	"strings"

	"github.com/pb33f/go-yaml"
)

// Node is one node of a parsed document: a mapping, sequence or scalar with its
// 1-based line and column.
type Node = yaml.Node

// Node kinds, re-exported so callers need not import the YAML package.
const (
	MappingNode  = yaml.MappingNode
	SequenceNode = yaml.SequenceNode
	ScalarNode   = yaml.ScalarNode
	AliasNode    = yaml.AliasNode
	DocumentNode = yaml.DocumentNode
)

// Deref follows YAML aliases to the anchored node. It never loops: an alias
// chain longer than 64 is treated as unresolvable and returns nil.
func Deref(n *Node) *Node {
	if n == nil || n.Kind != yaml.AliasNode {
		return n
	}
	return derefAlias(n)
}

func derefAlias(n *Node) *Node {
	for i := 0; n != nil && n.Kind == yaml.AliasNode; i++ {
		if i > 64 {
			return nil
		}
		n = n.Alias
	}
	return n
}

// IsMap reports whether n (after aliases) is a mapping.
func IsMap(n *Node) bool { n = Deref(n); return n != nil && n.Kind == yaml.MappingNode }

// IsSeq reports whether n (after aliases) is a sequence.
func IsSeq(n *Node) bool { n = Deref(n); return n != nil && n.Kind == yaml.SequenceNode }

// IsScalar reports whether n (after aliases) is a scalar.
func IsScalar(n *Node) bool { n = Deref(n); return n != nil && n.Kind == yaml.ScalarNode }

// Get returns the key and value nodes of key in mapping n, or nils.
func Get(n *Node, key string) (k, v *Node) {
	n = Deref(n)
	if n == nil || n.Kind != yaml.MappingNode {
		return nil, nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return n.Content[i], Deref(n.Content[i+1])
		}
	}
	return nil, nil
}

// Value returns the value node of key in mapping n, or nil.
func Value(n *Node, key string) *Node { _, v := Get(n, key); return v }

// Pairs calls fn for each key/value of mapping n in document order; fn returns
// false to stop.
func Pairs(n *Node, fn func(k, v *Node) bool) {
	n = Deref(n)
	if n == nil || n.Kind != yaml.MappingNode {
		return
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if !fn(n.Content[i], Deref(n.Content[i+1])) {
			return
		}
	}
}

// Items returns the elements of sequence n (after aliases), or nil.
func Items(n *Node) []*Node {
	n = Deref(n)
	if n == nil || n.Kind != yaml.SequenceNode {
		return nil
	}
	return n.Content
}

// IsNull reports whether n is a YAML/JSON null scalar.
func IsNull(n *Node) bool {
	n = Deref(n)
	return n != nil && n.Kind == yaml.ScalarNode && n.Tag == "!!null"
}

// IsString reports whether n is a string scalar.
func IsString(n *Node) bool {
	n = Deref(n)
	return n != nil && n.Kind == yaml.ScalarNode && n.Tag == "!!str"
}

// Bool returns the boolean value of n and whether n is a boolean scalar.
func Bool(n *Node) (value, ok bool) {
	n = Deref(n)
	if n == nil || n.Kind != yaml.ScalarNode || n.Tag != "!!bool" {
		return false, false
	}
	b, err := strconv.ParseBool(strings.ToLower(n.Value))
	return b, err == nil
}

// Number returns the numeric value of n exactly, and whether n is a number
// wirelint can represent: one written in at most MaxNumberDigits characters
// with a decimal exponent within ±MaxNumberExponent (reading 1e1000000
// exactly takes a tenth of a second; a document full of them would hang).
// A number tag on a literal past those bounds gives false; Unrepresentable
// tells that case apart.
func Number(n *Node) (*big.Rat, bool) {
	n = Deref(n)
	if n == nil || n.Kind != yaml.ScalarNode || (n.Tag != "!!int" && n.Tag != "!!float") || !withinNumberBudget(n.Value) {
		return nil, false
	}
	r, ok := new(big.Rat).SetString(strings.ReplaceAll(n.Value, "_", ""))
	return r, ok
}

// Bounds of the numbers wirelint represents exactly (see Number).
const (
	MaxNumberDigits   = 1000
	MaxNumberExponent = 10000
)

// Unrepresentable reports whether n is written as a number that Number
// cannot represent, for callers that must say so rather than guess.
func Unrepresentable(n *Node) bool {
	n = Deref(n)
	if n == nil || n.Kind != yaml.ScalarNode || (n.Tag != "!!int" && n.Tag != "!!float") {
		return false
	}
	_, ok := Number(n)
	return !ok && plainNumber().MatchString(n.Value)
}

// withinNumberBudget reports whether literal is short enough and its
// exponent small enough to read exactly.
func withinNumberBudget(literal string) bool {
	if len(literal) > MaxNumberDigits {
		return false
	}
	i := strings.IndexAny(literal, "eE")
	if i < 0 {
		return true
	}
	exp := strings.TrimLeft(literal[i+1:], "+-0")
	return len(exp) <= 5 && (len(exp) < 5 || exp <= strconv.Itoa(MaxNumberExponent))
}

// NumberError is a number Decode cannot represent exactly (see Number).
type NumberError struct {
	// Line and Column locate the literal, 1-based.
	Line, Column int
	// Literal is the number as written.
	Literal string
}

func (e *NumberError) Error() string {
	return fmt.Sprintf("number %s is %s and cannot be read exactly", ShortLiteral(e.Literal), NumberBudget())
}

// NumberBudget names the bounds of Number for messages about a literal past
// them.
func NumberBudget() string {
	return fmt.Sprintf("past the number budget (at most %d characters, exponent within ±%d)", MaxNumberDigits, MaxNumberExponent)
}

// ShortLiteral is a number literal for a message, cut to 40 bytes (number
// literals are ASCII).
func ShortLiteral(lit string) string {
	if len(lit) > 40 {
		return lit[:40] + "…"
	}
	return lit
}

// FormatNumber renders r exactly, as Canonical and Decode spell numbers:
// an integer of up to 40 digits in full, a value float64 holds exactly in
// its shortest form (0.1, 1e+21), anything else in exact scientific
// notation (1e+400, 1.5e-400), so two numbers render alike only when equal.
func FormatNumber(r *big.Rat) string {
	s, _ := formatNumber(r)
	return s
}

// NumberText renders number n for messages: as FormatNumber does, but a
// value float64 cannot hold (1e400, 1e-400) as written in the document.
func NumberText(n *Node) string {
	r, ok := Number(n)
	if !ok {
		return Deref(n).Value
	}
	s, short := formatNumber(r)
	if !short {
		return Deref(n).Value
	}
	return s
}

// formatNumber is FormatNumber; short is false when the value took the
// exact scientific form.
func formatNumber(r *big.Rat) (s string, short bool) {
	if r.IsInt() {
		if s := r.Num().String(); len(strings.TrimPrefix(s, "-")) <= 40 {
			return s, true
		}
	}
	if f, _ := r.Float64(); !math.IsInf(f, 0) {
		s := strconv.FormatFloat(f, 'g', -1, 64)
		if back, ok := new(big.Rat).SetString(s); ok && back.Cmp(r) == 0 {
			return s, true
		}
	}
	return scientific(r), false
}

// scientific writes r as d.ddde±x exactly; a fraction whose denominator has
// a prime factor other than 2 and 5 (never read from a literal) is written as
// a/b.
func scientific(r *big.Rat) string {
	den := new(big.Int).Set(r.Denom())
	ten, two, five := big.NewInt(10), big.NewInt(2), big.NewInt(5)
	var twos, fives int
	m := new(big.Int)
	for m.Mod(den, two).Sign() == 0 {
		den.Quo(den, two)
		twos++
	}
	for m.Mod(den, five).Sign() == 0 {
		den.Quo(den, five)
		fives++
	}
	if den.Cmp(big.NewInt(1)) != 0 {
		return r.RatString()
	}
	k := max(twos, fives) // r = mant / 10^k
	mant := new(big.Int).Mul(r.Num(), new(big.Int).Exp(ten, big.NewInt(int64(k)), nil))
	mant.Quo(mant, r.Denom())
	sign := ""
	if mant.Sign() < 0 {
		sign = "-"
		mant.Neg(mant)
	}
	for mant.Sign() != 0 && m.Mod(mant, ten).Sign() == 0 {
		mant.Quo(mant, ten)
		k--
	}
	digits := mant.String()
	exp := len(digits) - 1 - k
	out := sign + digits[:1]
	if len(digits) > 1 {
		out += "." + digits[1:]
	}
	if exp < 0 {
		return fmt.Sprintf("%se-%02d", out, -exp)
	}
	return fmt.Sprintf("%se+%02d", out, exp)
}

// EscapePointerToken escapes one JSON pointer reference token (RFC 6901).
func EscapePointerToken(s string) string {
	tilde, slash := strings.IndexByte(s, '~'), strings.IndexByte(s, '/')
	switch {
	case tilde < 0 && slash < 0:
		return s // most tokens: two byte searches, where ContainsAny built a set per call
	case tilde < 0:
		return strings.ReplaceAll(s, "/", "~1")
	}
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

// UnescapePointerToken reverses EscapePointerToken.
func UnescapePointerToken(s string) string {
	if !strings.Contains(s, "~") {
		return s
	}
	return strings.ReplaceAll(strings.ReplaceAll(s, "~1", "/"), "~0", "~")
}

// JoinPointer appends reference tokens to pointer p, escaping each.
func JoinPointer(p string, tokens ...string) string {
	switch len(tokens) {
	case 0:
		return p
	case 1:
		// one allocation: most pointers grow a token at a time
		return p + "/" + EscapePointerToken(tokens[0])
	}
	size := len(p)
	for _, t := range tokens {
		size += 1 + len(t)
	}
	var b strings.Builder
	b.Grow(size)
	b.WriteString(p)
	for _, t := range tokens {
		b.WriteByte('/')
		b.WriteString(EscapePointerToken(t))
	}
	return b.String()
}

// SplitPointer splits an RFC 6901 pointer into unescaped tokens. "" is the root.
func SplitPointer(p string) []string {
	if p == "" {
		return nil
	}
	parts := strings.Split(strings.TrimPrefix(p, "/"), "/")
	for i, s := range parts {
		parts[i] = UnescapePointerToken(s)
	}
	return parts
}

// Lookup follows pointer p from n. It returns nil when a token names nothing.
func Lookup(n *Node, p string) *Node {
	n = Deref(n)
	if p == "" {
		return n
	}
	if !strings.HasPrefix(p, "/") {
		return nil
	}
	for _, tok := range SplitPointer(p) {
		n = Deref(n)
		switch {
		case n == nil:
			return nil
		case n.Kind == yaml.MappingNode:
			n = Value(n, tok)
		case n.Kind == yaml.SequenceNode:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(n.Content) || (len(tok) > 1 && tok[0] == '0') {
				return nil
			}
			n = n.Content[i]
		default:
			return nil
		}
	}
	return Deref(n)
}

// Canonical renders n as canonical JSON: object keys sorted, numbers in lowest
// terms, so values that are equal as JSON render identically. Depth is bounded;
// past maxCanonicalDepth the subtree renders as "…".
func Canonical(n *Node) string {
	var b strings.Builder
	canonical(&b, n, 0)
	return b.String()
}

const maxCanonicalDepth = 256

func canonical(b *strings.Builder, n *Node, depth int) {
	n = Deref(n)
	if n == nil || depth > maxCanonicalDepth {
		b.WriteString(`"…"`)
		return
	}
	switch n.Kind {
	case yaml.MappingNode:
		type kv struct {
			k string
			v *Node
		}
		kvs := make([]kv, 0, len(n.Content)/2)
		for i := 0; i+1 < len(n.Content); i += 2 {
			kvs = append(kvs, kv{n.Content[i].Value, n.Content[i+1]})
		}
		sort.SliceStable(kvs, func(i, j int) bool { return kvs[i].k < kvs[j].k })
		b.WriteByte('{')
		for i, e := range kvs {
			if i > 0 {
				b.WriteByte(',')
			}
			writeJSONString(b, e.k)
			b.WriteByte(':')
			canonical(b, e.v, depth+1)
		}
		b.WriteByte('}')
	case yaml.SequenceNode:
		b.WriteByte('[')
		for i, e := range n.Content {
			if i > 0 {
				b.WriteByte(',')
			}
			canonical(b, e, depth+1)
		}
		b.WriteByte(']')
	case yaml.ScalarNode:
		switch n.Tag {
		case "!!null":
			b.WriteString("null")
		case "!!bool":
			v, _ := Bool(n)
			b.WriteString(strconv.FormatBool(v))
		case "!!int", "!!float":
			if r, ok := Number(n); ok {
				b.WriteString(FormatNumber(r))
				return
			}
			writeJSONString(b, n.Value)
		default:
			writeJSONString(b, n.Value)
		}
	default:
		b.WriteString("null")
	}
}

func writeJSONString(b *strings.Builder, s string) {
	enc, _ := json.Marshal(s)
	b.Write(enc)
}

// Decode converts n into plain Go values — map[string]any, []any, string,
// bool, nil, and numbers as exact json.Number — for validators and JSON
// output. Nesting deeper than maxCanonicalDepth is an error.
func Decode(n *Node) (any, error) { return decode(n, 0) }

// ToValue is Decode with a too-deep tree giving nil.
func ToValue(n *Node) any {
	v, err := Decode(n)
	if err != nil {
		return nil
	}
	return v
}

func decode(n *Node, depth int) (any, error) {
	n = Deref(n)
	if n == nil || depth > maxCanonicalDepth {
		return nil, fmt.Errorf("nesting deeper than %d levels", maxCanonicalDepth)
	}
	switch n.Kind {
	case yaml.MappingNode:
		m := make(map[string]any, len(n.Content)/2)
		for i := 0; i+1 < len(n.Content); i += 2 {
			v, err := decode(n.Content[i+1], depth+1)
			if err != nil {
				return nil, err
			}
			m[n.Content[i].Value] = v
		}
		return m, nil
	case yaml.SequenceNode:
		a := make([]any, len(n.Content))
		for i, e := range n.Content {
			v, err := decode(e, depth+1)
			if err != nil {
				return nil, err
			}
			a[i] = v
		}
		return a, nil
	case yaml.ScalarNode:
		switch n.Tag {
		case "!!null":
			return nil, nil
		case "!!bool":
			b, _ := Bool(n)
			return b, nil
		case "!!int", "!!float":
			if r, ok := Number(n); ok {
				return json.Number(FormatNumber(r)), nil
			}
			if Unrepresentable(n) {
				return nil, &NumberError{Line: n.Line, Column: n.Column, Literal: n.Value}
			}
		}
		return n.Value, nil
	}
	return nil, nil
}

// Short renders n as compact JSON for messages, cut to about max bytes.
func Short(n *Node, max int) string {
	s := Canonical(n)
	if max > 0 && len(s) > max {
		cut := max
		for cut > 0 && !utf8RuneStart(s[cut]) {
			cut--
		}
		s = s[:cut] + "…"
	}
	return s
}

func utf8RuneStart(b byte) bool { return b&0xC0 != 0x80 }
