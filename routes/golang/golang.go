package golang

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/wirelint/wirelint/internal/fsroot"
	"github.com/wirelint/wirelint/internal/lazyre"
	"github.com/wirelint/wirelint/routes"
)

// goPkg is one Go package of the server: its files and package-level names.
type goPkg struct {
	path   string // import path ("" when no go.mod names it)
	files  []*goFile
	consts map[string]ast.Expr
	// constFile is the file declaring each of consts.
	constFile map[string]*goFile
	// vars marks the names of consts declared with var, not const.
	vars  map[string]bool
	funcs map[string]*ast.FuncDecl
	// methods maps a method name to its declarations (any receiver type).
	methods map[string][]*ast.FuncDecl
	fields  map[string]value // struct fields holding routers, by field name
	// instFields are the values the instances followed (goInst) hold,
	// by field name, as fields holds what other values are assigned;
	// mixed marks a name two of them hold different values of (or an
	// unknown one): read on a value that is no instance followed, it is
	// unknown, not another instance's value.
	instFields map[string]value
	mixed      map[string]bool
	// types are the package's named types, typeFile the file declaring each.
	types    map[string]ast.Expr
	typeFile map[string]*goFile
}

type goFile struct {
	pkg     *goPkg
	ast     *ast.File
	display string
	imports map[string]string // local name -> import path
	facts   *fileFacts        // what its function bodies hold, read at parse
	// tags are the custom build tags the file's constraint names, in the
	// build of every tagged variant only (nil in the default build): what
	// it registers is served only when built with them.
	tags []string
}

// parse returns the syntax of the Go file at path, read through the
// confinement once per extraction and shared by the builds compared.
func (a *goAnalysis) parse(path string) (*ast.File, error) {
	if f, ok := a.parsed.files[path]; ok {
		return f, nil
	}
	src, opaque, err := a.source(path)
	if err != nil {
		return nil, err
	}
	text := src
	if opaque {
		a.parsed.scratch = blankBodies(a.parsed.scratch, src)
		text = a.parsed.scratch
	}
	f, err := parser.ParseFile(a.parsed.fset, path, text, parser.SkipObjectResolution)
	if err != nil && opaque {
		// what parses blanked is what parses whole: the file whole
		// reports the error as the compiler would
		opaque = false
		delete(a.parsed.opaque, path)
		f, err = parser.ParseFile(a.parsed.fset, path, src, parser.SkipObjectResolution)
	}
	if err != nil {
		return nil, fmt.Errorf("%s", strings.Replace(firstLine(err.Error()), path, a.display(path), 1))
	}
	a.parsed.files[path] = f
	a.readFacts(path, f, src, opaque)
	return f, nil
}

// registerNames are the method names a router registers routes or mounts
// routers with, across the frameworks read.
var registerNames = map[string]bool{
	"Handle": true, "HandleFunc": true, "Route": true, "Group": true, "Mount": true, "Path": true, "PathPrefix": true,
	"Add": true, "Any": true, "All": true, "Match": true, "Static": true, "Methods": true,
}

// registers reports whether f, importing a router package, calls a
// method that registers a route with it: a verb or Group, PathPrefix...
// of a router framework, Handle or HandleFunc of net/http (an HTTP
// client's Get is not one): whether the file can change the routes of a
// build that reads it.
func (a *goAnalysis) registers(f *ast.File) bool {
	router, nethttp := false, false
	for _, is := range f.Imports {
		p, _ := strconv.Unquote(is.Path.Value)
		switch fw := frameworkOf(p); fw {
		case nil:
		case &netHTTPFramework:
			nethttp = true
		default:
			router = true
		}
	}
	if !router && !nethttp {
		return false
	}
	found := false
	ast.Inspect(f, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok {
			if sel, ok := c.Fun.(*ast.SelectorExpr); ok {
				name := sel.Sel.Name
				found = name == "Handle" || name == "HandleFunc" || router && (registerNames[name] || routes.IsMethod(name))
			}
		}
		return !found
	})
	return found
}

// header returns the source of the file at path, parsed as f, up to its
// package clause: where its build constraints are.
func (a *goAnalysis) header(path string, f *ast.File) []byte {
	src := a.parsed.sources[path]
	return src[:min(len(src), a.parsed.fset.Position(f.Package).Offset)]
}

// runByName reports whether every Go file of folder dir (tests aside) is
// tagged //go:build ignore: a program kept out of every build and run by
// naming its files (go run main.go routes.go), which ignores the tag.
func (a *goAnalysis) runByName(dir string) bool {
	if v, ok := a.parsed.byName[dir]; ok {
		return v
	}
	a.parsed.byName[dir] = false // a cycle reads as no
	entries, err := a.confine.ReadDir(dir)
	if err != nil {
		return false
	}
	all := false
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		p := filepath.Join(dir, name)
		f, err := a.parse(p)
		if err != nil {
			return false
		}
		ok, custom := Build{}.fileTags(p, a.header(p, f))
		if ok || !slices.Contains(custom, "ignore") {
			return false
		}
		all = true
	}
	a.parsed.byName[dir] = all
	return all
}

// parsedFiles are the Go files parsed once for every build compared.
type parsedFiles struct {
	fset *token.FileSet
	// files and sources by the path read, as the file set names them.
	files   map[string]*ast.File
	sources map[string][]byte
	// byName memoises runByName by folder.
	byName map[string]bool
	// facts are what each file's function bodies hold, by path; stores
	// marks the functions that store a field (storesField), makes those
	// of them that make a router (makesRouter).
	facts         map[string]*fileFacts
	stores, makes map[*ast.FuncDecl]bool
	// lazy are the function bodies set aside (see bodies.go), shift the
	// offset in its file's source of each body parsed again less its
	// offset in the text parsed.
	lazy  map[*ast.FuncDecl]lazyBody
	shift map[*token.File]int
	// aside is set when the server's Go source is more than asideAbove
	// bytes (a field for tests): every body read is set aside.
	aside      bool
	asideAbove int64
	// opaque marks the files of opaque generated code (opaque.go).
	opaque map[string]bool
	// scratch holds the text of the last file parse blanked.
	scratch []byte
}

func newParsedFiles() *parsedFiles {
	return &parsedFiles{fset: token.NewFileSet(), files: map[string]*ast.File{}, sources: map[string][]byte{}, byName: map[string]bool{},
		facts: map[string]*fileFacts{}, stores: map[*ast.FuncDecl]bool{}, makes: map[*ast.FuncDecl]bool{}, lazy: map[*ast.FuncDecl]lazyBody{}, shift: map[*token.File]int{}, asideAbove: asideAbove, opaque: map[string]bool{}}
}

// goAnalysis is one run of Extract.
type goAnalysis struct {
	parsed *parsedFiles
	pkgs   map[string]*goPkg // by import path, and by directory for packages without one
	// methods are the method declarations of every package in pkgs, by
	// name: what uniqueMethod looks through on every call of an unknown
	// method (a loop over the packages cost a sixth of the extraction on
	// openmeter's 540 packages).
	methods    map[string][]*ast.FuncDecl
	byDecl     map[*ast.FuncDecl]*goFile
	routers    []*routes.Router
	defaultMux *routes.Router
	// beego is the application router beego's package-level functions
	// register on (nil = none yet)
	beego *routes.Router
	memo  map[string]value
	// keyed are the values whose address a memo key holds, kept alive: a
	// value collected could leave its address to a new one, which would
	// then hit the memo of another call (the call order, and what the
	// calls budget leaves out, varied with the collector's timing)
	keyed []value
	// memoSince is, for a memo key whose value holds instances the call
	// made, the serial (born) instances had before it: each hit copies
	// those, as each call makes its own.
	memoSince map[string]int
	// born counts the instances made; cond is how many conditional
	// blocks enclose the statement run.
	born, cond int
	active     map[*ast.FuncDecl]bool
	// activeLit cuts recursion of a function literal in one closure (the
	// literal and the scope it was made in), as active does of a declared
	// function: a closure walking a tree calls itself once per child, and
	// followed call by call it spends the calls budget. The same literal
	// made in another scope is another closure: a wrapper's Route method
	// passes each nested group through one literal of its own body.
	activeLit map[litClosure]bool
	// asserted holds the root router each type assertion made, so that
	// evaluating it again yields the same one.
	asserted map[*ast.TypeAssertExpr]*routes.Router
	// activeRecv cuts recursion of a wrapper's method by declaration and
	// receiver: r.Route nests another r.Route on a new wrapper.
	activeRecv map[string]bool
	// site is where the server's code called the wrapper method now
	// running, and siteParams that method's parameters: a registration
	// whose path is one of them is the caller's, reported at site.
	site       *routes.Pos
	siteParams map[string]bool
	called     map[*ast.FuncDecl]bool
	set        *routes.Set
	depth      int
	calls      int // function bodies analysed, bounded by budget.Calls
	// bodyErr is the syntax error of the first body of opaque generated
	// code run that does not parse: blanked, its file did (opaque.go)
	bodyErr   error
	budget    routes.Budget
	overCalls bool // the calls budget ran out and was reported
	display   func(string) string
	confine   *fsroot.Root
	// build decides which files are read; variants are the custom tags
	// of files it left out, in order; tags are the custom tags of the
	// tagged files on the call stack, given to what they register.
	build    Build
	variants []string
	tags     []string
	// program is the main package compared, by folder ("" = every one);
	// programs are, with several main packages and none named, the
	// programs whose imports reach each file, by display name.
	program  string
	programs map[string][]string
	// declPrograms are, with several main packages and none named, the
	// programs reaching each function (funcPrograms), by file display name
	declPrograms map[string][]declSpan
	// modRoot and modPath are the go.mod's directory and module path ("" =
	// none): packages of the module outside the server folder are read for
	// folding when imported.
	modRoot, modPath string
	// unread are the modules go.mod replaces by a folder, which this
	// analysis does not read: their names do not fold, and the gaps they
	// leave say so (goReplace).
	unread []goReplace
	// assigned maps a package-level variable (import path.name) to a place
	// that assigns it after its declaration.
	assigned map[string]routes.Pos
	// folded memoises package-level values already folded.
	folded map[ast.Expr]value
	// root is the folder or file extraction was asked for.
	root string
	// cfgMemo memoises configValue by selector; configFiles are the
	// module's config files, read on first need.
	cfgMemo map[ast.Expr]value
	// locals memoises localDecls by function body.
	locals      map[*ast.BlockStmt][]localDecl
	configFiles []*configFile
	// defsMemo memoises configDefs by key path: every field read of a
	// config struct asks it, and each asking walks every config file
	// (a third of the extraction time on hatchet's 885 files).
	defsMemo map[string][]configDef
	// fieldAssigned maps a field name to the first place the code read
	// assigns a field of that name (cfg.HTTP.Prefix = env): a config field
	// so assigned is not taken from the config files.
	fieldAssigned map[string]routes.Pos
	// flagVars are the package-level variables flag.StringVar (or
	// pflag's) binds to a flag, by goVarKey, with the flag's default.
	flagVars map[string]stdFlagVar
	// flags are the urfave/cli string flags the module declares, by name,
	// found on first need.
	flags map[string]cliFlag
	// configTooMany marks a module with more than maxConfigFiles.
	configTooMany bool
	// argLit is the composite literal evalArgs is about to evaluate as
	// an argument passed by value (nil = none).
	argLit *ast.CompositeLit
}

// goDynamic is a value known not to be static: why says which expression and
// where.
type goDynamic struct{ why string }

// goFunc is a function value: a declaration or a literal with its scope.
type goFunc struct {
	decl *ast.FuncDecl
	lit  *ast.FuncLit
	file *goFile
	env  *goEnv
	// recv is the receiver a method runs with (a *goWrap), or nil.
	recv value
}

// goRoute is a gorilla/mux route under construction.
type goRoute struct {
	r  *routes.Router
	rr *routes.Registration
	// unresolved marks a route whose path or methods did not fold: it is
	// reported unresolved, and a handler attached later does not make it
	// a route.
	unresolved bool
}

// goLost is what a method of a router this analysis does not know returns
// (a helper of a wrapper type, a middleware chain of an unread library): it
// may be the router again, so a route registered on it is a gap of the
// router, scoped to its prefix, and never dropped silently.
type goLost struct {
	r    *routes.Router
	expr string // the call that returned it, shortened
}

// goWrap is a value of a struct type of the server holding a router (a
// wrapper such as type router struct{ chi chi.Router }): its methods run with
// it as their receiver, and reading its field gives the router.
type goWrap struct {
	typ string // the struct type's name
	pkg *goPkg
	r   *routes.Router
	// inst is the wrapper's fields, when a keyed literal made it (nil
	// otherwise: reading any field gives the router).
	inst *goInst
}

// goStrip is http.StripPrefix(prefix, handler).
type goStrip struct {
	prefix string
	inner  value
}

// fiberRoute is Fiber v3's app.Route(path): a path whose methods are chained
// (app.Route("/x").Get(h).Post(h)).
type fiberRoute struct {
	r    *routes.Router
	path string
}

// goStatic is a handler serving files from a folder (http.FileServer).
type goStatic struct{}

// isStatic reports whether a handler value serves files, directly or under
// StripPrefix.
func isStatic(h value) bool {
	switch h := h.(type) {
	case goStatic:
		return true
	case *goStrip:
		return isStatic(h.inner)
	}
	return false
}

type goEnv struct {
	vars   map[string]value
	parent *goEnv
}

func (e *goEnv) lookup(name string) (value, bool) {
	for ; e != nil; e = e.parent {
		if v, ok := e.vars[name]; ok {
			return v, true
		}
	}
	return nil, false
}

func (e *goEnv) set(name string, v value) {
	if name != "_" {
		e.vars[name] = v
	}
}

// update assigns v to name. A variable declared with no value (var r
// *gin.Engine) takes it where it is declared, so a case or block that sets
// it sets it for the code after; a variable declared with a value keeps that
// value outside the block that reassigns it (webPath := "/" set from a flag
// under an if is compared under "/"), as a scope of its own.
func (e *goEnv) update(name string, v value) {
	for s := e; s != nil; s = s.parent {
		if old, ok := s.vars[name]; ok {
			if old == nil {
				s.vars[name] = v
				return
			}
			break
		}
	}
	e.set(name, v)
}

func newEnv(parent *goEnv) *goEnv { return &goEnv{vars: map[string]value{}, parent: parent} }

// Extract extracts the routes a Go server registers, reading every .go file
// under root (or root itself when it is a file) except tests, testdata and
// vendor. display maps a file's path to the name used in output; every file
// is read through confine (see routes.ReadSource), the go.mod and the
// module's other packages included.
func Extract(root string, display func(string) string, confine *fsroot.Root, budget routes.Budget) (*routes.Set, error) {
	return ExtractWith(root, display, confine, budget, Options{})
}

// ExtractWith is Extract with options.
func ExtractWith(root string, display func(string) string, confine *fsroot.Root, budget routes.Budget, opt Options) (*routes.Set, error) {
	files, err := routes.SourceFiles(confine, root, ".go")
	if err != nil {
		return nil, err
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("%s: no Go source found (.go files)", display(root))
	}
	return FromFilesWith(root, files, display, confine, budget, opt)
}

// Options tunes a Go extraction beyond what every language shares.
type Options struct {
	// Tags are the custom build tags set, as go build -tags sets them
	// (nil = the default build).
	Tags []string
	// Program is the folder of the main package compared, slash-separated
	// as output names files ("" = every program: each route names the
	// programs that serve it, and the comparison picks one).
	Program string
}

// FromFiles extracts the routes of the server at root from its .go files,
// as routes.SourceFiles lists them under root, for the default build.
func FromFiles(root string, files []string, display func(string) string, confine *fsroot.Root, budget routes.Budget) (*routes.Set, error) {
	return FromFilesWith(root, files, display, confine, budget, Options{})
}

// FromFilesWith is FromFiles with options. The build compared is the one
// opt.Tags names; when files that build leaves out for their custom tags
// (a feature's real file beside its //go:build !feature stub) register
// routes the compared build does not, those routes are added marked
// Tagged: served only when built with those tags.
func FromFilesWith(root string, files []string, display func(string) string, confine *fsroot.Root, budget routes.Budget, opt Options) (*routes.Set, error) {
	return fromFiles(root, files, display, confine, budget, opt, newParsedFiles())
}

// fromFiles is FromFilesWith reading the files into parsed.
func fromFiles(root string, files []string, display func(string) string, confine *fsroot.Root, budget routes.Budget, opt Options, parsed *parsedFiles) (*routes.Set, error) {
	set, variants, err := extractBuild(root, files, display, confine, budget, Build{Tags: opt.Tags}, parsed, opt.Program)
	if err != nil || len(variants) == 0 {
		return set, err
	}
	tagged, _, err := extractBuild(root, files, display, confine, budget, Build{Tags: opt.Tags, all: true}, parsed, opt.Program)
	if err != nil {
		return nil, err
	}
	served := map[string]bool{}
	programs := false // the build compared has several programs
	for _, r := range set.Routes {
		served[r.Method+" "+r.Template.Key()] = true
		programs = programs || len(r.Programs) > 0
	}
	for _, r := range tagged.Routes {
		if served[r.Method+" "+r.Template.Key()] {
			continue
		}
		if len(r.Tagged) == 0 {
			r.Tagged = variants // reached through a tagged file this analysis did not attribute
		}
		if !programs {
			r.Programs = nil
		}
		set.Routes = append(set.Routes, r)
	}
	set.Finish()
	return set, nil
}

// extractBuild extracts the routes of one build and returns the custom
// tags of the files it left out.
func extractBuild(root string, files []string, display func(string) string, confine *fsroot.Root, budget routes.Budget, build Build, parsed *parsedFiles, program string) (*routes.Set, []string, error) {
	a := &goAnalysis{
		parsed: parsed, build: build, program: cleanProgram(program), programs: map[string][]string{}, declPrograms: map[string][]declSpan{}, pkgs: map[string]*goPkg{}, methods: map[string][]*ast.FuncDecl{}, byDecl: map[*ast.FuncDecl]*goFile{},
		memo: map[string]value{}, memoSince: map[string]int{}, active: map[*ast.FuncDecl]bool{}, activeLit: map[litClosure]bool{}, activeRecv: map[string]bool{}, asserted: map[*ast.TypeAssertExpr]*routes.Router{}, called: map[*ast.FuncDecl]bool{}, set: &routes.Set{},
		display: display, confine: confine, budget: budget, assigned: map[string]routes.Pos{}, folded: map[ast.Expr]value{},
		root: root, cfgMemo: map[ast.Expr]value{}, locals: map[*ast.BlockStmt][]localDecl{}, fieldAssigned: map[string]routes.Pos{}, flagVars: map[string]stdFlagVar{},
	}
	a.modRoot, a.modPath, a.unread = goModule(confine, root)
	if !build.all { // the first build: parsed is new
		whole, err := a.readSources(files)
		if err != nil {
			return nil, nil, err
		}
		parsed.aside = whole > parsed.asideAbove
	}
	var order []*goPkg
	for _, path := range files {
		if strings.HasSuffix(path, "_test.go") {
			continue
		}
		pkg, fresh, err := a.parseFile(path)
		if err != nil {
			return nil, nil, err
		}
		if fresh {
			order = append(order, pkg)
		}
	}
	// Constructors first (functions that store a router in a struct field),
	// so methods reading the field find it; then every other function without
	// a router parameter; then, as orphans, functions taking a router that
	// nothing this analysis follows calls.
	var decls, ctors, rest []*ast.FuncDecl
	order, err := a.programPackages(order)
	if err != nil {
		return nil, nil, err
	}
	for _, pkg := range order {
		for _, f := range pkg.files {
			for _, d := range f.ast.Decls {
				if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil && !f.facts.opaque {
					decls = append(decls, fd) // opaque generated code runs only when called
				}
			}
		}
	}
	var makers []*ast.FuncDecl
	for _, d := range decls {
		if len(a.routerParams(d)) > 0 {
			continue
		}
		switch {
		case !a.parsed.stores[d]:
			rest = append(rest, d)
		case a.parsed.makes[d]:
			makers = append(makers, d)
		default:
			ctors = append(ctors, d)
		}
	}
	// Constructors that make the router run before other functions that
	// merely store a field (s.srv.ReadTimeout = t; docs.Info.Title = x), so
	// those, calling the method that registers on the field, find it set.
	for _, d := range slices.Concat(makers, ctors, rest) {
		a.call(&goFunc{decl: d, file: a.byDecl[d]}, nil, nil)
	}
	// A function literal a package-level variable holds (a cobra command's
	// Run, a CLI's Action, an entry of a table of jobs) runs as well, called
	// by code this analysis does not read: it is read as a function without
	// a router parameter is, before the orphans, so a router it passes on
	// is followed.
	for _, lit := range varFuncLits(order) {
		if len(a.typeRouterParams(lit.file, lit.lit.Type)) == 0 {
			a.call(&goFunc{lit: lit.lit, file: lit.file}, nil, nil)
		}
	}
	orphanFrom := len(a.set.Unresolved)
	var orphans []*routes.Router
	redundant := a.gatewayVariants(decls)
	for _, d := range decls {
		params := a.routerParams(d)
		if len(params) == 0 || a.called[d] || redundant[d] {
			continue
		}
		// one argument per parameter name; a fresh router, marked as an
		// orphan, for each router-typed one, and a struct holding one in
		// its field for each options parameter (its other fields unknown)
		var args []value
		var routers []*routes.Router
		var names []string
		for i, field := range d.Type.Params.List {
			n := max(len(field.Names), 1)
			p, isRouter := params[i]
			for k := 0; k < n; k++ {
				if !isRouter {
					args = append(args, nil)
					continue
				}
				r := a.newRouter(p.framework)
				routers = append(routers, r)
				if p.field != "" {
					args = append(args, &goStruct{fields: map[string]value{p.field: goRouter{r}}})
					continue
				}
				args = append(args, goRouter{r})
			}
			if isRouter {
				for _, n := range paramNames(field) {
					if p.field != "" {
						n += "." + p.field
					}
					names = append(names, n)
				}
			}
		}
		why := fmt.Sprintf("registered on %s of %s, which no call this analysis follows passes a router", strings.Join(names, ", "), d.Name.Name)
		for _, r := range routers {
			r.Orphan = why
		}
		orphans = append(orphans, routers...)
		a.call(&goFunc{decl: d, file: a.byDecl[d]}, args, nil)
	}
	// what the orphan runs left unresolved is set apart, to be kept only
	// where the served routers resolve nothing (servedElsewhere)
	orphanGaps := slices.Clone(a.set.Unresolved[orphanFrom:])
	a.set.Unresolved = a.set.Unresolved[:orphanFrom]
	orphanGaps = append(orphanGaps, detachGaps(orphans)...)
	routes.Flatten(a.routers, a.set)
	a.set.Unresolved = servedElsewhere(a.set, orphans, orphanGaps)
	a.set.Generated = a.goSwagger(order)
	if a.set.Generated == nil {
		a.set.Generated = a.stubServer(order)
	}
	if gen := a.set.Generated; gen != nil && !gen.Routed && len(a.set.Routes) == 0 {
		// the generated server is the whole server: it serves its table
		// (beside other routes, where its handler is mounted is not
		// followed, so its table is not added)
		r := a.newRouter(gen.Generator)
		for _, op := range gen.Operations {
			r.Add([]string{op.Method}, routes.Join(gen.BasePath, op.Path), op.Pos)
		}
		r.Listened = true
		routes.Flatten([]*routes.Router{r}, a.set)
	}
	for i, r := range a.set.Routes {
		a.set.Routes[i].Programs = a.programsAt(r.Pos)
	}
	a.set.Unresolved = append(a.set.Unresolved, a.unreadGaps(order)...)
	a.set.Finish()
	a.set.LookedFor = "Go net/http ServeMux, chi, gin, echo, Fiber, gorilla/mux, beego, httprouter, huma, grpc-gateway, go-swagger, ogen and oapi-codegen"
	a.set.Files = len(files)
	if a.bodyErr != nil {
		return nil, nil, a.bodyErr
	}
	return a.set, a.variants, nil
}

// detachGaps removes and returns the unresolved registrations held by the
// orphan routers and the routers mounted only on them.
func detachGaps(orphans []*routes.Router) []routes.Unresolved {
	var out []routes.Unresolved
	seen := map[*routes.Router]bool{}
	var walk func(r *routes.Router)
	walk = func(r *routes.Router) {
		if seen[r] {
			return
		}
		seen[r] = true
		out = append(out, r.Gaps...)
		r.Gaps = nil
		for _, m := range r.Mounts {
			if m.Child.Parents == 1 {
				walk(m.Child)
			}
		}
	}
	for _, r := range orphans {
		walk(r)
	}
	return out
}

// listen marks the routers handler value h serves as handed to a
// listener: a router, a wrapper of one, StripPrefix's inner handler, or
// those a handler function literal calls through the variables it closes
// over (a middleware's next.ServeHTTP(w, r), a router's method value h(w,
// r)), to a few closures deep.
func (a *goAnalysis) listen(h value, depth int) {
	switch h := h.(type) {
	case goRouter:
		h.r.Listened = true
	case *goWrap:
		h.r.Listened = true
	case *goStrip:
		a.listen(h.inner, depth)
	case *goFunc:
		if h.lit == nil || h.env == nil || depth >= 4 {
			return
		}
		ast.Inspect(h.lit.Body, func(n ast.Node) bool {
			c, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			target := c.Fun
			if sel, ok := target.(*ast.SelectorExpr); ok && sel.Sel.Name == "ServeHTTP" {
				target = sel.X
			}
			if id, ok := target.(*ast.Ident); ok {
				if v, ok := h.env.lookup(id.Name); ok {
					a.listen(v, depth+1)
				}
			}
			return true
		})
	}
}

// servedElsewhere returns set's unresolved registrations and the gaps the
// orphan runs left, without those of the orphan runs (the gaps, and the
// routes of the orphan routers) at a statement that also registers a
// resolved route of set: a generated HandlerFromMux nothing calls runs the
// registrations the served router resolved again, and says nothing more
// about them.
func servedElsewhere(set *routes.Set, orphans []*routes.Router, gaps []routes.Unresolved) []routes.Unresolved {
	resolved := map[routes.Pos]bool{}
	for _, r := range set.Routes {
		resolved[r.Pos] = true
	}
	why := map[string]bool{}
	for _, r := range orphans {
		why[r.Orphan] = true
	}
	under := catchAllPrefixes(set.Routes)
	var kept []routes.Unresolved
	for _, u := range set.Unresolved {
		if u.Unmounted && absorbed(u, under) {
			continue // a mux the catch-all hands the subtree to (memos' gateway)
		}
		if !why[u.Reason] || !resolved[u.Pos] && !absorbed(u, under) {
			kept = append(kept, u)
		}
	}
	for _, u := range gaps {
		if !resolved[u.Pos] && !absorbed(u, under) {
			kept = append(kept, u)
		}
	}
	return kept
}

// catchAllPrefixes returns the literal prefixes of the served catch-all
// routes that hand a whole subtree of the API to code (argo-workflows'
// mux.HandleFunc("/api/", ...) forwarding to its grpc-gateway mux): not a
// static or asset mount, not the root. An orphan's registration beneath one
// is accounted for by it (routes/catch-all says it serves what is below).
func catchAllPrefixes(rs []routes.Route) []string {
	var out []string
	for _, r := range rs {
		segs := r.Template.Segments
		if r.Static || r.Asset != "" || r.Implicit || len(segs) < 2 {
			continue
		}
		last := segs[len(segs)-1]
		if len(last) != 1 || last[0].Param == nil || !last[0].Param.CatchAll {
			continue
		}
		var lits []string
		for _, seg := range segs[:len(segs)-1] {
			if len(seg) != 1 || seg[0].Param != nil {
				lits = nil
				break
			}
			lits = append(lits, seg[0].Literal)
		}
		if len(lits) > 0 {
			out = append(out, "/"+strings.Join(lits, "/"))
		}
	}
	return out
}

// absorbed reports whether an orphan's registration of one method is below
// one of the catch-all prefixes. One of every method stays: such a gap may
// be what the rules call a part of the server not followed.
func absorbed(u routes.Unresolved, prefixes []string) bool {
	return u.Method != "" && u.Method != routes.MethodAny && beneath(u.Expr, prefixes)
}

// beneath reports whether path is strictly below one of prefixes.
func beneath(path string, prefixes []string) bool {
	for _, p := range prefixes {
		if path != p && routes.Under(path, p) {
			return true
		}
	}
	return false
}

// parseFile reads one Go file into its package, creating the package on
// first sight (fresh), and records its package-level names.
func (a *goAnalysis) parseFile(path string) (pkg *goPkg, fresh bool, err error) {
	f, err := a.parse(path)
	if err != nil {
		return nil, false, err
	}
	ok, custom := a.build.fileTags(path, a.header(path, f))
	if !ok && slices.Contains(custom, "ignore") && a.runByName(filepath.Dir(path)) {
		ok, custom = true, nil
	}
	if !ok {
		// a file another build compiles: a tagged variant when custom
		// tags exclude it, another platform's file when only those do
		if !a.parsed.facts[path].registers {
			return nil, false, nil // a variant that registers nothing leaves the routes alike
		}
		for _, t := range custom {
			if t != "ignore" && !slices.Contains(a.variants, t) {
				a.variants = append(a.variants, t)
			}
		}
		return nil, false, nil
	}
	dir, _ := filepath.Abs(filepath.Dir(path))
	key := "dir:" + dir + ":" + f.Name.Name
	imp := ""
	if a.modPath != "" {
		if rel, err := filepath.Rel(a.modRoot, dir); err == nil && !strings.HasPrefix(rel, "..") {
			imp = strings.TrimSuffix(a.modPath+"/"+filepath.ToSlash(rel), "/.")
			key = imp
		}
	}
	pkg = a.pkgs[key]
	if pkg == nil {
		pkg = &goPkg{path: imp, consts: map[string]ast.Expr{}, constFile: map[string]*goFile{}, vars: map[string]bool{}, funcs: map[string]*ast.FuncDecl{}, methods: map[string][]*ast.FuncDecl{}, fields: map[string]value{}, instFields: map[string]value{}, mixed: map[string]bool{}, types: map[string]ast.Expr{}, typeFile: map[string]*goFile{}}
		a.pkgs[key] = pkg
		fresh = true
	}
	facts := a.parsed.facts[path]
	gf := &goFile{pkg: pkg, ast: f, display: a.display(path), imports: facts.imports, facts: facts}
	if a.build.all {
		gf.tags = custom
	}
	pkg.files = append(pkg.files, gf)
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.GenDecl:
			if d.Tok == token.TYPE {
				for _, s := range d.Specs {
					ts := s.(*ast.TypeSpec)
					pkg.types[ts.Name.Name], pkg.typeFile[ts.Name.Name] = ts.Type, gf
				}
				continue
			}
			if d.Tok != token.CONST && d.Tok != token.VAR {
				continue
			}
			for _, s := range d.Specs {
				vs := s.(*ast.ValueSpec)
				for i, n := range vs.Names {
					if i < len(vs.Values) {
						pkg.consts[n.Name] = vs.Values[i]
						pkg.constFile[n.Name] = gf
						pkg.vars[n.Name] = d.Tok == token.VAR
					}
				}
			}
		case *ast.FuncDecl:
			a.byDecl[d] = gf
			if d.Recv == nil {
				pkg.funcs[d.Name.Name] = d
			} else {
				pkg.methods[d.Name.Name] = append(pkg.methods[d.Name.Name], d)
				a.methods[d.Name.Name] = append(a.methods[d.Name.Name], d)
			}
		}
	}
	a.recordAssignments(gf)
	return pkg, fresh, nil
}

// recordAssignments notes every package-level variable gf assigns after its
// declaration (x = v, pkg.X = v, &x passed to a flag): such a variable is
// not folded, since its value is decided at run time. What the file's
// bodies assign was read when it was parsed (fileFacts.assigns).
func (a *goAnalysis) recordAssignments(gf *goFile) {
	for _, n := range gf.facts.assigns {
		at := a.pos(gf, n.at)
		switch n.kind {
		case assignVar:
			a.assigned[goVarKey(gf.pkg, n.name)] = at
		case assignImported:
			a.assigned[n.name] = at
		case assignField:
			if _, seen := a.fieldAssigned[n.name]; !seen {
				a.fieldAssigned[n.name] = at
			}
		case assignFlagVar:
			fl := *n.flag
			fl.at = at
			a.flagVars[goVarKey(gf.pkg, n.name)] = fl
		case assignFlagImport:
			fl := *n.flag
			fl.at = at
			a.flagVars[n.name] = fl
		}
	}
}

// importName is the name an import without a local name binds: the last
// element of its path, or the one before a major-version suffix
// (github.com/urfave/cli/v3 is cli), as Go modules name their packages.
func importName(p string) string {
	parts := strings.Split(p, "/")
	last := parts[len(parts)-1]
	if len(parts) > 1 && len(last) > 1 && last[0] == 'v' && strings.Trim(last[1:], "0123456789") == "" {
		return parts[len(parts)-2]
	}
	return last
}

// importNamed finds the import of gf whose package is most likely called
// name though its path ends otherwise: go-openai or openai-go for openai, a
// /v2 suffix dropped.
func importNamed(gf *goFile, name string) (string, bool) {
	for _, p := range gf.imports {
		parts := strings.Split(p, "/")
		last := parts[len(parts)-1]
		if len(parts) > 1 && len(last) > 1 && last[0] == 'v' && strings.Trim(last[1:], "0123456789") == "" {
			last = parts[len(parts)-2]
		}
		last = strings.TrimSuffix(strings.TrimSuffix(strings.TrimPrefix(last, "go-"), "-go"), ".go")
		if last == name {
			return p, true
		}
	}
	return "", false
}

// foreignLocals returns the local variables body declares from another
// module's function or type (cfg := openai.DefaultConfig(""), c :=
// &redis.Options{}): their fields are not the server's config fields.
func (a *goAnalysis) foreignLocals(gf *goFile, body *ast.BlockStmt) map[string]bool {
	out := map[string]bool{}
	ast.Inspect(body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || as.Tok != token.DEFINE || len(as.Rhs) == 0 {
			return true
		}
		rhs := as.Rhs[0]
		if u, ok := rhs.(*ast.UnaryExpr); ok && u.Op == token.AND {
			rhs = u.X
		}
		var fun ast.Expr
		switch r := rhs.(type) {
		case *ast.CallExpr:
			fun = r.Fun
		case *ast.CompositeLit:
			fun = r.Type
		}
		sel, ok := fun.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		x, ok := sel.X.(*ast.Ident)
		if !ok {
			return true
		}
		imp, ok := gf.imports[x.Name]
		if !ok {
			imp, ok = importNamed(gf, x.Name)
		}
		if !ok || a.modPath == "" || imp == a.modPath || strings.HasPrefix(imp, a.modPath+"/") {
			return true
		}
		if id, ok := as.Lhs[0].(*ast.Ident); ok {
			out[id.Name] = true
		}
		return true
	})
	return out
}

// goVarKey names a package-level variable in goAnalysis.assigned.
func goVarKey(pkg *goPkg, name string) string {
	if pkg.path != "" {
		return pkg.path + "." + name
	}
	return fmt.Sprintf("%p.%s", pkg, name)
}

// loadPkg returns the package of the module with import path imp, reading it
// on first use when it lies outside the server folder: its constants,
// variables and functions fold; its registrations are not run.
func (a *goAnalysis) loadPkg(imp string) *goPkg {
	if pkg, ok := a.pkgs[imp]; ok || a.modPath == "" || !strings.HasPrefix(imp, a.modPath+"/") {
		return pkg
	}
	a.pkgs[imp] = nil // read once, found or not
	dir := filepath.Join(a.modRoot, filepath.FromSlash(strings.TrimPrefix(imp, a.modPath+"/")))
	entries, err := a.confine.ReadDir(dir)
	if err != nil {
		return nil
	}
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		if _, _, err := a.parseFile(filepath.Join(dir, name)); err != nil {
			return nil // a package that does not parse folds nothing
		}
	}
	return a.pkgs[imp]
}

func paramNames(f *ast.Field) []string {
	var out []string
	for _, n := range f.Names {
		out = append(out, n.Name)
	}
	return out
}

// routerParam is a parameter of a function that receives a router: of a
// router type, or of a struct type of the module with a field of one
// (oapi-codegen's ChiServerOptions{BaseRouter: r}), field naming it.
type routerParam struct {
	framework string
	field     string // "" = the parameter is the router
}

// routerParams maps the index of each parameter field of d that receives a
// router to what it receives.
func (a *goAnalysis) routerParams(d *ast.FuncDecl) map[int]routerParam {
	return a.typeRouterParams(a.byDecl[d], d.Type)
}

// typeRouterParams is routerParams of a function type read in file.
func (a *goAnalysis) typeRouterParams(file *goFile, ft *ast.FuncType) map[int]routerParam {
	out := map[int]routerParam{}
	if ft.Params == nil || file == nil {
		return out
	}
	for i, f := range ft.Params.List {
		if fw := routerType(file, f.Type); fw != "" {
			out[i] = routerParam{framework: fw}
			continue
		}
		if st, sf := a.structType(file, f.Type); st != nil {
			if field, fw := structRouterField(sf, st); fw != "" {
				out[i] = routerParam{framework: fw, field: field}
			}
		}
	}
	return out
}

// fileLit is a function literal and the file holding it.
type fileLit struct {
	lit  *ast.FuncLit
	file *goFile
}

// varFuncLits returns the outermost function literals of the initializers
// of the package-level variables of pkgs, in source order, generated
// (opaque) files left out as their functions are.
func varFuncLits(pkgs []*goPkg) []fileLit {
	var out []fileLit
	for _, pkg := range pkgs {
		for _, f := range pkg.files {
			if f.facts.opaque {
				continue
			}
			for _, d := range f.ast.Decls {
				g, ok := d.(*ast.GenDecl)
				if !ok || g.Tok != token.VAR {
					continue
				}
				for _, sp := range g.Specs {
					for _, v := range sp.(*ast.ValueSpec).Values {
						ast.Inspect(v, func(n ast.Node) bool {
							if lit, ok := n.(*ast.FuncLit); ok {
								out = append(out, fileLit{lit, f})
								return false
							}
							return true
						})
					}
				}
			}
		}
	}
	return out
}

// storesNode reports whether n, a node of a function body, assigns a
// struct field or is a keyed element of a struct literal: a function with
// one has the shape of a constructor.
func storesNode(n ast.Node) bool {
	switch n := n.(type) {
	case *ast.AssignStmt:
		for _, l := range n.Lhs {
			if _, ok := l.(*ast.SelectorExpr); ok {
				return true
			}
		}
	case *ast.KeyValueExpr:
		return true
	}
	return false
}

// makesNode reports whether n, a node of a function body of f, calls a
// router constructor of a framework f imports (chi.NewRouter(),
// echo.New(), http.NewServeMux()).
func makesNode(f *goFile, n ast.Node) bool {
	if c, ok := n.(*ast.CallExpr); ok {
		if sel, ok := c.Fun.(*ast.SelectorExpr); ok {
			if x, ok := sel.X.(*ast.Ident); ok {
				fw := frameworkOf(f.imports[x.Name])
				return fw != nil && fw.constructors[sel.Sel.Name]
			}
		}
	}
	return false
}

// structLit returns the value a composite literal of type t makes when t
// names a struct type of the module (T, or pkg.T of a package of the
// module), or nil.
func (a *goAnalysis) structLit(f *goFile, t ast.Expr) value {
	if pkg, name := a.namedStruct(f, t, true); pkg != nil {
		return &goTyped{typ: name, pkg: pkg}
	}
	return nil
}

// method returns the method named name declared on t's type, or nil.
func (t *goTyped) method(name string) *ast.FuncDecl { return methodOf(t.pkg, t.typ, name) }

// uniqueMethod returns the one method named name that the packages read so
// far declare, or nil when none or several do.
func (a *goAnalysis) uniqueMethod(name string) *ast.FuncDecl {
	var found *ast.FuncDecl
	for _, d := range a.methods[name] {
		if found != nil && found != d {
			return nil
		}
		found = d
	}
	return found
}

func (a *goAnalysis) newRouter(fw string) *routes.Router {
	r := routes.NewRouter(fw)
	a.routers = append(a.routers, r)
	return r
}

func (a *goAnalysis) pos(f *goFile, p token.Pos) routes.Pos {
	pp := a.parsed.fset.Position(p)
	return routes.Pos{File: f.display, Line: pp.Line, Column: pp.Column}
}

// src returns the source text of n for messages, shortened.
func (a *goAnalysis) src(n ast.Node) string {
	if f := a.parsed.fset.File(n.Pos()); f != nil {
		if data, ok := a.parsed.sources[f.Name()]; ok {
			shift := a.parsed.shift[f]
			s, e := f.Offset(n.Pos())+shift, f.Offset(n.End())+shift
			if s >= 0 && e <= len(data) && s <= e {
				return routes.Shorten(string(data[s:e]))
			}
		}
	}
	return fmt.Sprintf("%T", n)
}

// callsExhausted reports, once, the first function the calls budget left
// unanalysed.
func (a *goAnalysis) callsExhausted(fn *goFunc) {
	if a.overCalls || fn.file == nil {
		return
	}
	a.overCalls = true
	var n ast.Node = fn.lit
	if fn.decl != nil {
		n = fn.decl.Name
	}
	a.set.Unresolved = append(a.set.Unresolved, routes.Unresolved{Pos: a.pos(fn.file, n.Pos()), Expr: a.src(n), Reason: a.budget.OverCalls()})
}

// call analyses a function with args bound to its parameters and returns the
// router (or handler) it returns. A function called without router arguments
// is analysed once; recursion is cut, a function literal's too.
func (a *goAnalysis) call(fn *goFunc, args []value, at *ast.CallExpr) value {
	var params *ast.FieldList
	var body *ast.BlockStmt
	key := ""
	if fn.decl != nil {
		params, body = fn.decl.Type.Params, fn.decl.Body
		a.called[fn.decl] = a.called[fn.decl] || hasRouter(args)
		if (fn.recv == nil && a.active[fn.decl]) || body == nil {
			return nil
		}
		key = fmt.Sprintf("%p", fn.decl)
		switch w := fn.recv.(type) {
		case *goWrap:
			key += fmt.Sprintf(",recv%p", w.r) + instKey(w, 0)
		case *goInst:
			key += ",recv" + instKey(w, 0)
		}
		for _, v := range args {
			switch v := v.(type) {
			case goRouter:
				key += fmt.Sprintf(",%p", v.r)
			case *goWrap:
				key += fmt.Sprintf(",%p", v.r) + instKey(v, 0)
			case *goInst:
				key += "," + instKey(v, 0)
			case goString:
				key += "," + strconv.Quote(string(v))
			case goAssumed:
				key += ",assumed" + strconv.Quote(v.value)
			case *goStruct, *goList:
				// options differ call by call; the value is kept, so that
				// its address, in the memo's key, is never another's
				key += fmt.Sprintf(",%p", v)
				a.keyed = append(a.keyed, v)
			case *goFunc:
				// a generated grpc-gateway registration handed on
				// (mustRegisterGWHandler(ctx, pkg.RegisterSvcHandler, mux,
				// conn), once per service) is its own call each time
				if v.decl != nil && a.byDecl[v.decl] != nil && importsGateway(a.byDecl[v.decl]) {
					key += fmt.Sprintf(",fn%p", v.decl)
				} else {
					key += ",?"
				}
			default:
				key += ",?"
			}
		}
		if v, ok := a.memo[key]; ok {
			if since, fresh := a.memoSince[key]; fresh {
				return a.freshCopy(v, since)
			}
			return v
		}
		if fn.recv != nil {
			if a.activeRecv[key] {
				return nil
			}
			a.activeRecv[key] = true
			defer delete(a.activeRecv, key)
		} else {
			a.active[fn.decl] = true
			defer delete(a.active, fn.decl)
		}
	} else {
		params, body = fn.lit.Type.Params, fn.lit.Body
		c := litClosure{fn.lit, fn.env}
		if a.activeLit[c] {
			return nil
		}
		a.activeLit[c] = true
		defer delete(a.activeLit, c)
	}
	if a.calls >= a.budget.Calls {
		a.callsExhausted(fn)
		return nil
	}
	if a.depth > 48 {
		return nil
	}
	if fn.decl != nil {
		// the body set aside is parsed only now, within the budget
		body = a.funcBody(fn.decl)
		params = fn.decl.Type.Params
	}
	a.calls++
	a.depth++
	defer func() { a.depth-- }()
	if fn.file != nil && len(fn.file.tags) > 0 {
		outer := a.tags
		a.tags = slices.Clone(outer)
		for _, t := range fn.file.tags {
			if !slices.Contains(a.tags, t) {
				a.tags = append(a.tags, t)
			}
		}
		defer func() { a.tags = outer }()
	}
	env := newEnv(fn.env)
	if fn.recv != nil && fn.decl != nil && fn.decl.Recv != nil && len(fn.decl.Recv.List) > 0 && len(fn.decl.Recv.List[0].Names) > 0 {
		env.set(fn.decl.Recv.List[0].Names[0].Name, fn.recv)
	}
	if params != nil {
		i := 0
		for _, f := range params.List {
			names := f.Names
			if len(names) == 0 {
				i++
				continue
			}
			if _, variadic := f.Type.(*ast.Ellipsis); variadic && len(names) == 1 && (at == nil || !at.Ellipsis.IsValid()) {
				// f(a, b): the variadic parameter holds the rest
				rest := []value{}
				if i < len(args) {
					rest = slices.Clone(args[i:])
				}
				env.set(names[0].Name, &goList{items: rest})
				continue
			}
			for _, n := range names {
				if i < len(args) {
					env.set(n.Name, args[i])
				}
				i++
			}
		}
	}
	since := a.born
	var res goResult
	a.block(fn.file, env, body.List, &res)
	ret := res.value()
	if key != "" {
		a.memo[key] = ret
		if in := instOf(ret); in != nil && in.born > since {
			// the instance the caller gets is its own: the memo keeps a
			// copy as made, for the next call to copy again
			a.memo[key] = a.freshCopy(ret, since)
			a.memoSince[key] = since
		}
	}
	return ret
}

// litClosure is a function literal and the scope it was made in.
type litClosure struct {
	lit *ast.FuncLit
	env *goEnv
}

// goResult gathers what a function returns: the first router or StripPrefix
// it returns, else the string or function every return statement agrees on.
type goResult struct {
	router  value // *Router or *goStrip
	other   value // string, *goFunc or goDynamic from the first return
	returns int
	differ  bool // two returns gave different values, or one gave nothing static
}

func (r *goResult) add(v value) {
	switch v.(type) {
	case goRouter, *goStrip, *goWrap:
		if r.router == nil {
			r.router = v
		}
		return
	}
	r.returns++
	switch v.(type) {
	case goString, goDynamic, *goFunc, *goList:
	default:
		r.differ = true
		return
	}
	if r.returns == 1 {
		r.other = v
	} else if r.other != v {
		r.differ = true
	}
}

func (r *goResult) value() value {
	if r.router != nil {
		return r.router
	}
	if r.differ {
		return nil
	}
	return r.other
}

// hasRouter reports whether args pass a router, directly or in a field of
// an options struct.
func hasRouter(args []value) bool {
	for _, v := range args {
		if _, ok := routerOf(v); ok {
			return true
		}
		if s, ok := v.(*goStruct); ok {
			for _, f := range s.fields {
				if _, ok := routerOf(f); ok {
					return true
				}
			}
		}
	}
	return false
}

func (a *goAnalysis) block(f *goFile, env *goEnv, stmts []ast.Stmt, ret *goResult) {
	for _, s := range stmts {
		a.stmt(f, env, s, ret)
	}
}

func (a *goAnalysis) stmt(f *goFile, env *goEnv, s ast.Stmt, ret *goResult) {
	switch s := s.(type) {
	case *ast.AssignStmt:
		if len(s.Lhs) == len(s.Rhs) {
			for i, l := range s.Lhs {
				v := a.eval(f, env, s.Rhs[i])
				if id, ok := l.(*ast.Ident); ok && s.Tok == token.ASSIGN {
					env.update(id.Name, v)
					continue
				}
				a.assign(f, env, l, v)
			}
		} else {
			for _, r := range s.Rhs {
				v := a.eval(f, env, r)
				if _, isCall := r.(*ast.CallExpr); isCall && len(s.Rhs) == 1 {
					// s, err := server.New(): the first result is what
					// the function returns first
					if id, ok := s.Lhs[0].(*ast.Ident); ok && s.Tok == token.ASSIGN {
						env.update(id.Name, v)
					} else {
						a.assign(f, env, s.Lhs[0], v)
					}
				}
			}
		}
	case *ast.DeclStmt:
		if g, ok := s.Decl.(*ast.GenDecl); ok {
			for _, sp := range g.Specs {
				if vs, ok := sp.(*ast.ValueSpec); ok {
					for i, n := range vs.Names {
						if i < len(vs.Values) {
							env.set(n.Name, a.eval(f, env, vs.Values[i]))
						} else {
							env.set(n.Name, nil) // declared here, assigned later
						}
					}
				}
			}
		}
	case *ast.ExprStmt:
		a.eval(f, env, s.X)
	case *ast.GoStmt:
		a.eval(f, env, s.Call)
	case *ast.DeferStmt:
		a.eval(f, env, s.Call)
	case *ast.ReturnStmt:
		for i, r := range s.Results {
			v := a.eval(f, env, r)
			if i == 0 {
				ret.add(v)
			}
		}
	case *ast.BlockStmt:
		a.block(f, newEnv(env), s.List, ret)
	case *ast.IfStmt:
		if s.Init != nil {
			a.stmt(f, env, s.Init, ret)
		}
		a.eval(f, env, s.Cond)
		a.cond++
		a.block(f, newEnv(env), s.Body.List, ret)
		if s.Else != nil {
			a.stmt(f, env, s.Else, ret)
		}
		a.cond--
	case *ast.ForStmt:
		a.cond++
		a.block(f, newEnv(env), s.Body.List, ret)
		a.cond--
	case *ast.RangeStmt:
		a.cond++
		defer func() { a.cond-- }()
		if fns := a.initAppended(f, env, s.X); len(fns) > 0 {
			if v, ok := s.Value.(*ast.Ident); ok {
				// for _, f := range registrars { f(v1) }: each function a
				// package init() appended runs with the loop's arguments
				for _, fn := range fns {
					inner := newEnv(env)
					inner.set(v.Name, fn)
					a.block(f, inner, s.Body.List, ret)
				}
				break
			}
		}
		a.block(f, newEnv(env), s.Body.List, ret)
	case *ast.SwitchStmt:
		a.cond++
		defer func() { a.cond-- }()
		for _, c := range s.Body.List {
			a.block(f, newEnv(env), c.(*ast.CaseClause).Body, ret)
		}
	case *ast.TypeSwitchStmt:
		a.cond++
		defer func() { a.cond-- }()
		for _, c := range s.Body.List {
			a.block(f, newEnv(env), c.(*ast.CaseClause).Body, ret)
		}
	case *ast.SelectStmt:
		a.cond++
		defer func() { a.cond-- }()
		for _, c := range s.Body.List {
			a.block(f, newEnv(env), c.(*ast.CommClause).Body, ret)
		}
	case *ast.LabeledStmt:
		a.stmt(f, env, s.Stmt, ret)
	}
}

// firstArg returns args[0], or nil when there is none.
func firstArg(args []value) value {
	if len(args) == 0 {
		return nil
	}
	return args[0]
}

// appendList folds append(list, x, y) and append(list, other...) on a
// slice this analysis holds; nil for anything else.
func appendList(c *ast.CallExpr, args []value) value {
	if len(args) == 0 {
		return nil
	}
	l, ok := args[0].(*goList)
	if !ok {
		return nil
	}
	rest := spread(c, args[1:])
	if c.Ellipsis.IsValid() && len(rest) == len(args)-1 {
		if _, isList := args[len(args)-1].(*goList); !isList {
			return nil // append(l, unknown...)
		}
	}
	return &goList{items: append(slices.Clip(l.items), rest...)}
}

// initAppended returns the functions of f's package that its init()
// functions append to the package-level variable x names (registrars =
// append(registrars, registerUserRouter)), in file and statement order; nil
// when x is not such a variable.
func (a *goAnalysis) initAppended(f *goFile, env *goEnv, x ast.Expr) []*goFunc {
	id, ok := x.(*ast.Ident)
	if !ok {
		return nil
	}
	if _, local := env.lookup(id.Name); local || !f.pkg.vars[id.Name] {
		return nil
	}
	var out []*goFunc
	for _, gf := range f.pkg.files {
		for _, d := range gf.ast.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Recv != nil || fd.Name.Name != "init" || fd.Body == nil {
				continue
			}
			for _, st := range a.funcBody(fd).List {
				as, ok := st.(*ast.AssignStmt)
				if !ok || len(as.Lhs) != 1 || len(as.Rhs) != 1 || !isIdent(as.Lhs[0], id.Name) {
					continue
				}
				call, ok := as.Rhs[0].(*ast.CallExpr)
				if !ok || !isIdent(call.Fun, "append") || len(call.Args) < 2 || !isIdent(call.Args[0], id.Name) {
					continue
				}
				for _, arg := range call.Args[1:] {
					if n, ok := arg.(*ast.Ident); ok {
						if d, ok := f.pkg.funcs[n.Name]; ok {
							out = append(out, &goFunc{decl: d, file: a.byDecl[d]})
						}
					}
				}
			}
		}
	}
	return out
}

func (a *goAnalysis) assign(f *goFile, env *goEnv, lhs ast.Expr, v value) {
	switch l := lhs.(type) {
	case *ast.Ident:
		env.set(l.Name, v)
	case *ast.SelectorExpr:
		// x.field = v on an instance followed is that instance's (the
		// admin wrapper's r.prefix = AdminPrefix), not the package's
		if pureExpr(l.X) {
			if in := instOf(a.eval(f, env, l.X)); in != nil {
				a.setField(f.pkg, in, l.Sel.Name, v)
				return
			}
		}
		sharedField(f.pkg, l.Sel.Name, v)
	}
}

// eval evaluates e as far as static analysis can: a folded string, a router,
// a gorilla route, a function, StripPrefix; nil for anything else. Calls are
// evaluated for their registrations.
func (a *goAnalysis) eval(f *goFile, env *goEnv, e ast.Expr) value {
	switch e := e.(type) {
	case *ast.BasicLit:
		if e.Kind == token.STRING {
			if s, err := strconv.Unquote(e.Value); err == nil {
				return goString(s)
			}
		}
	case *ast.ParenExpr:
		return a.eval(f, env, e.X)
	case *ast.Ident:
		if v, ok := env.lookup(e.Name); ok {
			return v
		}
		return a.pkgName(f.pkg, e.Name)
	case *ast.BinaryExpr:
		x, y := a.eval(f, env, e.X), a.eval(f, env, e.Y)
		if e.Op == token.ADD {
			return concat(x, y, a.budget)
		}
	case *ast.UnaryExpr:
		v := a.eval(f, env, e.X)
		if sel, ok := e.X.(*ast.SelectorExpr); ok && e.Op == token.AND {
			a.fieldAddress(f, env, sel) // &s.prefix: set through the pointer
		}
		return v
	case *ast.StarExpr:
		// *p is a copy of the struct p points to
		return a.copyInst(a.eval(f, env, e.X))
	case *ast.TypeAssertExpr:
		a.eval(f, env, e.X)
		// h.(*gin.Engine) on a value a library hands out: the engine
		// serves from the root whatever made it
		if fw := a.rootRouterType(f, e.Type); fw != "" {
			if r, ok := a.asserted[e]; ok {
				return goRouter{r}
			}
			r := a.newRouter(fw)
			a.asserted[e] = r
			return goRouter{r}
		}
	case *ast.FuncLit:
		return &goFunc{lit: e, file: f, env: env}
	case *ast.CompositeLit:
		passed := a.argLit == e
		var held []*routes.Router
		var items []value // the elements, for a slice literal
		keyedAny, unkeyed := false, false
		var keys []string // the fields a keyed element sets to a value
		var vals []value
		for _, el := range e.Elts {
			kv, keyed := el.(*ast.KeyValueExpr)
			var v value
			if keyed {
				v = a.eval(f, env, kv.Value)
				keyedAny = true
			} else {
				v = a.eval(f, env, el)
				unkeyed = true
			}
			items = append(items, v)
			switch x := v.(type) {
			case goRouter:
				held = append(held, x.r)
			case *goWrap:
				held = append(held, x.r)
			}
			if !keyed {
				continue
			}
			if k, ok := kv.Key.(*ast.Ident); ok && v != nil {
				keys, vals = append(keys, k.Name), append(vals, v)
				if k.Name == "Handler" {
					a.listen(v, 0) // http.Server{Handler: r}
				}
			}
		}
		// what a literal that is no instance followed sets, the package's
		// fields hold for a method reading them on a value not followed
		shared := true
		defer func() {
			for i, k := range keys {
				if shared {
					sharedField(f.pkg, k, vals[i])
				}
			}
		}()
		if _, isSlice := e.Type.(*ast.ArrayType); isSlice && !keyedAny {
			return &goList{items: items}
		}
		// options passed by value, of a struct type of the module that
		// holds a router or a string (api.ChiServerOptions{BaseRouter:
		// r}): the callee reads its fields, and one the literal leaves
		// out is its type's zero value, "" for a string (a literal kept
		// in a variable may be filled after, from a config file)
		if passed {
			if v := a.typedStruct(f, e, items); v != nil {
				return v
			}
		}
		// a struct of the server holding one router: a wrapper whose
		// methods register on it
		if id, ok := e.Type.(*ast.Ident); ok && len(held) == 1 {
			if _, isStruct := f.pkg.types[id.Name].(*ast.StructType); isStruct {
				w := &goWrap{typ: id.Name, pkg: f.pkg, r: held[0]}
				if !unkeyed {
					// its fields are its own: each keyed element's
					// value, the zero value of the others
					set := map[string]value{}
					for i, el := range e.Elts {
						if k, ok := el.(*ast.KeyValueExpr).Key.(*ast.Ident); ok {
							set[k.Name] = items[i]
						}
					}
					w.inst = a.newInst(f.pkg, id.Name, set, 0)
					shared = w.inst == nil
				}
				return w
			}
		}
		// options passed by value (api.GinServerOptions{BaseURL: prefix}):
		// a struct whose string fields the callee reads
		if keyedAny && len(held) == 0 {
			fields := map[string]value{}
			stringy := false
			for i, el := range e.Elts {
				if k, ok := el.(*ast.KeyValueExpr).Key.(*ast.Ident); ok {
					fields[k.Name] = items[i]
					switch items[i].(type) {
					case goString, goAssumed, goDynamic:
						stringy = true
					}
				}
			}
			if stringy {
				return &goStruct{fields: fields}
			}
		}
		if t := a.structLit(f, e.Type); t != nil {
			return t
		}
	case *ast.SelectorExpr:
		if x, ok := e.X.(*ast.Ident); ok {
			if _, shadowed := env.lookup(x.Name); !shadowed {
				if imp, ok := f.imports[x.Name]; ok {
					return a.pkgMember(imp, e.Sel.Name)
				}
			}
		}
		switch x := a.eval(f, env, e.X).(type) {
		case goRouter:
			if e.Sel.Name == "ServeHTTP" {
				return x // the method value is the router as a handler
			}
		case *goWrap:
			if x.inst != nil {
				if v, ok := x.inst.field(e.Sel.Name, 0); ok {
					return v
				}
			}
			return goRouter{x.r}
		case *goInst:
			v, _ := x.field(e.Sel.Name, 0)
			return v
		case *goStruct:
			if v, ok := x.fields[e.Sel.Name]; ok || x.whole {
				return v
			}
		}
		// a field no instance followed holds: what the package's code
		// assigned to a field of that name (a constructor storing a
		// router in s.router, read by a method)
		if v := fallbackField(f.pkg, e.Sel.Name); v != nil {
			return v
		}
		return a.configValue(f, e)
	case *ast.CallExpr:
		return a.evalCall(f, env, e)
	}
	return nil
}

// pkgName resolves a package-level name of pkg: a constant or a variable
// nothing reassigns, folded; a function; or goDynamic for a variable some
// code of the module assigns.
func (a *goAnalysis) pkgName(pkg *goPkg, name string) value {
	if d, ok := pkg.funcs[name]; ok {
		return &goFunc{decl: d, file: a.byDecl[d]}
	}
	e, ok := pkg.consts[name]
	if !ok {
		if fl, ok := a.flagVars[goVarKey(pkg, name)]; ok {
			// var prefix string; flag.StringVar(&prefix, "prefix", "/api", ...)
			return goAssumed{value: fl.value, as: []routes.Assumption{{Expr: "flag -" + fl.name, Value: fl.value, At: fl.at}}}
		}
		return nil
	}
	if pkg.vars[name] {
		if at, ok := a.assigned[goVarKey(pkg, name)]; ok {
			// compared under the value it is declared with, an assumption
			// the findings state with where it is reassigned
			if declared, isStr := str(a.foldDecl(pkg, name, e)); isStr {
				f := pkg.constFile[name]
				return goAssumed{value: declared, as: []routes.Assumption{{Expr: name, Value: declared, At: a.pos(f, e.Pos()), Reassigned: at}}}
			}
			return goDynamic{why: fmt.Sprintf("variable %s is assigned at run time (%s:%d)", name, at.File, at.Line)}
		}
	}
	return a.foldDecl(pkg, name, e)
}

// foldDecl folds the expression e a package-level name of pkg is declared
// with: a string, goDynamic, or nil.
func (a *goAnalysis) foldDecl(pkg *goPkg, name string, e ast.Expr) value {
	if v, ok := a.folded[e]; ok {
		return v
	}
	a.folded[e] = nil // a cycle folds to nothing
	v := a.eval(pkg.constFile[name], nil, e)
	switch v.(type) {
	case goString, goDynamic:
	default:
		v = nil
	}
	a.folded[e] = v
	return v
}

// concat joins two folded strings within budget.FoldedBytes; a dynamic side
// makes the result dynamic.
func concat(x, y value, budget routes.Budget) value {
	if d, ok := x.(goDynamic); ok {
		return d
	}
	if d, ok := y.(goDynamic); ok {
		return d
	}
	xy := []value{x, y}
	if as := unwrapAssumed(xy); as != nil {
		v := concat(xy[0], xy[1], budget)
		if s, ok := str(v); ok {
			return goAssumed{value: s, as: as}
		}
		return v
	}
	xs, ok1 := str(x)
	ys, ok2 := str(y)
	if !ok1 || !ok2 {
		return nil
	}
	if len(xs)+len(ys) > budget.FoldedBytes {
		return goDynamic{why: budget.OverFolded()}
	}
	return goString(xs + ys)
}

// goStdConst folds the method constants of net/http and Fiber (the
// frameworks with methodConstants).
func goStdConst(imp, name string) value {
	if fw := frameworkOf(imp); fw != nil && fw.methodConstants && strings.HasPrefix(name, "Method") && routes.IsMethod(strings.TrimPrefix(name, "Method")) {
		return goString(strings.ToUpper(strings.TrimPrefix(name, "Method")))
	}
	return nil
}

// pkgMember resolves imp.name for an imported package: a constant or function
// of a package of this server, or a folded standard constant.
func (a *goAnalysis) pkgMember(imp, name string) value {
	if pkg := a.loadPkg(imp); pkg != nil {
		return a.pkgName(pkg, name)
	}
	if why := a.unreadModule(imp); why != "" {
		return goDynamic{why: why}
	}
	return goStdConst(imp, name)
}

func (a *goAnalysis) evalArgs(f *goFile, env *goEnv, c *ast.CallExpr) []value {
	args := make([]value, len(c.Args))
	for i, x := range c.Args {
		if lit, ok := x.(*ast.CompositeLit); ok {
			a.argLit = lit
		}
		args[i] = a.eval(f, env, x)
	}
	return args
}

func (a *goAnalysis) evalCall(f *goFile, env *goEnv, c *ast.CallExpr) value {
	switch fun := c.Fun.(type) {
	case *ast.SelectorExpr:
		// pkg.Func(...)
		if x, ok := fun.X.(*ast.Ident); ok {
			if _, shadowed := env.lookup(x.Name); !shadowed {
				if imp, ok := f.imports[x.Name]; ok {
					return a.callPkg(f, env, c, imp, fun.Sel.Name)
				}
			}
		}
		recv := a.eval(f, env, fun.X)
		switch r := recv.(type) {
		case goRouter:
			return a.routerCall(f, env, c, r.r, fun.Sel)
		case *goRoute:
			return a.gorillaRouteCall(f, env, c, r, fun.Sel.Name)
		case *fiberRoute:
			return a.fiberRouteCall(f, env, c, r, fun.Sel)
		case *goLost:
			return a.lostCall(f, env, c, r, fun.Sel)
		case *goTyped:
			// the method of the value's own type, whatever other types
			// declare one of that name: given a router
			// (web.RegisterRoutes(g)), it registers on it; given none, it
			// is read once, as any function is (s.routes())
			if d := r.method(fun.Sel.Name); d != nil {
				return a.call(&goFunc{decl: d, file: a.byDecl[d]}, a.evalArgs(f, env, c), c)
			}
		case *goWrap, *goInst:
			// the method of the value's type, or one a struct it embeds
			// promotes (type RouterAdmin struct{ router }; adm.POST(...)
			// runs router's POST on the admin wrapper's router)
			d := methodOn(r, fun.Sel.Name)
			if d == nil {
				d, r = a.promoted(instOf(r), fun.Sel.Name, 0)
				if d == nil {
					r = recv
				}
			}
			if d != nil {
				args := a.evalArgs(f, env, c)
				// what the wrapper registers is reported where the
				// server's code calls it
				outer, outerParams := a.site, a.siteParams
				site := a.pos(f, fun.Sel.Pos())
				a.site, a.siteParams = &site, map[string]bool{}
				for _, fl := range d.Type.Params.List {
					for _, n := range fl.Names {
						a.siteParams[n.Name] = true
					}
				}
				defer func() { a.site, a.siteParams = outer, outerParams }()
				return a.call(&goFunc{decl: d, file: a.byDecl[d], recv: r}, args, c)
			}
			// a method the struct's embedded router promotes (type
			// Server struct{ chi.Router }; s.Get("/version", h))
			if w, ok := r.(*goWrap); ok {
				if st, ok := w.pkg.types[w.typ].(*ast.StructType); ok && embedsRouter(w.pkg.typeFile[w.typ], st) {
					return a.routerCall(f, env, c, w.r, fun.Sel)
				}
			}
		}
		args := a.evalArgs(f, env, c)
		if name, ok := str(firstArg(args)); ok && fun.Sel.Name == "String" && len(args) == 1 {
			if v, ok := a.flagDefault(f, name); ok {
				return v // cmd.String("api-prefix"): the flag's declared default
			}
		}
		// a method of this package (s.routes())
		if ds := f.pkg.methods[fun.Sel.Name]; len(ds) == 1 {
			return a.call(&goFunc{decl: ds[0], file: a.byDecl[ds[0]]}, args, c)
		}
		// a getter of another package of the module handing out the router
		// it holds (srv.Router() on a value its constructor returned)
		if d := a.uniqueMethod(fun.Sel.Name); d != nil {
			if r, ok := routerOf(a.call(&goFunc{decl: d, file: a.byDecl[d]}, args, c)); ok {
				return goRouter{r}
			}
			return nil
		}
		escapeAll(args) // a method this analysis does not read may set their fields
		return nil
	case *ast.Ident:
		if _, ok := env.lookup(fun.Name); !ok {
			if fun.Name == "append" {
				return appendList(c, a.evalArgs(f, env, c))
			}
			if fun.Name == "new" || fun.Name == "make" || fun.Name == "len" {
				a.evalArgs(f, env, c)
				return nil
			}
		}
	}
	callee := a.eval(f, env, c.Fun)
	args := a.evalArgs(f, env, c)
	if fn, ok := callee.(*goFunc); ok {
		return a.call(fn, args, c)
	}
	escapeAll(args)
	return nil
}

// callPkg evaluates imp.name(args): a router constructor, net/http's
// package-level registrations and StripPrefix, or a function of a package of
// this server.
func (a *goAnalysis) callPkg(f *goFile, env *goEnv, c *ast.CallExpr, imp, name string) value {
	fw := frameworkOf(imp)
	if fw != nil && fw.constructors[name] {
		a.evalArgs(f, env, c)
		r := a.newRouter(fw.name)
		r.StrictSlash = fw == &fiberFramework && fiberStrict(c)
		// a grpc-gateway mux serves nothing until a server or a router is
		// handed it: one this analysis does not see handed on is not served
		r.Sub = fw == &grpcGatewayFramework
		return goRouter{r}
	}
	if fw == &netHTTPFramework {
		if v, ok := a.netHTTPPackageCall(f, env, c, name); ok {
			return v
		}
	}
	if beegoPackage(imp) {
		if v, ok := a.beegoCall(f, env, c, name); ok {
			return v
		}
	}
	args := a.evalArgs(f, env, c)
	if grpcGatewayRuntime(imp) {
		if v, ok := gatewayCall(c, name, args); ok {
			return v
		}
	}
	if v, ok := a.humaCall(f, c, imp, name, args); ok {
		return v
	}
	if v, ok := a.stdFlag(f, c, imp, name, args); ok {
		return v
	}
	if fiberStatic[imp] && name == "New" {
		return goStatic{}
	}
	if v, ok := goStdFold(imp, name, c, args, a.budget); ok {
		return v
	}
	if pkg := a.loadPkg(imp); pkg != nil {
		if d, ok := pkg.funcs[name]; ok {
			return a.call(&goFunc{decl: d, file: a.byDecl[d]}, args, c)
		}
		return nil
	}
	// a function this analysis does not read may set the fields of what
	// it is given (json.Unmarshal(b, s))
	escapeAll(args)
	return a.libraryRoutes(f, c, imp, name, args)
}

// pprofPackages register Go's profiling handlers under a prefix on the
// router they are given, /debug/pprof unless a second argument says.
var pprofPackages = map[string]bool{"github.com/labstack/echo-contrib/pprof": true, "github.com/gin-contrib/pprof": true}

// libraryRoutes reads a call of a function of a package outside the module
// that is given a router: the routes a known library registers on it
// (echo-contrib's and gin-contrib's pprof.Register), or, for another
// Register function, a gap of the router: routes no one can list, which
// could serve only paths below the router's prefix. What another such
// function returns may be the router again (a wrapper): it is a goLost.
func (a *goAnalysis) libraryRoutes(f *goFile, c *ast.CallExpr, imp, name string, args []value) value {
	var r *routes.Router
	for _, v := range args {
		switch v := v.(type) {
		case goRouter:
			r = v.r
		case *goWrap:
			r = v.r
		}
		if r != nil {
			break
		}
	}
	if r == nil {
		return nil
	}
	at := a.pos(f, c.Pos())
	if pprofPackages[imp] && name == "Register" {
		prefix := "/debug/pprof"
		if len(args) > 1 {
			if p, ok := str(args[1]); ok {
				prefix = p
			}
		}
		rr := r.Add([]string{"GET"}, prefix, at)
		rr.Subtree, rr.Tooling = true, true
		rr = r.Add([]string{"POST"}, routes.Join(prefix, "symbol"), at)
		rr.Tooling = true
		return nil
	}
	if strings.HasPrefix(name, "Register") || strings.HasPrefix(name, "Mount") || name == "Routes" || name == "Setup" {
		why := "a function of a package this analysis does not read"
		if u := a.unreadModule(imp); u != "" {
			why = "a function of a package this analysis does not read: " + u
		}
		r.Gaps = append(r.Gaps, routes.Unresolved{Pos: at, Method: routes.MethodAny, Expr: routes.Shorten(a.src(c)),
			Reason: "the router is passed to " + imp + "." + name + ", " + why + ", so the routes it registers are not known"})
		return nil
	}
	return a.lost(c, r)
}

// routePath folds the path argument at index i; when it cannot be folded the
// registration is recorded as Unresolved and ok is false.
func (a *goAnalysis) routePath(f *goFile, c *ast.CallExpr, args []value, i int, method string, at token.Pos) (string, bool) {
	if i >= len(args) {
		return "", false
	}
	if s, ok := str(args[i]); ok {
		return s, true
	}
	why := "path is not a constant this analysis can fold"
	if d, ok := args[i].(goDynamic); ok {
		why = d.why
	}
	frags := a.fragments(f, c.Args[i], nil)
	if len(frags) > 0 && method == "" {
		// a ServeMux pattern "GET "+prefix+"/x" names its method first
		if m, rest, ok := strings.Cut(frags[0], " "); ok && routes.IsMethod(m) {
			method, frags[0] = strings.ToUpper(m), strings.TrimSpace(rest)
		}
	}
	a.set.Unresolved = append(a.set.Unresolved, routes.Unresolved{Pos: a.pos(f, at), Method: method, Expr: a.src(c.Args[i]), Reason: why, Fragments: frags})
	return "", false
}

// formatVerb matches one fmt verb in a format string.
var formatVerb = lazyre.New(`%[-+# 0-9.]*[a-zA-Z%]`)

// fragments appends to out the constant pieces of an unfoldable path
// expression, in order: string literals and package-level constants, the
// operands of +, the arguments of a call (a format's text between verbs).
func (a *goAnalysis) fragments(f *goFile, e ast.Expr, out []string) []string {
	switch e := e.(type) {
	case *ast.BasicLit:
		if s, err := strconv.Unquote(e.Value); err == nil && e.Kind == token.STRING {
			out = append(out, s)
		}
	case *ast.ParenExpr:
		return a.fragments(f, e.X, out)
	case *ast.Ident:
		if s, ok := str(a.pkgName(f.pkg, e.Name)); ok {
			out = append(out, s)
		}
	case *ast.BinaryExpr:
		out = a.fragments(f, e.X, out)
		return a.fragments(f, e.Y, out)
	case *ast.CallExpr:
		for k, arg := range e.Args {
			lit, isLit := arg.(*ast.BasicLit)
			if k == 0 && isLit && lit.Kind == token.STRING && strings.Contains(lit.Value, "%") {
				format, _ := strconv.Unquote(lit.Value)
				for _, piece := range formatVerb().Split(format, -1) {
					if piece != "" {
						out = append(out, piece)
					}
				}
				continue
			}
			out = a.fragments(f, arg, out)
		}
	}
	return out
}

func stringList(v []value) ([]string, bool) {
	var out []string
	for _, x := range v {
		s, ok := str(x)
		if !ok {
			return nil, false
		}
		out = append(out, s)
	}
	return out, true
}

// methodRoute registers a call naming the method first and the path second
// (chi Method, gin Handle, echo Add); a method that is not a folded constant
// is unresolved, never guessed.
func (a *goAnalysis) methodRoute(f *goFile, c *ast.CallExpr, args []value, r *routes.Router, sel *ast.Ident, at routes.Pos) {
	if len(args) < 2 {
		return
	}
	m, _ := str(args[0])
	if m == "" {
		a.set.Unresolved = append(a.set.Unresolved, routes.Unresolved{Pos: at, Expr: a.src(c.Args[0]), Reason: "method is not a constant this analysis can fold"})
		return
	}
	if p, ok := a.routePath(f, c, args, 1, strings.ToUpper(m), sel.Pos()); ok {
		r.Add([]string{m}, p, at)
	}
}

// routerCall evaluates a method call on a router.
func (a *goAnalysis) routerCall(f *goFile, env *goEnv, c *ast.CallExpr, r *routes.Router, sel *ast.Ident) value {
	if len(a.tags) > 0 {
		defer r.TagSince(r.Len(), a.tags) // code of a tagged file registers it
	}
	args := a.evalArgs(f, env, c)
	if gw, prefix, ok := gatewayForward(env, c, args); ok {
		// e.Any("/api/v1/*", echo.WrapHandler(gwmux)): the gateway serves
		// that subtree, matching the whole path
		r.MountWhole(prefix, gw)
		return nil
	}
	if as := unwrapAssumed(args); as != nil {
		// a path or prefix built from a value read at run time: what this
		// call registers or mounts carries the assumption
		before := r.Len()
		v := a.routerCallOf(f, env, c, r, sel, args)
		r.AssumeSince(before, as)
		if child, ok := routerOf(v); ok && child != r {
			child.Assumed = append(child.Assumed, as...)
		}
		return v
	}
	before, added := len(a.set.Unresolved), r.Len()
	v := a.routerCallOf(f, env, c, r, sel, args)
	a.keepGaps(r, before)
	if len(c.Args) > 1 && a.profiling(f, c.Args[len(c.Args)-1]) {
		for _, rr := range r.Since(added) {
			rr.Tooling = true
		}
	}
	if len(c.Args) > 1 && servesFiles(c.Args[len(c.Args)-1]) {
		for _, rr := range r.Since(added) {
			// a catch-all whose handler sends files (r.GET("/files/*path",
			// func(c) { c.File(...) })): a file server, not an operation
			rr.Static = rr.Static || strings.Contains(rr.Path, "*")
		}
	}
	return v
}

// fileSenders are the calls that answer a request with a file's content:
// net/http's ServeFile and ServeContent, gin's and echo's File family.
var fileSenders = map[string]bool{"ServeFile": true, "ServeFileFS": true, "ServeContent": true, "File": true, "FileAttachment": true, "FileFromFS": true}

// servesFiles reports whether handler expression h, a function literal,
// answers with a file's content.
func servesFiles(h ast.Expr) bool {
	lit, ok := h.(*ast.FuncLit)
	if !ok {
		return false
	}
	found := false
	ast.Inspect(lit.Body, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok {
			if sel, ok := c.Fun.(*ast.SelectorExpr); ok && fileSenders[sel.Sel.Name] {
				found = true
			}
		}
		return !found
	})
	return found
}

// profilingPkgs are the packages whose handlers serve Go's profiles.
var profilingPkgs = map[string]bool{"net/http/pprof": true, "runtime/pprof": true}

// profiling reports whether handler expression h calls into Go's profiling
// packages (pprof.Index, a function literal calling pprof.Profile): the
// route it serves is a profiling endpoint, tooling rather than the API.
func (a *goAnalysis) profiling(f *goFile, h ast.Expr) bool {
	found := false
	ast.Inspect(h, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok {
			if x, ok := sel.X.(*ast.Ident); ok && profilingPkgs[f.imports[x.Name]] {
				found = true
			}
		}
		return !found
	})
	return found
}

// keepGaps moves the Unresolved entries recorded since index before onto
// router r, whose prefix scopes them when the graph is flattened.
func (a *goAnalysis) keepGaps(r *routes.Router, before int) {
	if len(a.set.Unresolved) > before {
		r.Gaps = append(r.Gaps, a.set.Unresolved[before:]...)
		a.set.Unresolved = a.set.Unresolved[:before]
	}
}

// lostCall evaluates a method call on a value an unknown router method
// returned: a route registration on it is a gap of the router (its method
// and path fragments kept); any other call hands the value on.
func (a *goAnalysis) lostCall(f *goFile, env *goEnv, c *ast.CallExpr, l *goLost, sel *ast.Ident) value {
	args := a.evalArgs(f, env, c)
	var m string
	verb := false
	if fw := frameworkNamed(l.r.Framework); fw != nil {
		m, verb = fw.methods[sel.Name]
	}
	if !verb && sel.Name != "Handle" && sel.Name != "HandleFunc" && sel.Name != "Any" && sel.Name != "Group" && sel.Name != "Route" {
		return l
	}
	var frags []string
	if len(args) > 0 {
		if p, ok := str(args[0]); ok {
			frags = []string{p}
		} else {
			frags = a.fragments(f, c.Args[0], nil)
		}
	}
	if !verb {
		m = routes.MethodAny
	}
	l.r.Gaps = append(l.r.Gaps, routes.Unresolved{Pos: a.pos(f, sel.Pos()), Method: m, Expr: a.src(c),
		Reason: "registered on what " + l.expr + " returns, a method this analysis does not know to hand back the router", Fragments: frags})
	return l
}

// methodListRoute registers a call of (methods, path, handler...): gin's and
// echo's Match, Fiber v3's Add; a method list that is not a folded constant
// is unresolved.
func (a *goAnalysis) methodListRoute(f *goFile, env *goEnv, c *ast.CallExpr, r *routes.Router, sel *ast.Ident, args []value, at routes.Pos) {
	if len(args) < 2 {
		return
	}
	ms := a.methodList(f, env, c, 0)
	if ms == nil {
		a.set.Unresolved = append(a.set.Unresolved, routes.Unresolved{Pos: at, Expr: a.src(c.Args[0]), Reason: "method list is not a constant this analysis can fold"})
		return
	}
	if p, ok := a.routePath(f, c, args, 1, strings.Join(ms, ","), sel.Pos()); ok {
		r.Add(ms, p, at)
	}
}

// routerCallOf is routerCall on evaluated arguments.
func (a *goAnalysis) routerCallOf(f *goFile, env *goEnv, c *ast.CallExpr, r *routes.Router, sel *ast.Ident, args []value) value {
	name := sel.Name
	at := a.pos(f, sel.Pos())
	if a.site != nil && len(c.Args) > 0 {
		if id, ok := c.Args[0].(*ast.Ident); ok && a.siteParams[id.Name] {
			at = *a.site // a thin wrapper: the path is its caller's
		}
	}
	fw := frameworkNamed(r.Framework)
	if fw == nil {
		return nil
	}
	if m, ok := fw.methods[name]; ok {
		if p, ok := a.routePath(f, c, args, 0, m, sel.Pos()); ok {
			r.Add([]string{m}, p, at)
		}
		return nil
	}
	return fw.calls.routerCall(a, f, env, c, r, sel, args, at)
}

// subRouter mounts a new router of r's framework under prefix and, when
// args[i] is a function (chi's Route and Group, Fiber's v2 Route), analyses
// it with the new router as its argument.
func (a *goAnalysis) subRouter(r *routes.Router, prefix string, args []value, i int, c *ast.CallExpr) *routes.Router {
	child := a.newRouter(r.Framework)
	r.Mount(prefix, child, false)
	if i < len(args) {
		if fn, ok := args[i].(*goFunc); ok {
			a.call(fn, []value{goRouter{child}}, c)
		}
	}
	return child
}

// group evaluates Group(prefix, middleware...) of gin, echo and Fiber: a new
// router mounted under the folded prefix, or nil when it does not fold.
func (a *goAnalysis) group(f *goFile, c *ast.CallExpr, r *routes.Router, sel *ast.Ident, args []value) value {
	p, ok := a.routePath(f, c, args, 0, "", sel.Pos())
	if !ok {
		return nil
	}
	return goRouter{a.subRouter(r, p, nil, 0, c)}
}

// methodList folds a []string{...} literal argument.
func (a *goAnalysis) methodList(f *goFile, env *goEnv, c *ast.CallExpr, i int) []string {
	if i >= len(c.Args) {
		return nil
	}
	cl, ok := c.Args[i].(*ast.CompositeLit)
	if !ok {
		return nil
	}
	var out []string
	for _, el := range cl.Elts {
		s, ok := str(a.eval(f, env, el))
		if !ok {
			return nil
		}
		out = append(out, strings.ToUpper(s))
	}
	return out
}

// mountHandler mounts what a handler argument evaluates to under prefix, or
// records it as Unresolved.
func (a *goAnalysis) mountHandler(f *goFile, c *ast.CallExpr, r *routes.Router, prefix string, h value, at routes.Pos) {
	switch h := h.(type) {
	case goRouter:
		if h.r.Framework == grpcGatewayFramework.name {
			// the gateway matches the URL's whole path, which chi's Mount
			// leaves as it came
			r.MountWhole(prefix, h.r)
			return
		}
		r.Mount(prefix, h.r, false)
		return
	case *goStrip:
		if child, ok := routerOf(h.inner); ok {
			r.Mount(prefix, child, false)
			return
		}
	}
	if isStatic(h) {
		rr := r.Add([]string{"GET"}, prefix, at)
		rr.Static, rr.Subtree = true, true
		return
	}
	a.set.Unresolved = append(a.set.Unresolved, routes.Unresolved{Pos: at, Method: routes.MethodAny, Expr: prefix + " -> " + a.src(c.Args[len(c.Args)-1]), Reason: "mounted handler is not a router this analysis can follow"})
}

// goModule finds the go.mod at or above root and returns its directory and
// module path ("" when there is none), reading no go.mod outside confine,
// and the modules its replace directives point at a folder, none of which
// this analysis reads.
func goModule(confine *fsroot.Root, root string) (dir, path string, unread []goReplace) {
	dir, err := filepath.Abs(root)
	if err != nil {
		return "", "", nil
	}
	if st, err := confine.Stat(dir); err == nil && !st.IsDir() {
		dir = filepath.Dir(dir)
	}
	for i := 0; i < 32 && confine.Contains(dir); i++ {
		data, err := confine.ReadFile(filepath.Join(dir, "go.mod"), 1<<20)
		if err == nil {
			for _, r := range goModReplaces(string(data)) {
				folder := r.dir
				if !filepath.IsAbs(folder) {
					folder = filepath.Join(dir, folder)
				}
				switch st, err := confine.Stat(folder); {
				case !confine.Contains(folder):
					r.why = "a folder outside the project"
				case err != nil || !st.IsDir():
					r.why = "a folder the project does not hold"
				default:
					// its files may be in the server folder, but as
					// packages of the module, under other import paths
					r.why = "a module of its own in the project"
				}
				unread = append(unread, r)
			}
			for _, line := range strings.Split(string(data), "\n") {
				line = strings.TrimSpace(line)
				if strings.HasPrefix(line, "module ") {
					return dir, strings.Trim(strings.TrimSpace(strings.TrimPrefix(line, "module ")), `"`), unread
				}
			}
			return dir, "", unread
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			break
		}
		dir = parent
	}
	return "", "", nil
}

// goReplace is a module a go.mod replace directive points at a folder:
// its path, the folder as go.mod writes it and what that folder is.
type goReplace struct {
	path, dir, why string
}

// goModReplaces returns the replace directives of a go.mod whose target
// is a folder (./x, ../x or an absolute path), in a block or one a line;
// those naming a module version (github.com/ory/x => github.com/ory/y v1)
// replace a module by another this analysis does not read either way.
func goModReplaces(gomod string) []goReplace {
	var out []goReplace
	block := false
	for _, line := range strings.Split(gomod, "\n") {
		if i := strings.Index(line, "//"); i >= 0 {
			line = line[:i]
		}
		line = strings.TrimSpace(line)
		switch {
		case block && line == ")":
			block = false
			continue
		case line == "replace (":
			block = true
			continue
		case strings.HasPrefix(line, "replace "):
			line = strings.TrimSpace(strings.TrimPrefix(line, "replace "))
		case !block:
			continue
		}
		from, to, ok := strings.Cut(line, "=>")
		if !ok {
			continue
		}
		old, target := strings.Fields(from), strings.Fields(to)
		if len(old) == 0 || len(target) != 1 {
			continue // a module version, not a folder
		}
		t := strings.Trim(target[0], `"`)
		if strings.HasPrefix(t, "./") || strings.HasPrefix(t, "../") || filepath.IsAbs(t) {
			out = append(out, goReplace{path: strings.Trim(old[0], `"`), dir: t})
		}
	}
	return out
}

// unreadModule says, for a package of a module go.mod replaces by a folder,
// why its names are not known ("" = not one): this analysis reads only the
// module's own packages.
func (a *goAnalysis) unreadModule(imp string) string {
	for _, r := range a.unread {
		if imp == r.path || strings.HasPrefix(imp, r.path+"/") {
			return "module " + r.path + " is replaced in go.mod by " + r.dir + ", " + r.why + ", which this analysis does not read"
		}
	}
	return ""
}

func firstLine(s string) string { return strings.SplitN(s, "\n", 2)[0] }

// method returns the declaration of w's type's method name, or nil.
func (w *goWrap) method(name string) *ast.FuncDecl { return methodOf(w.pkg, w.typ, name) }

// methodOf returns the method named name that pkg declares on type typ (or
// on a pointer to it), or nil.
func methodOf(pkg *goPkg, typ, name string) *ast.FuncDecl {
	for _, d := range pkg.methods[name] {
		if d.Recv == nil || len(d.Recv.List) == 0 {
			continue
		}
		t := d.Recv.List[0].Type
		if st, ok := t.(*ast.StarExpr); ok {
			t = st.X
		}
		if id, ok := t.(*ast.Ident); ok && id.Name == typ {
			return d
		}
	}
	return nil
}

// programPackages returns the packages of order that a main package imports,
// itself or through other packages of the module, when order holds a main
// package: a package only tests or tools import (an e2e hook server) is not
// part of any program, so its routes are not the server's. Without a main
// package (a library folder), every package is kept. With several main
// packages (one module, several binaries), each file is attributed to the
// programs whose imports reach it (a.programs), or, when the options name
// one, only that program's packages are kept.
func (a *goAnalysis) programPackages(order []*goPkg) ([]*goPkg, error) {
	byPath := map[string]*goPkg{}
	var mains []*goPkg
	for _, pkg := range order {
		if pkg.path != "" {
			byPath[pkg.path] = pkg
		}
		if len(pkg.files) > 0 && pkg.files[0].ast.Name.Name == "main" {
			mains = append(mains, pkg)
		}
	}
	if len(mains) == 0 {
		return order, nil
	}
	if a.program == "" {
		// examples, tests and tools are programs of the repository, not
		// servers of its API, unless nothing else is
		var servers []*goPkg
		for _, main := range mains {
			if !auxiliaryProgram(programName(main)) {
				servers = append(servers, main)
			}
		}
		if len(servers) > 0 {
			mains = servers
		}
	}
	reachedBy := map[*goPkg][]string{}
	var names []string
	for _, main := range mains {
		name := programName(main)
		names = append(names, name)
		if a.program != "" && name != a.program {
			continue
		}
		seen := map[*goPkg]bool{}
		queue := []*goPkg{main}
		for len(queue) > 0 {
			pkg := queue[0]
			queue = queue[1:]
			if seen[pkg] {
				continue
			}
			seen[pkg] = true
			reachedBy[pkg] = append(reachedBy[pkg], name)
			for _, f := range pkg.files {
				for _, is := range f.ast.Imports {
					p, _ := strconv.Unquote(is.Path.Value)
					if dep := byPath[p]; dep != nil && !seen[dep] {
						queue = append(queue, dep)
					}
				}
			}
		}
	}
	if a.program != "" && len(reachedBy) == 0 {
		if a.build.all {
			return nil, nil // the tagged variants do not build it: they add nothing
		}
		return nil, fmt.Errorf("program %q: no main package in that folder; the main packages are %s", a.program, strings.Join(names, ", "))
	}
	var out []*goPkg
	for _, pkg := range order {
		progs, ok := reachedBy[pkg]
		if !ok {
			continue
		}
		out = append(out, pkg)
		if (len(mains) > 1 || a.build.all) && a.program == "" { // the caller drops them when the build compared has one program
			for _, f := range pkg.files {
				a.programs[f.display] = progs
			}
		}
	}
	if len(mains) > 1 && a.program == "" {
		a.funcPrograms(out, mains, byPath)
	}
	return out, nil
}

// funcPrograms attributes each function of pkgs to the programs whose main
// function reaches it through the functions it names: a package one
// program imports for a helper (lakeFS's server imports the ACL package
// for a policy name) does not make the routes another program's main
// registers through it (the ACL server's) the first program's too. A
// function names another by its identifier, a package's selector, or —
// any method of that name in the module — a method's; a program's roots
// are its main, and the init functions and package-level variables of the
// packages it imports. A function no program reaches this way (called
// through something not followed) keeps its file's programs.
func (a *goAnalysis) funcPrograms(pkgs, mains []*goPkg, byPath map[string]*goPkg) {
	inPkgs := map[*goPkg]bool{}
	for _, pkg := range pkgs {
		inPkgs[pkg] = true
	}
	// names returns the functions and methods n names, read in file f
	names := func(n ast.Node, f *goFile) []*ast.FuncDecl {
		var out []*ast.FuncDecl
		var visit func(ast.Node) bool
		visit = func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.SelectorExpr:
				if x, ok := n.X.(*ast.Ident); ok {
					if imp := f.imports[x.Name]; imp != "" {
						if dep := byPath[imp]; dep != nil {
							if d := dep.funcs[n.Sel.Name]; d != nil {
								out = append(out, d)
							}
						}
						return false
					}
				}
				out = append(out, a.methods[n.Sel.Name]...)
				ast.Inspect(n.X, visit)
				return false
			case *ast.Ident:
				if d := f.pkg.funcs[n.Name]; d != nil {
					out = append(out, d)
				}
			}
			return true
		}
		ast.Inspect(n, visit)
		return out
	}
	// fileOf is the file of a function of pkgs with a body, else nil
	fileOf := func(d *ast.FuncDecl) *goFile {
		if f := a.byDecl[d]; f != nil && inPkgs[f.pkg] && d.Body != nil {
			return f
		}
		return nil
	}
	// roots are each package's init functions and the functions its
	// package-level variables name, read once for every program
	roots := map[*goPkg][]*ast.FuncDecl{}
	for _, pkg := range pkgs {
		for _, f := range pkg.files {
			for _, d := range f.ast.Decls {
				switch d := d.(type) {
				case *ast.FuncDecl:
					if d.Recv == nil && d.Name.Name == "init" && d.Body != nil {
						roots[pkg] = append(roots[pkg], d)
					}
				case *ast.GenDecl:
					if d.Tok == token.VAR {
						roots[pkg] = append(roots[pkg], names(d, f)...)
					}
				}
			}
		}
	}
	// callees memoises names over a function's body: a body reached by
	// several programs is walked once
	callees := map[*ast.FuncDecl][]*ast.FuncDecl{}
	reached := map[*ast.FuncDecl][]string{}
	for _, main := range mains {
		name := programName(main)
		var queue []*ast.FuncDecl
		if d := main.funcs["main"]; d != nil {
			queue = append(queue, d)
		}
		for _, pkg := range pkgs {
			if slices.Contains(a.programs[pkg.files[0].display], name) {
				queue = append(queue, roots[pkg]...)
			}
		}
		seen := map[*ast.FuncDecl]bool{}
		for len(queue) > 0 {
			d := queue[0]
			queue = queue[1:]
			f := fileOf(d)
			if seen[d] || f == nil {
				continue
			}
			seen[d] = true
			reached[d] = append(reached[d], name)
			next, ok := callees[d]
			if !ok {
				next = names(d.Body, f)
				callees[d] = next
			}
			queue = append(queue, next...)
		}
	}
	for d, progs := range reached {
		f := a.byDecl[d]
		progs = slices.DeleteFunc(progs, func(p string) bool { return !slices.Contains(a.programs[f.display], p) })
		if len(progs) == 0 {
			continue
		}
		a.declPrograms[f.display] = append(a.declPrograms[f.display], declSpan{
			from: a.parsed.fset.Position(d.Pos()).Line, to: a.parsed.fset.Position(d.End()).Line, programs: progs})
	}
}

// declSpan is the lines of one function and the programs reaching it.
type declSpan struct {
	from, to int
	programs []string
}

// programsAt returns the programs a route registered at p belongs to: those
// reaching the function holding p (funcPrograms), else its file's.
func (a *goAnalysis) programsAt(p routes.Pos) []string {
	for _, s := range a.declPrograms[p.File] {
		if s.from <= p.Line && p.Line <= s.to {
			return s.programs
		}
	}
	return a.programs[p.File]
}

// auxiliaryFolders name the folders whose programs are examples, tests or
// tools of a repository rather than its servers.
var auxiliaryFolders = map[string]bool{
	"example": true, "examples": true, "_examples": true, "test": true, "tests": true, "e2e": true, "testdata": true,
	"hack": true, "tools": true, "tool": true, "scripts": true, "docs": true, "benchmarks": true,
}

// auxiliaryProgram reports whether a program's folder lies under one of
// auxiliaryFolders.
func auxiliaryProgram(folder string) bool {
	for _, part := range strings.Split(folder, "/") {
		if auxiliaryFolders[part] {
			return true
		}
	}
	return false
}

// cleanProgram spells a program's folder as programName does ("" = none).
func cleanProgram(folder string) string {
	if folder == "" {
		return ""
	}
	return path.Clean(strings.TrimPrefix(filepath.ToSlash(folder), "./"))
}

// programName names a main package by its folder, slash-separated, as
// output shows files ("." for the root).
func programName(main *goPkg) string {
	if len(main.files) == 0 {
		return "."
	}
	return path.Dir(main.files[0].display)
}
