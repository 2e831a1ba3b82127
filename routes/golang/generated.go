package golang

import (
	"bytes"
	"go/ast"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/wirelint/wirelint/internal/lazyre"
	"github.com/wirelint/wirelint/routes"
)

// basePathJSON finds the base path in a go-swagger embedded_spec.go, which
// holds the spec as JSON text.
var basePathJSON = lazyre.New(`"basePath":\s*"([^"]*)"`)

// goSwagger reads the operation table go-swagger generates (the API
// type's initHandlerCache: o.handlers["GET"]["/alerts"] =
// alert.NewGetAlerts(o.context, o.GetAlertsHandler)) from the program's
// packages, and which handler fields no code sets to anything but
// middleware.NotImplemented. nil when no package holds such a table.
func (a *goAnalysis) goSwagger(pkgs []*goPkg) *routes.Generated {
	var gen *routes.Generated
	var tablePkg *goPkg
	for _, pkg := range pkgs {
		for _, d := range pkg.methods["initHandlerCache"] {
			gf := a.byDecl[d]
			if gf == nil || d.Body == nil {
				continue
			}
			var ops []routes.GeneratedOperation
			for _, st := range a.funcBody(d).List {
				if op, ok := swaggerEntry(st); ok {
					op.Pos = a.pos(gf, st.Pos())
					ops = append(ops, op)
				}
			}
			if len(ops) > 0 && gen == nil {
				gen = &routes.Generated{Generator: "go-swagger", Pos: a.pos(gf, d.Name.Pos()), Operations: ops}
				tablePkg = pkg
			}
		}
	}
	if gen == nil {
		return nil
	}
	implemented := map[string]bool{}
	for _, pkg := range pkgs {
		for _, gf := range pkg.files {
			for _, name := range gf.facts.implemented {
				implemented[name] = true
			}
		}
	}
	// the spec go-swagger embeds, as JSON text, names the base path
	for _, path := range slices.Sorted(maps.Keys(a.parsed.sources)) {
		if strings.HasSuffix(path, "embedded_spec.go") {
			if m := basePathJSON().FindSubmatch(a.parsed.sources[path]); m != nil {
				gen.BasePath = string(m[1])
				break
			}
		}
	}
	for i, op := range gen.Operations {
		gen.Operations[i].Stub = !implemented[op.Handler]
	}
	a.intercepted(pkgs, tablePkg, gen)
	return gen
}

// intercepted sets, for each stub of gen, where code outside the generated
// package tablePkg writes its full path as a string: a middleware may
// answer it before the generated router does.
func (a *goAnalysis) intercepted(pkgs []*goPkg, tablePkg *goPkg, gen *routes.Generated) {
	written := map[string]routes.Pos{}
	for _, pkg := range pkgs {
		if pkg == tablePkg {
			continue
		}
		for _, gf := range pkg.files {
			if strings.HasSuffix(gf.display, "embedded_spec.go") {
				continue
			}
			for _, w := range gf.facts.written {
				if _, seen := written[w.path]; !seen {
					written[w.path] = a.pos(gf, w.at)
				}
			}
		}
	}
	for i, op := range gen.Operations {
		if at, ok := written[routes.Join(gen.BasePath, op.Path)]; ok && op.Stub {
			gen.Operations[i].Intercepted = at
		}
	}
}

// stubGenerators are the generators that emit a stub type answering every
// operation with 501, which a server's handler type embeds so that the
// operations it does not implement fall back to it: the stub type's name,
// and how each of its methods' doc comments names its operation.
var stubGenerators = []struct {
	generator, stubType string
	// operation matches the doc comment line naming the method and path
	operation func() *regexp.Regexp
	// routed marks a generator whose router registrations the code
	// analysis reads (oapi-codegen's chi server): its table only says
	// which operations run the stub
	routed bool
}{
	// ogen (oas_unimplemented_gen.go): "// POST /pets"
	{"ogen", "UnimplementedHandler", lazyre.New(`^([A-Z]+) (/\S*)$`), false},
	// oapi-codegen's chi server (Unimplemented, since v1.13.1):
	// "// (POST /pets)"
	{"oapi-codegen", "Unimplemented", lazyre.New(`^\(([A-Z]+) (/\S*)\)$`), true},
}

// stubServer reads the stub type ogen or oapi-codegen generates (ogen's
// UnimplementedHandler, oapi-codegen's chi Unimplemented) from the
// program's packages: its methods are the operation table, each named by
// its doc comment. An operation is a stub when the server's handler types,
// the types embedding the stub type, declare no method of its name (Go
// promotes the stub's). ogen's table is returned whether or not a type
// embeds it (its router is not read from the code); oapi-codegen's only
// when one does. nil when no package holds such a type.
func (a *goAnalysis) stubServer(pkgs []*goPkg) *routes.Generated {
	for _, sg := range stubGenerators {
		for _, pkg := range pkgs {
			gf := pkg.typeFile[sg.stubType]
			if _, isStruct := pkg.types[sg.stubType].(*ast.StructType); !isStruct || gf == nil {
				continue
			}
			var ops []routes.GeneratedOperation
			for _, ds := range pkg.methods {
				for _, d := range ds {
					if d.Recv == nil || len(d.Recv.List) == 0 || typeName(d.Recv.List[0].Type) != sg.stubType {
						continue
					}
					for _, l := range a.docLines(d) {
						if m := sg.operation().FindStringSubmatch(l); m != nil && routes.IsMethod(m[1]) {
							ops = append(ops, routes.GeneratedOperation{Method: m[1], Path: m[2], Handler: d.Name.Name, Pos: a.pos(a.byDecl[d], d.Name.Pos())})
							break
						}
					}
				}
			}
			if len(ops) == 0 {
				continue
			}
			slices.SortFunc(ops, func(x, y routes.GeneratedOperation) int { return comparePos(x.Pos, y.Pos) })
			embedders := a.embedders(pkgs, pkg, sg.stubType)
			served := a.stubServed(pkgs, pkg, sg.stubType)
			if len(embedders) == 0 && !served && sg.routed {
				continue
			}
			implemented := map[string]bool{}
			for _, e := range embedders {
				for _, ds := range e.pkg.methods {
					for _, d := range ds {
						if d.Recv != nil && len(d.Recv.List) > 0 && typeName(d.Recv.List[0].Type) == e.name {
							implemented[d.Name.Name] = true
						}
					}
				}
			}
			for i, op := range ops {
				ops[i].Stub = served || len(embedders) > 0 && !implemented[op.Handler]
			}
			var ts ast.Node = gf.ast
			for _, d := range gf.ast.Decls {
				if g, ok := d.(*ast.GenDecl); ok {
					for _, sp := range g.Specs {
						if t, ok := sp.(*ast.TypeSpec); ok && t.Name.Name == sg.stubType {
							ts = t.Name
						}
					}
				}
			}
			gen := &routes.Generated{Generator: sg.generator, Pos: a.pos(gf, ts.Pos()), Operations: ops, Routed: sg.routed, StubHandler: served}
			if !sg.routed {
				gen.BasePath = a.pathPrefixOption(pkgs)
			}
			a.intercepted(pkgs, pkg, gen)
			return gen
		}
	}
	return nil
}

// docLines returns the text of the // comment lines right above d (its
// doc comment; the files are parsed without comments), trimmed, last
// first.
func (a *goAnalysis) docLines(d *ast.FuncDecl) []string {
	f := a.parsed.fset.File(d.Pos())
	if f == nil {
		return nil
	}
	// a declaration whose body was parsed again (bodies.go) sits in a file
	// set entry of its own, shifted from its file's source
	src, offset := a.parsed.sources[f.Name()], f.Offset(d.Pos())+a.parsed.shift[f]
	if offset < 0 || offset > len(src) {
		return nil
	}
	var out []string
	rest := src[:offset]
	for {
		rest = bytes.TrimRight(rest, " \t")
		if !bytes.HasSuffix(rest, []byte("\n")) {
			return out
		}
		rest = rest[:len(rest)-1]
		start := bytes.LastIndexByte(rest, '\n') + 1
		line := bytes.TrimSpace(rest[start:])
		text, ok := bytes.CutPrefix(line, []byte("//"))
		if !ok {
			return out
		}
		out = append(out, strings.TrimSpace(string(text)))
		rest = rest[:start]
	}
}

// comparePos orders positions by file, line and column.
func comparePos(x, y routes.Pos) int {
	if c := strings.Compare(x.File, y.File); c != 0 {
		return c
	}
	if x.Line != y.Line {
		return x.Line - y.Line
	}
	return x.Column - y.Column
}

// embedder is a struct type of the server embedding a generator's stub.
type embedder struct {
	pkg  *goPkg
	name string
}

// embedders returns the struct types of pkgs that embed the stub type
// stubType of package stubPkg (api.Unimplemented, or Unimplemented in
// stubPkg itself), in package order and by name.
func (a *goAnalysis) embedders(pkgs []*goPkg, stubPkg *goPkg, stubType string) []embedder {
	var out []embedder
	for _, pkg := range pkgs {
		for _, name := range slices.Sorted(maps.Keys(pkg.types)) {
			st, ok := pkg.types[name].(*ast.StructType)
			if !ok {
				continue
			}
			f := pkg.typeFile[name]
			for _, fl := range st.Fields.List {
				if len(fl.Names) > 0 {
					continue
				}
				t := fl.Type
				if star, ok := t.(*ast.StarExpr); ok {
					t = star.X
				}
				switch t := t.(type) {
				case *ast.Ident:
					if pkg == stubPkg && t.Name == stubType {
						out = append(out, embedder{pkg, name})
					}
				case *ast.SelectorExpr:
					if x, ok := t.X.(*ast.Ident); ok && t.Sel.Name == stubType && stubPkg.path != "" && f.imports[x.Name] == stubPkg.path {
						out = append(out, embedder{pkg, name})
					}
				}
			}
		}
	}
	return out
}

// stubServed reports whether code outside stubPkg passes a literal of the
// stub type itself to a call (api.NewServer(api.UnimplementedHandler{}),
// api.HandlerFromMux(api.Unimplemented{}, r)): the stub is the handler, so
// every operation answers 501.
func (a *goAnalysis) stubServed(pkgs []*goPkg, stubPkg *goPkg, stubType string) bool {
	served := false
	for _, pkg := range pkgs {
		if pkg == stubPkg || stubPkg.path == "" {
			continue
		}
		for _, gf := range pkg.files {
			a.inspectWhole(gf, stubType, func(n ast.Node) bool {
				c, ok := n.(*ast.CallExpr)
				if !ok || served {
					return !served
				}
				for _, arg := range c.Args {
					if u, ok := arg.(*ast.UnaryExpr); ok {
						arg = u.X
					}
					lit, ok := arg.(*ast.CompositeLit)
					if !ok {
						continue
					}
					if sel, ok := lit.Type.(*ast.SelectorExpr); ok && sel.Sel.Name == stubType {
						if x, ok := sel.X.(*ast.Ident); ok && gf.imports[x.Name] == stubPkg.path {
							served = true
						}
					}
				}
				return !served
			})
		}
	}
	return served
}

// pathPrefixOption returns the string literal the program passes to an
// ogen server's WithPathPrefix option, "" when none.
func (a *goAnalysis) pathPrefixOption(pkgs []*goPkg) string {
	for _, pkg := range pkgs {
		for _, gf := range pkg.files {
			prefix := ""
			a.inspectWhole(gf, "WithPathPrefix", func(n ast.Node) bool {
				c, ok := n.(*ast.CallExpr)
				if !ok || len(c.Args) != 1 || prefix != "" {
					return prefix == ""
				}
				if sel, ok := c.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "WithPathPrefix" {
					prefix, _ = stringLit(c.Args[0])
				}
				return prefix == ""
			})
			if prefix != "" {
				return prefix
			}
		}
	}
	return ""
}

// swaggerEntry reads one statement of initHandlerCache:
// o.handlers["METHOD"]["/path"] = pkg.NewOp(o.context, o.OpHandler).
func swaggerEntry(st ast.Stmt) (routes.GeneratedOperation, bool) {
	as, ok := st.(*ast.AssignStmt)
	if !ok || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
		return routes.GeneratedOperation{}, false
	}
	outer, ok := as.Lhs[0].(*ast.IndexExpr)
	if !ok {
		return routes.GeneratedOperation{}, false
	}
	inner, ok := outer.X.(*ast.IndexExpr)
	if !ok {
		return routes.GeneratedOperation{}, false
	}
	if sel, ok := inner.X.(*ast.SelectorExpr); !ok || sel.Sel.Name != "handlers" {
		return routes.GeneratedOperation{}, false
	}
	method, ok1 := stringLit(inner.Index)
	path, ok2 := stringLit(outer.Index)
	call, ok3 := as.Rhs[0].(*ast.CallExpr)
	if !ok1 || !ok2 || !ok3 || len(call.Args) == 0 {
		return routes.GeneratedOperation{}, false
	}
	field, ok := call.Args[len(call.Args)-1].(*ast.SelectorExpr)
	if !ok {
		return routes.GeneratedOperation{}, false
	}
	return routes.GeneratedOperation{Method: strings.ToUpper(method), Path: path, Handler: field.Sel.Name}, true
}

// stringLit returns the value of a string literal.
func stringLit(e ast.Expr) (string, bool) {
	lit, ok := e.(*ast.BasicLit)
	if !ok {
		return "", false
	}
	s, err := strconv.Unquote(lit.Value)
	return s, err == nil
}

// notImplemented reports whether e calls a function named NotImplemented
// (go-openapi's middleware.NotImplemented): the stub go-swagger generates.
func notImplemented(e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok {
			if sel, ok := c.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "NotImplemented" {
				found = true
			}
		}
		return !found
	})
	return found
}

// inspectWhole is ast.Inspect over gf's syntax with the function bodies
// parse set aside (bodies.go) whose source holds needle parsed again, so a
// search for a call written with needle sees the bodies that can hold it
// and parses no other again; a file whose text does not hold needle is
// not walked at all.
func (a *goAnalysis) inspectWhole(gf *goFile, needle string, fn func(ast.Node) bool) {
	if src, ok := a.parsed.sources[a.parsed.fset.File(gf.ast.Package).Name()]; ok && !bytes.Contains(src, []byte(needle)) {
		return // none of its nodes names needle
	}
	for _, d := range gf.ast.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil && a.bodyHolds(fd, needle) {
			a.funcBody(fd)
		}
		ast.Inspect(d, fn)
	}
}

// bodyHolds reports whether d's body was set aside and its source text
// holds needle.
func (a *goAnalysis) bodyHolds(d *ast.FuncDecl, needle string) bool {
	lazy, ok := a.parsed.lazy[d]
	if !ok {
		return false
	}
	file := a.parsed.fset.File(d.Pos())
	src := a.parsed.sources[lazy.path]
	start, end := file.Offset(d.Pos()), file.Offset(d.End())
	return start >= 0 && end <= len(src) && start <= end && bytes.Contains(src[start:end], []byte(needle))
}
