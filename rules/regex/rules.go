package regex

import "github.com/wirelint/wirelint/report"

// Rule ids.
const (
	RuleInvalid     = "regex/invalid"
	RuleNonPortable = "regex/non-portable"
	RuleDivergent   = "regex/divergent"
	RuleUnchecked   = "regex/unchecked"
)

// The family's rules; each finding takes its default severity from its rule.
var (
	invalidRule = report.Rule{
		ID:       RuleInvalid,
		Severity: report.SeverityError,
		Title:    "pattern is not a valid ECMA-262 regular expression in u mode",
		Why: "JSON Schema patterns are ECMA-262 regular expressions read with the u flag. A pattern written for " +
			"another engine — inline flags (?i), possessive a++, atomic (?>…), \\Z, [\\w-.] — is rejected by " +
			"conforming validators, while others skip it silently and let any value through.",
		Bad:  `{"type": "string", "pattern": "^[0-9]+ ?(?i)GB$"}`,
		Good: `{"type": "string", "pattern": "^[0-9]+ ?[Gg][Bb]$"}`,
	}
	nonPortableRule = report.Rule{
		ID:       RuleNonPortable,
		Severity: report.SeverityError,
		Title:    "pattern uses a construct a target dialect cannot compile",
		Why: "A contract exists so that clients in other languages can enforce it, and a client compiles the " +
			"pattern as written. Go's regexp and Rust's regex have no lookaround and no backreferences, Go allows " +
			"at most 1000 repetitions and the regex crate refuses a program over its 10 MiB size limit (\\w{89} " +
			"already: Unicode classes are large). Each engine also rejects spellings ECMA-262 accepts: \\u escapes " +
			"in Go; \\0 and an unescaped [ inside a class in Rust; \\/ and (?<name>...) in the regex crate before " +
			"1.8 (dialect rust@1.7); (?<name>...) and \\p{...} in Python's re. Where a spelling every dialect " +
			"reads exists the message names it, and `wirelint regex --translate DIALECT` prints one for a single " +
			"dialect; where a schema-level rewrite exists (not, allOf, minLength) the finding suggests it. The " +
			"Rust and Python tables are checked against regex 1.7.1 and CPython 3.11's re; an unpinned python " +
			"dialect means the oldest CPython still supported (3.11).",
		Bad:  `{"type": "string", "pattern": "^(?!-)[a-z0-9-]+$"}`,
		Good: `{"type": "string", "pattern": "^[a-z0-9-]+$", "not": {"pattern": "^-"}}`,
	}
	divergentRule = report.Rule{
		ID:       RuleDivergent,
		Severity: report.SeverityWarning,
		Title:    "pattern compiles in every target dialect but matches differently in some",
		Why: "ECMA-262's \\s includes NBSP and U+FEFF while Go's is [\\t\\n\\f\\r ]; . excludes \\r and U+2028 in " +
			"ECMA-262 only; Rust's and Python's \\d and \\w are Unicode; Python's $ matches before a final " +
			"newline. A client using the pattern verbatim accepts or rejects values the contract does not. " +
			"`wirelint regex --translate DIALECT PATTERN` prints a spelling that matches the same. A part at an edge " +
			"of the pattern that can match nothing (the .* of ^https?://.*) is not reported: a pattern is searched " +
			"anywhere in the value, so it matches empty there and decides nothing.",
		Bad:  `{"type": "string", "pattern": "^\\S+$"}`,
		Good: `{"type": "string", "pattern": "^[^\\t-\\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+$"}`,
	}
	uncheckedRule = report.Rule{
		ID:       RuleUnchecked,
		Severity: report.SeverityWarning,
		Title:    "pattern is longer than the pattern budget and is not checked",
		Why: "Parsing and judging a pattern costs time and memory with its length: a 1 MB literal pattern takes " +
			"the engines seconds and a gigabyte, and a pull request controls every byte wirelint reads. Past the " +
			"pattern budget (32 KiB unless --max-pattern-length says otherwise) a pattern " +
			"is not checked, and this finding says so rather than passing it silently. No real contract needs a " +
			"pattern that long; an enum or a format usually says the same.",
		Bad:  `{"type": "string", "pattern": "^(a|b|c|…40,000 more alternatives…)$"}`,
		Good: `{"type": "string", "enum": ["a", "b", "c"]}`,
	}
)

// Rules lists the family's rules, in the order the catalogue shows them.
var Rules = []report.Rule{invalidRule, nonPortableRule, divergentRule, uncheckedRule}
