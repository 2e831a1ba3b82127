package parity

import (
	"fmt"
	"github.com/wirelint/wirelint/internal/textdist"
	"sort"
	"strings"

	"github.com/wirelint/wirelint/reduce"
	"github.com/wirelint/wirelint/report"
)

// UnknownKeywords reports every key of every schema object in doc that is
// neither a catalogued keyword nor an x- extension. Swagger 2.0 parameter and
// header objects mix schema keywords with their own keys and are skipped.
func UnknownKeywords(doc *reduce.Document) []report.Finding {
	var out []report.Finding
	doc.WalkSchemas(func(s reduce.SchemaSite) {
		if s.Loose || !reduce.IsMap(s.Node) {
			return
		}
		reduce.Pairs(s.Node, func(k, _ *reduce.Node) bool {
			if _, ok := reduce.LookupKeyword(k.Value); ok {
				return true
			}
			rel := s.RelPointer + "/" + reduce.EscapePointerToken(k.Value)
			def := ""
			if s.Definition != nil {
				def = s.Definition.Name
			}
			msg := fmt.Sprintf("%q is not a JSON Schema or OpenAPI keyword, so validators ignore it", k.Value)
			if near := nearestKeyword(k.Value); near != "" {
				msg += fmt.Sprintf("; did you mean %q?", near)
			} else {
				msg += "; prefix extensions with x-"
			}
			out = append(out, report.Finding{
				Rule:       RuleUnknownKeyword,
				Severity:   report.DefaultSeverity(RuleUnknownKeyword),
				Message:    msg,
				Definition: def,
				Pointer:    rel,
				Locations:  []report.Location{nodeLocation(doc, k, s.Pointer+"/"+reduce.EscapePointerToken(k.Value))},
				Fields:     map[string]any{"keyword": k.Value},
			})
			return true
		})
	})
	return out
}

// UnsupportedKeywords reports every catalogued keyword that doc's dialect does
// not define (const in OpenAPI 3.0, oneOf in Swagger 2.0, dependencies in
// 2020-12...), and a list-valued type where the dialect wants one string.
func UnsupportedKeywords(doc *reduce.Document) []report.Finding {
	var out []report.Finding
	d := doc.Dialect
	doc.WalkSchemas(func(s reduce.SchemaSite) {
		if s.Loose || !reduce.IsMap(s.Node) {
			return
		}
		def := ""
		if s.Definition != nil {
			def = s.Definition.Name
		}
		reduce.Pairs(s.Node, func(k, v *reduce.Node) bool {
			var msg string
			switch {
			case k.Value == "type" && reduce.IsSeq(v) && (d == reduce.OpenAPI30 || d == reduce.Swagger20):
				msg = fmt.Sprintf("type is a list, which %s does not allow; spell one type (with nullable: true for null in OpenAPI 3.0)", dialectName(d))
			case !reduce.DefinedIn(k.Value, d):
				if _, known := reduce.LookupKeyword(k.Value); !known {
					return true // parity/unknown-keyword reports it
				}
				msg = fmt.Sprintf("%s is not a keyword of %s, so its validators ignore it", k.Value, dialectName(d))
				if k.Value == "const" {
					msg += "; use a one-value enum"
				}
			default:
				return true
			}
			out = append(out, report.Finding{
				Rule:       RuleUnsupported,
				Severity:   report.DefaultSeverity(RuleUnsupported),
				Message:    msg,
				Definition: def,
				Pointer:    s.RelPointer + "/" + reduce.EscapePointerToken(k.Value),
				Locations:  []report.Location{nodeLocation(doc, k, s.Pointer+"/"+reduce.EscapePointerToken(k.Value))},
				Fields:     map[string]any{"keyword": k.Value, "dialect": string(d)},
			})
			return true
		})
	})
	return out
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

// nearestKeyword returns the catalogued keyword closest to s in edit distance
// (at most 2, or a case-only difference), or "".
func nearestKeyword(s string) string {
	best, bestD := "", 3
	for _, k := range keywordNames {
		if strings.EqualFold(k, s) {
			return k
		}
		if d := textdist.Levenshtein(strings.ToLower(s), strings.ToLower(k)); d < bestD {
			best, bestD = k, d
		}
	}
	if len(s) <= 3 && bestD > 1 {
		return ""
	}
	return best
}
