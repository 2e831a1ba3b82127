package parity

import (
	"fmt"
	"sort"
	"strings"

	"github.com/wirelint/wirelint/internal/textdist"
	"github.com/wirelint/wirelint/reduce"
	"github.com/wirelint/wirelint/report"
)

// KeywordFindings reports, in one pass over every schema object of doc, each
// key that is neither a catalogued keyword nor an x- extension
// (parity/unknown-keyword), and each catalogued keyword doc's own dialect does
// not define — const in OpenAPI 3.0, oneOf in Swagger 2.0, dependencies in
// 2020-12 — or a list-valued type where the dialect wants one string
// (parity/unsupported-keyword). Swagger 2.0 parameter and header objects mix
// schema keywords with their own keys and are skipped.
func KeywordFindings(doc *reduce.Document) []report.Finding {
	return append(invalidDefinitions(doc), keywordFindings(doc, doc.WalkSchemas)...)
}

// KeywordFindingsAt is KeywordFindings for a file whose root is not a schema
// (an AsyncAPI trait, any YAML a $ref reaches into): only the schemas at
// pointers ptrs, and under them, are checked.
func KeywordFindingsAt(doc *reduce.Document, ptrs []string) []report.Finding {
	return keywordFindings(doc, func(fn func(reduce.SchemaSite)) {
		for _, p := range ptrs {
			doc.WalkSchemasAt(p, fn)
		}
	})
}

func keywordFindings(doc *reduce.Document, walk func(func(reduce.SchemaSite))) []report.Finding {
	var out []report.Finding
	d := doc.Dialect
	walk(func(s reduce.SchemaSite) {
		if s.Loose || s.Plain || !reduce.IsMap(s.Node) {
			return
		}
		def := ""
		if s.Definition != nil {
			def = s.Definition.Name
		}
		reduce.Pairs(s.Node, func(k, v *reduce.Node) bool {
			rule, msg := keywordProblem(k.Value, v, d)
			if rule.ID == "" {
				return true
			}
			fields := map[string]any{"keyword": k.Value}
			if rule.ID == RuleUnsupported {
				fields["dialect"] = string(d)
			}
			out = append(out, report.Finding{
				Rule:       rule.ID,
				Severity:   rule.Severity,
				Message:    msg,
				Definition: def,
				Pointer:    s.RelPointer + "/" + reduce.EscapePointerToken(k.Value),
				Locations:  []report.Location{Location(doc, k, s.Pointer+"/"+reduce.EscapePointerToken(k.Value))},
				Fields:     fields,
			})
			return true
		})
	})
	return out
}

// keywordProblem says what is wrong with key (valued v) in a schema of
// dialect d: the rule and message, or the zero Rule when nothing is.
func keywordProblem(key string, v *reduce.Node, d reduce.Dialect) (rule report.Rule, msg string) {
	info, ok := reduce.LookupKeyword(key)
	if !ok {
		msg = fmt.Sprintf("%q is not a JSON Schema or OpenAPI keyword, so validators ignore it", key)
		if near := nearestKeyword(key); near != "" {
			msg += fmt.Sprintf("; did you mean %q?", near)
		} else {
			msg += "; prefix extensions with x-"
		}
		return unknownKeywordRule, msg
	}
	if reduce.Unrepresentable(v) {
		return invalidSchemaRule, fmt.Sprintf("%s is %s, %s, so it is not compared; write a smaller number",
			key, reduce.ShortLiteral(reduce.Deref(v).Value), reduce.NumberBudget())
	}
	if want := shapeProblem(info, v); want != "" && !boolBound(key, v) {
		return invalidSchemaRule, fmt.Sprintf("%s must be %s but is %s (%s), so validators reject the schema or ignore the keyword; write %s",
			key, want, kindOf(v), reduce.Short(v, 40), want)
	}
	switch {
	case key == "type" && reduce.IsSeq(v) && (d == reduce.OpenAPI30 || d == reduce.Swagger20):
		return unsupportedRule, fmt.Sprintf("type is a list, which %s does not allow; spell one type (with nullable: true for null in OpenAPI 3.0)", dialectName(d))
	case !reduce.DefinedIn(key, d):
		msg = fmt.Sprintf("%s is not a keyword of %s, so its validators ignore it", key, dialectName(d))
		if key == "const" {
			msg += "; use a one-value enum"
		}
		return unsupportedRule, msg
	}
	return report.Rule{}, ""
}

// boolBound reports a draft-04 / OpenAPI 3.0 boolean exclusive bound, which
// the catalogue's numeric shape does not describe.
func boolBound(key string, v *reduce.Node) bool {
	_, ok := reduce.Bool(v)
	return ok && (key == "exclusiveMinimum" || key == "exclusiveMaximum")
}

func dialectName(d reduce.Dialect) string {
	switch d {
	case reduce.OpenAPI30:
		return "OpenAPI 3.0"
	case reduce.OpenAPI31:
		return "OpenAPI 3.1"
	case reduce.Swagger20:
		return "Swagger 2.0"
	}
	return "JSON Schema " + string(d)
}

var keywordNames = func() []string {
	var out []string
	for n := range reduce.Catalogue {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}()

// nearestKeyword returns the catalogued keyword one edit away from s (see
// textdist.OneEdit) or differing only in case, or "": a hint further away
// names another keyword more often than the one meant.
func nearestKeyword(s string) string {
	best := ""
	for _, k := range keywordNames {
		if strings.EqualFold(k, s) {
			return k
		}
		if best == "" && len(s) > 2 && textdist.OneEdit(strings.ToLower(s), strings.ToLower(k)) {
			best = k
		}
	}
	return best
}
