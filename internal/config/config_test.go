package config

import (
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/wirelint/wirelint/internal/limits"
	"github.com/wirelint/wirelint/report"
)

// project makes a folder holding the files configurations below name.
func project(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for _, f := range []string{"schema/frame_wire.json", "api/openapi.yaml", "server/main.go", "fixtures/ok.json", "docs/x.md"} {
		p := filepath.Join(dir, filepath.FromSlash(f))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("{}"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

const full = `version: 1
parity:
  - canonical: schema/frame_wire.json
    mirror: api/openapi.yaml
    renames: {Frame: WireFrame}
    include: ["Frame*", Block]
    exclude: [Internal*]
refs:
  documents: [api/openapi.yaml]
  map:
    https://example.com/: docs
    https://example.com/schemas/: schema
routes:
  - spec: api/openapi.yaml
    server: server
    framework: go
    base_path: /v1
regex:
  dialects: [go, rust, python3.11]
fixtures:
  - schema: schema/frame_wire.json
    folders: [fixtures]
docs:
  root: docs
  cited: ["docs/**/*.md"]
  taxonomy:
    - root: docs
      index: docs/x.md
      exclude: [docs/TEMPLATE.md]
      levels:
        - {name: lifecycle, values: [draft, accepted], status: '^Status:\s*(\w+)'}
        - {name: class, values: [feature]}
  site: {content: [docs, {dir: server, route: /api}], static: [fixtures]}
  discriminant: type
rules:
  regex/*: warning
  parity/max-length: off
ignore:
  - rule: parity/*
    definition: Legacy*
    pointer: /properties/id
    path: api/**
    reason: the legacy mirror is frozen
baseline: .wirelint-baseline.json
compat: {against: origin/main, role: produced, schemas: [FrameEvent]}
types:
  - canonical: schema/frame_wire.json
    mirror: [server]
    language: go
    direction: response
    names: {Frame: WireFrame}
    include: [Frame*]
    ignore: [Internal*]
    opaque: [Raw]
    int64: string
    emptiness: true
`

// TestParseFull pins that every section decodes into the documented fields.
func TestParseFull(t *testing.T) {
	dir := project(t)
	c, err := Parse([]byte(full), ".wirelint.yaml", dir)
	if err != nil {
		t.Fatal(err)
	}
	want := Parity{Pos: Pos{3, 5}, Canonical: "schema/frame_wire.json", Mirror: "api/openapi.yaml",
		Renames: map[string]string{"Frame": "WireFrame"}, Include: []string{"Frame*", "Block"}, Exclude: []string{"Internal*"}}
	if len(c.Parity) != 1 || !reflect.DeepEqual(c.Parity[0], want) {
		t.Errorf("parity = %+v\nwant %+v", c.Parity, want)
	}
	if c.Refs == nil || len(c.Refs.Mappings) != 2 || c.Refs.Mappings[0].Prefix != "https://example.com/schemas/" {
		t.Errorf("refs = %+v, want two mappings, longest prefix first", c.Refs)
	}
	if len(c.Routes) != 1 || c.Routes[0].Framework != "go" || c.Routes[0].BasePath != "/v1" {
		t.Errorf("routes = %+v", c.Routes)
	}
	if c.Regex == nil || strings.Join(c.Regex.Dialects, ",") != "go,rust,python3.11" {
		t.Errorf("regex = %+v", c.Regex)
	}
	if len(c.Fixtures) != 1 || c.Fixtures[0].Folders[0] != "fixtures" {
		t.Errorf("fixtures = %+v", c.Fixtures)
	}
	wantTaxonomy := []Taxonomy{{Pos: Pos{Line: 27, Column: 7}, Root: "docs", Index: "docs/x.md", Exclude: []string{"docs/TEMPLATE.md"}, Levels: []TaxonomyLevel{
		{Pos: Pos{Line: 31, Column: 11}, Name: "lifecycle", Values: []string{"draft", "accepted"}, Status: `^Status:\s*(\w+)`},
		{Pos: Pos{Line: 32, Column: 11}, Name: "class", Values: []string{"feature"}},
	}}}
	wantSite := &Site{Pos: Pos{Line: 33, Column: 9}, Content: []SiteMount{{Dir: "docs"}, {Dir: "server", Route: "/api"}}, Static: []SiteMount{{Dir: "fixtures"}}}
	if c.Docs == nil || !reflect.DeepEqual(c.Docs.Taxonomy, wantTaxonomy) || !reflect.DeepEqual(c.Docs.Site, wantSite) || c.Docs.Discriminant != "type" {
		t.Errorf("docs = %+v", c.Docs)
	}
	if c.Docs == nil || c.Docs.Root != "docs" {
		t.Errorf("docs = %+v", c.Docs)
	}
	if len(c.Severities) != 2 || c.Severities[1] != (Severity{Pos: Pos{37, 3}, Rule: "parity/max-length", Severity: report.SeverityOff}) {
		t.Errorf("severities = %+v", c.Severities)
	}
	if len(c.Ignores) != 1 || c.Ignores[0].Reason != "the legacy mirror is frozen" || c.Ignores[0].Path != "api/**" {
		t.Errorf("ignores = %+v", c.Ignores)
	}
	if c.Compat == nil || c.Compat.Against != "origin/main" || c.Compat.Role != "produced" || strings.Join(c.Compat.Schemas, ",") != "FrameEvent" {
		t.Errorf("compat = %+v", c.Compat)
	}
	wantTypes := []Types{{Pos: c.Types[0].Pos, Canonical: "schema/frame_wire.json", Mirror: []string{"server"}, Language: "go", Direction: "response",
		Names: map[string]string{"Frame": "WireFrame"}, Include: []string{"Frame*"}, Ignore: []string{"Internal*"}, Opaque: []string{"Raw"}, Int64: "string", Emptiness: true}}
	if !reflect.DeepEqual(c.Types, wantTypes) {
		t.Errorf("types = %+v", c.Types)
	}
	if got := strings.Join(c.Documents(), ","); got != "schema/frame_wire.json,api/openapi.yaml" {
		t.Errorf("documents = %s", got)
	}
	if c.Path("api/openapi.yaml") != filepath.Join(dir, "api", "openapi.yaml") {
		t.Errorf("Path resolves to %s", c.Path("api/openapi.yaml"))
	}
}

// TestParseErrors pins each kind of mistake to one line naming the file, the
// line and column of the offending node, and what to write instead.
func TestParseErrors(t *testing.T) {
	cases := []struct{ name, config, want string }{
		{"unknown top-level key", "parity: []\nparty: []\n",
			`.wirelint.yaml:2:1: unknown key "party" in the configuration: did you mean parity? (want one of baseline, compat, docs, fixtures, ignore, limits, parity, refs, regex, routes, rules, types, version, versions, widen-root, wirelint)`},
		{"compat without a revision", "compat: {role: both}\n",
			`.wirelint.yaml:1:9: compat needs against: the git revision to compare with`},
		{"compat with a bad role", "compat: {against: main, role: server}\n",
			`.wirelint.yaml:1:31: compat.role must be produced, consumed or both, not "server"`},
		{"compat schemas not a list", "compat: {against: main, schemas: Frame}\n",
			`.wirelint.yaml:1:34: compat.schemas must be a list, not "Frame"`},
		{"unknown nested key", "parity:\n  - canonical: schema/frame_wire.json\n    mirror: api/openapi.yaml\n    rename: {}\n",
			`.wirelint.yaml:4:5: unknown key "rename" in parity[0]: did you mean renames? (want one of canonical, exclude, include, mirror, renames)`},
		{"missing mirror", "parity:\n  - canonical: schema/frame_wire.json\n",
			`.wirelint.yaml:2:5: parity[0] needs mirror`},
		{"types with an unknown language", "types:\n  - canonical: schema/frame_wire.json\n    mirror: server\n    language: cobol\n",
			`.wirelint.yaml:4:15: types[0].language "cobol": want go, typescript, python or rust`},
		{"types without a mirror", "types:\n  - canonical: schema/frame_wire.json\n    direction: sideways\n",
			".wirelint.yaml:2:5: types[0] needs mirror\n.wirelint.yaml:3:16: types[0].direction \"sideways\": want request, response or both"},
		{"types mirror missing", "types:\n  - canonical: schema/frame_wire.json\n    mirror: [web/protocol.ts]\n",
			`.wirelint.yaml:3:14: types[0].mirror[0]: web/protocol.ts does not exist`},
		{"missing file", "parity:\n  - canonical: schema/frame.json\n    mirror: api/openapi.yaml\n",
			`.wirelint.yaml:2:16: parity[0].canonical: schema/frame.json does not exist`},
		{"folder for a file", "parity:\n  - canonical: schema\n    mirror: api/openapi.yaml\n",
			`.wirelint.yaml:2:16: parity[0].canonical: schema is a folder, want a file`},
		{"parity not a list", "parity:\n  canonical: x\n",
			`.wirelint.yaml:2:3: parity must be a list, not a mapping`},
		{"bad severity", "rules:\n  regex/divergent: warn\n",
			`.wirelint.yaml:2:20: rules.regex/divergent: "warn" is not a severity (want error, warning, info or off)`},
		{"bad rule id", "rules:\n  divergent: off\n",
			`.wirelint.yaml:2:3: rules: "divergent" is not a rule id (want family/name, family/* or *)`},
		{"ignore without reason", "ignore:\n  - rule: parity/max-length\n    definition: Frame\n",
			`.wirelint.yaml:2:5: ignore[0] needs a reason (why the finding is acceptable)`},
		{"ignore with empty reason", "ignore:\n  - rule: parity/max-length\n    reason: \"  \"\n",
			`.wirelint.yaml:3:13: ignore[0].reason is empty`},
		{"relative pointer", "ignore:\n  - rule: parity/*\n    pointer: properties/id\n    reason: x\n",
			`.wirelint.yaml:3:14: ignore[0].pointer "properties/id" is not a JSON pointer (want /a/b)`},
		{"unknown dialect", "regex:\n  dialects: [go, java]\n",
			`.wirelint.yaml:2:18: regex.dialects: unknown regex dialect "java" (want one of `},
		{"unknown framework", "routes:\n  - spec: api/openapi.yaml\n    server: server\n    framework: rails\n",
			`.wirelint.yaml:4:16: routes[0].framework "rails" is not one of auto, `},
		{"duplicate key", "regex:\n  dialects: [go]\n  dialects: [rust]\n",
			`.wirelint.yaml:3:3: regex.dialects is set twice`},
		{"two problems, the unknown key first", "version: 2\nparty: 1\n",
			".wirelint.yaml:2:1: unknown key \"party\" in the configuration: did you mean parity? (want one of baseline, compat, docs, fixtures, ignore, limits, parity, refs, regex, routes, rules, types, version, versions, widen-root, wirelint)\n" +
				`.wirelint.yaml:1:10: version must be 1, not "2"`},
		{"malformed YAML", "parity:\n  - canonical: [\n",
			`.wirelint.yaml:3:1: malformed YAML`},
		{"empty file", "# nothing yet\n",
			`.wirelint.yaml: empty configuration (run 'wirelint init' to write a starter one)`},
		{"not a mapping", "- parity\n",
			`.wirelint.yaml:1:1: the configuration must be a mapping, not a list`},
		{"renames collide", "parity:\n  - canonical: schema/frame_wire.json\n    mirror: api/openapi.yaml\n    renames: {A: X, B: X}\n",
			`.wirelint.yaml:4:24: parity[0].renames: A and B both rename to X`},
		{"fixtures folder is a file", "fixtures:\n  - schema: schema/frame_wire.json\n    folders: [fixtures/ok.json]\n",
			`.wirelint.yaml:3:15: fixtures[0].folders[0]: fixtures/ok.json is a file, want a folder`},
		{"line break in a key", "rules:\n  \"a\\nb/c\": off\n  \"a\\nb/c\": off\n",
			`.wirelint.yaml:3:3: rules.a\nb/c is set twice`},
		{"binary", "\x00\x01parity: []\n", `.wirelint.yaml: binary file, not YAML`},
		{"taxonomy without root", "docs:\n  taxonomy:\n    - levels: []\n",
			`.wirelint.yaml:3:7: docs.taxonomy[0] needs root`},
		{"taxonomy status without capture", "docs:\n  taxonomy:\n    - root: docs\n      levels:\n        - {name: lifecycle, values: [draft], status: '^Status: \\w+'}\n",
			`.wirelint.yaml:5:54: docs.taxonomy[0].levels[0].status "^Status: \\w+" has no capture group`},
		{"taxonomy index missing", "docs:\n  taxonomy:\n    - root: docs\n      index: docs/README.md\n      levels: [{name: a, values: [b]}]\n",
			`.wirelint.yaml:4:14: docs.taxonomy[0].index: docs/README.md does not exist`},
		{"site route relative", "docs:\n  site:\n    content: [{dir: docs, route: api}]\n",
			`.wirelint.yaml:3:34: docs.site.content[0].route "api" must start with /`},
		{"site without content", "docs:\n  site:\n    static: [docs]\n",
			`.wirelint.yaml:3:5: docs.site needs content`},
		{"site unknown generator", "docs:\n  site:\n    content: [docs]\n    generator: jekyll\n",
			`.wirelint.yaml:4:16: docs.site.generator "jekyll" is not one of github, hugo, mkdocs, vitepress, docusaurus, redocly, mintlify`},
		{"repository not owner/name", "docs:\n  repository: wirelint\n",
			`.wirelint.yaml:2:15: docs.repository "wirelint" must be OWNER/NAME, as in github.com/OWNER/NAME`},
		{"taxonomy records kind", "docs:\n  taxonomy:\n    - root: docs\n      records: both\n",
			`.wirelint.yaml:4:16: docs.taxonomy[0].records "both" must be file or folder`},
		{"limits misspelt key", "limits:\n  max-node: 10\n",
			`.wirelint.yaml:2:3: unknown key "max-node" in limits: did you mean max-nodes? (want one of match-timeout, max-calls, max-depth, max-docs-files, max-docs-links, max-enum, max-file-size, max-folded-length, max-nodes, max-pattern-length, max-payload-size, max-source-size, probe-budget, validation-budget)`},
		{"limits negative count", "limits:\n  max-nodes: -1\n",
			`.wirelint.yaml:2:14: limits.max-nodes: want a positive whole number, not "-1"`},
		{"limits zero size", "limits:\n  max-file-size: 0\n",
			`.wirelint.yaml:2:18: limits.max-file-size: want a positive size such as 64MB, not "0"`},
		{"limits unparsable size", "limits:\n  max-source-size: 8 furlongs\n",
			`.wirelint.yaml:2:20: limits.max-source-size: want a positive size such as 64MB, not "8 furlongs"`},
		{"limits duration without unit", "limits:\n  match-timeout: 5\n",
			`.wirelint.yaml:2:18: limits.match-timeout: want a positive duration such as 500ms or 5s, not "5"`},
		{"limits steps as a duration", "limits:\n  probe-budget: 5s\n",
			`.wirelint.yaml:2:17: limits.probe-budget: want a positive whole number, not "5s"`},
		{"limits empty value", "limits:\n  match-timeout:\n",
			`.wirelint.yaml:2:17: limits.match-timeout must be a value, not empty`},
		{"limits not a mapping", "limits: [max-nodes]\n",
			`.wirelint.yaml:1:9: limits must be a mapping, not a list`},
		{"refs prefix not a URL", "refs:\n  map:\n    schemas/: schema\n",
			`.wirelint.yaml:3:5: refs.map: "schemas/" is not a URL prefix (want e.g. https://example.com/schemas/)`},
	}
	dir := project(t)
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse([]byte(tc.config), ".wirelint.yaml", dir)
			if err == nil {
				t.Fatalf("no error, want %s", tc.want)
			}
			// one line per problem: as many lines as the case wants
			if got := err.Error(); !strings.HasPrefix(got, tc.want) || strings.Count(got, "\n") != strings.Count(tc.want, "\n") {
				t.Errorf("error:\n%s\nwant as many lines, starting:\n%s", got, tc.want)
			}
		})
	}
}

// TestParseLimits pins that every budget of the limits: block decodes, sizes
// with their suffixes and durations as Go writes them, and that an unset
// budget stays 0 (its default).
func TestParseLimits(t *testing.T) {
	dir := project(t)
	c, err := Parse([]byte(`limits:
  max-file-size: 1MB
  max-nodes: 1000
  max-depth: 64
  max-pattern-length: 2KiB
  match-timeout: 20ms
  max-payload-size: 4096
  max-source-size: 2MiB
  max-folded-length: 512
  max-calls: 99
  probe-budget: 1000
  validation-budget: 2000
  max-enum: 30
  max-docs-files: 40
  max-docs-links: 50
`), ".wirelint.yaml", dir)
	if err != nil {
		t.Fatal(err)
	}
	want := limits.Limits{FileSize: 1 << 20, Nodes: 1000, Depth: 64, PatternLength: 2 << 10, MatchTimeout: 20 * time.Millisecond,
		PayloadSize: 4096, SourceSize: 2 << 20, FoldedLength: 512, Calls: 99, ProbeBudget: 1000, ValidationBudget: 2000,
		Enum: 30, DocsFiles: 40, DocsLinks: 50}
	if c.Limits != want {
		t.Errorf("limits = %+v\nwant %+v", c.Limits, want)
	}
	for _, b := range limits.Budgets {
		if b.Get(&c.Limits) == 0 {
			t.Errorf("%s was not decoded", b.Name)
		}
	}
	c, err = Parse([]byte("limits: {max-calls: 7}\n"), ".wirelint.yaml", dir)
	if err != nil {
		t.Fatal(err)
	}
	if got := c.Limits.WithDefaults(); got.Calls != 7 || got.FoldedLength != limits.DefaultFoldedLength || c.Limits.FoldedLength != 0 {
		t.Errorf("an unset budget must stay 0 and default on WithDefaults; got %+v", c.Limits)
	}
	// flags win over the file
	if got := c.Limits.Over(limits.Limits{Calls: 3, Depth: 5}); got.Calls != 3 || got.Depth != 5 {
		t.Errorf("Over: %+v", got)
	}
}

// TestCheckRules pins that rule ids must name registered rules, with a
// suggestion for a near miss.
func TestCheckRules(t *testing.T) {
	known := []report.Rule{{ID: "parity/max-length"}, {ID: "regex/divergent"}}
	c, err := Parse([]byte("rules:\n  regex/*: off\n  parity/max-length: info\n  '*': warning\nignore:\n  - rule: parity/maxlength\n    reason: x\n"), ".wirelint.yaml", t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	err = c.CheckRules(known)
	if err == nil || err.Error() != `.wirelint.yaml:6:5: unknown rule "parity/maxlength" (did you mean parity/max-length?)` {
		t.Errorf("err = %v", err)
	}
	c.Ignores = nil
	if err := c.CheckRules(known); err != nil {
		t.Errorf("known ids rejected: %v", err)
	}
	c.Severities = append(c.Severities, Severity{Pos: Pos{9, 3}, Rule: "fixture/*"})
	if err := c.CheckRules(known); err == nil || !strings.Contains(err.Error(), `no rule family "fixture"`) {
		t.Errorf("unknown family: %v", err)
	}
	if got := c.SortedSeverities(); got[0].Rule != "*" || got[len(got)-1].Rule != "parity/max-length" {
		t.Errorf("sorted severities = %+v, want * first and ids last", got)
	}
}

// TestLoadMissing pins the messages for a project without a configuration
// file, and for a folder in its place.
func TestLoadMissing(t *testing.T) {
	dir := t.TempDir()
	_, err := Load(filepath.Join(dir, FileName), FileName)
	if err == nil || err.Error() != ".wirelint.yaml: no such file (run 'wirelint init' to write a starter configuration)" {
		t.Errorf("err = %v", err)
	}
	_, err = Load(dir, "somedir")
	if err == nil || err.Error() != "somedir: is a folder, not a configuration file" {
		t.Errorf("err = %v", err)
	}
}

// TestCanonicalListsAndGlobs pins the several-canonical forms: a list, a glob
// (expanded against the configuration's folder, sorted), and a glob that
// matches nothing, which is an error.
func TestCanonicalListsAndGlobs(t *testing.T) {
	dir := project(t)
	for _, f := range []string{"schema/user.schema.json", "schema/pr.schema.json"} {
		if err := os.WriteFile(filepath.Join(dir, filepath.FromSlash(f)), []byte("{}"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		canonical string
		want      []string
		err       string
	}{
		{"schema/frame_wire.json", []string{"schema/frame_wire.json"}, ""},
		{"[schema/user.schema.json, schema/frame_wire.json]", []string{"schema/user.schema.json", "schema/frame_wire.json"}, ""},
		{`"schema/*.schema.json"`, []string{"schema/pr.schema.json", "schema/user.schema.json"}, ""},
		{`["schema/*.schema.json", schema/frame_wire.json]`, []string{"schema/pr.schema.json", "schema/user.schema.json", "schema/frame_wire.json"}, ""},
		{`"schema/*.yaml"`, nil, "matches no file"},
	} {
		cfg, err := Parse([]byte("version: 1\nparity:\n  - canonical: "+tc.canonical+"\n    mirror: api/openapi.yaml\n"), ".wirelint.yaml", dir)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("canonical %s: want error %q, got %v", tc.canonical, tc.err, err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("canonical %s: %v", tc.canonical, err)
		}
		if got := cfg.Parity[0].CanonicalFiles(); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("canonical %s: files %v, want %v", tc.canonical, got, tc.want)
		}
		if cfg.Parity[0].Canonical != tc.want[0] {
			t.Errorf("canonical %s: Canonical %q, want the first file", tc.canonical, cfg.Parity[0].Canonical)
		}
	}
}

// TestDocumentGlobs: refs.documents and regex.documents take globs too,
// expanded against the configuration's folder and sorted, a path named twice
// listed once; the paths a glob gave are marked (a file among them that is
// no document is skipped, not an error), and a glob matching nothing is an
// error.
func TestDocumentGlobs(t *testing.T) {
	dir := project(t)
	for _, f := range []string{"schema/user.schema.json", "schema/pr.schema.json"} {
		if err := os.WriteFile(filepath.Join(dir, filepath.FromSlash(f)), []byte("{}"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, section := range []string{"refs", "regex"} {
		for _, tc := range []struct {
			documents string
			want      []string
			globbed   []string
			err       string
		}{
			{"[schema/frame_wire.json]", []string{"schema/frame_wire.json"}, nil, ""},
			{`["schema/*.schema.json"]`, []string{"schema/pr.schema.json", "schema/user.schema.json"}, []string{"schema/pr.schema.json", "schema/user.schema.json"}, ""},
			{`[schema/user.schema.json, "schema/*.json"]`, []string{"schema/user.schema.json", "schema/frame_wire.json", "schema/pr.schema.json"}, []string{"schema/frame_wire.json", "schema/pr.schema.json"}, ""},
			{`["schema/*.yaml"]`, nil, nil, "matches no file"},
		} {
			cfg, err := Parse([]byte("version: 1\n"+section+":\n  documents: "+tc.documents+"\n"), ".wirelint.yaml", dir)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Errorf("%s.documents %s: want error %q, got %v", section, tc.documents, tc.err, err)
				}
				continue
			}
			if err != nil {
				t.Fatalf("%s.documents %s: %v", section, tc.documents, err)
			}
			var docs []string
			var globbed map[string]bool
			if section == "refs" {
				docs, globbed = cfg.Refs.Documents, cfg.Refs.Globbed
			} else {
				docs, globbed = cfg.Regex.Documents, cfg.Regex.Globbed
			}
			var marked []string
			for p := range globbed {
				marked = append(marked, p)
			}
			slices.Sort(marked)
			if !reflect.DeepEqual(docs, tc.want) || !reflect.DeepEqual(marked, tc.globbed) {
				t.Errorf("%s.documents %s: documents %v (globbed %v), want %v (globbed %v)", section, tc.documents, docs, marked, tc.want, tc.globbed)
			}
		}
	}
}
