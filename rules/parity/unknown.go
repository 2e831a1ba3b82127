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
