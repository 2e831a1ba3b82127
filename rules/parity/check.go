package parity

import (
	"github.com/wirelint/wirelint/reduce"
)

// Check runs the parity family on a canonical document and its mirror:
// keyword parity per definition, missing and mirror-only definitions, and
// unknown keywords, keywords the dialect does not define and malformed
// schemas in both documents (and in the files either reaches through $refs).
// The pairs are returned for annotation rules.
func Check(res reduce.Resolver, canonical, mirror *reduce.Document, opts Options) Result {
	return CheckAll(res, []*reduce.Document{canonical}, mirror, opts)
}

// CheckAll is Check with several canonical documents (see CompareAll).
func CheckAll(res reduce.Resolver, canonicals []*reduce.Document, mirror *reduce.Document, opts Options) Result {
	r := CompareAll(res, canonicals, mirror, opts)
	for _, d := range r.Documents {
		if ptrs, ok := r.Partial[d]; ok {
			r.Findings = append(r.Findings, KeywordFindingsAt(d, ptrs)...)
			continue
		}
		if pre := opts.prepared; pre != nil && d == pre.doc {
			r.Findings = append(r.Findings, pre.keywords...)
			continue
		}
		r.Findings = append(r.Findings, KeywordFindings(d)...)
	}
	return r
}
