package golang

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"strconv"
	"strings"

	"github.com/wirelint/wirelint/routes"
)

// Function bodies are most of a Go server's syntax (two thirds of
// weaviate's 2,900 files) and most are never run: the analysis stops at
// its calls budget, and what it reads of every body (assignments, flag
// bindings, constructor shapes, paths written as strings) is read once,
// when the file is parsed, into fileFacts. So parse sets each body aside
// (an empty block with the body's braces keeps the declaration's extent)
// and funcBody parses it again, from the source, the first time the
// analysis runs it.

// fileFacts is what the analysis reads of a file's function bodies, taken
// when the file is parsed, before its bodies are set aside.
type fileFacts struct {
	// imports maps each local name to its import path, as parseFile names
	// them.
	imports map[string]string
	// registers is a.registers of the file.
	registers bool
	// opaque marks generated code importing no HTTP package, parsed with
	// its bodies blanked (opaque.go): no body fact is taken of it.
	opaque bool
	// assigns are the package-level variables, imported variables,
	// fields and flag bindings the bodies assign, in source order
	// (recordAssignments replays them).
	assigns []assignNote
	// implemented are the fields assigned something other than
	// NotImplemented, and written the strings starting with "/", each at
	// its first place, in source order: what goSwagger reads.
	implemented []string
	written     []writtenPath
	// stringFlags are the composite literals of a type named StringFlag,
	// in source order: what cliFlags reads.
	stringFlags []*ast.CompositeLit
}

// assignNote is one assignment recordAssignments replays.
type assignNote struct {
	kind assignKind
	name string      // the variable, field or flag-bound variable; imp.name for an imported one
	at   token.Pos   // where it is assigned
	flag *stdFlagVar // the flag bound, for assignFlagVar and assignFlagImport
	// local is, while readFacts reads a body, the variable whose field an
	// assignField assigns ("" = none or not a variable)
	local string
}

// assignKind says what an assignNote assigns.
type assignKind int

const (
	assignVar        assignKind = iota // a variable of the file's package, by name
	assignImported                     // a variable of an imported package, imp.name
	assignField                        // a field, by name
	assignFlagVar                      // flag.StringVar(&v, ...) on a variable of the file's package
	assignFlagImport                   // flag.StringVar(&pkg.V, ...), imp.name
)

// writtenPath is a string literal starting with "/" and its first place
// in a file.
type writtenPath struct {
	path string
	at   token.Pos
}

// lazyBody is a function body set aside: the file it is read from.
type lazyBody struct{ path string }

// fileImports maps each local name f binds to its import path: the
// module's own packages keep their folder's name, other imports the name
// importName gives, chi and echo their repository's, an explicit name
// wins.
func fileImports(f *ast.File, modPath string) map[string]string {
	out := map[string]string{}
	for _, is := range f.Imports {
		p, _ := strconv.Unquote(is.Path.Value)
		name := p[strings.LastIndex(p, "/")+1:]
		if modPath == "" || !strings.HasPrefix(p, modPath+"/") {
			name = importName(p) // the module's own packages keep their folder's name
		}
		if fw := frameworkOf(p); fw != nil && fw.importName != "" {
			name = fw.importName
		}
		if is.Name != nil {
			name = is.Name.Name
		}
		out[name] = p
	}
	return out
}

// readFacts takes f's fileFacts and, for each function, whether it
// stores a field and makes a router, then sets the bodies aside unless src
// holds a line directive (a body parsed again must keep its positions) or
// a StringFlag literal.
func (a *goAnalysis) readFacts(path string, f *ast.File, src []byte, opaque bool) {
	gf := &goFile{ast: f, imports: fileImports(f, a.modPath)}
	facts := &fileFacts{imports: gf.imports, registers: a.registers(f), opaque: opaque}
	seen := map[string]bool{}
	for _, d := range f.Decls {
		// one walk of each declaration: what goSwagger and cliFlags read
		// anywhere, what recordAssignments and the constructor order read
		// in a body
		var body *ast.BlockStmt
		fd, _ := d.(*ast.FuncDecl)
		if fd != nil && fd.Body != nil {
			body = fd.Body
		}
		first := len(facts.assigns) // this declaration's notes start here
		fields := false             // whether one assigns a field of a local
		stores, makes := false, false
		ast.Inspect(d, func(n ast.Node) bool {
			if n == nil {
				return true
			}
			switch n := n.(type) {
			case *ast.AssignStmt:
				if len(n.Lhs) == len(n.Rhs) {
					for i, l := range n.Lhs {
						if sel, ok := l.(*ast.SelectorExpr); ok && !notImplemented(n.Rhs[i]) {
							facts.implemented = append(facts.implemented, sel.Sel.Name)
						}
					}
				}
			case *ast.CompositeLit:
				if sel, ok := n.Type.(*ast.SelectorExpr); ok && sel.Sel.Name == "StringFlag" {
					facts.stringFlags = append(facts.stringFlags, n)
				}
			}
			if lit, ok := n.(*ast.BasicLit); ok && len(lit.Value) > 1 && (lit.Value[1] == '/' || lit.Value[1] == '\\') {
				if s, ok := stringLit(lit); ok && strings.HasPrefix(s, "/") && !seen[s] {
					seen[s] = true
					facts.written = append(facts.written, writtenPath{path: s, at: n.Pos()})
				}
			}
			if body == nil || n.Pos() < body.Lbrace || n.Pos() > body.Rbrace {
				return true
			}
			facts.assigns = assignNote1(gf, n, facts.assigns, &fields)
			stores = stores || storesNode(n)
			makes = makes || makesNode(gf, n)
			return true
		})
		if fields {
			// a field of a local of another module's type (cfg.BaseURL on
			// openai's config) is not the server's
			foreign := a.foreignLocals(gf, body)
			kept := facts.assigns[:first]
			for _, n := range facts.assigns[first:] {
				if n.local == "" || !foreign[n.local] {
					n.local = ""
					kept = append(kept, n)
				}
			}
			facts.assigns = kept
		}
		if stores {
			a.parsed.stores[fd] = true
			if makes {
				a.parsed.makes[fd] = true
			}
		}
	}
	a.parsed.facts[path] = facts
	if opaque {
		a.parsed.setAside(path, funcBodies(f))
		return
	}
	if len(facts.stringFlags) > 0 || bytes.Contains(src, []byte("//line ")) || bytes.Contains(src, []byte("/*line ")) {
		// cliFlags evaluates the flags' literals where they are written,
		// and a selector in them reads the locals of the body around it
		return
	}
	if a.parsed.aside {
		a.parsed.setAside(path, funcBodies(f))
	}
}

// funcBodies returns the function declarations of f with a body.
func funcBodies(f *ast.File) []*ast.FuncDecl {
	var out []*ast.FuncDecl
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
			out = append(out, fd)
		}
	}
	return out
}

// asideAbove is the Go source, in bytes, of a server past which parse sets
// function bodies aside. Setting aside costs a second parse of each body
// the analysis runs, and pays when most are never run; below this size
// the trees are held whole (about 5 bytes of tree per byte of source, 60
// MB here). hatchet, 8.2 MB of Go, runs 88% of its body text before the
// calls budget ends the analysis and would only pay; weaviate (21 MB) runs
// a third, openmeter (31 MB) two fifths. Deciding after part of the
// source is read does not do: the bodies held until then raise the heap
// the collector paces itself by (weaviate: 320 MB instead of 290).
const asideAbove = 12 << 20

// readSources reads the Go files of paths (tests aside), as parse will
// read them, and returns the bytes of those it parses whole: every file
// but opaque generated code.
func (a *goAnalysis) readSources(paths []string) (int64, error) {
	var n int64
	for _, p := range paths {
		if strings.HasSuffix(p, "_test.go") {
			continue
		}
		src, opaque, err := a.source(p)
		if err != nil {
			return 0, err
		}
		if !opaque {
			n += int64(len(src))
		}
	}
	return n, nil
}

// source returns the text of the Go file at path, read once, and whether
// it is opaque generated code.
func (a *goAnalysis) source(path string) ([]byte, bool, error) {
	if src, ok := a.parsed.sources[path]; ok {
		return src, a.parsed.opaque[path], nil
	}
	src, err := routes.ReadSource(a.confine, path, a.display, a.budget.SourceBytes)
	if err != nil {
		return nil, false, err
	}
	a.parsed.sources[path] = src
	opaque := opaqueGenerated(path, src)
	if opaque {
		a.parsed.opaque[path] = true
	}
	return src, opaque, nil
}

// setAside sets the bodies of decls, read from the file at path, aside.
func (p *parsedFiles) setAside(path string, decls []*ast.FuncDecl) {
	for _, fd := range decls {
		p.lazy[fd] = lazyBody{path: path}
		fd.Body = &ast.BlockStmt{Lbrace: fd.Body.Lbrace, Rbrace: fd.Body.Rbrace}
	}
}

// funcBody returns d's body, parsing it again from its file's source the
// first time when parse set it aside. The declaration is replaced whole by
// the one parsed again, whose positions (in a file set entry of its own,
// with a line directive placing it) name the same lines and columns, so
// that d's extent and its body's positions stay in one file.
func (a *goAnalysis) funcBody(d *ast.FuncDecl) *ast.BlockStmt {
	lazy, ok := a.parsed.lazy[d]
	if !ok {
		return d.Body
	}
	delete(a.parsed.lazy, d)
	fset := a.parsed.fset
	src := a.parsed.sources[lazy.path]
	file := fset.File(d.Pos())
	start, end := file.Offset(d.Pos()), file.Offset(d.End())
	at := file.PositionFor(d.Pos(), false)
	prefix := fmt.Sprintf("package p;/*line :%d:%d*/", at.Line, at.Column)
	text := make([]byte, 0, len(prefix)+end-start)
	text = append(append(text, prefix...), src[start:end]...)
	f, err := parser.ParseFile(fset, lazy.path, text, parser.SkipObjectResolution)
	if err == nil && len(f.Decls) == 1 {
		if nd, ok := f.Decls[0].(*ast.FuncDecl); ok && nd.Body != nil {
			a.parsed.shift[fset.File(nd.Pos())] = start - len(prefix)
			*d = *nd
			return d.Body
		}
	}
	// the declaration alone did not parse as the file did: the file again
	f, err = parser.ParseFile(fset, lazy.path, src, parser.SkipObjectResolution)
	if err != nil && a.parsed.opaque[lazy.path] {
		// parsed blanked, the file is read whole for the first time:
		// its error is the extraction's, as parse reports one
		if a.bodyErr == nil {
			a.bodyErr = fmt.Errorf("%s", strings.Replace(firstLine(err.Error()), lazy.path, a.display(lazy.path), 1))
		}
		return d.Body
	}
	if err != nil {
		panic(fmt.Sprintf("%s parsed before but not again: %v", lazy.path, err))
	}
	for _, decl := range f.Decls {
		if nd, ok := decl.(*ast.FuncDecl); ok && fset.File(nd.Pos()).Offset(nd.Pos()) == start && nd.Body != nil {
			*d = *nd
			return d.Body
		}
	}
	panic(fmt.Sprintf("%s: the function at offset %d is not found again", lazy.path, start))
}

// assignNote1 appends to out what node n of a body assigns after
// declaration, as recordAssignments replays it: a package-level variable
// (x = v), an imported one (pkg.X = v), a field (cfg.HTTP.Prefix = env;
// one of a variable x is marked local x, and *fields set, for readFacts to
// drop when x is a local of another module's type), a variable whose
// address is taken, a flag binding.
func assignNote1(gf *goFile, n ast.Node, out []assignNote, fields *bool) []assignNote {
	note := func(e ast.Expr) {
		switch e := e.(type) {
		case *ast.Ident:
			out = append(out, assignNote{kind: assignVar, name: e.Name, at: e.Pos()})
		case *ast.SelectorExpr:
			if x, ok := e.X.(*ast.Ident); ok {
				if imp, ok := gf.imports[x.Name]; ok {
					out = append(out, assignNote{kind: assignImported, name: imp + "." + e.Sel.Name, at: e.Pos()})
					return
				}
			}
			note := assignNote{kind: assignField, name: e.Sel.Name, at: e.Pos()}
			if x, ok := e.X.(*ast.Ident); ok {
				note.local = x.Name
				*fields = true
			}
			out = append(out, note)
		}
	}
	switch n := n.(type) {
	case *ast.AssignStmt:
		if n.Tok != token.DEFINE {
			for _, l := range n.Lhs {
				note(l)
			}
		}
	case *ast.UnaryExpr:
		if n.Op == token.AND {
			note(n.X)
		}
	case *ast.CallExpr:
		if fl, ok := flagVarNote(gf, n); ok {
			out = append(out, fl)
		}
	}
	return out
}
