package parity

import (
	"github.com/wirelint/wirelint/reduce"
)

// Check runs the parity family on a canonical document and its mirror:
// keyword parity per definition, missing and mirror-only definitions, and
// unknown keywords and keywords the dialect does not define in both documents (and in the files the canonical side
// reaches through $refs). The pairs are returned for annotation rules.
func Check(res reduce.Resolver, canonical, mirror *reduce.Document, opts Options) Result {
	r := Compare(res, canonical, mirror, opts)
	for _, d := range r.Documents {
		r.Findings = append(r.Findings, KeywordFindings(d)...)
	}
	return r
}
