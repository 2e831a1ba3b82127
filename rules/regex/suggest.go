package regex

import (
	"github.com/wirelint/wirelint/internal/ecmaregex"
)

// Suggest returns a schema fragment that says what a pattern's leading
// lookaheads say, when one exists and every pattern in it is portable to the
// targets, else nil:
//
//	^(?!default$|service$).+$      -> {"not": {"enum": ["default", "service"]}, "pattern": "^.+$"}
//	^(?=.*[A-Z])(?=.*\d).{8,}$     -> {"allOf": [{"pattern": "^.*[A-Z]"}, {"pattern": "^.*\\d"}], "minLength": 8}
//	^.{0,2048}$                    -> {"maxLength": 2048}
//	^[a-z-]+(?<!-)$                -> {"not": {"pattern": "-$"}, "pattern": "^[a-z\\-]+$"}
//
// Each lookahead at the start of an anchored pattern tests the whole string
// from its start, so (?=B) becomes a pattern ^B and (?!B) a not. A .{m,n}
// spanning the rest of the string becomes minLength and maxLength (which also
// count line breaks, which . does not match). A lookbehind just before the
// final $ tests how the string ends: (?<!B)$ becomes a not of B$.
func Suggest(tree *ecmaregex.Node, targets []ecmaregex.Dialect) map[string]any {
	var items []*ecmaregex.Node
	if tree.Kind == ecmaregex.KindConcat {
		items = tree.Sub
	} else {
		items = []*ecmaregex.Node{tree}
	}
	if len(items) == 0 || items[0].Kind != ecmaregex.KindStart {
		return nil
	}
	// a trailing (?<!B)$ or (?<=B)$ tests how the whole string ends
	var tail *ecmaregex.Node
	if n := len(items); n >= 3 && items[n-1].Kind == ecmaregex.KindEnd && items[n-2].Kind == ecmaregex.KindLookbehind {
		tail = items[n-2]
		items = append(items[:n-2:n-2], items[n-1])
	}
	// a run of plain characters may stand between ^ and the lookaheads
	start := 1
	for start < len(items) && items[start].Kind == ecmaregex.KindLiteral {
		start++
	}
	prefix := items[1:start]
	prefixText, _ := literalString(prefix)
	if start == len(items) || items[start].Kind != ecmaregex.KindLookahead {
		start, prefix, prefixText = 1, nil, ""
	}
	out := map[string]any{}
	var allOf []any
	var nots []any
	portable := true
	portableText := func(p string) map[string]any {
		t, err := ecmaregex.Parse(p, ecmaregex.Unicode)
		if err != nil {
			portable = false
			return nil
		}
		for _, d := range targets {
			if ecmaregex.Worst(ecmaregex.Judge(t, d)).NonPortable() {
				portable = false
			}
		}
		return map[string]any{"pattern": p}
	}
	pattern := func(n *ecmaregex.Node) map[string]any {
		return portableText("^" + ecmaregex.Print(&ecmaregex.Node{Kind: ecmaregex.KindConcat, Sub: append(append([]*ecmaregex.Node{}, prefix...), grouped(n))}, ecmaregex.Unicode))
	}
	i := start
	for ; i < len(items) && items[i].Kind == ecmaregex.KindLookahead; i++ {
		la := items[i]
		body := la.Sub[0]
		if la.Negate {
			if vals, ok := literalsToEnd(body); ok {
				for j := range vals {
					vals[j] = prefixText + vals[j]
				}
				if len(vals) == 1 {
					nots = append(nots, map[string]any{"const": vals[0]})
				} else {
					nots = append(nots, map[string]any{"enum": vals})
				}
				continue
			}
			nots = append(nots, pattern(body))
			continue
		}
		if min, max, ok := lengthBounds(body); ok && len(prefix) == 0 {
			setLength(out, min, max)
			continue
		}
		allOf = append(allOf, pattern(body))
	}
	if tail != nil {
		p := portableText(ecmaregex.Print(grouped(tail.Sub[0]), ecmaregex.Unicode) + "$")
		if tail.Negate {
			nots = append(nots, p)
		} else {
			allOf = append(allOf, p)
		}
	}
	rest := items[i:]
	if i == start && tail == nil && !(len(rest) == 2 && isLengthRun(rest)) {
		return nil // no leading lookahead and no length run: nothing to move into the schema
	}
	switch {
	case len(rest) == 0 && len(prefix) == 0:
	case len(rest) == 2 && isLengthRun(rest) && len(prefix) == 0:
		setLength(out, rest[0].Min, rest[0].Max)
	default:
		restNode := &ecmaregex.Node{Kind: ecmaregex.KindConcat, Sub: rest}
		if p := pattern(restNode); p != nil {
			out["pattern"] = p["pattern"]
		}
	}
	if !portable {
		return nil
	}
	switch len(nots) {
	case 0:
	case 1:
		out["not"] = nots[0]
	default:
		out["not"] = map[string]any{"anyOf": nots}
	}
	switch len(allOf) {
	case 0:
	case 1:
		if _, taken := out["pattern"]; !taken {
			out["pattern"] = allOf[0].(map[string]any)["pattern"]
			break
		}
		out["allOf"] = allOf
	default:
		out["allOf"] = allOf
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

func setLength(out map[string]any, min, max int) {
	if min > 0 {
		out["minLength"] = min
	}
	if max >= 0 {
		out["maxLength"] = max
	}
}

// isLengthRun reports whether items are .{m,n} followed by $.
func isLengthRun(items []*ecmaregex.Node) bool {
	return len(items) == 2 && items[0].Kind == ecmaregex.KindRepeat && items[0].Sub[0].Kind == ecmaregex.KindDot &&
		!items[0].Lazy && items[1].Kind == ecmaregex.KindEnd
}

// lengthBounds reads a lookahead body .{m,n}$.
func lengthBounds(body *ecmaregex.Node) (int, int, bool) {
	if body.Kind != ecmaregex.KindConcat || !isLengthRun(body.Sub) {
		return 0, 0, false
	}
	return body.Sub[0].Min, body.Sub[0].Max, true
}

// literalsToEnd reads a lookahead body that is one or more plain strings
// followed by $: abc$, (?:a|bc)$, (a|bc)$ or a$|bc$.
func literalsToEnd(body *ecmaregex.Node) ([]string, bool) {
	if body.Kind == ecmaregex.KindAlternate {
		var out []string
		for _, alt := range body.Sub {
			vals, ok := literalsToEnd(alt)
			if !ok {
				return nil, false
			}
			out = append(out, vals...)
		}
		return out, true
	}
	if body.Kind != ecmaregex.KindConcat || len(body.Sub) < 2 || body.Sub[len(body.Sub)-1].Kind != ecmaregex.KindEnd {
		if body.Kind == ecmaregex.KindEnd {
			return []string{""}, true
		}
		return nil, false
	}
	head := body.Sub[:len(body.Sub)-1]
	if len(head) == 1 && (head[0].Kind == ecmaregex.KindGroup || head[0].Kind == ecmaregex.KindNonCapture && head[0].Flags == "") {
		return literalAlternatives(head[0].Sub[0])
	}
	s, ok := literalString(head)
	if !ok {
		return nil, false
	}
	return []string{s}, true
}

func literalAlternatives(n *ecmaregex.Node) ([]string, bool) {
	alts := []*ecmaregex.Node{n}
	if n.Kind == ecmaregex.KindAlternate {
		alts = n.Sub
	}
	var out []string
	for _, a := range alts {
		items := []*ecmaregex.Node{a}
		if a.Kind == ecmaregex.KindConcat {
			items = a.Sub
		}
		s, ok := literalString(items)
		if !ok {
			return nil, false
		}
		out = append(out, s)
	}
	return out, true
}

func literalString(items []*ecmaregex.Node) (string, bool) {
	var b []rune
	for _, n := range items {
		if n.Kind != ecmaregex.KindLiteral {
			return "", false
		}
		b = append(b, n.Rune)
	}
	return string(b), len(b) > 0
}

// grouped wraps an alternation in (?:…) so it can stand beside other items.
func grouped(n *ecmaregex.Node) *ecmaregex.Node {
	if n.Kind == ecmaregex.KindAlternate {
		return &ecmaregex.Node{Kind: ecmaregex.KindNonCapture, Sub: []*ecmaregex.Node{n}}
	}
	return n
}
