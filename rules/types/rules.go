package types

import "github.com/wirelint/wirelint/report"

// Rule ids.
const (
	RuleMissingField = "types/missing-field"
	RuleExtraField   = "types/extra-field"
	RuleRequired     = "types/required"
	RuleNullable     = "types/nullable"
	RuleEnum         = "types/enum"
	RuleType         = "types/type"
	RuleMissingType  = "types/missing-type"
	RuleRefTarget    = "types/ref-target"
	RuleOpaque       = "types/opaque"
	RuleEmptiness    = "types/emptiness"
	RuleClosed       = "types/closed"
)

// The family's rules; each finding takes its default severity from its rule.
var (
	missingFieldRule = report.Rule{
		ID:       RuleMissingField,
		Severity: report.SeverityError,
		Title:    "a property of the schema has no field in the type that mirrors it",
		Why: "A client or server type that lacks a property drops it when it reads a payload and never sends it: " +
			"the property the schema added a year ago does not exist for that consumer. The field is matched by its " +
			"wire name (json tags, aliases, alias generators, serde renames). With direction request a readOnly " +
			"property may be left out, with direction response a writeOnly one. When part of the type could not be " +
			"read (a base class or embedded type outside the mirror files) this is a warning naming the gap.",
		Bad:  "schema: {properties: {id: …, seq: …}}; type Frame struct { ID string `json:\"id\"` }",
		Good: "type Frame struct { ID string `json:\"id\"`; Seq int `json:\"seq\"` }",
	}
	extraFieldRule = report.Rule{
		ID:       RuleExtraField,
		Severity: report.SeverityError,
		Title:    "a field of the type is no property of the schema it mirrors",
		Why: "A field the schema does not define is sent in payloads the schema rejects when it is closed " +
			"(additionalProperties or unevaluatedProperties false): an error. When the schema is open the payload " +
			"still validates but the field is undocumented contract: a warning.",
		Bad:  "schema: {additionalProperties: false, properties: {id: …}}; interface Frame { id: string; debug: boolean }",
		Good: "interface Frame { id: string }",
	}
	requiredRule = report.Rule{
		ID:       RuleRequired,
		Severity: report.SeverityError,
		Title:    "the schema and the type disagree on whether a property must be present",
		Why: "A property the schema requires but the type may leave out (TypeScript ?, a Python default, Rust Option " +
			"or default, Go omitempty that drops a zero value) produces payloads the schema rejects; a property the " +
			"schema makes optional but the type requires (no ?, no default, not Option) makes valid payloads fail to " +
			"read. Go reads an absent field as its zero value, so Go types are checked in the first direction only.",
		Bad:  "schema: {required: [seq]}; class Frame(BaseModel): seq: int = 0",
		Good: "class Frame(BaseModel): seq: int",
	}
	nullableRule = report.Rule{
		ID:       RuleNullable,
		Severity: report.SeverityError,
		Title:    "the schema and the type disagree on whether a property may be null",
		Why: "A type that cannot hold null for a nullable property fails (or silently zeroes) on a valid payload; a " +
			"type that writes null where the schema forbids it sends invalid payloads. Where one construct means " +
			"both \"may be absent\" and \"may be null\" (Rust Option, Python Optional with a None default, a Go " +
			"pointer with omitempty) and the property is optional, null is read as absence and not reported.",
		Bad:  "schema: {note: {type: string}}; interface Frame { note: string | null }",
		Good: "interface Frame { note?: string }",
	}
	enumRule = report.Rule{
		ID:       RuleEnum,
		Severity: report.SeverityError,
		Title:    "the schema's enum or const and the type's literal values differ",
		Why: "A literal union, Literal[...], Enum class, Rust unit enum or Go typed constant block that lacks a value " +
			"rejects valid payloads; one with a value the schema does not list sends invalid ones. Sets compare " +
			"without order. A plain string where the schema lists values, one value too, is a warning: the type " +
			"accepts what the schema rejects. A const on a plain string is not: it is how a schema writes a " +
			"discriminator, which a language without literal types holds in a string.",
		Bad:  "schema: {enum: [open, closed, draft]}; type State = \"open\" | \"closed\"",
		Good: "type State = \"open\" | \"closed\" | \"draft\"",
	}
	typeRule = report.Rule{
		ID:       RuleType,
		Severity: report.SeverityError,
		Title:    "the schema's type or format and the type's differ",
		Why: "A number where the schema says string, an int where it says number, a list where it says object: the " +
			"payload fails to read or is written wrong. A time.Time, datetime or Date parses date-time and is " +
			"compared with format; an integer type covers a schema integer, a floating type a schema number or " +
			"integer. How int64 travels (number, or string as in protobuf JSON) is the int64 setting.",
		Bad:  "schema: {seq: {type: integer}}; seq: string",
		Good: "seq: number",
	}
	missingTypeRule = report.Rule{
		ID:       RuleMissingType,
		Severity: report.SeverityWarning,
		Title:    "a definition of the schema has no type in the mirror files",
		Why: "An object or enum definition that no type pairs with — by a wirelint:mirror comment, the names map, " +
			"the name (case and style insensitive) or a property that references it — is a part of the contract " +
			"the consumer has not modelled. Definitions that are only used inline (a string alias) are compared " +
			"where they are used instead. A warning: a consumer may model part of a contract on purpose (ignore it " +
			"with ignore).",
		Bad:  "schema $defs: Frame, Ack; mirror declares Frame only",
		Good: "mirror declares Frame and Ack (or types.ignore: [Ack])",
	}
	refTargetRule = report.Rule{
		ID:       RuleRefTarget,
		Severity: report.SeverityError,
		Title:    "a property references one definition but its field's type mirrors another",
		Why: "A struct reused for two schema objects accepts what one of them rejects: the schema's $ref names Ack " +
			"but the field's type is paired with Frame. A wirelint:mirror comment whose pointer names no " +
			"definition is reported here too.",
		Bad:  "schema: {ack: {$ref: '#/$defs/Ack'}}; type Msg struct { Ack Frame `json:\"ack\"` }",
		Good: "type Msg struct { Ack Ack `json:\"ack\"` }",
	}
	opaqueRule = report.Rule{
		ID:       RuleOpaque,
		Severity: report.SeverityInfo,
		Title:    "a type or field could not be compared, and why",
		Why: "A type with custom marshalling (MarshalJSON, a hand-written Serialize, serde with=), an enum with data, " +
			"a type configured as opaque, or a field whose type comes from outside the mirror files is compared by " +
			"name only. Said once per place so the gaps can be counted and read next; never an error.",
		Bad:  "func (f Frame) MarshalJSON() ([]byte, error)",
		Good: "(information only)",
	}
	emptinessRule = report.Rule{
		ID:       RuleEmptiness,
		Severity: report.SeverityWarning,
		Title:    "a Go slice or map without omitempty marshals null where the schema requires an array or object",
		Why: "encoding/json writes a nil slice or map as null: a field without omitempty whose schema says array or " +
			"object and forbids null sends an invalid payload whenever nothing set it (the bug reported again and " +
			"again against SARIF libraries). A field a constructor of the type initialises is not reported. " +
			"Opt-in: set types.emptiness: true.",
		Bad:  "Results []Result `json:\"results\"` (schema: results: {type: array}, required)",
		Good: "Results []Result `json:\"results,omitempty\"`, or a constructor that sets Results: []Result{}",
	}
	closedRule = report.Rule{
		ID:       RuleClosed,
		Severity: report.SeverityError,
		Title:    "the type rejects unknown members where the schema allows other properties",
		Why: "A type closed to unknown members (Rust #[serde(deny_unknown_fields)], pydantic extra=\"forbid\" in " +
			"model_config or a v1 Config) fails to read a payload the schema accepts as soon as it carries a property " +
			"the schema leaves open (no additionalProperties: false, or patternProperties): the next revision's new " +
			"property breaks every reader. Reported where the mirror reads (direction response or both). The converse " +
			"— an open type for a closed schema — reads every valid payload and writes only its fields, so it is " +
			"silent; a field the closed schema lacks is types/extra-field.",
		Bad:  "schema: {properties: {id: …}} (open); #[serde(deny_unknown_fields)] struct Frame { id: String }",
		Good: "schema: {properties: {id: …}, additionalProperties: false}, or drop deny_unknown_fields",
	}
)

// Rules lists the family's rules.
var Rules = []report.Rule{missingFieldRule, extraFieldRule, requiredRule, nullableRule, enumRule, typeRule, missingTypeRule, refTargetRule, opaqueRule, emptinessRule, closedRule}
