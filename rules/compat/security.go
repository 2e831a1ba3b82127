package compat

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/wirelint/wirelint/reduce"
)

// requirement is one security alternative of an operation: the schemes a
// request must satisfy together, each with the scopes (OAuth2, OpenID
// Connect) or roles it needs, sorted.
type requirement struct {
	schemes []string
	scopes  map[string][]string
}

// satisfiedBy reports whether a request authorised as other says (a
// credential for each of its schemes, granted exactly its scopes) meets r:
// every scheme r names is one other has, with no scope other lacks.
func (r requirement) satisfiedBy(other requirement) bool {
	for _, s := range r.schemes {
		granted, ok := other.scopes[s]
		if !ok {
			return false
		}
		for _, scope := range r.scopes[s] {
			if !slices.Contains(granted, scope) {
				return false
			}
		}
	}
	return true
}

// String spells a requirement as messages show it: "oauth[read, write]+key",
// or "no credentials".
func (r requirement) String() string {
	if len(r.schemes) == 0 {
		return "no credentials"
	}
	parts := make([]string, len(r.schemes))
	for i, s := range r.schemes {
		parts[i] = s
		if sc := r.scopes[s]; len(sc) > 0 {
			parts[i] += "[" + strings.Join(sc, ", ") + "]"
		}
	}
	return strings.Join(parts, "+")
}

// missingScopes says, for the head alternative h whose schemes other has
// all of, the scopes other lacks ("bearer_auth scopes api:read, api:write");
// "" when h needs a scheme other lacks, or no scope.
func missingScopes(h, other requirement) string {
	var out []string
	for _, s := range h.schemes {
		granted, ok := other.scopes[s]
		if !ok {
			return ""
		}
		var lacking []string
		for _, scope := range h.scopes[s] {
			if !slices.Contains(granted, scope) {
				lacking = append(lacking, scope)
			}
		}
		switch len(lacking) {
		case 0:
		case 1:
			out = append(out, s+" scope "+lacking[0])
		default:
			out = append(out, s+" scopes "+strings.Join(lacking, ", "))
		}
	}
	return strings.Join(out, " and ")
}

// security reports a base alternative no head alternative is satisfied by:
// head removed it, required another scheme beside it, or a scope it was not
// granted. The proof is the request base served: authorised with that
// alternative alone. An alternative added, or a scope dropped, only widens
// who may call and is not reported.
func (c *checker) security(label string, bo, ho *operation) {
	bsec, bdoc, bptr := effectiveSecurity(c.base, bo)
	hsec, hdoc, hptr := effectiveSecurity(c.head, ho)
	for _, b := range bsec {
		if slices.ContainsFunc(hsec, func(h requirement) bool { return h.satisfiedBy(b) }) {
			continue
		}
		bl := c.baseAt(bdoc, bdoc.Lookup(bptr), bptr)
		if bl.Line == 0 {
			bl = c.baseAt(bo.doc, bo.node, bo.pointer)
		}
		what := "requires " + describe(hsec) + " now"
		for _, h := range hsec {
			if scopes := missingScopes(h, b); scopes != "" {
				what = "requires " + scopes + " now (" + describe(hsec) + ")"
				break
			}
		}
		f := c.surface(securityAddedRule, c.headAt(hdoc, hdoc.Lookup(hptr), hptr), bl,
			fmt.Sprintf("%s %s; requests authorised with %s alone are refused; keep that alternative, or approve the break", label, what, b))
		f.Fields["payload"] = json.RawMessage(fmt.Sprintf(`{"security":%q}`, b.String()))
		f.Detail = fmt.Sprintf("request (base accepts, head refuses): %s authorised with %s", label, b)
		c.findings = append(c.findings, f)
		return
	}
}

// effectiveSecurity returns an operation's security alternatives and where
// they are written (the operation's file, or the document's root); one
// alternative of no scheme when there is none.
func effectiveSecurity(doc *reduce.Document, op *operation) ([]requirement, *reduce.Document, string) {
	n, ptr := reduce.Value(op.node, "security"), reduce.JoinPointer(op.pointer, "security")
	at := op.doc
	if n == nil {
		n, ptr, at = reduce.Value(doc.Root, "security"), "/security", doc
	}
	var out []requirement
	for _, alt := range reduce.Items(n) {
		r := requirement{scopes: map[string][]string{}}
		reduce.Pairs(alt, func(k, v *reduce.Node) bool {
			r.schemes = append(r.schemes, k.Value)
			var scopes []string
			for _, s := range reduce.Items(v) {
				if reduce.IsScalar(s) {
					scopes = append(scopes, reduce.Deref(s).Value)
				}
			}
			sort.Strings(scopes)
			r.scopes[k.Value] = slices.Compact(scopes)
			return true
		})
		sort.Strings(r.schemes)
		r.schemes = slices.Compact(r.schemes)
		out = append(out, r)
	}
	if len(out) == 0 {
		return []requirement{{scopes: map[string][]string{}}}, at, ptr
	}
	return out, at, ptr
}

func describe(alts []requirement) string {
	parts := make([]string, len(alts))
	for i, a := range alts {
		parts[i] = a.String()
	}
	return strings.Join(parts, " or ")
}
