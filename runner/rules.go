package runner

import (
	"sort"

	"github.com/wirelint/wirelint/internal/suppress"
	"github.com/wirelint/wirelint/report"
	"github.com/wirelint/wirelint/rules/compat"
	"github.com/wirelint/wirelint/rules/description"
	"github.com/wirelint/wirelint/rules/differential"
	"github.com/wirelint/wirelint/rules/docs"
	"github.com/wirelint/wirelint/rules/fixture"
	"github.com/wirelint/wirelint/rules/parity"
	"github.com/wirelint/wirelint/rules/ref"
	"github.com/wirelint/wirelint/rules/regex"
	routerules "github.com/wirelint/wirelint/rules/routes"
	"github.com/wirelint/wirelint/rules/types"
)

// families lists every rule family's rules: the one place a family joins
// the catalogue.
var families = [][]report.Rule{
	parity.Rules,
	description.Rules,
	ref.Rules,
	regex.Rules,
	routerules.Rules,
	fixture.Rules,
	differential.Rules,
	docs.Rules,
	compat.Rules,
	types.Rules,
	suppress.Rules,
}

// catalogue is every rule, sorted by id; built once.
var catalogue = func() []report.Rule {
	var out []report.Rule
	seen := map[string]bool{}
	for _, fam := range families {
		for _, r := range fam {
			if seen[r.ID] {
				panic("runner: rule " + r.ID + " declared twice")
			}
			seen[r.ID] = true
			out = append(out, r)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}()

// Rules returns the catalogue: every rule of every family, sorted by id. The
// caller must not modify it.
func Rules() []report.Rule { return catalogue }

// Lookup returns the rule with the given id.
func Lookup(id string) (report.Rule, bool) { return report.FindRule(catalogue, id) }

// KnownRule reports whether a rule reference (an id, family/* or *) names a
// rule of the catalogue.
func KnownRule(refID string) bool {
	for _, r := range catalogue {
		if suppress.MatchRule(refID, r.ID) {
			return true
		}
	}
	return false
}
