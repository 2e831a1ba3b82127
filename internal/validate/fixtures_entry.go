package validate

import (
	"fmt"

	"github.com/wirelint/wirelint/internal/limits"
)

// Fixtures is one fixtures entry of a configuration, the section the fixture
// and differential families share: payload folders and the documents they
// are checked against, the first being the canonical one.
type Fixtures struct {
	// Folders hold the payloads; none runs no fixture rule.
	Folders []string
	// Documents are the canonical document and its mirrors.
	Documents []string
	// Renames maps a canonical definition name to its mirror name.
	Renames map[string]string
	// Differential probes the canonical document and the first mirror with
	// generated payloads (and the folders' ones) for disagreement.
	Differential bool
}

// FixturesName names the i-th entry of a fixtures section in an error, and
// is how the differential family finds the payloads the fixture family
// loaded for the same entry.
func FixturesName(i int) string { return fmt.Sprintf("fixtures[%d]", i) }

// OptionsOf are the validators' options under the run's budgets.
func OptionsOf(l limits.Limits) Options {
	return Options{MaxPatternLength: int(l.PatternLength), MatchTimeout: l.MatchTimeout}
}
