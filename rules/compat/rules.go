package compat

import "github.com/wirelint/wirelint/report"

// Rule ids.
const (
	RuleRequestNarrowed        = "compat/request-narrowed"
	RuleResponseWidened        = "compat/response-widened"
	RuleIncomparable           = "compat/incomparable"
	RuleUnknown                = "compat/unknown-effect"
	RuleCompatible             = "compat/compatible-change"
	RuleUnproven               = "compat/unproven"
	RuleUnreached              = "compat/unreached-components"
	RuleRemovedOperation       = "compat/removed-operation"
	RuleRemovedSuccessResponse = "compat/removed-success-response"
	RuleNewRequiredParameter   = "compat/new-required-parameter"
	RuleParameterMoved         = "compat/parameter-moved"
	RuleRemovedDefinition      = "compat/removed-definition"
	RuleRemovedMediaType       = "compat/removed-media-type"
	RuleSecurityAdded          = "compat/security-added"
)

const approve = " Approve a known break with its fingerprint in the baseline, or an ignore with a reason in .wirelint.yaml."

// The family's rules; each finding takes its default severity from its rule.
// identity is what identifies a compat finding across runs: not where the
// payload was validated (base_schema, head_schema), which repeat the
// locations' files under the name the run gave them and the base revision's
// name.
var identity = report.Identity{Ignore: []string{"base_schema", "head_schema", "use"}}

var (
	requestNarrowedRule = report.Rule{
		ID: RuleRequestNarrowed, Severity: report.SeverityError,
		Identity: &identity,
		Title:    "a schema the server reads accepts less than before",
		Why: "A request body, parameter or consumed contract that narrows (maxLength lowered, an enum member or anyOf " +
			"branch removed, a required name or additionalProperties: false added) refuses payloads that clients " +
			"send today. The finding carries one such payload, accepted by the base revision and refused by head." + approve,
		Bad:  `base: {"type": "string", "maxLength": 64}   head: {"type": "string", "maxLength": 32}  (request body)`,
		Good: `base: {"type": "string", "maxLength": 32}   head: {"type": "string", "maxLength": 64}  (request body)`,
	}
	responseWidenedRule = report.Rule{
		ID: RuleResponseWidened, Severity: report.SeverityError,
		Identity: &identity,
		Title:    "a schema the server writes allows more than before",
		Why: "A response (or produced contract) that widens (an enum member or type added, a bound relaxed, a required " +
			"name dropped) sends values that clients written against the base revision do not handle. The finding " +
			"carries a payload head allows and base did not." + approve,
		Bad:  `base: {"enum": ["open", "closed"]}   head: {"enum": ["open", "closed", "archived"]}  (response)`,
		Good: `base: {"enum": ["open", "closed", "archived"]}   head: {"enum": ["open", "closed"]}  (response)`,
	}
	incomparableRule = report.Rule{
		ID: RuleIncomparable, Severity: report.SeverityError,
		Identity: &identity,
		Title:    "a schema change accepts some new payloads and refuses some old ones",
		Why: "A changed pattern, an if condition, a type swapped for another: each revision accepts payloads the other " +
			"refuses, which breaks whichever side the position is used on." + approve,
		Bad:  `base: {"pattern": "^[a-z]+$"}   head: {"pattern": "^[0-9]+$"}`,
		Good: `base: {"pattern": "^[a-z]+$"}   head: {"pattern": "^[a-z]+$"}`,
	}
	unknownRule = report.Rule{
		ID: RuleUnknown, Severity: report.SeverityWarning,
		Identity: &identity,
		Title:    "a schema change whose effect depends on the validator",
		Why: "format and content* keywords are asserted by some validators and not others, and a $dynamicRef or an " +
			"unresolved $ref cannot be followed: the change may or may not refuse payloads.",
		Bad:  `base: {"type": "string"}   head: {"type": "string", "format": "email"}`,
		Good: `base: {"type": "string", "format": "email"}   head: {"type": "string", "format": "email"}`,
	}
	unprovenRule = report.Rule{
		ID: RuleUnproven, Severity: report.SeverityWarning,
		Identity: &identity,
		Title:    "a schema change the law calls breaking, but no payload proves it",
		Why: "An error needs a payload that re-validates: accepted by base and refused by head for a request, the " +
			"reverse for a response. The search starts where the change points (the object without a name newly " +
			"required, the enum member removed, a string of the old maxLength, an instance of a removed branch); when " +
			"nothing it builds separates the revisions, the change may be an equivalent rewrite wirelint does not " +
			"model, or a break it cannot build a payload for. The finding says which search failed; read the change.",
		Bad:  `base: {"type": "object", "maxLength": 10}   head: {"type": "object", "maxLength": 5}  (no string is an object)`,
		Good: `base: {"type": "string", "maxLength": 10}   head: {"type": "string", "maxLength": 5}  (payload "aaaaaaaaaa")`,
	}
	unreachedRule = report.Rule{
		ID: RuleUnreached, Severity: report.SeverityInfo,
		Identity: &identity,
		Title:    "changed components no operation reaches were not compared",
		Why: "A component schema no operation, callback or webhook reaches (through $refs, allOf parents with a " +
			"discriminator, or a discriminator mapping) breaks no client of the API, so its changes are not judged; one " +
			"line counts them. A component that is a contract of its own (an event payload published elsewhere) is " +
			"compared when .wirelint.yaml names it: compat: {schemas: [Name]}.",
		Bad:  `components: {schemas: {Orphan: {enum: [a, b]}}}  → {enum: [a]}  (no operation uses Orphan)`,
		Good: `compat: {against: origin/main, schemas: [Orphan]}  (Orphan is an event contract: compared)`,
	}
	compatibleRule = report.Rule{
		ID: RuleCompatible, Severity: report.SeverityInfo,
		Identity: &identity,
		Title:    "a schema change that breaks no client on the sides it is used",
		Why: "A request that widens or a response that narrows is compatible; readOnly cancels the request side and " +
			"writeOnly the response side; a property declared on an open object is a changelog line. Listed so the " +
			"change log is complete.",
		Bad:  `base: {"maxLength": 32}   head: {"maxLength": 64}  (request body)`,
		Good: `base: {"maxLength": 32}   head: {"maxLength": 32}`,
	}
	removedOperationRule = report.Rule{
		ID: RuleRemovedOperation, Severity: report.SeverityError,
		Identity: &identity,
		Title:    "an operation or path is removed",
		Why:      "Clients calling a removed operation fail. Deprecate it first, and remove it in a release that says so." + approve,
		Bad:      `base: paths: {/pets: {get: ...}}   head: paths: {}`,
		Good:     `base: paths: {/pets: {get: ...}}   head: paths: {/pets: {get: {deprecated: true, ...}}}`,
	}
	removedSuccessResponseRule = report.Rule{
		ID: RuleRemovedSuccessResponse, Severity: report.SeverityError,
		Identity: &identity,
		Title:    "a success response is removed",
		Why:      "Clients that handle a 2xx status the operation no longer documents meet one they were not told to expect." + approve,
		Bad:      `base: responses: {"200": ...}   head: responses: {"201": ...}`,
		Good:     `base: responses: {"200": ...}   head: responses: {"200": ..., "201": ...}`,
	}
	newRequiredParameterRule = report.Rule{
		ID: RuleNewRequiredParameter, Severity: report.SeverityError,
		Identity: &identity,
		Title:    "a parameter, header or request body is required now",
		Why:      "Requests written against the base revision do not send it and are refused." + approve,
		Bad:      `head: parameters: [{name: limit, in: query, required: true}]  (absent in base)`,
		Good:     `head: parameters: [{name: limit, in: query, required: false}]`,
	}
	parameterMovedRule = report.Rule{
		ID: RuleParameterMoved, Severity: report.SeverityError,
		Identity: &identity,
		Title:    "a parameter moved (query to header...) or was renamed",
		Why:      "Clients keep sending it where and as it was; the server no longer reads it there." + approve,
		Bad:      `base: {name: id, in: query}   head: {name: id, in: header}`,
		Good:     `base: {name: id, in: query}   head: {name: id, in: query}`,
	}
	removedDefinitionRule = report.Rule{
		ID: RuleRemovedDefinition, Severity: report.SeverityError,
		Identity: &identity,
		Title:    "a definition operations or other documents use is removed",
		Why: "A standalone JSON Schema definition is a contract of its own (an event, a message); an OpenAPI component " +
			"operations reached is a type generated clients name. Removing either breaks their users. A component " +
			"nothing used is reported as compatible." + approve,
		Bad:  `base: $defs: {Frame: ...}   head: $defs: {}`,
		Good: `base: $defs: {Frame: ...}   head: $defs: {Frame: {deprecated: true, ...}}`,
	}
	removedMediaTypeRule = report.Rule{
		ID: RuleRemovedMediaType, Severity: report.SeverityError,
		Identity: &identity,
		Title:    "a request body no longer accepts a media type",
		Why: "Clients sending the removed Content-Type are refused. (A response media type removed narrows what the " +
			"server writes, which is compatible.)" + approve,
		Bad:  `base: requestBody: {content: {application/json: ..., application/xml: ...}}   head: {content: {application/json: ...}}`,
		Good: `base: requestBody: {content: {application/json: ...}}   head: {content: {application/json: ..., application/xml: ...}}`,
	}
	securityAddedRule = report.Rule{
		ID: RuleSecurityAdded, Severity: report.SeverityError,
		Identity: &identity,
		Title:    "an operation requires credentials its base revision did not",
		Why: "Requests authorised as before (or anonymously) are refused: each base alternative of the operation's " +
			"security must still be enough on its own. Removing an alternative, requiring another scheme beside it, or " +
			"adding an OAuth scope to it breaks the clients that use it; adding an alternative or dropping a scope does not." + approve,
		Bad:  `base: security: [{oauth: [read]}]   head: security: [{oauth: [read, write]}]`,
		Good: `base: security: [{oauth: []}]   head: security: [{oauth: []}, {apiKey: []}]`,
	}
)

// Rules lists the family's rules, in the order the catalogue shows them.
var Rules = []report.Rule{requestNarrowedRule, responseWidenedRule, incomparableRule, unknownRule, unprovenRule, compatibleRule, unreachedRule, removedOperationRule, removedSuccessResponseRule, newRequiredParameterRule, parameterMovedRule, removedDefinitionRule, removedMediaTypeRule, securityAddedRule}
