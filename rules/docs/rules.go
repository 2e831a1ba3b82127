package docs

import "github.com/wirelint/wirelint/report"

// Rule ids.
const (
	// RuleBrokenLink is the id of the rule for Markdown links that do not resolve.
	RuleBrokenLink = "docs/broken-link"
	// RuleBrokenRef is the id of the rule for documentation paths cited in
	// source-code comments that do not resolve.
	RuleBrokenRef = "docs/broken-ref"
	// RuleUnresolvedLink is the id of the rule for root-absolute links no known
	// site mapping resolves.
	RuleUnresolvedLink = "docs/unresolved-link"
	// The taxonomy rules' ids.
	RuleMisfiled       = "docs/misfiled"
	RuleUnindexed      = "docs/unindexed"
	RuleIndexMismatch  = "docs/index-mismatch"
	RuleStatusMismatch = "docs/status-mismatch"
	// RuleUnverified is the id of the rule for link targets and anchors the
	// generator builds or resolves when the site renders.
	RuleUnverified = "docs/unverified"
	// RuleTableDrift is the id of the rule for Markdown tables that list a
	// different set than the contract's.
	RuleTableDrift = "docs/table-drift"
)

// The family's rules; each finding takes its default severity from its rule.
// identity is what identifies a docs finding across runs: the rule, the
// citing file and what it cites, not the suggestion or its location, which
// change whenever a file is added nearby. A baseline therefore survives both
// line edits and new files.
var identity = report.Identity{Ignore: []string{"suggestion"}, Locations: 1}

var (
	brokenLinkRule = report.Rule{
		ID:       RuleBrokenLink,
		Severity: report.SeverityError,
		Identity: &identity,
		Title:    "a relative Markdown link or image points at a file or #anchor that does not exist",
		Why: "Design records are part of the contract: a link that no longer resolves sends the reader nowhere, " +
			"usually because a file moved or a heading was renamed. Relative links ([x](../y.md), [x](y.md#anchor), " +
			"reference definitions, <a href> and <img src>) are resolved against the linking file, then the way the " +
			"generator serving the page resolves them (Hugo, MkDocs, VitePress, Docusaurus, Mintlify: page-relative URLs, " +
			"mounts, the docs root), and anchors against the target's headings as that generator slugs them (GitHub's " +
			"rules for a page no site serves; explicit {#id}, footnotes and HTML ids count). URLs of this repository's " +
			"own files (docs.repository, else the GitHub repository of the git remote origin) are checked against the tree, " +
			"#L lines against the file's length; other " +
			"external URLs are not fetched; links in code blocks and code spans are not links. A pull request or issue " +
			"template's links are read from the page it fills (/OWNER/REPO/pull/N). The broken links of files a " +
			"generator wrote (.gitattributes linguist-generated, or listed in openapi-generator's .openapi-generator/FILES) " +
			"are one finding per folder: the fix is the generator's.",
		Bad:  "See [folding](design/frame_wire.md#fold) (the file moved to docs/wire/ and the heading is now \"Folding\").",
		Good: "See [folding](wire/frame_wire.md#folding).",
	}
	brokenRefRule = report.Rule{
		ID:       RuleBrokenRef,
		Severity: report.SeverityError,
		Identity: &identity,
		Title:    "a documentation path cited in a source comment points at a file or #anchor that does not exist",
		Why: "A comment that sends the reader to docs/frame_wire.md#fold is a promise the link checker cannot see: " +
			"when the file moves or the heading is renamed, the comment silently lies. Paths matching the configured " +
			"globs (default docs/**/*.md) are checked in the comments of Go, Python, TypeScript/JavaScript, Rust, Dart, " +
			"Swift, shell and YAML files; string literals are not comments and are not checked. A values marker " +
			"(<!-- wirelint: values FILE#POINTER -->) whose file or pointer does not resolve, or that names no enum, const " +
			"set or union, is reported by this rule too.",
		Bad:  "// The fold rule is specified in docs/frame_wire.md#fold.",
		Good: "// The fold rule is specified in docs/wire/frame_wire.md#folding.",
	}
	unresolvedLinkRule = report.Rule{
		ID:       RuleUnresolvedLink,
		Severity: report.SeverityInfo,
		Identity: &identity,
		Title:    "a root-absolute link names no file in the repository and no known documentation site serves the linking page",
		Why: "A link such as /docs/configuration/file/ is a route of the site the page is published on, not a path in " +
			"the repository. wirelint resolves such links against the site's content and static folders the way the " +
			"generator routes them (Hugo, Docusaurus, MkDocs, VitePress and Redocly are detected from their " +
			"configuration files; docs.site configures any other). When no mapping is known, the link cannot be " +
			"checked: this is said once per link, as information, never as an error. A root-absolute path to a " +
			"Markdown file (/docs/x.md) from a page no site serves is a repository path, as GitHub reads it, and " +
			"stays docs/broken-link when missing.",
		Bad:  "[config](/docs/configuration/) in a page of a site wirelint does not know",
		Good: "docs.site: {content: [website/content], static: [website/static]} in .wirelint.yaml",
	}
	misfiledRule = report.Rule{
		ID:       RuleMisfiled,
		Severity: report.SeverityError,
		Identity: &identity,
		Title:    "a record under a taxonomy root does not sit at one folder per level with a value from that level's closed set",
		Why: "When records are filed by path (docs/rfc/{lifecycle}/{class}/name.md), the folder is the label: a record " +
			"in docs/rfc/acepted/ or directly in docs/rfc/accepted/ has no lifecycle or no class, and every index, " +
			"script and reader that trusts the folders miscounts it. The taxonomy is configured under docs.taxonomy; " +
			"README.md, index.md and _index.md above the record level are landing pages, not records.",
		Bad:  "docs/rfc/acepted/feature/streaming.md",
		Good: "docs/rfc/accepted/feature/streaming.md",
	}
	unindexedRule = report.Rule{
		ID:       RuleUnindexed,
		Severity: report.SeverityError,
		Identity: &identity,
		Title:    "a record under a taxonomy root is not linked from the taxonomy's index",
		Why: "An index that misses a record hides it from every reader who starts at the index, which is every " +
			"reader. The index (docs.taxonomy[].index) must link each record under the heading path that names its " +
			"folders: lifecycle heading, then class heading.",
		Bad:  "docs/rfc/accepted/feature/streaming.md exists; docs/rfc/README.md does not link it",
		Good: "docs/rfc/README.md: ## Accepted / ### Feature / - [Streaming](accepted/feature/streaming.md)",
	}
	indexMismatchRule = report.Rule{
		ID:       RuleIndexMismatch,
		Severity: report.SeverityError,
		Identity: &identity,
		Title:    "the taxonomy's index lists a record under headings that do not match its folders, or a heading names no value",
		Why: "The index says where a record stands; the folders say it too. When a record moves from draft/ to " +
			"accepted/ and the index entry stays under Draft, or when a heading is renamed so it no longer names a " +
			"level's value, the two disagree and readers believe the wrong one. Headings are matched case- and " +
			"separator-insensitively (Bug fix = bug-fix).",
		Bad:  "## Draft / ### Feature / - [Streaming](accepted/feature/streaming.md)",
		Good: "## Accepted / ### Feature / - [Streaming](accepted/feature/streaming.md)",
	}
	statusMismatchRule = report.Rule{
		ID:       RuleStatusMismatch,
		Severity: report.SeverityWarning,
		Identity: &identity,
		Title:    "a record's status line disagrees with the folder it is filed in",
		Why: "Records often say their state twice: in the folder and in a line such as \"Status: implemented\". " +
			"When a taxonomy level declares status: '^Status:\\s*(\\w+)', the first capture must equal the record's " +
			"folder for that level (case-insensitively); a record without the line is not checked.",
		Bad:  "docs/rfc/accepted/feature/streaming.md: Status: implemented (accepted 2026-06-11)",
		Good: "docs/rfc/implemented/feature/streaming.md: Status: implemented (accepted 2026-06-11)",
	}
	unverifiedRule = report.Rule{
		ID:       RuleUnverified,
		Severity: report.SeverityInfo,
		Title:    "a link target or anchor is built when the site renders, so it cannot be checked from the sources",
		Why: "Generators build some destinations and headings at render time: a Hugo shortcode or template in a link " +
			"({{< ref >}}, {{% param url %}}), an MDX expression, a page whose headings come from include shortcodes, " +
			"snippets or components, a fragment (a file in a Hugo _includes folder) whose links resolve in the page that " +
			"includes it. wirelint does not evaluate them: saying them broken would be a guess. Each is reported once, " +
			"as information naming the reason; a project's own short forms (a render hook expanding (g) into a glossary " +
			"link) are listed in docs.ignore-links so they are not reported at all.",
		Bad:  "[sampling]({{< relref \"concepts/sampling\" >}}) (the link is built by Hugo)",
		Good: "docs.ignore-links: [\"(g)\"] for a render hook's short form",
	}
	tableDriftRule = report.Rule{
		ID:       RuleTableDrift,
		Severity: report.SeverityError,
		Identity: &identity,
		Title:    "a Markdown table marked as listing a contract's closed set lists other values",
		Why: "Docs carry tables of the contract's closed sets — the event types of a discriminated union, the error " +
			"codes — and those tables drift: a variant is added to the schema and not to the table, a code is renamed " +
			"in one place. A table preceded by <!-- wirelint: values schemas/frame_wire.json#/$defs/ErrorCode --> must " +
			"list exactly that set in its first column (column=N or column=Header picks another): an enum, a set of " +
			"const branches, or the discriminant values of a union's branches (discriminant=type names the property; " +
			"OpenAPI's discriminator, the configured docs.tables.discriminant or the one property every branch fixes " +
			"are used otherwise). Extra, missing and misspelt values are each reported, with the schema as the second " +
			"location; a marker that does not resolve is docs/broken-ref.",
		Bad:  "<!-- wirelint: values schemas/frame_wire.json#/$defs/StreamEvent -->\n| type | meaning |\n|---|---|\n| hello | ... |\n(the schema also has a goodbye branch)",
		Good: "<!-- wirelint: values schemas/frame_wire.json#/$defs/StreamEvent -->\n| type | meaning |\n|---|---|\n| hello | ... |\n| goodbye | ... |",
	}
)

// Rules lists the family's rules, in the order the catalogue shows them.
var Rules = []report.Rule{brokenLinkRule, brokenRefRule, unresolvedLinkRule, unverifiedRule, misfiledRule, unindexedRule, indexMismatchRule, statusMismatchRule, tableDriftRule}
