package main

import (
	"bufio"
	"crypto/sha256"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/spf13/cobra"
	"github.com/wirelint/wirelint/internal/config"
	"github.com/wirelint/wirelint/internal/fsroot"
	"github.com/wirelint/wirelint/internal/limits"
	"github.com/wirelint/wirelint/reduce"
	"github.com/wirelint/wirelint/report"
	route "github.com/wirelint/wirelint/routes"
	"github.com/wirelint/wirelint/runner"
)

// initMaxFileSize bounds the files init parses while looking for documents.
const initMaxFileSize = 16 << 20

// skipDirs are folders init never looks in: dependencies, build output and
// test fixtures that hold deliberately broken documents.
var skipDirs = map[string]bool{"node_modules": true, "vendor": true, "testdata": true, "dist": true, "build": true, "target": true, "__pycache__": true}

func newInitCmd(e *env, code *int) *cobra.Command {
	var output string
	var force bool
	c := &cobra.Command{
		Use:   "init [DIR]",
		Short: "write a starter .wirelint.yaml from the schemas, OpenAPI documents, server, fixtures and Markdown found in DIR",
	}
	c.Flags().StringVar(&output, "output", "", "file to write, or - for standard output (default: DIR/"+config.FileName+"); paths in it are relative to its folder")
	c.Flags().BoolVar(&force, "force", false, "overwrite an existing file")
	c.RunE = func(_ *cobra.Command, pos []string) error {
		if len(pos) > 1 {
			return usageErrorf("want at most one folder, got %s", arguments(len(pos)))
		}
		dir := "."
		if len(pos) == 1 {
			dir = pos[0]
		}
		if err := runInit(e, dir, output, force); err != nil {
			return err
		}
		*code = exitClean
		return nil
	}
	return c
}

// runInit writes the starter configuration for the project in dir to
// output ("" = DIR/.wirelint.yaml, "-" = standard output).
func runInit(e *env, dir, output string, force bool) error {
	// DIR is typed here, so it is read wherever it is; what it holds is
	// read only inside the project holding it, and .git never
	confine := fsroot.New(fsroot.ProjectDir(dir)).ForArgument(dir)
	if st, err := confine.Stat(dir); err != nil || !st.IsDir() {
		return fmt.Errorf("%s is not a folder", dir)
	}
	target := output
	if target == "" {
		target = filepath.Join(dir, config.FileName)
	}
	display := filepath.ToSlash(target)
	if target != "-" && !force {
		if confine.ForArgument(target).Exists(target) {
			return fmt.Errorf("%s already exists; edit it, or pass --force to overwrite it", display)
		}
	}
	found, err := discover(confine, dir)
	if err != nil {
		return err
	}
	// Paths in the file are relative to its folder, which --output may move.
	configDir := dir
	if target != "-" {
		configDir = filepath.Dir(target)
	}
	base, err := relativeFolder(configDir, dir)
	if err != nil {
		return err
	}
	text := withTaxonomy(confine, found.render(base), dir)
	// What init writes must be what check accepts.
	abs, err := filepath.Abs(configDir)
	if err != nil {
		return err
	}
	if _, err := config.Parse([]byte(text), display, abs); err != nil {
		return fmt.Errorf("internal error: the starter configuration does not validate: %v", err)
	}
	if target == "-" {
		_, err := fmt.Fprint(e.stdout, text)
		return err
	}
	// written new and renamed into place, never through a symlink; inside
	// the project unless --output named a file outside it
	write := confine.CreateFile
	if force {
		write = confine.WriteFile
	}
	if output != "" {
		write = confine.ForArgument(target).CreateFile
		if force {
			write = confine.ForArgument(target).WriteFile
		}
	}
	if err := write(target, []byte(text), 0o644); err != nil {
		if errors.Is(err, fs.ErrExist) {
			return fmt.Errorf("%s already exists; edit it, or pass --force to overwrite it", display)
		}
		return writeError(display, err)
	}
	_, err = fmt.Fprintf(e.stdout, "wrote %s: %s\n", report.Visible(display), report.Visible(found.summary()))
	return err
}

// relativeFolder is the project folder dir as seen from the configuration's
// folder, slash-separated ("." when they are the same).
func relativeFolder(configDir, dir string) (string, error) {
	from, err := filepath.Abs(configDir)
	if err != nil {
		return "", err
	}
	to, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	rel, err := filepath.Rel(from, to)
	if err != nil {
		return "", fmt.Errorf("--output: %v", err)
	}
	return filepath.ToSlash(rel), nil
}

// discovery is what init found in a project.
type discovery struct {
	schemas []*schemaFile      // JSON Schema documents with named definitions
	roots   []*schemaFile      // JSON Schema documents without definitions whose root is an object schema
	specs   []*reduce.Document // OpenAPI and Swagger documents
	pairs   []initPair
	// stale are the documents that look like older copies of another, and
	// referenced those another schema $refs (checked through it); neither
	// is proposed on its own. Keys are paths relative to the project.
	stale, referenced map[string]bool
	server            *serverGuess
	// exampleServers are the example apps found when no server was
	// (folder and framework), named in the configuration written
	exampleServers []string
	// servers are the candidate servers compared to choose server, when
	// there were several (chooseServer)
	servers []*serverGuess
	// fixtures are folders whose subfolders are all named after the
	// definitions of one schema.
	fixtures []initFixtures
	markdown bool // Markdown anywhere in the project
	docs     bool // Markdown under docs/, which source comments may cite
	// code are the project's source files in a language that reads the
	// contract's patterns, with that language (codeLanguages)
	code []codeFile
	// left are the documents init leaves out that it would have listed (an
	// OpenAPI document, a schema with definitions): test stubs and
	// fixtures, and copies of another document (leaveOut)
	left []leftOut
	// generators are the folders an OpenAPI generator wrote (a
	// .openapi-generator folder or .openapi-generator-ignore file in them)
	generators map[string]bool
	// jsdoc are the files a swagger-jsdoc definition merges its paths from,
	// also among specs
	jsdoc []jsdocSpec
	// templates are the YAML files holding ytt annotations (#@ lines):
	// inputs of a document ytt renders, not one, so none is proposed
	templates []string
	// folder lists a folder of the project (a path relative to it), for
	// folderGlobs; nil = no listing, every path written out
	folder func(rel string) ([]fs.DirEntry, error)
}

// schemaFile is what init keeps of a JSON Schema document once read: what
// classifying, pairing and listing it need, not its tree (every file of a
// schema repository stayed in memory: Azure's resource manager schemas, 262 MB
// of JSON, held 2.1 GB). OpenAPI documents are kept whole.
type schemaFile struct {
	Path string
	// defs are its definition names in order, and named the same as a set
	defs  []string
	named map[string]bool
	// root is its root definition's name ("" when the root is no schema),
	// rootProps the properties it declares (objectProperties)
	root      string
	rootProps []string
	// refs are the files its $refs name (referencedFiles)
	refs map[string]bool
}

// summarize returns what init keeps of a JSON Schema document.
func summarize(doc *reduce.Document) *schemaFile {
	s := &schemaFile{Path: doc.Path, named: map[string]bool{}, refs: referencedFiles(doc)}
	for _, def := range doc.Definitions {
		s.defs = append(s.defs, def.Name)
		s.named[def.Name] = true
	}
	if root := doc.RootDefinition(); root != nil {
		s.root = root.Name
		s.rootProps = objectProperties(doc, root.Node, 0)
	}
	return s
}

type initFixtures struct {
	schema *schemaFile
	folder string // slash-separated, relative to the project
}

type initPair struct {
	canonical *schemaFile
	mirror    *reduce.Document
	shared    int               // definition names both hold, up to case and separators
	renames   map[string]string // canonical name -> mirror name, where they differ
	root      bool              // paired by the canonical root's properties
}

type serverGuess struct {
	dir       string           // its module or app root: slash-separated, relative to the project
	framework string           // a routes framework name
	language  string           // go, python or javascript
	spec      *reduce.Document // the spec documenting it (nil = none); see pairRoutes
	// specPrefix is the first segment every operation of spec shares ("" =
	// none): a commented include glob for the routes entry
	specPrefix string
	files      int // the files under dir registering routes with a framework
	// served of the ops operations of spec are registered by the server's
	// routes, when several candidates were compared (ops 0 = not read)
	served, ops int
}

// discover walks dir for documents, a server and docs. Paths in the result
// are relative to dir.
func discover(confine *fsroot.Root, dir string) (*discovery, error) {
	var candidates []string
	var sources []string
	subfolders := map[string][]string{} // folder -> the names of its subfolders
	d := &discovery{generators: map[string]bool{}, folder: func(rel string) ([]fs.DirEntry, error) {
		return confine.ReadDir(filepath.Join(dir, filepath.FromSlash(rel)))
	}}
	err := confine.WalkDir(dir, func(p string, de fs.DirEntry, err error) error {
		if err != nil {
			if p == dir {
				return err
			}
			return nil // unreadable entries are not the project's documents
		}
		name := de.Name()
		if name == ".openapi-generator" || name == ".openapi-generator-ignore" {
			rel, _ := filepath.Rel(dir, filepath.Dir(p))
			d.generators[filepath.ToSlash(rel)] = true
		}
		if de.IsDir() {
			if p != dir && (strings.HasPrefix(name, ".") || skipDirs[name]) {
				return filepath.SkipDir
			}
			if p != dir {
				rel, _ := filepath.Rel(dir, filepath.Dir(p))
				parent := filepath.ToSlash(rel)
				subfolders[parent] = append(subfolders[parent], name)
			}
			return nil
		}
		if !de.Type().IsRegular() {
			return nil
		}
		rel, _ := filepath.Rel(dir, p)
		rel = filepath.ToSlash(rel)
		ext := strings.ToLower(filepath.Ext(name))
		if lang := codeLanguages[ext]; lang != "" {
			d.code = append(d.code, codeFile{rel, lang})
		}
		switch ext {
		case ".json", ".yaml", ".yml":
			if name != config.FileName {
				candidates = append(candidates, rel)
			}
		case ".go", ".py", ".js", ".mjs", ".cjs", ".ts", ".mts", ".cts": // routes/js.Exts beside Go and Python
			if !route.IsTestFile(rel) { // route extraction leaves them out too
				sources = append(sources, rel)
			}
		case ".md", ".markdown":
			d.markdown = true
			if strings.HasPrefix(rel, "docs/") {
				d.docs = true
			}
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("read %s: %v", dir, err)
	}
	docs := make([]*reduce.Document, len(candidates)) // the OpenAPI documents
	// the JSON Schema documents, as init keeps them: with definitions, or a
	// root that is an object schema
	schemas, roots := make([]*schemaFile, len(candidates)), make([]*schemaFile, len(candidates))
	templates := make([]bool, len(candidates))
	var wg sync.WaitGroup
	sem := make(chan struct{}, 8)
	for i, rel := range candidates {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			p := filepath.Join(dir, filepath.FromSlash(rel))
			if st, err := confine.Stat(p); err != nil || st.Size() > initMaxFileSize {
				return
			}
			if yttTemplate(confine, p) {
				templates[i] = true
				return
			}
			// init takes no budget flags: the default budgets, and its own file size
			doc, err := reduce.LoadFile(confine, limits.Limits{FileSize: initMaxFileSize}, p, rel)
			switch {
			case err != nil:
			case doc.Dialect.IsOpenAPI():
				docs[i] = doc
			case isMetaSchema(doc):
			case len(doc.Definitions) > 0:
				schemas[i] = summarize(doc)
			case doc.RootDefinition() != nil && len(propertyNames(doc.Root)) > 0:
				roots[i] = summarize(doc)
			}
		}()
	}
	wg.Wait()
	for i, t := range templates {
		if t {
			d.templates = append(d.templates, candidates[i])
		}
	}
	for i := range candidates {
		switch {
		case docs[i] != nil:
			d.specs = append(d.specs, docs[i])
		case schemas[i] != nil:
			d.schemas = append(d.schemas, schemas[i])
		case roots[i] != nil:
			d.roots = append(d.roots, roots[i])
		}
	}
	d.leaveOut(confine, dir)
	d.jsdoc = jsdocSpecs(confine, dir, sources, candidates)
	for _, j := range d.jsdoc {
		d.specs = append(d.specs, j.doc)
	}
	d.pair()
	d.findFixtures(subfolders, candidates)
	sources, examples := splitExamples(sources)
	d.server, d.servers = chooseServer(confine, dir, guessServers(confine, dir, sources), d.specs, d.jsdoc)
	if d.server == nil {
		d.exampleServers = exampleApps(confine, dir, examples)
	}
	return d, nil
}

// exampleApps names the example apps among the source files examples, by
// the folder just below their example folder and the framework they register
// routes with (examples/service-whoami-flask (flask)), sorted, at most four
// and how many more.
func exampleApps(confine *fsroot.Root, dir string, examples []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, rel := range examples {
		fw, _ := sourceFramework(confine, filepath.Join(dir, filepath.FromSlash(rel)), markerExt(rel))
		if fw == "" {
			continue
		}
		segs := strings.Split(path.Dir(rel), "/")
		app := path.Dir(rel)
		for i, seg := range segs {
			if exampleFolders[seg] {
				app = strings.Join(segs[:min(i+2, len(segs))], "/")
				break
			}
		}
		if name := app + " (" + fw + ")"; !seen[name] {
			seen[name] = true
			out = append(out, name)
		}
	}
	sort.Strings(out)
	if len(out) > 4 {
		out = append(out[:4], fmt.Sprintf("and %d more", len(out)-4))
	}
	return out
}

// commonPrefix returns the first segment every operation path of a spec
// starts with (/v1), when there are several operations; "" otherwise.
func commonPrefix(routes []route.Route) string {
	if len(routes) < 2 {
		return ""
	}
	first := ""
	for _, r := range routes {
		p := strings.TrimPrefix(r.Path(), "/")
		seg, rest, ok := strings.Cut(p, "/")
		if !ok || rest == "" || strings.ContainsAny(seg, "{}:*") || first != "" && seg != first {
			return ""
		}
		first = seg
	}
	return "/" + first
}

// exampleFolders hold example apps of a project (jupyterhub's
// examples/service-whoami-flask beside its Tornado server): the routes they
// register are not the server's, whatever framework they use.
var exampleFolders = map[string]bool{"example": true, "examples": true, "demo": true, "demos": true, "sample": true, "samples": true}

// splitExamples sets apart the source files under a folder exampleFolders
// names.
func splitExamples(sources []string) (kept, examples []string) {
	for _, rel := range sources {
		example := false
		for _, seg := range strings.Split(path.Dir(rel), "/") {
			example = example || exampleFolders[seg]
		}
		if example {
			examples = append(examples, rel)
		} else {
			kept = append(kept, rel)
		}
	}
	return kept, examples
}

// stubFolders hold test stubs and fixtures: documents a test reads, often
// copies of the project's own, not its contract (kratos's
// oryx/configx/stub/*, schema/stub, ui/node/fixtures).
var stubFolders = map[string]bool{"stub": true, "stubs": true, "fixtures": true, "__fixtures__": true}

// leftOut is a document init leaves out and why.
type leftOut struct{ path, why string }

// leaveOut drops from the documents found those under a folder stubFolders
// names and those that copy another document kept: byte for byte (in
// another folder only when it names no other file, which would resolve
// elsewhere), or, when
// a generator wrote it (it lies in a folder holding .openapi-generator
// metadata, or its first lines say it is generated), with the same title and
// paths (an OpenAPI document) or definition names (a JSON Schema): lakeFS's
// clients/java/api/openapi.yaml, which openapi-generator writes from
// api/swagger.yml, doubled every finding on the spec. Documents not written
// by a generator come first, so the original is the one kept.
func (d *discovery) leaveOut(confine *fsroot.Root, dir string) {
	type doc struct {
		path, shape string
		generated   bool
		size        int64
		listed      bool // not a root-only schema, which is named only where it pairs
		// refs: its $refs name other files, which a copy in another folder
		// resolves elsewhere
		refs bool
	}
	var docs []*doc
	for _, spec := range d.specs {
		var paths []string
		reduce.Pairs(reduce.Value(spec.Root, "paths"), func(k, _ *reduce.Node) bool {
			paths = append(paths, k.Value)
			return true
		})
		sort.Strings(paths)
		title := ""
		if t := reduce.Value(reduce.Value(spec.Root, "info"), "title"); t != nil {
			title = t.Value
		}
		docs = append(docs, &doc{path: spec.Path, shape: "openapi\x00" + title + "\x00" + strings.Join(paths, "\x00"), listed: true, refs: len(referencedFiles(spec)) > 0})
	}
	for _, list := range [][]*schemaFile{d.schemas, d.roots} {
		for _, s := range list {
			shape := ""
			if len(s.defs) > 0 {
				defs := slices.Sorted(slices.Values(s.defs))
				shape = "schema\x00" + strings.Join(defs, "\x00")
			}
			docs = append(docs, &doc{path: s.Path, shape: shape, listed: shape != "", refs: len(s.refs) > 0})
		}
	}
	sizes := map[int64]int{}
	for _, x := range docs {
		if st, err := confine.Stat(filepath.Join(dir, filepath.FromSlash(x.path))); err == nil {
			x.size = st.Size()
			sizes[x.size]++
		}
		x.generated = d.generatedBy(x.path) || generatedHeader(confine, filepath.Join(dir, filepath.FromSlash(x.path)))
	}
	sort.SliceStable(docs, func(i, j int) bool {
		if docs[i].generated != docs[j].generated {
			return !docs[i].generated
		}
		return docs[i].path < docs[j].path
	})
	drop := map[string]bool{}
	left := func(x *doc, why string) {
		drop[x.path] = true
		if x.listed {
			d.left = append(d.left, leftOut{x.path, why})
		}
	}
	contents, shapes := map[string]string{}, map[string]string{} // digest or shape -> the document kept
	// a document is recorded as the one kept only once it passed every
	// check, so no line names a document left out itself
	for _, x := range docs {
		if f := stubFolder(x.path); f != "" {
			left(x, "under a folder named "+f)
			continue
		}
		key := ""
		if sizes[x.size] > 1 {
			if data, err := confine.ReadFile(filepath.Join(dir, filepath.FromSlash(x.path)), initMaxFileSize); err == nil {
				sum := sha256.Sum256(data)
				key = string(sum[:])
			}
		}
		first, seen := contents[key]
		if key != "" && seen && (!x.refs || path.Dir(first) == path.Dir(x.path)) {
			left(x, "the same bytes as "+first)
			continue
		}
		if first, ok := shapes[x.shape]; x.shape != "" && ok && x.generated {
			left(x, "a generated copy of "+first)
			continue
		}
		if key != "" && !seen {
			contents[key] = x.path
		}
		if _, ok := shapes[x.shape]; x.shape != "" && !ok {
			shapes[x.shape] = x.path
		}
	}
	if len(drop) == 0 {
		return
	}
	sort.Slice(d.left, func(i, j int) bool { return d.left[i].path < d.left[j].path })
	d.specs = slices.DeleteFunc(d.specs, func(x *reduce.Document) bool { return drop[x.Path] })
	d.schemas = slices.DeleteFunc(d.schemas, func(x *schemaFile) bool { return drop[x.Path] })
	d.roots = slices.DeleteFunc(d.roots, func(x *schemaFile) bool { return drop[x.Path] })
}

// stubFolder returns the first folder of rel (slash-separated) stubFolders
// names, "" when there is none.
func stubFolder(rel string) string {
	segs := strings.Split(rel, "/")
	for _, s := range segs[:len(segs)-1] {
		if stubFolders[s] {
			return s
		}
	}
	return ""
}

// generatedBy reports whether rel lies in a folder an OpenAPI generator wrote.
func (d *discovery) generatedBy(rel string) bool {
	segs := strings.Split(path.Dir(rel), "/")
	for i := range segs {
		if d.generators[strings.Join(segs[:i+1], "/")] {
			return true
		}
	}
	return d.generators["."]
}

// generatedHeader reports whether one of the first comment lines of the file
// at p says it is generated ("Code generated by …", "DO NOT EDIT",
// "auto-generated").
func generatedHeader(confine *fsroot.Root, p string) bool {
	f, err := confine.Open(p)
	if err != nil {
		return false
	}
	defer func() { _ = f.Close() }() // read-only: closing cannot lose data
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 4<<10), 64<<10)
	for n := 0; sc.Scan() && n < 10; n++ {
		line := strings.TrimSpace(sc.Text())
		if !strings.HasPrefix(line, "#") && !strings.HasPrefix(line, "//") {
			if line == "" || line == "---" {
				continue
			}
			return false // the document starts: no header
		}
		l := strings.ToLower(line)
		if strings.Contains(l, "generated") || strings.Contains(l, "do not edit") {
			return true
		}
	}
	return false
}

// findFixtures picks the folders whose subfolders are all named after
// definitions of one schema and each hold payloads (JSON or YAML files of
// their own: the layout 'wirelint fixtures' reads, FOLDER/Definition/*.json),
// with the first such schema by path. payloads lists the JSON and YAML files
// found (relative paths). A folder whose one subfolder only shares a name
// with a definition is no fixtures folder: SchemaStore's root holds src/, and
// its install.json defines src.
func (d *discovery) findFixtures(subfolders map[string][]string, payloads []string) {
	holds := map[string]bool{} // the folders holding a JSON or YAML file
	for _, p := range payloads {
		holds[path.Dir(p)] = true
	}
	parents := make([]string, 0, len(subfolders))
	for p := range subfolders {
		parents = append(parents, p)
	}
	sort.Strings(parents)
	for _, parent := range parents {
		var best *schemaFile
		for _, s := range d.schemas {
			all := true
			for _, name := range subfolders[parent] {
				all = all && s.named[name] && holds[path.Join(parent, name)]
			}
			if all && best == nil {
				best = s
			}
		}
		if best != nil {
			d.fixtures = append(d.fixtures, initFixtures{schema: best, folder: parent})
		}
	}
}

// isMetaSchema spots copies of the JSON Schema meta-schemas, which define
// keywords, not a contract.
func isMetaSchema(doc *reduce.Document) bool {
	id := reduce.Value(doc.Root, "$id")
	if id == nil {
		id = reduce.Value(doc.Root, "id")
	}
	return id != nil && strings.Contains(id.Value, "json-schema.org/")
}

// codeLanguages are the languages of source files, by extension, as the
// regex dialects name them (ECMA-262 in u mode, as JSON Schema reads
// patterns and ajv compiles them, for JavaScript and TypeScript), or by the
// language's name where wirelint has no dialect for it.
var codeLanguages = map[string]string{
	".go": "go", ".py": "python", ".rs": "rust",
	".js": "ecma-u", ".mjs": "ecma-u", ".cjs": "ecma-u", ".ts": "ecma-u", ".mts": "ecma-u", ".cts": "ecma-u", ".tsx": "ecma-u", ".jsx": "ecma-u",
	".java": "java", ".kt": "kotlin", ".cs": "c#", ".rb": "ruby", ".php": "php", ".swift": "swift", ".dart": "dart",
}

// dialectOrder lists the regex dialects init proposes, in the order written.
var dialectOrder = []string{"go", "python", "rust", "ecma-u"}

// codeFile is a source file (slash-separated, relative to the project) and
// its language (codeLanguages).
type codeFile struct{ rel, lang string }

// clientFolder reports whether a folder's name says it holds a client or SDK
// of an API: client, clients, sdk, sdks, client-go, python_client,
// httpclient.
func clientFolder(name string) bool {
	n := strings.ToLower(name)
	for _, w := range []string{"client", "clients", "sdk", "sdks"} {
		if n == w || strings.HasPrefix(n, w+"-") || strings.HasPrefix(n, w+"_") || strings.HasSuffix(n, "-"+w) || strings.HasSuffix(n, "_"+w) {
			return true
		}
	}
	return strings.HasSuffix(n, "client")
}

// consumer says whether a file lies in a client or SDK: under a folder
// clientFolder names, or one an OpenAPI generator wrote.
func (d *discovery) consumer(rel string) bool {
	segs := strings.Split(path.Dir(rel), "/")
	for i, s := range segs {
		if clientFolder(s) || d.generators[strings.Join(segs[:i+1], "/")] {
			return true
		}
	}
	return false
}

// proposedDialects are the regex dialects init proposes and why: the
// languages of the code that consumes the contract — the server found and
// the clients and SDKs (consumer) — else, when none is recognised, those
// the project's code is written in, else the regex rule's default (Go and
// Rust). ECMA-262 in u mode, the schema's own dialect, is always checked: it
// is proposed only alone, where it keeps the default from being used.
// unchecked are the languages of clients with no dialect here (java).
func (d *discovery) proposedDialects() (dialects []string, why string, unchecked []string) {
	server, clients, all, other := map[string]bool{}, map[string]bool{}, map[string]bool{}, map[string]bool{}
	if d.server != nil {
		server[map[string]string{"go": "go", "python": "python", "javascript": "ecma-u"}[d.server.language]] = true
	}
	for _, f := range d.code {
		switch {
		case !slices.Contains(dialectOrder, f.lang):
			if d.consumer(f.rel) {
				other[f.lang] = true
			}
		case d.consumer(f.rel):
			clients[f.lang] = true
			all[f.lang] = true
		default:
			all[f.lang] = true
		}
	}
	names := func(set map[string]bool) string {
		var out []string
		for _, l := range dialectOrder {
			if set[l] {
				out = append(out, map[string]string{"go": "Go", "python": "Python", "rust": "Rust", "ecma-u": "JavaScript"}[l])
			}
		}
		return strings.Join(out, ", ")
	}
	pick := func(sets ...map[string]bool) []string {
		var out []string
		for _, l := range dialectOrder {
			for _, set := range sets {
				if set[l] {
					out = append(out, l)
					break
				}
			}
		}
		if len(out) > 1 {
			out = slices.DeleteFunc(out, func(l string) bool { return l == "ecma-u" })
		}
		return out
	}
	for l := range other {
		unchecked = append(unchecked, l)
	}
	sort.Strings(unchecked)
	switch {
	case len(server)+len(clients) > 0:
		var parts []string
		if len(server) > 0 {
			parts = append(parts, "the server ("+names(server)+")")
		}
		if len(clients) > 0 {
			parts = append(parts, "the clients and SDKs ("+names(clients)+")")
		}
		return pick(server, clients), "Proposed from the languages of " + strings.Join(parts, " and ") + " found in this project's code.", unchecked
	case len(all) > 0:
		return pick(all), "No server or client of the contract was recognised: proposed from the languages this project's code is written in (" + names(all) + ").", unchecked
	}
	return []string{"go", "rust"}, "No Go, Python, Rust or JavaScript code was found here: these are the regex rule's default, not your clients' languages.", unchecked
}

// serverMarkers recognise a routing framework from one line of source.
var serverMarkers = append([]serverMarker{
	{".go", `"github.com/go-chi/chi`, "go", "go"},
	{".go", `"github.com/gin-gonic/gin"`, "go", "go"},
	{".go", `"github.com/labstack/echo`, "go", "go"},
	{".go", `"github.com/gorilla/mux"`, "go", "go"},
	{".go", `"github.com/gofiber/fiber`, "go", "go"},
	{".go", `"github.com/beego/beego/v2/server/web"`, "go", "go"},
	{".go", `"github.com/astaxie/beego"`, "go", "go"},
	{".go", `"github.com/julienschmidt/httprouter"`, "go", "go"},
	{".go", `.HandleFunc("`, "go", "go"},
	{".py", "from fastapi", "fastapi", "python"},
	{".py", "from flask", "flask", "python"},
	{".py", "from starlette", "starlette", "python"},
	{".py", "urlpatterns = ", "django", "python"}, // a Django URLconf, not any module importing reverse
	{".py", "urlpatterns += ", "django", "python"},
}, jsServerMarkers()...)

// markerExt is the extension serverMarkers spell a source file's under: a
// JavaScript module's (.mjs, .cjs) as .js, a TypeScript module's (.mts, .cts)
// as .ts.
func markerExt(rel string) string {
	switch ext := strings.ToLower(filepath.Ext(rel)); ext {
	case ".mjs", ".cjs":
		return ".js"
	case ".mts", ".cts":
		return ".ts"
	default:
		return ext
	}
}

// serverMarker is one line a framework's source holds.
type serverMarker struct{ ext, marker, framework, language string }

// jsServerModules are the JavaScript modules whose import marks a file of a
// server wirelint reads, with the framework it is read as; each is
// recognised imported or required, in either quote, in .js and .ts files
// (dittofeed imports "fastify" in double quotes, which one spelling missed).
var jsServerModules = []struct{ module, framework string }{
	{"express", "express"}, {"fastify", "fastify"}, {"hono", "hono"}, {"@nestjs/core", "nestjs"}, {"@nestjs/common", "nestjs"},
}

// jsServerMarkers spells each of jsServerModules' imports every way.
func jsServerMarkers() []serverMarker {
	var out []serverMarker
	for _, m := range jsServerModules {
		for _, ext := range []string{".js", ".ts"} {
			for _, q := range []string{"'", `"`} {
				for _, form := range []string{"from " + q + m.module + q, "require(" + q + m.module + q + ")"} {
					out = append(out, serverMarker{ext, form, m.framework, "javascript"})
				}
			}
		}
	}
	return out
}

// guessServers finds the source files that register routes with a framework
// wirelint reads and returns one candidate per module or app root
// (appRootMarkers), in the order init prefers them when nothing else tells
// them apart: the shallowest root first — a Go module at the top whose
// router lives in pkg/routes is the server, not an Electron shell's express
// app one folder down (vikunja's desktop/) — then the one with most files
// registering routes (Flowise's packages/server over
// packages/api-documentation, whose one express app serves the docs). Each
// candidate's folder is that root, so a prefix declared beside the router
// package is seen.
func guessServers(confine *fsroot.Root, dir string, sources []string) []*serverGuess {
	sort.SliceStable(sources, func(i, j int) bool {
		di, dj := depth(sources[i]), depth(sources[j])
		if di != dj {
			return di < dj
		}
		return sources[i] < sources[j]
	})
	var found []*serverGuess
	byRoot := map[string]*serverGuess{}
	bestRoot := -1
	for _, rel := range sources {
		if bestRoot >= 0 && depth(rel) > bestRoot+maxRouterDepth {
			break // a root shallower than best's lies at most this far above its router
		}
		fw, lang := sourceFramework(confine, filepath.Join(dir, filepath.FromSlash(rel)), markerExt(rel))
		if fw == "" {
			continue
		}
		folder := filepath.ToSlash(filepath.Dir(filepath.FromSlash(rel)))
		root := appRoot(confine, dir, folder, appRootMarkers[lang])
		if c := byRoot[root]; c != nil {
			c.files++
			continue
		}
		c := &serverGuess{dir: root, framework: fw, language: lang, files: 1}
		byRoot[root] = c
		found = append(found, c)
		if bestRoot < 0 || folderDepth(root) < bestRoot {
			bestRoot = folderDepth(root)
		}
	}
	sort.SliceStable(found, func(i, j int) bool {
		di, dj := folderDepth(found[i].dir), folderDepth(found[j].dir)
		if di != dj {
			return di < dj
		}
		return found[i].files > found[j].files
	})
	return found
}

// maxServerCandidates bounds the candidate servers whose routes init reads
// to choose among them.
const maxServerCandidates = 4

// chooseServer pairs each candidate server with the spec documenting it
// (pairRoutes) and, when there are several, reads the routes of the first
// maxServerCandidates (runner.ServedOperations) and keeps the one serving
// most of its spec's operations, the first in guessServers' order on a tie:
// prowler's Starlette mcp_server, its root as shallow and its files more,
// serves none of the spec's /api/v1 operations, which the Django REST
// framework app under api/ serves. It returns the server chosen and the
// candidates compared (nil when there was one).
func chooseServer(confine *fsroot.Root, dir string, candidates []*serverGuess, specs []*reduce.Document, jsdoc []jsdocSpec) (*serverGuess, []*serverGuess) {
	candidates = candidates[:min(len(candidates), maxServerCandidates)]
	ops := specOperations(specs)
	for _, c := range candidates {
		pairRoutes(confine, dir, c, ops)
	}
	switch len(candidates) {
	case 0:
		return nil, nil
	case 1:
		return candidates[0], nil
	}
	var best *serverGuess
	for _, c := range candidates {
		if c.spec != nil {
			basePath := "" // a swagger-jsdoc definition's server URL, as render writes it
			if j := jsdocOf(jsdoc, c.spec); j != nil {
				basePath = j.basePath
			}
			served, ops, err := runner.ServedOperations(c.spec, basePath, filepath.Join(dir, filepath.FromSlash(c.dir)), c.framework, confine, limits.Limits{FileSize: initMaxFileSize})
			if err == nil {
				c.served, c.ops = served, ops
			}
		}
		if best == nil || c.served > best.served || c.served == best.served && c.served > 0 && within(c.dir, best.dir) {
			best = c // the most, and of two serving as many, the one inside the other's folder
		}
	}
	return best, candidates
}

// maxRouterDepth bounds how many folders below its module or app root
// guessServers looks for a router file once it has a candidate.
const maxRouterDepth = 6

// depth is the number of folders a slash-separated relative file path lies in.
func depth(rel string) int { return strings.Count(rel, "/") }

// folderDepth is the depth of a file in folder (slash-separated, relative).
func folderDepth(folder string) int {
	if folder == "." || folder == "" {
		return 0
	}
	return strings.Count(folder, "/") + 1
}

func sourceFramework(confine *fsroot.Root, path, ext string) (framework, language string) {
	f, err := confine.Open(path)
	if err != nil {
		return "", ""
	}
	defer func() { _ = f.Close() }() // read-only: closing cannot lose data
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for n := 0; sc.Scan() && n < 400; n++ {
		line := strings.TrimSpace(sc.Text())
		if strings.HasPrefix(line, "//") || strings.HasPrefix(line, "#") {
			continue
		}
		for _, m := range serverMarkers {
			if m.ext == ext && strings.Contains(line, m.marker) {
				return m.framework, m.language
			}
		}
	}
	return "", ""
}

// folderGlobs returns paths (sorted, relative to the project) with the files
// of each folder that share an extension written as one glob (schemas/v1/*.json)
// where the glob matches exactly those files — every entry of the folder it
// matches is a regular file among paths — and at least three of them: a
// schema repository's thousands of files are a few hundred lines, and the glob
// names nothing init left out (an older copy, a schema another refers to, a
// file that is no document). The rest stay as they are.
func (d *discovery) folderGlobs(paths []string) []string {
	if d.folder == nil {
		return paths
	}
	type group struct {
		folder, ext string
	}
	members := map[group][]string{}
	for _, p := range paths {
		g := group{path.Dir(p), path.Ext(p)}
		members[g] = append(members[g], p)
	}
	listed := map[string]bool{}
	for _, p := range paths {
		listed[p] = true
	}
	glob := map[string]string{} // first member -> the glob written in its place
	dropped := map[string]bool{}
	for g, ps := range members {
		if len(ps) < 3 || g.ext == "" || strings.ContainsAny(g.folder+g.ext, "*?[\\") {
			continue
		}
		entries, err := d.folder(g.folder)
		if err != nil {
			continue
		}
		matched := 0
		exact := true
		for _, e := range entries {
			if !strings.HasSuffix(e.Name(), g.ext) {
				continue
			}
			if !e.Type().IsRegular() || !listed[path.Join(g.folder, e.Name())] {
				exact = false
				break
			}
			matched++
		}
		if !exact || matched != len(ps) {
			continue
		}
		slices.Sort(ps)
		glob[ps[0]] = path.Join(g.folder, "*"+g.ext)
		for _, p := range ps[1:] {
			dropped[p] = true
		}
	}
	var out []string
	for _, p := range paths {
		switch {
		case dropped[p]:
		case glob[p] != "":
			out = append(out, glob[p])
		default:
			out = append(out, p)
		}
	}
	return out
}

// render writes the starter configuration, with comments saying what each
// section does and how to go further. base is the project folder as seen
// from the configuration's folder. The comments cite no path: the docs rule
// reads comments, and init must not write what check flags.
func (d *discovery) render(base string) string {
	var b strings.Builder
	q := func(p string) string { return strconv.Quote(path.Join(base, p)) }
	b.WriteString("# yaml-language-server: $schema=" + config.SchemaURL + "\n")
	b.WriteString("# wirelint configuration. Paths are relative to this file; 'wirelint explain RULE' describes a rule.\n")
	b.WriteString("# Written by 'wirelint init'; review it, then run 'wirelint check'.\n")
	b.WriteString("version: 1\n")
	b.WriteString("wirelint: " + releaseVersion + "  # the least wirelint version this file needs\n")
	if len(d.pairs) > 0 {
		b.WriteString("\n# Each canonical JSON Schema and the OpenAPI document that mirrors it, paired by the\n")
		b.WriteString("# definition names they share. Add renames: {CanonicalName: MirrorName} for renamed ones.\n")
		b.WriteString("parity:\n")
		for _, p := range d.pairs {
			note := fmt.Sprintf("%d shared definition%s", p.shared, plural(p.shared, "", "s"))
			if p.root {
				note = "its root has the properties of a mirror definition"
			}
			fmt.Fprintf(&b, "  - canonical: %s\n    mirror: %s  # %s\n", q(p.canonical.Path), q(p.mirror.Path), note)
			if len(p.renames) > 0 {
				names := make([]string, 0, len(p.renames))
				for c := range p.renames {
					names = append(names, c)
				}
				sort.Strings(names)
				entries := make([]string, len(names))
				for i, c := range names {
					entries[i] = strconv.Quote(c) + ": " + strconv.Quote(p.renames[c])
				}
				fmt.Fprintf(&b, "    renames: {%s}  # the same definitions under other names\n", strings.Join(entries, ", "))
			}
		}
	} else if len(d.schemas)+len(d.roots)+len(d.specs) > 0 {
		b.WriteString("\n# No JSON Schema shares definition names with an OpenAPI document; pair them by hand:\n")
		b.WriteString("# parity:\n#   - canonical: schema.json\n#     mirror: openapi.yaml\n")
	}
	if len(d.jsdoc) > 0 {
		b.WriteString("\n# Files a swagger-jsdoc definition merges its paths from: they name no OpenAPI version, so they\n")
		b.WriteString("# are read as the one the definition gives.\n")
		b.WriteString("versions:\n")
		for _, j := range d.jsdoc {
			fmt.Fprintf(&b, "  - file: %s\n    openapi: %s  # %s\n", q(j.doc.Path), strconv.Quote(j.version), report.Visible(j.script))
		}
	}
	mentioned := map[string]bool{}
	for _, p := range d.pairs {
		mentioned[p.canonical.Path], mentioned[p.mirror.Path] = true, true
	}
	if d.server != nil && d.server.spec != nil {
		mentioned[d.server.spec.Path] = true
	}
	// A root-only schema is named only where it pairs: a project holds many
	// (configuration and test schemas) that are no contract.
	var all []string
	for _, s := range d.schemas {
		all = append(all, s.Path)
	}
	for _, doc := range d.specs {
		all = append(all, doc.Path)
	}
	sort.Strings(all)
	unmentioned := false
	for _, p := range all {
		unmentioned = unmentioned || !mentioned[p] && !d.stale[p] && !d.referenced[p]
	}
	if unmentioned {
		b.WriteString("\n# The documents whose $refs are checked (by default only those named above).\n")
		b.WriteString("refs:\n  documents:\n")
		var paths []string
		for _, p := range all {
			if !d.stale[p] && !d.referenced[p] {
				paths = append(paths, p)
			}
		}
		for _, p := range d.folderGlobs(paths) {
			fmt.Fprintf(&b, "    - %s\n", q(p))
		}
	}
	if len(d.left) > 0 {
		advice := "add them to refs.documents to check them too"
		if !unmentioned {
			// no refs section: a list written now replaces the default
			// (the documents named above), so it must name those too
			advice = "to check them too, list them under refs.documents with the documents named above"
		}
		b.WriteString("\n" + commentLines("Left out ("+advice+"): test stubs and fixtures, and copies of a document kept, which would report each of its findings twice:", 100))
		for _, l := range d.left[:min(len(d.left), 8)] {
			b.WriteString(commentLine(path.Join(base, l.path) + ": " + l.why))
		}
		if len(d.left) > 8 {
			fmt.Fprintf(&b, "#   and %d more\n", len(d.left)-8)
		}
	}
	if len(d.templates) > 0 {
		b.WriteString("\n# ytt templates (#@ annotations) are inputs of the document ytt renders, not documents: their\n")
		b.WriteString("# $refs name what the other templates add. Check the rendered document instead:\n")
		for _, t := range d.templates[:min(len(d.templates), 5)] {
			b.WriteString(commentLine(path.Join(base, t)))
		}
		if len(d.templates) > 5 {
			fmt.Fprintf(&b, "#   and %d more\n", len(d.templates)-5)
		}
	}
	if d.server != nil && d.server.spec != nil {
		b.WriteString("\n# The spec's routes compared with the routes the server's source registers.\n")
		if len(d.servers) > 1 {
			b.WriteString(d.serverChoice(base))
		}
		fmt.Fprintf(&b, "routes:\n  - spec: %s\n    server: %s\n    framework: %s\n", q(d.server.spec.Path), q(d.server.dir), d.server.framework)
		if j := jsdocOf(d.jsdoc, d.server.spec); j != nil && j.basePath != "" {
			fmt.Fprintf(&b, "    base_path: %s  # the definition's server URL, in %s\n", strconv.Quote(j.basePath), report.Visible(j.script))
		}
		if prefix := d.server.specPrefix; prefix != "" {
			b.WriteString(commentLines("Every path of "+d.server.spec.Path+" lies under "+prefix+"/: to compare only the server's routes there, leaving out its pages and tooling, add:", 100))
			fmt.Fprintf(&b, "#     include: [%s]\n", strconv.Quote(prefix+"/**"))
		}
	}
	if d.server == nil && len(d.exampleServers) > 0 && len(d.specs) > 0 {
		b.WriteString("\n" + commentLines("Routes are registered here only by example apps ("+strings.Join(d.exampleServers, ", ")+"), not proposed as the server; if the server is one of them, or is written with a framework wirelint does not read, add a routes entry by hand:", 100))
		b.WriteString("# routes:\n#   - spec: openapi.yaml\n#     server: src\n")
	}
	if len(d.schemas)+len(d.roots)+len(d.specs) > 0 {
		dialects, why, unchecked := d.proposedDialects()
		text := "Every pattern must compile and match alike in these regex dialects, besides ECMA-262 in u mode (JSON Schema's own, always checked). " + why
		if len(unchecked) > 0 {
			text += " Clients in " + strings.Join(unchecked, ", ") + " have no dialect here and are not checked."
		}
		text += " Add those of clients kept elsewhere (go, python, rust; ecma-legacy: JavaScript compiling patterns without the u flag)."
		b.WriteString("\n" + commentLines(text, 100))
		fmt.Fprintf(&b, "regex:\n  dialects: [%s]\n", strings.Join(dialects, ", "))
	}
	if len(d.fixtures) > 0 {
		b.WriteString("\n# Golden payloads, in folders named after the definitions they exercise, must validate\n")
		b.WriteString("# against the schema (and its mirror, which must agree on them).\n")
		b.WriteString("fixtures:\n")
		for _, f := range d.fixtures {
			fmt.Fprintf(&b, "  - schema: %s\n", q(f.schema.Path))
			for _, p := range d.pairs {
				if p.canonical == f.schema {
					fmt.Fprintf(&b, "    mirror: %s\n", q(p.mirror.Path))
					break
				}
			}
			fmt.Fprintf(&b, "    folders: [%s]\n", q(f.folder))
		}
	}
	if d.markdown {
		b.WriteString("\n# Relative links in every Markdown file here, and documentation paths cited in source\n")
		b.WriteString("# comments, must resolve.\n")
		fmt.Fprintf(&b, "docs:\n  root: %s\n", q("."))
		if d.docs {
			fmt.Fprintf(&b, "  cited: [%s]\n", strconv.Quote("docs/**/*.md"))
		}
	}
	b.WriteString("\n# Rule severities (error, warning, info, off) by rule id or family/*:\n")
	b.WriteString("# rules:\n#   parity/mirror-only-definition: off\n")
	b.WriteString("\n# Ignores need a reason:\n")
	b.WriteString("# ignore:\n#   - rule: parity/keyword\n#     definition: LegacyFrame\n#     reason: the v1 mirror is frozen\n")
	return b.String()
}

// within reports whether the slash-separated relative folder inner lies
// strictly inside outer.
func within(inner, outer string) bool {
	return inner != outer && (outer == "." || strings.HasPrefix(inner, outer+"/"))
}

// commentLines writes text as YAML comment lines of at most width columns.
// Line breaks and other whitespace in text (a file's name) become spaces
// (wrap splits on them), other control characters escapes.
func commentLines(text string, width int) string {
	return "# " + strings.ReplaceAll(wrap(report.Visible(text), width-2), "\n", "\n# ") + "\n"
}

// commentLine writes text, which may hold a file's name, as one indented
// YAML comment line, its control characters escaped (report.Visible): a
// committed file named "x\nrules:\n  \"*\": off\n#.yaml" must not end the
// comment and switch every rule off.
func commentLine(text string) string {
	return "#   " + report.Visible(text) + "\n"
}

// serverChoice says, as comment lines, which candidate servers init read
// and why it chose one.
func (d *discovery) serverChoice(base string) string {
	var b strings.Builder
	b.WriteString("# Servers found, by the spec operations (method and path) their source registers as read here:\n")
	for _, c := range d.servers {
		what := "no spec documents it"
		switch {
		case c.spec != nil && c.ops == 0:
			what = "its routes could not be read"
		case c.spec != nil:
			what = fmt.Sprintf("%d of the %d operations of %s", c.served, c.ops, path.Join(base, c.spec.Path))
		}
		mark := ""
		if c == d.server {
			mark = " (chosen)"
		}
		b.WriteString(commentLine(path.Join(base, c.dir) + " (" + c.framework + "): " + what + mark))
	}
	if d.server.served > 0 {
		b.WriteString("# The one serving most is compared; point server at another to compare that one.\n")
	} else {
		b.WriteString("# None serves one, so the one whose root is shallowest, then with most router files, is\n")
		b.WriteString("# compared: point server at the code that serves the spec.\n")
	}
	return b.String()
}

func (d *discovery) summary() string {
	var parts []string
	parts = append(parts, fmt.Sprintf("%d parity pair%s", len(d.pairs), plural(len(d.pairs), "", "s")))
	if d.server != nil && d.server.spec != nil {
		parts = append(parts, fmt.Sprintf("routes from %s (%s)", d.server.dir, d.server.framework))
	}
	if len(d.fixtures) > 0 {
		parts = append(parts, fmt.Sprintf("%d fixtures folder%s", len(d.fixtures), plural(len(d.fixtures), "", "s")))
	}
	if d.markdown {
		parts = append(parts, "docs")
	}
	if len(d.schemas)+len(d.roots)+len(d.specs) == 0 {
		return "no JSON Schema or OpenAPI documents found; the file lists the sections to fill in"
	}
	return strings.Join(parts, ", ")
}
