// Package config reads and validates .wirelint.yaml, the project file that
// tells `wirelint check` what to compare: parity pairs, reference mappings,
// routes, regex dialects, fixture folders, documentation, rule severities and
// ignores. Validation is strict: an unknown key, a wrong type, a missing file
// or an ignore without a reason is an error naming the file and line.
//
// The format is documented in docs/config.md.
package config

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/pb33f/go-yaml"
	"github.com/wirelint/wirelint/internal/fsroot"
	"github.com/wirelint/wirelint/internal/limits"
	"github.com/wirelint/wirelint/internal/textdist"
	"github.com/wirelint/wirelint/report"
	route "github.com/wirelint/wirelint/routes"
)

// FileName is the configuration file `wirelint check` looks for in the
// working directory.
const FileName = ".wirelint.yaml"

// BaselineFileName is where `wirelint baseline` writes by default.
const BaselineFileName = ".wirelint-baseline.json"

// Pos is a position in the configuration file.
type Pos struct {
	// Line is 1-based; 0 = unknown.
	Line int
	// Column is 1-based; 0 = unknown.
	Column int
}

// Config is one parsed and validated .wirelint.yaml. Paths in it are as the
// user wrote them, relative to Dir; Path resolves them.
type Config struct {
	// Wirelint is the least wirelint version the configuration asks for
	// (its wirelint: key; "" = any).
	Wirelint string
	// File is the configuration file as named on the command line.
	File string
	// Dir is the absolute directory holding File; relative paths resolve here.
	Dir string
	// Parity lists the canonical/mirror pairs to compare.
	Parity []Parity
	// Refs configures $ref checking (nil = refs are checked in every
	// configured document with no URL mappings).
	Refs *Refs
	// Routes lists spec/server pairs to compare.
	Routes []Routes
	// Regex configures pattern portability (nil = the default dialects).
	Regex *Regex
	// Fixtures lists folders of golden payloads and the schema they must match.
	Fixtures []Fixtures
	// Docs configures documentation drift (nil = not checked).
	Docs *Docs
	// Types lists schemas and the code types that mirror them.
	Types []Types
	// Severities overrides rules' default severities, by rule id or family/*.
	Severities []Severity
	// Ignores silences findings, each with a reason.
	Ignores []Ignore
	// Baseline is the baseline file check reads when --baseline is not given
	// ("" = none).
	Baseline string
	// Compat configures breaking-change checks (nil = not checked by check).
	Compat *Compat
	// Versions give the OpenAPI version of files that leave it out (the
	// YAML a swagger-jsdoc definition merges its paths from).
	Versions []Version
	// WidenRoot lists folders outside the project that wirelint may read,
	// relative to Dir; the project root itself is the git work tree holding
	// Dir (Dir outside git), and nothing else widens it.
	WidenRoot []string
	// Widen lists further folders outside the project, absolute, that the
	// command line admits (--root); set before Parse checks paths.
	Widen []string
	// Limits are the budgets of the limits: block, each 0 when the file does
	// not set it; the command line's flags are laid over them.
	Limits limits.Limits
}

// FS returns the confinement every file the configuration names is read
// through: the project holding Dir, widened by WidenRoot and Widen.
func (c *Config) FS() *fsroot.Root {
	widen := append([]string(nil), c.Widen...)
	for _, w := range c.WidenRoot {
		widen = append(widen, c.Path(w))
	}
	return fsroot.New(fsroot.ProjectDir(c.Dir), widen...)
}

// Compat compares every configured document with its version at a git
// revision.
type Compat struct {
	Pos Pos
	// Against is the git revision the documents are compared with
	// (origin/main, a tag; "" = check runs no compat).
	Against string
	// Role is the side standalone JSON Schema definitions are used on:
	// "produced", "consumed" or "both" ("" = both).
	Role string
	// Schemas names OpenAPI component schemas that are contracts of their
	// own, compared on Role even where no operation reaches them.
	Schemas []string
}

// Parity is one canonical JSON Schema and its OpenAPI (or other) mirror.
type Parity struct {
	Pos Pos
	// Canonical is the source of truth, relative to Config.Dir: the first
	// canonical file when there are several.
	Canonical string
	// Canonicals lists every canonical file when `canonical:` is a list or a
	// glob naming more than one (nil = Canonical alone); each file's root
	// schema and definitions are compared with the one mirror.
	Canonicals []string
	// Mirror is the document that must agree with it.
	Mirror string
	// Renames maps a canonical definition name to its name in the mirror.
	Renames map[string]string
	// Include lists definition-name globs to compare (empty = all).
	Include []string
	// Exclude lists definition-name globs never compared.
	Exclude []string
}

// CanonicalFiles returns every canonical file of the pair, relative to
// Config.Dir.
func (p Parity) CanonicalFiles() []string {
	if len(p.Canonicals) > 0 {
		return p.Canonicals
	}
	return []string{p.Canonical}
}

// Refs configures reference checking.
type Refs struct {
	Pos Pos
	// Documents lists the root documents whose references are followed
	// (empty = every document named elsewhere in the configuration); a glob
	// stands for the files it matches.
	Documents []string
	// Globbed marks the documents a glob gave: one of them that is neither
	// a schema nor an OpenAPI document is skipped, as a folder argument's.
	Globbed map[string]bool
	// Mappings serve absolute reference URLs from local folders, longest
	// prefix first; nothing is ever fetched.
	Mappings []RefMapping
}

// RefMapping maps a URL prefix to a local folder.
type RefMapping struct {
	Pos Pos
	// Prefix is the URL prefix, e.g. https://example.com/schemas/.
	Prefix string
	// Dir is the folder, relative to Config.Dir, that holds what the prefix names.
	Dir string
}

// Routes is one spec compared with one server's source.
type Routes struct {
	Pos Pos
	// Spec is the OpenAPI or Swagger document.
	Spec string
	// Server is the source folder or file (or a route list) registering routes.
	Server string
	// Framework is one of Frameworks ("" = detect).
	Framework string
	// BasePath overrides the spec's servers/basePath prefix ("" = from the spec).
	BasePath string
	// Include and Exclude are path globs limiting the routes compared
	// (empty = every route under the spec's base path).
	Include, Exclude []string
	// BuildTags are the Go build tags the server is built with (empty =
	// the default build).
	BuildTags []string
	// Program is the folder of the Go main package compared when the module
	// builds several ("" = the one whose routes the spec documents).
	Program string
}

// Version is one entry of versions: a file read as an OpenAPI document of
// the given version when it has no openapi or swagger key of its own.
type Version struct {
	Pos Pos
	// File is the document, relative to Dir.
	File string
	// OpenAPI is the version it is read as: 2.0, 3.0.x or 3.1.x.
	OpenAPI string
}

// Frameworks lists the framework names routes.framework accepts: those the
// routes package reads.
var Frameworks = route.Frameworks

// Regex configures pattern portability.
type Regex struct {
	Pos Pos
	// Dialects are the target dialects every pattern must work in, as
	// ecmaregex.ParseDialect reads them ("go", "rust", "python3.11"...; empty
	// = the regex family's defaults).
	Dialects []string
	// Documents limits the check to these documents (empty = every document
	// named elsewhere in the configuration); a glob stands for the files it
	// matches.
	Documents []string
	// Globbed marks the documents a glob gave (see Refs.Globbed).
	Globbed map[string]bool
}

// Fixtures is a set of golden payload folders checked against a schema.
type Fixtures struct {
	Pos Pos
	// Schema is the canonical JSON Schema the payloads must validate against.
	Schema string
	// Mirror, when set, is also validated against, and differences between the
	// two verdicts are reported ("" = canonical only).
	Mirror string
	// Folders hold the payloads (*.json, *.yaml), relative to Config.Dir.
	Folders []string
}

// Types is one schema and the types declared in code that mirror it.
type Types struct {
	Pos Pos
	// Canonical is the JSON Schema or OpenAPI document, relative to
	// Config.Dir.
	Canonical string
	// Mirror lists the source files and folders (globs expanded).
	Mirror []string
	// Language forces the reader: go, typescript, python or rust ("" = from
	// each file's extension).
	Language string
	// Direction is request, response or both ("" = both).
	Direction string
	// Names maps a canonical definition name to its type's name.
	Names map[string]string
	// Opaque lists type names compared by name only.
	Opaque []string
	// Include lists globs of definition names checked (empty = all);
	// Ignore lists globs of definition names not checked.
	Include, Ignore []string
	// Int64 is how int64 travels: number (the default) or string.
	Int64 string
	// Emptiness runs types/emptiness (Go slices and maps that marshal null).
	Emptiness bool
}

// Docs configures documentation drift.
type Docs struct {
	Pos Pos
	// Root is the folder scanned for Markdown and source files ("" = Config.Dir).
	Root string
	// Cited are globs of documentation paths cited in source comments
	// (empty = docs/**/*.md).
	Cited []string
	// Taxonomy lists trees of records filed by path (empty = none).
	Taxonomy []Taxonomy
	// Site says how root-absolute links are routed (nil = detect the site
	// generator from its configuration file).
	Site *Site
	// Discriminant is the property naming a union's branch in values tables
	// when neither the marker nor the document says ("" = infer it).
	Discriminant string
	// Repository is the project's GitHub OWNER/NAME: its blob and tree URLs
	// in Markdown and comments are checked against the tree ("" = the
	// GitHub repository the git remote origin names, if any).
	Repository string
	// IgnoreLinks are globs of link targets, as written, not checked.
	IgnoreLinks []string
}

// Taxonomy is a folder of records filed as root/{level1}/{level2}/name.md.
type Taxonomy struct {
	Pos Pos
	// Root is the folder holding the records.
	Root string
	// Index is the Markdown file listing the records under headings naming
	// their folders ("" = none).
	Index string
	// Levels are the folder levels, outermost first.
	Levels []TaxonomyLevel
	// Exclude are globs of Markdown files under Root that are not records.
	Exclude []string
	// Records is file (default) or folder: NAME/README.md with companions.
	Records string
}

// TaxonomyLevel is one folder level of a taxonomy.
type TaxonomyLevel struct {
	Pos Pos
	// Name names the level in messages.
	Name string
	// Values is the closed set of folder names.
	Values []string
	// Status is a regular expression whose first capture must equal the
	// record's folder for this level ("" = not checked).
	Status string
	// From is where the value is read: path (default), front-matter:KEY or
	// sidecar:FILE:KEY.
	From string
	// Column is the index table's column holding the value ("" = headings).
	Column string
}

// Site is a documentation site's content and static folders.
type Site struct {
	Pos Pos
	// Content are the folders whose Markdown pages the site serves.
	Content []SiteMount
	// Static are the folders whose files the site serves as they are.
	Static []SiteMount
	// Generator reads pages and links as that generator does ("" = GitHub).
	Generator string
}

// SiteMount is a folder served at a route ("" = "/").
type SiteMount struct {
	Dir   string
	Route string
}

// Severity overrides the severity of a rule, or of every rule of a family.
type Severity struct {
	Pos Pos
	// Rule is a rule id, "family/*" or "*".
	Rule string
	// Severity is the new severity; SeverityOff silences the rule.
	Severity report.Severity
}

// Ignore silences matching findings. Every set field must match; Rule and
// Reason are required.
type Ignore struct {
	Pos Pos
	// Rule is a rule id, "family/*" or "*".
	Rule string
	// Definition is a glob of definition names ("" = any).
	Definition string
	// Pointer is a JSON pointer, each token a glob, matching that node and
	// everything under it ("" = any).
	Pointer string
	// Path is a glob of file paths relative to Config.Dir, where "**" spans
	// folders ("" = any).
	Path string
	// Reason says why the finding is acceptable; required.
	Reason string
}

// Running is the version of the wirelint reading configurations (set by the
// command; "" = unknown): a configuration asking for a newer one is refused,
// and a key this version does not know is said to need the newer one.
var Running string

// Error is a configuration problem, printed as file:line:col: msg.
type Error struct {
	File string
	Pos  Pos
	Msg  string
	// unknownKey marks a key the format does not have; listed first.
	unknownKey bool
}

// Errors lists every problem of one configuration file, one a line.
type Errors []*Error

func (es Errors) Error() string {
	lines := make([]string, len(es))
	for i, e := range es {
		lines[i] = e.Error()
	}
	return strings.Join(lines, "\n")
}

// Unwrap lists the problems, so a caller prints each on its own line.
func (es Errors) Unwrap() []error {
	errs := make([]error, len(es))
	for i, e := range es {
		errs[i] = e
	}
	return errs
}

func (e *Error) Error() string {
	switch {
	case e.Pos.Line > 0 && e.Pos.Column > 0:
		return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Pos.Line, e.Pos.Column, e.Msg)
	case e.Pos.Line > 0:
		return fmt.Sprintf("%s:%d: %s", e.File, e.Pos.Line, e.Msg)
	}
	return fmt.Sprintf("%s: %s", e.File, e.Msg)
}

// Path resolves p, as written in the configuration, to an absolute path.
func (c *Config) Path(p string) string {
	if filepath.IsAbs(p) {
		return filepath.Clean(p)
	}
	return filepath.Join(c.Dir, filepath.FromSlash(p))
}

// Load reads and validates the configuration file at path. display names it
// in errors ("" = path); widen lists folders outside the project the command
// line admits. The file itself must be a regular file inside the project
// holding it (symlinks followed). The error, if any, is an *Error for a
// single problem or an Errors listing every one, unknown keys first.
func Load(path, display string, widen ...string) (*Config, error) {
	if display == "" {
		display = filepath.ToSlash(path)
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, &Error{File: display, Msg: err.Error()}
	}
	root := fsroot.New(fsroot.ProjectDir(filepath.Dir(abs)), widen...)
	if st, err := root.Stat(path); err == nil && st.IsDir() {
		return nil, &Error{File: display, Msg: "is a folder, not a configuration file"}
	}
	data, err := root.ReadFile(path, 0)
	if err != nil {
		var pe *fs.PathError
		switch {
		case errors.Is(err, os.ErrNotExist):
			return nil, &Error{File: display, Msg: "no such file (run 'wirelint init' to write a starter configuration)"}
		case errors.Is(err, fsroot.ErrOutside):
			return nil, &Error{File: display, Msg: "resolves outside the project root; not read"}
		case errors.As(err, &pe):
			return nil, &Error{File: display, Msg: strings.TrimPrefix(pe.Err.Error(), fsroot.ErrNotRegular.Error()+": ")}
		}
		return nil, &Error{File: display, Msg: err.Error()}
	}
	return parse(data, display, filepath.Dir(abs), widen)
}

// Parse validates data as a configuration file named file whose relative
// paths resolve against dir. Referenced files and folders must exist inside
// the project holding dir.
func Parse(data []byte, file, dir string) (*Config, error) { return parse(data, file, dir, nil) }

func parse(data []byte, file, dir string, widen []string) (*Config, error) {
	d := &decoder{file: file, dir: dir}
	cfg := &Config{File: file, Dir: dir, Widen: widen}
	if bytes.IndexByte(data, 0) >= 0 || !utf8.Valid(data) {
		return nil, &Error{File: file, Msg: "binary file, not YAML"}
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, yamlError(file, err)
	}
	if len(doc.Content) == 0 {
		return nil, &Error{File: file, Msg: "empty configuration (run 'wirelint init' to write a starter one)"}
	}
	d.config(doc.Content[0], cfg)
	if len(d.errs) == 0 {
		d.checkPaths(cfg)
	}
	return cfg, d.result()
}

// CheckRules validates rule ids in severities and ignores against the rules
// the binary knows: a plain id must be registered, family/* must name a
// family that has one.
func (c *Config) CheckRules(known []report.Rule) error {
	d := &decoder{file: c.File}
	ids := map[string]bool{}
	families := map[string]bool{}
	for _, r := range known {
		ids[r.ID] = true
		if fam, _, ok := strings.Cut(r.ID, "/"); ok {
			families[fam] = true
		}
	}
	check := func(pos Pos, rule string) {
		switch {
		case rule == "*", ids[rule]:
		case strings.HasSuffix(rule, "/*"):
			if fam := strings.TrimSuffix(rule, "/*"); !families[fam] {
				d.errAt(pos, "no rule family %q (run 'wirelint rules' for the list)", fam)
			}
		default:
			msg := fmt.Sprintf("unknown rule %q", rule)
			if s := closest(rule, known); s != "" {
				msg += fmt.Sprintf(" (did you mean %s?)", s)
			} else {
				msg += " (run 'wirelint rules' for the list)"
			}
			d.errAt(pos, "%s", msg)
		}
	}
	for _, s := range c.Severities {
		check(s.Pos, s.Rule)
	}
	for _, ig := range c.Ignores {
		check(ig.Pos, ig.Rule)
	}
	return d.result()
}

// closest returns the known rule id sharing the rule name or nearest in
// spelling, or "" when none is near.
func closest(rule string, known []report.Rule) string {
	best, bestDist := "", 4
	_, name, _ := strings.Cut(rule, "/")
	for _, r := range known {
		if _, rn, _ := strings.Cut(r.ID, "/"); name != "" && rn == name {
			return r.ID
		}
		if dist := textdist.Levenshtein(rule, r.ID); dist < bestDist {
			best, bestDist = r.ID, dist
		}
	}
	return best
}

// Documents returns every document path the configuration names (parity
// sides, route specs, fixture schemas, refs documents), deduplicated, in
// first-mention order.
func (c *Config) Documents() []string {
	var out []string
	seen := map[string]bool{}
	add := func(p string) {
		if p != "" && !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	for _, p := range c.Parity {
		add(p.Canonical)
		for _, f := range p.Canonicals {
			add(f)
		}
		add(p.Mirror)
	}
	for _, r := range c.Routes {
		add(r.Spec)
	}
	for _, f := range c.Fixtures {
		add(f.Schema)
		add(f.Mirror)
	}
	if c.Refs != nil {
		for _, p := range c.Refs.Documents {
			add(p)
		}
	}
	return out
}

// SortedSeverities returns the overrides ordered from least to most specific
// ("*", then family/*, then ids), so applying them in order lets the most
// specific win.
func (c *Config) SortedSeverities() []Severity {
	out := append([]Severity(nil), c.Severities...)
	rank := func(r string) int {
		switch {
		case r == "*":
			return 0
		case strings.HasSuffix(r, "/*"):
			return 1
		}
		return 2
	}
	sort.SliceStable(out, func(i, j int) bool { return rank(out[i].Rule) < rank(out[j].Rule) })
	return out
}

// validRouteGlob checks a routes include or exclude glob.
var validRouteGlob = route.ValidGlob

// Find looks for FileName in dir and then in each parent folder, stopping
// at the repository root (the first folder holding .git) or the filesystem
// root, as golangci-lint finds its configuration. It returns the file's
// path, or an error naming where it looked.
func Find(dir string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	for d := abs; ; {
		p := filepath.Join(d, FileName)
		if st, err := os.Stat(p); err == nil && !st.IsDir() {
			return p, nil
		}
		_, gitErr := os.Stat(filepath.Join(d, ".git"))
		parent := filepath.Dir(d)
		if gitErr == nil || parent == d {
			where := "this folder"
			if d != abs {
				where = "this folder or any above it up to " + filepath.ToSlash(d)
			}
			return "", &Error{File: FileName, Msg: "not found in " + where + " (run 'wirelint init' to write a starter configuration, or name one with --config)"}
		}
		d = parent
	}
}
