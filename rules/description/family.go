package description

import (
	"github.com/wirelint/wirelint/rules/family"
	"github.com/wirelint/wirelint/rules/internal/pair"
)

// Family is the description family: it reads the schema pairs the parity
// family visited (its Result) and compares their descriptions. It runs
// wherever parity runs, on parity's entries (it has no section of its own).
var Family = &family.Family{
	Name:     "description",
	Doc:      "descriptions that drifted between a canonical schema and its mirror",
	Rules:    Rules,
	Scope:    family.Grouped,
	Requires: []string{"parity"},
	Run: func(p *family.Pass) (family.Output, error) {
		pairs, _ := p.ResultOf["parity"].([]pair.Pair)
		return family.Output{Findings: Check(pairs)}, nil
	},
}
