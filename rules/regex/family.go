package regex

import (
	"github.com/wirelint/wirelint/internal/ecmaregex"
	"github.com/wirelint/wirelint/report"
	"github.com/wirelint/wirelint/rules/family"
)

// Section is the family's configuration section.
type Section struct {
	// Documents are checked (empty = every document the run loads, the
	// files their $refs reach included).
	Documents []string
	// Dialects are the targets (empty = the family's defaults).
	Dialects []ecmaregex.Dialect
	// Severity overrides the default severity of a regex rule.
	Severity map[string]report.Severity
}

// Family is the regex family: every pattern of the group's documents, the
// files $refs reach included, judged for each target dialect. It runs once
// the other families have loaded what they reach.
var Family = &family.Family{
	Name:  "regex",
	Doc:   "patterns that do not mean the same in every target dialect",
	Rules: Rules,
	Scope: family.Loaded,
	Entries: func(section any) []family.Entry {
		if s, _ := section.(*Section); s != nil {
			return family.PerDocument("regex", s.Documents, false, s)
		}
		return nil
	},
	Run: func(p *family.Pass) (family.Output, error) {
		s := p.Entries[0].Value.(*Section)
		opts := Options{Dialects: s.Dialects, Severity: s.Severity, MaxPatternLength: int(p.Limits.PatternLength)}
		docs := p.Named()
		names := make([]string, len(docs))
		fns := make([]func() ([]report.Finding, error), len(docs))
		for i, d := range docs {
			names[i] = "regex " + d.Path
			fns[i] = func() ([]report.Finding, error) { return Check(d, opts), nil }
		}
		fs, err := p.Parallel(names, fns)
		return family.Output{Findings: fs}, err
	},
}
