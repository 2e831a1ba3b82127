package ref

import "github.com/wirelint/wirelint/report"

// Rule ids of the ref family.
const (
	RuleUnresolved  = "ref/unresolved"
	RuleIDMismatch  = "ref/id-mismatch"
	RuleRemote      = "ref/remote"
	RuleOutsideRoot = "ref/outside-root"
	RuleDuplicateID = "ref/duplicate-id"
)

// The family's rules; each finding takes its default severity from its rule.
var (
	unresolvedRule = report.Rule{
		ID:       RuleUnresolved,
		Severity: report.SeverityError,
		Title:    "a $ref resolves neither on disk nor under $id",
		Why: "A reference to a missing file, definition or anchor breaks every consumer of the contract: " +
			"validators refuse the schema and code generators stop. A chain of $refs that leads back to itself " +
			"never reaches a schema.",
		Bad:  `{"properties": {"section": {"$ref": "./forge_block.json#/$defs/Sectoin"}}}`,
		Good: `{"properties": {"section": {"$ref": "./forge_block.json#/$defs/Section"}}}`,
	}
	idMismatchRule = report.Rule{
		ID:       RuleIDMismatch,
		Severity: report.SeverityError,
		Title:    "a $ref resolves on disk but not under $id (or the reverse, or to different schemas)",
		Why: "Tools that read files resolve a reference relative to the referring file; schema registries and " +
			"code generators resolve it against the base URI its $id sets. When a document's $id does not match " +
			"its file name, the same reference works in one and breaks in the other, and tests that load from " +
			"disk never notice.",
		Bad: "frame_wire.json: {\"$id\": \"https://example.com/schemas/frame_wire.json\", \"$ref\": \"./forge_block.json#/$defs/Section\"}\n" +
			"forge_block.json: {\"$id\": \"https://example.com/schemas/forge_block\", ...}",
		Good: "frame_wire.json: {\"$id\": \"https://example.com/schemas/frame_wire.json\", \"$ref\": \"./forge_block.json#/$defs/Section\"}\n" +
			"forge_block.json: {\"$id\": \"https://example.com/schemas/forge_block.json\", ...}",
	}
	remoteRule = report.Rule{
		ID:       RuleRemote,
		Severity: report.SeverityError,
		Title:    "a $ref points at an http(s) URL",
		Why: "wirelint never fetches URLs, and a contract that depends on a server being up is not reproducible. " +
			"Vendor the schema, or map the URL prefix to a local folder in the configuration. " +
			"A JSON Schema meta-schema (http://json-schema.org/draft-07/schema# and the like) is not remote: validators hold them built in.",
		Bad:  `{"$ref": "https://example.com/schemas/common.json#/$defs/Id"}`,
		Good: `{"$ref": "./common.json#/$defs/Id"}`,
	}
	outsideRootRule = report.Rule{
		ID:       RuleOutsideRoot,
		Severity: report.SeverityError,
		Title:    "a $ref leaves the project directory",
		Why: "A reference outside the repository depends on files other checkouts do not have; wirelint does not " +
			"follow it and shows nothing of its target.",
		Bad:  `{"$ref": "../../other-repo/schemas/common.json"}`,
		Good: `{"$ref": "./vendor/common.json"}`,
	}
	duplicateIDRule = report.Rule{
		ID:       RuleDuplicateID,
		Severity: report.SeverityError,
		Title:    "two schemas declare the same $id",
		Why: "An $id names one schema resource. When two files (or two schemas of one file) declare the same " +
			"one, a reference to it reaches whichever the tool registered first: validators disagree, and a " +
			"change to one copy silently stops mattering.",
		Bad: "common.json: {\"$id\": \"https://example.com/schemas/common.json\", ...}\n" +
			"common-v2.json: {\"$id\": \"https://example.com/schemas/common.json\", ...}",
		Good: "common.json: {\"$id\": \"https://example.com/schemas/common.json\", ...}\n" +
			"common-v2.json: {\"$id\": \"https://example.com/schemas/common-v2.json\", ...}",
	}
)

// Rules lists the family's rules, in the order the catalogue shows them.
var Rules = []report.Rule{unresolvedRule, idMismatchRule, remoteRule, outsideRootRule, duplicateIDRule}
