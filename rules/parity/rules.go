package parity

import "github.com/wirelint/wirelint/report"

// Rule ids of this family.
const (
	RuleKeyword           = "parity/keyword"
	RuleMissingDefinition = "parity/missing-definition"
	RuleMirrorOnly        = "parity/mirror-only-definition"
	RuleUnknownKeyword    = "parity/unknown-keyword"
	RuleUnsupported       = "parity/unsupported-keyword"
	RuleInvalidSchema     = "parity/invalid-schema"
	RuleUnpairedRoot      = "parity/unpaired-root"
)

// The family's rules; each finding takes its default severity from its rule,
// but for a parity/keyword finding under an allOf part that does not resolve,
// which is a warning when the unseen part may be the difference.
var (
	keywordRule = report.Rule{
		ID:       RuleKeyword,
		Severity: report.SeverityError,
		Title:    "a constraining keyword differs between the canonical schema and its mirror",
		Why: "Every constraining keyword decides which payloads validate. When one document closes an object " +
			"(additionalProperties: false) or bounds a string (maxLength) and the other does not, a payload passes " +
			"one and fails the other. Keywords are compared after dialect normalisation (nullable ≡ type null, " +
			"boolean ≡ numeric exclusive bounds, const ≡ one-value enum, definitions ≡ $defs...), sets as sets, " +
			"union branches regardless of order, allOf parts merged where the merge is exact (two rules of one kind, " +
			"such as two if/then/else, held apart and paired by content), and $refs by the definition they name. " +
			"Where an allOf part is a $ref that does not resolve, the parts that do are compared, and a difference " +
			"the unseen part may explain is a warning naming it.",
		Bad: "# frame_wire.json\n\"Done\": {\"type\": \"object\", \"additionalProperties\": false, ...}\n" +
			"# openapi.yaml\nDone:\n  type: object   # additionalProperties left out: open",
		Good: "# openapi.yaml\nDone:\n  type: object\n  additionalProperties: false",
	}
	missingDefinitionRule = report.Rule{
		ID:       RuleMissingDefinition,
		Severity: report.SeverityError,
		Title:    "a canonical definition has no counterpart in the mirror",
		Why: "A definition the mirror lacks is a part of the contract its consumers never see. Pair renamed " +
			"definitions with --rename CANONICAL=MIRROR.",
		Bad:  "# frame_wire.json $defs: Usage\n# openapi.yaml components/schemas: (no Usage)",
		Good: "# openapi.yaml\ncomponents:\n  schemas:\n    Usage: {...}",
	}
	mirrorOnlyRule = report.Rule{
		ID:       RuleMirrorOnly,
		Severity: report.SeverityInfo,
		Title:    "a mirror definition has no counterpart in the canonical document",
		Why: "An OpenAPI document usually holds more than one contract (HTTP envelopes, error bodies), so a " +
			"definition only in the mirror is normal; it is listed so a forgotten canonical entry can be noticed.",
		Bad:  "# openapi.yaml components/schemas: FrameAck (not in frame_wire.json)",
		Good: "# either add FrameAck to frame_wire.json, or leave it: this is information",
	}
	unpairedRootRule = report.Rule{
		ID:       RuleUnpairedRoot,
		Severity: report.SeverityInfo,
		Title:    "a lone canonical file's root schema pairs with no mirror definition",
		Why: "A single canonical file's root is the document itself; nothing refers to it by name, so the mirror " +
			"may hold its contract under another shape (a request body, a response). File roots pair by name, " +
			"else by $id, title or content (bom.json with a copy named bom.SNAPSHOT.json); one that pairs with " +
			"nothing is listed once, as information, and not compared.",
		Bad:  "# frame.json (root: {type: object, ...}, $defs: {...})\n# openapi.yaml components/schemas: no Frame",
		Good: "wirelint parity frame.json openapi.yaml --rename frame=FrameEnvelope",
	}
	unknownKeywordRule = report.Rule{
		ID:       RuleUnknownKeyword,
		Severity: report.SeverityError,
		Title:    "a schema key is neither a JSON Schema / OpenAPI keyword nor an x- extension",
		Why: "Validators ignore keys they do not know, so a misspelt keyword (maxLenght) silently constrains " +
			"nothing. Extensions must start with x-.",
		Bad:  "{\"type\": \"string\", \"maxLenght\": 64}",
		Good: "{\"type\": \"string\", \"maxLength\": 64}",
	}
	unsupportedRule = report.Rule{
		ID:       RuleUnsupported,
		Severity: report.SeverityWarning,
		Title:    "a keyword the document's own dialect does not define, so its validators ignore it",
		Why: "OpenAPI 3.0 has no const, if/then/else or patternProperties; Swagger 2.0 has no oneOf; a 2020-12 " +
			"schema has no dependencies. Parity compares such a keyword as its author meant it, so this rule says " +
			"that the document's validators will not apply it: the mirror looks equal and is open. A warning, " +
			"since some code generators honour such keywords anyway (nullable in 3.1 documents is the common case).",
		Bad:  "openapi: 3.0.3\n...\n    Kind: {type: string, const: done}   # 3.0 validators ignore const",
		Good: "openapi: 3.0.3\n...\n    Kind: {type: string, enum: [done]}",
	}
	invalidSchemaRule = report.Rule{
		ID:       RuleInvalidSchema,
		Severity: report.SeverityError,
		Title:    "a definition or keyword value inside a valid document is not what JSON Schema allows there",
		Why: "A string under components/schemas, properties: 5 or required: true is not a schema: validators " +
			"reject the document or silently skip the value, and a comparison would have to pretend it is {}. " +
			"The rest of the document is still checked; the malformed definition is neither compared nor listed " +
			"as missing or mirror-only.",
		Bad:  "components:\n  schemas:\n    Dialect: \"https://json-schema.org/draft/2020-12/schema\"\n    Server:\n      properties: 5",
		Good: "components:\n  schemas:\n    Dialect: {type: string, format: uri}\n    Server:\n      properties: {url: {type: string}}",
	}
)

// Rules lists the family's rules, in the order the catalogue shows them.
var Rules = []report.Rule{keywordRule, missingDefinitionRule, mirrorOnlyRule, unpairedRootRule, unknownKeywordRule, unsupportedRule, invalidSchemaRule}
