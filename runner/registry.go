package runner

import (
	"github.com/wirelint/wirelint/internal/suppress"
	"github.com/wirelint/wirelint/report"
	"github.com/wirelint/wirelint/rules/compat"
	"github.com/wirelint/wirelint/rules/description"
	"github.com/wirelint/wirelint/rules/differential"
	"github.com/wirelint/wirelint/rules/docs"
	"github.com/wirelint/wirelint/rules/family"
	"github.com/wirelint/wirelint/rules/fixture"
	"github.com/wirelint/wirelint/rules/parity"
	"github.com/wirelint/wirelint/rules/ref"
	"github.com/wirelint/wirelint/rules/regex"
	routerules "github.com/wirelint/wirelint/rules/routes"
	"github.com/wirelint/wirelint/rules/types"
)

// registry lists every rule family, each with where its configuration
// section sits in a Config: the one place a family joins the runner, and
// the one non-test file outside a family's folder that imports it
// (TestFamilyImports). Documents are loaded in order of first mention down
// this list.
var registry = []registered{
	{parity.Family, func(c *Config) any { return c.Parity }},
	{description.Family, nil}, // runs on parity's entries
	{routerules.Family, func(c *Config) any { return c.Routes }},
	{fixture.Family, func(c *Config) any { return c.Fixtures }},
	{differential.Family, func(c *Config) any { return c.Fixtures }},
	{ref.Family, func(c *Config) any { return c.Refs }},
	{regex.Family, func(c *Config) any { return c.Regex }},
	{docs.Family, func(c *Config) any { return c.Docs }},
	{types.Family, func(c *Config) any { return c.Types }},
	{compat.Family, func(c *Config) any { return c.Compat }},
}

// unregistered are the rules of what is not a registered family: the
// ignores' own rules.
var unregistered = [][]report.Rule{suppress.Rules}

// comparing returns the registered family that Compares documents with an
// earlier revision of them (nil = none).
func comparing() *family.Family {
	for _, reg := range registry {
		if reg.family.Compares {
			return reg.family
		}
	}
	return nil
}

// registered is one family of the registry.
type registered struct {
	family *family.Family
	// section reads the family's configuration section from a Config (nil =
	// the family has none and follows the first family it requires).
	section func(*Config) any
}

// The configuration sections of the families, as commands and FromFile
// build them; each is the family's own type.
type (
	// Parity is one canonical document (or several) and its mirror.
	Parity = parity.Entry
	// Refs configures the ref rules.
	Refs = ref.Section
	// RefMapping serves a URL prefix from a local folder.
	RefMapping = ref.Mapping
	// Regex configures the pattern rules.
	Regex = regex.Section
	// Routes is one spec and the server source it is compared with.
	Routes = routerules.Entry
	// Docs configures the documentation rules.
	Docs = docs.Section
	// Types is one schema and the code types that mirror it.
	Types = types.Entry
	// TypesOptions are the types family's options.
	TypesOptions = types.Options
	// TypesDirection is which way a mirror's payloads travel.
	TypesDirection = types.Direction
	// Compat compares every group's documents with their version at a git
	// revision, or two paths.
	Compat = compat.Section
)

// What commands read from families, through the registry.
var (
	// DocsOptions turns a configuration's docs section into the family's
	// options, paths below the scanned root.
	DocsOptions = docs.OptionsOf
	// DocsSection is a configuration's docs section (nil = none).
	DocsSection = docs.SectionOf
	// ParseDocsGlob checks a docs glob.
	ParseDocsGlob = docs.ParseGlob
	// ProposeTaxonomies finds taxonomies under a folder, for `wirelint init`.
	ProposeTaxonomies = docs.ProposeTaxonomies
	// ServedOperations counts the spec operations a server's source
	// registers, for `wirelint init` choosing among candidate servers.
	ServedOperations = routerules.ServedOperations
	// DefaultDocsRefs and DefaultDocsExclude are the docs family's default
	// cited and excluded globs.
	DefaultDocsRefs, DefaultDocsExclude = docs.DefaultRefs, docs.DefaultExclude
	// ParseDialects reads a comma-separated list of regex target dialects.
	ParseDialects = regex.ParseDialects
	// TypesSection is a configuration's types entries.
	TypesSection = types.SectionOf
	// ParseRole reads a compat role as .wirelint.yaml and --role write it.
	ParseRole = compat.ParseRole
)

// RegexDivergent is the regex rule whose severity `wirelint regex
// --divergent` sets.
const RegexDivergent = regex.RuleDivergent
