package runner

import (
	"os"
	"path/filepath"

	"github.com/wirelint/wirelint/internal/config"
	"github.com/wirelint/wirelint/internal/ecmaregex"
	"github.com/wirelint/wirelint/internal/limits"
	"github.com/wirelint/wirelint/internal/validate"
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
	// Optional marks documents that a folder argument or a glob of the
	// configuration listed: one that is not a schema document is skipped
	// rather than an error.
	Optional map[string]bool
	// Compat compares each group's loaded documents with their version at a
	// git revision, as one more pass of the group, or two paths (nil = not
	// run).
	Compat *Compat
	// Versions maps an absolute file to the OpenAPI version it is read as
	// when it names none (the configuration's versions:).
	Versions map[string]string
}

// Fixtures is a set of payload folders and the documents they are checked
// against, the first being the canonical one: the section the fixture and
// differential families share.
type Fixtures = validate.Fixtures

// optional marks the documents a glob of the configuration gave as
// Optional: a glob may match a file that is no document.
func (c *Config) optional(globbed map[string]bool) {
	for p := range globbed {
		if c.Optional == nil {
			c.Optional = map[string]bool{}
		}
		c.Optional[p] = true
	}
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
		c.optional(cfg.Refs.Globbed)
		for _, m := range cfg.Refs.Mappings {
			c.Refs.Mappings = append(c.Refs.Mappings, RefMapping{Prefix: m.Prefix, Dir: cfg.Path(m.Dir)})
		}
	}
	c.Regex = &Regex{}
	if cfg.Regex != nil {
		c.Regex.Documents = cfg.Regex.Documents
		c.optional(cfg.Regex.Globbed)
		for _, name := range cfg.Regex.Dialects {
			if d, err := ecmaregex.ParseDialect(name); err == nil { // validated with the configuration
				c.Regex.Dialects = append(c.Regex.Dialects, d)
			}
		}
	}
	for _, v := range cfg.Versions {
		if c.Versions == nil {
			c.Versions = map[string]string{}
		}
		c.Versions[cfg.Path(v.File)] = v.OpenAPI
	}
	for _, r := range cfg.Routes {
		c.Routes = append(c.Routes, Routes{Spec: r.Spec, Server: r.Server, Framework: r.Framework, BasePath: r.BasePath, Override: r.BasePath != "", Include: r.Include, Exclude: r.Exclude, BuildTags: r.BuildTags, Program: r.Program})
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
	c.Docs = DocsSection(cfg)
	c.Types = TypesSection(cfg)
	return c
}

// path resolves p against Dir.
func (c *Config) path(p string) string {
	if filepath.IsAbs(p) {
		return filepath.Clean(p)
	}
	return filepath.Join(c.Dir, filepath.FromSlash(p))
}

// workingDir returns the process's working directory, or "." when unknown.
func workingDir() string {
	wd, err := os.Getwd()
	if err != nil {
		return "."
	}
	return wd
}
