package runner

import (
	"go/parser"
	"go/token"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/wirelint/wirelint/internal/casetest"
	"github.com/wirelint/wirelint/rules/family"
)

const module = "github.com/wirelint/wirelint/"

// layer is one row of the import table: a package (or every package below a
// folder, written folder/*), the layer it sits in, what it holds, and what
// of the module it may import: packages, folder/* patterns, or "base" for
// every package of the base layer. A package takes the first row that
// matches it; anything it imports must match one of the row's MayImport
// entries.
type layer struct {
	Package, Layer, Holds string
	MayImport             []string
}

// with returns the base layer and more.
func with(more ...string) []string { return append([]string{"base"}, more...) }

// layers is the one table of which package may import which, bottom layer
// first. TestLayers checks the code against it, and docs/architecture.md's
// table is generated from it (TestLayersTableInDocs; -update rewrites it).
var layers = []layer{
	{"internal/limits", "base", "every budget: its default, flag, `limits:` key and message", nil},
	{"internal/guard", "base", "turns a panic into an error naming what ran", nil},
	{"internal/gcpolicy", "base", "how a wirelint process collects garbage (the CLI, and the parse-only baseline the parity benchmarks time it against)", nil},
	{"internal/textdist", "base", "edit distance, for did-you-mean suggestions", nil},
	{"internal/lazyre", "base", "regular expressions compiled on first use, not before main in every command", nil},
	{"internal/pathglob", "base", "path globs with `**`", nil},
	{"internal/ecmaregex", "base", "the ECMA-262 regex parser and its translation to other dialects", nil},
	{"internal/fsroot", "base", "confinement: every read stays in the project, never in `.git`, and opens regular files only; writes never follow a symlink", []string{"internal/limits"}},
	{"internal/gitx", "base", "the one place git runs, pinned to the project's repository (`TestConfinedReads` holds it and `fsroot`)", []string{"internal/lazyre"}},
	{"internal/gitrev", "base", "reads a git revision's files (compat `--against`)", []string{"internal/fsroot", "internal/gitx", "internal/lazyre"}},
	{"report", "base", "`Finding`, `Location`, `Rule` and its `Identity`, fingerprints, `Finalize`, the printers (one file each)", nil},
	{"reduce", "model", "loading (`Workspace`, `Load`, `LoadFragment`), the node tree, dialects, keyword projection", with()},
	{"routes", "model", "the route model: routes from specs, normalised templates, the router graph, extraction budgets and confined reads", with("reduce")},
	{"routes/script", "model", "the tokenizer and interpreter Python and JavaScript extraction share (a closed set of `script.Value` types)", with("routes")},
	{"routes/golang", "model", "route extraction from Go server source", with("routes")},
	{"routes/python", "model", "route extraction from Python server source", with("routes", "routes/script")},
	{"routes/js", "model", "route extraction from JavaScript and TypeScript server source", with("routes", "routes/script")},
	{"routes/extract", "model", "`FromServer`: picks the reader for a `--server` path and merges languages", with("reduce", "routes", "routes/golang", "routes/python", "routes/js")},
	{"codetypes", "model", "the model of types declared in code (a closed set of type expressions); knows nothing of schemas or findings", with("reduce")},
	{"codetypes/internal/cursor", "model", "the token cursor the TypeScript and Python readers share", with("codetypes", "routes/script")},
	{"codetypes/golang", "model", "reads the types Go source declares", with("codetypes")},
	{"codetypes/rust", "model", "reads the types Rust source declares (serde attributes)", with("codetypes")},
	{"codetypes/typescript", "model", "reads the types TypeScript declares", with("codetypes", "codetypes/internal/cursor", "routes/script")},
	{"codetypes/python", "model", "reads the types Python models declare (pydantic, dataclasses, TypedDict)", with("codetypes", "codetypes/internal/cursor", "routes/script")},
	{"codetypes/read", "model", "picks a reader by extension and walks folders", with("codetypes", "codetypes/golang", "codetypes/python", "codetypes/rust", "codetypes/typescript")},
	{"internal/idref", "domain", "`$id` and `$ref` indexing and the resolver every family follows `$ref`s with", with("reduce")},
	{"internal/validate", "domain", "payload validation and the fixtures section the fixture and differential families share", with("reduce", "internal/idref")},
	{"internal/casetest", "domain", "the one rule-case harness (txtar cases, `-update`)", with("reduce")},
	{"routes/routecase", "domain", "the statement-level cases of the route extractors: a small source in the one case format, the routes it yields", with("routes", "internal/casetest")},
	{"internal/config", "domain", "`.wirelint.yaml`: reading, validating, the sections of every family", with("routes")},
	{"internal/fix", "domain", "turns findings into text edits that mend them (`wirelint fix`, the language server's quick fixes)", with("reduce")},
	{"internal/suppress", "domain", "ignores, the baseline, `--since`", with("reduce", "internal/config")},
	{"rules/family", "family", "`Family`, `Pass`, `Entry`, `Output` and the results families hand one another", with("reduce")},
	{"rules/internal/pair", "family", "what the parity, description and differential families share (schema pairs, naming a document, pairing file roots)", with("reduce")},
	{"rules/routes", "family", "the routes family: a spec's routes against its server's", with("reduce", "routes", "routes/extract", "rules/family")},
	{"rules/types", "family", "the types family: code types against the schema they mirror", with("reduce", "codetypes", "codetypes/read", "internal/config", "rules/family")},
	{"rules/*", "family", "one rule family each: `family.go` (its `Family`), `rules.go` (its `Rules`), its check, `doc.go`, cases in `testdata/`; never another family", with("reduce", "rules/family", "rules/internal/pair", "internal/idref", "internal/validate", "internal/config")},
	{"runner", "runner", "the one runner: groups documents, runs every registered family's passes (`registry.go`, the only importer of a family), applies ignores, names files from the repository root", with("reduce", "rules/*", "internal/config", "internal/idref", "internal/suppress", "internal/validate")},
	{"lsp", "command", "`wirelint lsp`: a language server over stdio, checking as files are typed through the runner", with("reduce", "runner", "internal/config", "internal/fix")},
	{"examples/*", "example", "example server code wirelint reads as input", nil},
	{"cmd/wirelint", "command", "the cobra commands: flags into a `runner.Config`, `runner.Run`, printing; nothing imports it", with("reduce", "routes", "codetypes/read", "runner", "lsp", "internal/config", "internal/fix", "internal/suppress")},
}

// rowOf returns the first row of the table that matches pkg.
func rowOf(pkg string) (layer, bool) {
	for _, l := range layers {
		if matchPackage(l.Package, pkg) {
			return l, true
		}
	}
	return layer{}, false
}

// matchPackage reports whether pattern (a package, folder/* for every
// package below folder, or "base" for every base package) names pkg.
func matchPackage(pattern, pkg string) bool {
	if pattern == "base" {
		row, ok := rowOf(pkg)
		return ok && row.Layer == "base" && row.Package != "base"
	}
	if folder, ok := strings.CutSuffix(pattern, "/*"); ok {
		return strings.HasPrefix(pkg, folder+"/")
	}
	return pattern == pkg
}

// TestLayers pins the direction of imports: every package of the module has
// a row in layers, and imports only what its row allows (test files are left
// out, as go list -deps leaves them out).
func TestLayers(t *testing.T) {
	for pkg, imports := range moduleImports(t) {
		row, ok := rowOf(pkg)
		if !ok {
			t.Errorf("package %s has no row in the layers table (runner/layers_test.go)", pkg)
			continue
		}
		for _, imp := range imports {
			if imp == pkg || slices.ContainsFunc(row.MayImport, func(p string) bool { return matchPackage(p, imp) }) {
				continue
			}
			t.Errorf("%s imports %s: its row (%s, layer %s) allows only %s", pkg, imp, row.Package, row.Layer, strings.Join(row.MayImport, ", "))
		}
	}
}

// moduleImports maps each package of the module to the module packages its
// non-test files import.
func moduleImports(t *testing.T) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	walkGoFiles(t, func(file string, imports []string) {
		pkg := path.Dir(file)
		if _, ok := out[pkg]; !ok {
			out[pkg] = nil
		}
		for _, imp := range imports {
			if !slices.Contains(out[pkg], imp) {
				out[pkg] = append(out[pkg], imp)
			}
		}
	})
	return out
}

// walkGoFiles calls fn with each non-test Go file of the module that
// eachSource walks, slash-separated from the module's root, and the module
// packages it imports, paths below the module.
func walkGoFiles(t *testing.T, fn func(file string, imports []string)) {
	t.Helper()
	eachSource(t, func(p, pkg string) {
		f, err := parser.ParseFile(token.NewFileSet(), p, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		var imports []string
		for _, imp := range f.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			if rest, ok := strings.CutPrefix(path, module); ok {
				imports = append(imports, rest)
			}
		}
		fn(pkg+"/"+filepath.Base(p), imports)
	})
}

// The markers around the generated table in docs/architecture.md.
const (
	tableBegin = "<!-- layers table: generated from runner/layers_test.go; go test ./runner -run TestLayersTableInDocs -update -->\n"
	tableEnd   = "<!-- end of layers table -->\n"
)

// layersTable renders the table as docs/architecture.md shows it.
func layersTable() string {
	var b strings.Builder
	b.WriteString("| package | layer | holds | may import (besides the Go standard library and modules) |\n|---|---|---|---|\n")
	for _, l := range layers {
		may := "nothing of wirelint"
		if len(l.MayImport) > 0 {
			var names []string
			for _, p := range l.MayImport {
				if p == "base" {
					names = append(names, "the base layer")
					continue
				}
				names = append(names, "`"+p+"`")
			}
			may = strings.Join(names, ", ")
		}
		b.WriteString("| `" + l.Package + "` | " + l.Layer + " | " + l.Holds + " | " + may + " |\n")
	}
	return b.String()
}

// The markers around the generated families table in docs/architecture.md.
const (
	familiesBegin = "<!-- families table: generated from runner/registry.go; go test ./runner -run TestLayersTableInDocs -update -->\n"
	familiesEnd   = "<!-- end of families table -->\n"
)

// familiesTable renders the registry as docs/architecture.md shows it.
func familiesTable() string {
	scopes := map[family.Scope]string{family.Grouped: "grouped", family.Loaded: "loaded", family.Standalone: "standalone"}
	var b strings.Builder
	b.WriteString("| family | checks | scope | requires | rules |\n|---|---|---|---|---|\n")
	for _, reg := range registry {
		f := reg.family
		requires := "—"
		if len(f.Requires) > 0 || len(f.FinishReads) > 0 {
			var parts []string
			for _, r := range f.Requires {
				parts = append(parts, "`"+r+"`")
			}
			for _, r := range f.FinishReads {
				parts = append(parts, "`"+r+"` (in Finish)")
			}
			requires = strings.Join(parts, ", ")
		}
		b.WriteString("| `" + f.Name + "` | " + f.Doc + " | " + scopes[f.Scope] + " | " + requires + " | " + strconv.Itoa(len(f.Rules)) + " |\n")
	}
	return b.String()
}

// TestLayersTableInDocs pins that docs/architecture.md shows the layers
// table and the registered families as the code has them; -update rewrites
// them there.
func TestLayersTableInDocs(t *testing.T) {
	const doc = "../docs/architecture.md"
	text, err := os.ReadFile(doc)
	if err != nil {
		t.Fatal(err)
	}
	s := string(text)
	want := s
	for _, table := range []struct{ begin, end, text string }{
		{tableBegin, tableEnd, layersTable()},
		{familiesBegin, familiesEnd, familiesTable()},
	} {
		begin, end := strings.Index(want, table.begin), strings.Index(want, table.end)
		if begin < 0 || end < begin {
			t.Fatalf("%s has no generated table between %q and %q", doc, table.begin, table.end)
		}
		want = want[:begin+len(table.begin)] + table.text + want[end:]
	}
	if want == s {
		return
	}
	if casetest.Update() {
		if err := os.WriteFile(doc, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("%s's generated tables differ from runner/layers_test.go and runner/registry.go: run go test ./runner -run TestLayersTableInDocs -update", doc)
}

// TestArchitectureNamesExist pins that every file or folder of the
// repository docs/architecture.md names in backquotes exists, so the map
// does not drift from the code when files move.
func TestArchitectureNamesExist(t *testing.T) {
	text, err := os.ReadFile("../docs/architecture.md")
	if err != nil {
		t.Fatal(err)
	}
	tops := []string{"cmd/", "codetypes/", "internal/", "lsp/", "reduce/", "report/", "routes/", "rules/", "runner/", "scripts/", "docs/", "bench/", ".github/"}
	for _, m := range regexp.MustCompile("`([^`\\s]+)`").FindAllStringSubmatch(string(text), -1) {
		name := strings.TrimSuffix(m[1], "/")
		if strings.ContainsAny(name, "<*{(") || !slices.ContainsFunc(tops, func(p string) bool { return strings.HasPrefix(m[1], p) }) {
			continue
		}
		if _, err := os.Stat(filepath.Join("..", filepath.FromSlash(name))); err != nil {
			t.Errorf("docs/architecture.md names %s, which does not exist", m[1])
		}
	}
}
