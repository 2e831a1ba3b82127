package runner

import (
	"sort"

	"github.com/wirelint/wirelint/internal/suppress"
	"github.com/wirelint/wirelint/report"
)

// families lists every rule family's rules: the registry's families, and
// what runs outside it.
var families = func() [][]report.Rule {
	var out [][]report.Rule
	for _, reg := range registry {
		out = append(out, reg.family.Rules)
	}
	return append(out, unregistered...)
}()

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
