package runner

import (
	"os"
	"path/filepath"

	"github.com/wirelint/wirelint/internal/config"
	"github.com/wirelint/wirelint/internal/ecmaregex"
	"github.com/wirelint/wirelint/internal/limits"
	"github.com/wirelint/wirelint/report"
	"github.com/wirelint/wirelint/rules/docs"
	"github.com/wirelint/wirelint/rules/ref"
	"github.com/wirelint/wirelint/rules/types"
)

// Config is what one run does: resolved from .wirelint.yaml (FromFile) or
// from one command's flags. Paths are relative to Dir unless absolute. A nil
// or empty section runs nothing of its family.
type Config struct {
	// Dir is the absolute folder relative paths resolve against: the
	// configuration's folder, or the working directory for a command. Files
	// are named relative to it while ignores are matched.
	Dir string
	// Root is the project folder no $ref may leave ("" = the git work tree
	// holding Dir or, when the first document lies outside it, the one
	// holding that document; outside git, that folder itself).
	Root string
	// Parity lists the canonical/mirror pairs compared keyword by keyword,
	// with their descriptions.
	Parity []Parity
	// Refs runs the ref rules (nil = not run).
	Refs *Refs
	// Regex runs the pattern rules (nil = not run).
	Regex *Regex
	// Routes lists spec/server pairs.
	Routes []Routes
	// Fixtures lists payload folders checked against documents, and pairs
	// whose disagreement is probed with payloads.
	Fixtures []Fixtures
	// Docs runs the documentation rules (nil = not run).
	Docs *Docs
	// Types lists schemas compared with the code types that mirror them.
	Types []Types
	// Suppress supplies severity overrides and ignores (nil = none); inline
	// x-wirelint-ignore keys apply in every run.
	Suppress *config.Config
	// Since keeps only findings in definitions and routes changed since this
	// git revision ("" = all).
	Since string
	// Widen lists absolute folders outside the project that may be read
	// (--root, widen-root); besides Arguments, nothing else widens the
	// confinement.
	Widen []string
	// Arguments are the paths typed on the command line (relative to Dir
	// unless absolute). The person typing the command is not the attacker:
	// one that lies outside the project as written is read where it is, and
	// its folder is admitted for what it references. One written inside the
	// project stays confined (a symlink there is the tree's, and may not
	// lead out).
	Arguments []string
	// Limits are the run's budgets (a zero field = its default): the
	// configuration file's limits: block with the command line's flags over
	// it.
	Limits limits.Limits
	// Optional marks documents that a folder argument listed: one that is not
	// a schema document is skipped rather than an error.
	Optional map[string]bool
	// Compat compares each group's loaded documents with their version at a
	// git revision, as one more task of the group (nil = not run).
	Compat *Compat
}

// Parity is one canonical document (or several) and its mirror.
type Parity struct {
	Canonical, Mirror string
	// Canonicals lists every canonical file when there are several (nil =
	// Canonical alone); each file's root schema and definitions are compared
	// with the one mirror.
	Canonicals []string
	// Renames maps a canonical definition name to its mirror name.
	Renames map[string]string
	// Include and Exclude are globs of canonical definition names.
	Include, Exclude []string
}

// Refs configures the ref rules.
type Refs struct {
	// Documents are the roots whose references are followed (empty = every
	// document the run names).
	Documents []string
	// Mappings serve URL prefixes from local folders.
	Mappings []ref.Mapping
}

// Regex configures the pattern rules.
type Regex struct {
	// Documents are checked (empty = every document the run loads, the
	// files their $refs reach included).
	Documents []string
	// Dialects are the targets (empty = the family's defaults).
	Dialects []ecmaregex.Dialect
	// Severity overrides the default severity of a regex rule.
	Severity map[string]report.Severity
}

// Routes is one spec and the server source it is compared with.
type Routes struct {
	Spec, Server string
	// Include and Exclude are path globs limiting what is compared.
	Include, Exclude []string
	// Framework is how to read Server ("" or "auto" = detect).
	Framework string
	// BasePath prefixes every spec path when Override is set.
	BasePath string
	Override bool
}

// Fixtures is a set of payload folders and the documents they are checked
// against, the first being the canonical one.
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

// Docs configures the documentation rules.
type Docs struct {
	// Root is the folder scanned ("" = Dir).
	Root string
	// Options are the family's options (taxonomies, site, cited globs); FS
	// is set by the run.
	Options docs.Options
}

// CanonicalFiles returns every canonical file of the pair.
func (p Parity) CanonicalFiles() []string {
	if len(p.Canonicals) > 0 {
		return p.Canonicals
	}
	return []string{p.Canonical}
}

// FromFile resolves a configuration file into what a run does, as `wirelint
// check` runs it: refs over every named document unless the file lists
// some, patterns in every loaded document, and each fixtures entry checked
// against its schema and mirror (the mirror of the schema's parity pair when
// the entry names none) with the pair's disagreements probed.
func FromFile(cfg *config.Config) Config {
	c := Config{Dir: cfg.Dir, Root: "", Suppress: cfg, Limits: cfg.Limits}
	c.Widen = append(c.Widen, cfg.Widen...)
	for _, w := range cfg.WidenRoot {
		c.Widen = append(c.Widen, cfg.Path(w))
	}
	if cfg.Compat != nil && cfg.Compat.Against != "" {
		role, _ := ParseRole(cfg.Compat.Role) // validated with the configuration
		c.Compat = &Compat{Against: cfg.Compat.Against, Role: role, Schemas: cfg.Compat.Schemas}
	}
	for _, p := range cfg.Parity {
		c.Parity = append(c.Parity, Parity{Canonical: p.Canonical, Canonicals: p.Canonicals, Mirror: p.Mirror, Renames: p.Renames, Include: p.Include, Exclude: p.Exclude})
	}
	c.Refs = &Refs{}
	if cfg.Refs != nil {
		c.Refs.Documents = cfg.Refs.Documents
		for _, m := range cfg.Refs.Mappings {
			c.Refs.Mappings = append(c.Refs.Mappings, ref.Mapping{Prefix: m.Prefix, Dir: cfg.Path(m.Dir)})
		}
	}
	c.Regex = &Regex{}
	if cfg.Regex != nil {
		c.Regex.Documents = cfg.Regex.Documents
		for _, name := range cfg.Regex.Dialects {
			if d, err := ecmaregex.ParseDialect(name); err == nil { // validated with the configuration
				c.Regex.Dialects = append(c.Regex.Dialects, d)
			}
		}
	}
	for _, r := range cfg.Routes {
		c.Routes = append(c.Routes, Routes{Spec: r.Spec, Server: r.Server, Framework: r.Framework, BasePath: r.BasePath, Override: r.BasePath != "", Include: r.Include, Exclude: r.Exclude})
	}
	for _, f := range cfg.Fixtures {
		mirror, renames := f.Mirror, map[string]string(nil)
		for _, p := range cfg.Parity {
			if p.Canonical == f.Schema && (mirror == "" || p.Mirror == f.Mirror) {
				mirror, renames = p.Mirror, p.Renames
				break
			}
		}
		docs := []string{f.Schema}
		if mirror != "" {
			docs = append(docs, mirror)
		}
		c.Fixtures = append(c.Fixtures, Fixtures{Folders: f.Folders, Documents: docs, Renames: renames, Differential: mirror != ""})
	}
	if cfg.Docs != nil {
		c.Docs = &Docs{Root: cfg.Docs.Root, Options: DocsOptions(cfg)}
	}
	for _, t := range cfg.Types {
		c.Types = append(c.Types, Types{Canonical: t.Canonical, Mirror: t.Mirror, Language: t.Language, Options: types.Options{
			Renames: t.Names, Direction: types.Direction(t.Direction), Int64AsString: t.Int64 == "string",
			Opaque: t.Opaque, Include: t.Include, Ignore: t.Ignore, Emptiness: t.Emptiness,
		}})
	}
	return c
}

// DocsOptions turns a configuration's docs section into the family's
// options, paths below the scanned root.
func DocsOptions(cfg *config.Config) docs.Options {
	opts := docs.Options{}
	dc := cfg.Docs
	if dc == nil {
		return opts
	}
	if len(dc.Cited) > 0 {
		opts.Refs = dc.Cited
	}
	root := cfg.Path(".")
	if dc.Root != "" {
		root = cfg.Path(dc.Root)
	}
	below := func(p string) string {
		rel, err := filepath.Rel(root, cfg.Path(p))
		if err != nil {
			return filepath.ToSlash(p)
		}
		return filepath.ToSlash(rel)
	}
	for _, t := range dc.Taxonomy {
		tax := docs.Taxonomy{Root: below(t.Root), Exclude: t.Exclude, Records: t.Records}
		if t.Index != "" {
			tax.Index = below(t.Index)
		}
		for _, l := range t.Levels {
			tax.Levels = append(tax.Levels, docs.Level{Name: l.Name, Values: l.Values, Status: l.Status, From: l.From, Column: l.Column})
		}
		opts.Taxonomies = append(opts.Taxonomies, tax)
	}
	opts.Repository, opts.IgnoreLinks = dc.Repository, dc.IgnoreLinks
	if dc.Site != nil {
		site := &docs.Site{Generator: dc.Site.Generator}
		if site.Generator == "github" {
			site.Generator = ""
		}
		for _, m := range dc.Site.Content {
			site.Content = append(site.Content, docs.Mount{Dir: below(m.Dir), Route: m.Route})
		}
		for _, m := range dc.Site.Static {
			site.Static = append(site.Static, docs.Mount{Dir: below(m.Dir), Route: m.Route})
		}
		opts.Site = site
	}
	opts.Discriminant = dc.Discriminant
	return opts
}

// path resolves p against Dir.
func (c *Config) path(p string) string {
	if filepath.IsAbs(p) {
		return filepath.Clean(p)
	}
	return filepath.Join(c.Dir, filepath.FromSlash(p))
}

// documents lists every document the configuration names, each once, in
// order of first mention.
func (c *Config) documents() []string {
	var out []string
	seen := map[string]bool{}
	add := func(ps ...string) {
		for _, p := range ps {
			if p != "" && !seen[p] {
				seen[p] = true
				out = append(out, p)
			}
		}
	}
	for _, p := range c.Parity {
		add(p.CanonicalFiles()...)
		add(p.Mirror)
	}
	for _, r := range c.Routes {
		add(r.Spec)
	}
	for _, f := range c.Fixtures {
		add(f.Documents...)
	}
	if c.Refs != nil {
		add(c.Refs.Documents...)
	}
	if c.Regex != nil {
		add(c.Regex.Documents...)
	}
	if c.Compat != nil {
		add(c.Compat.Documents...)
	}
	return out
}

// workingDir returns the process's working directory, or "." when unknown.
func workingDir() string {
	wd, err := os.Getwd()
	if err != nil {
		return "."
	}
	return wd
}

// refsOnly returns the documents named only as roots of the ref rules.
func (c *Config) refsOnly() map[string]bool {
	out := map[string]bool{}
	if c.Refs == nil {
		return out
	}
	for _, p := range c.Refs.Documents {
		out[p] = true
	}
	for _, p := range c.Parity {
		for _, f := range p.CanonicalFiles() {
			delete(out, f)
		}
		delete(out, p.Mirror)
	}
	for _, r := range c.Routes {
		delete(out, r.Spec)
	}
	for _, f := range c.Fixtures {
		for _, p := range f.Documents {
			delete(out, p)
		}
	}
	if c.Regex != nil {
		for _, p := range c.Regex.Documents {
			delete(out, p)
		}
	}
	return out
}
