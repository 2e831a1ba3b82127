package docs

import "github.com/wirelint/wirelint/report"

// Rules lists the family's rules, in the order the catalogue shows them.
var Rules = concatRules(brokenlinkRules, brokenrefRules, siteRules, taxonomyRules, tablesRules)

func concatRules(lists ...[]report.Rule) []report.Rule {
	var out []report.Rule
	for _, l := range lists {
		out = append(out, l...)
	}
	return out
}
