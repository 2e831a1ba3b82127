package differential

import "github.com/wirelint/wirelint/report"

// Rule ids.
const (
	RuleDisagreement = "differential/disagreement"
	RuleUnchecked    = "differential/unchecked"
)

// The family's rules; each finding takes its default severity from its rule.
var (
	disagreementRule = report.Rule{
		ID:       RuleDisagreement,
		Severity: report.SeverityError,
		Title:    "a payload one document accepts and the other rejects",
		Why: "Structural parity says where two documents differ; a payload says whether anyone notices. " +
			"When the canonical schema rejects {\"SMUGGLED\": 1} and the mirror accepts it, clients generated " +
			"from the mirror send payloads the server refuses, and differences in spelling, composition or " +
			"reference resolution that look equal on paper are caught here.",
		Bad:  `canonical: {"type": "object", "additionalProperties": false}   mirror: {"type": "object"}`,
		Good: `canonical: {"type": "object", "additionalProperties": false}   mirror: {"type": "object", "additionalProperties": false}`,
	}
	uncheckedRule = report.Rule{
		ID:       RuleUnchecked,
		Severity: report.SeverityWarning,
		Title:    "a definition, or part of one, could not be compared with payloads",
		Why: "A schema that does not compile, a pattern that is not valid ECMA-262 in u mode, or a definition " +
			"that ran past its time budget leaves payloads without a verdict. Saying so beats a silent pass.",
		Bad:  `{"type": "string", "pattern": "^\\d+(?i)GB$"}`,
		Good: `{"type": "string", "pattern": "^\\d+[Gg][Bb]$"}`,
	}
)

// Rules lists the family's rules, in the order the catalogue shows them.
var Rules = []report.Rule{disagreementRule, uncheckedRule}
