package description

import "github.com/wirelint/wirelint/report"

// Rule ids of this family.
const (
	RuleDrift    = "description/drift"
	RuleCosmetic = "description/cosmetic"
)

// The family's rules; each finding takes its default severity from its rule.
var (
	driftRule = report.Rule{
		ID:       RuleDrift,
		Severity: report.SeverityWarning,
		Title:    "a description or title says something different in the mirror",
		Why: "Normative prose (units, limits, what a field means) lives in descriptions; when the two documents " +
			"say different things, implementers of each follow a different contract. Compared after normalising " +
			"whitespace, line wrapping, trailing punctuation and Markdown emphasis; a word diff shows what changed.",
		Bad:  "canonical: \"Retry after at most 30 seconds.\"\nmirror:    \"Retry after at most 60 seconds.\"",
		Good: "canonical: \"Retry after at most 30 seconds.\"\nmirror:    \"Retry after at most 30 seconds.\"",
	}
	cosmeticRule = report.Rule{
		ID:       RuleCosmetic,
		Severity: report.SeverityInfo,
		Title:    "a description or title differs only cosmetically",
		Why: "Whitespace, wrapping, a trailing period or Markdown emphasis do not change meaning, but copying the " +
			"canonical text exactly keeps later real changes easy to see.",
		Bad:  "canonical: \"The *frame* id.\"\nmirror:    \"The frame id\"",
		Good: "canonical: \"The *frame* id.\"\nmirror:    \"The *frame* id.\"",
	}
)

// Rules lists the family's rules, in the order the catalogue shows them.
var Rules = []report.Rule{driftRule, cosmeticRule}
