// Package golang reads the wire form of Go types with go/parser: structs
// (embedded structs promote their fields), json tags (omitempty, omitzero,
// string, -), pointers, slices, maps, named types whose typed constants form
// an enum, aliases, and types with MarshalJSON or UnmarshalJSON (opaque).
package golang

import (
	"go/ast"
	"go/parser"
	"go/token"
	"reflect"
	"strconv"
	"strings"

	"github.com/wirelint/wirelint/codetypes"
)

// Source is one file to read: its display path and contents.
type Source struct {
	Path string
	Data []byte
}

// Read parses the files (one package or several) and returns their types.
// A file that does not parse is an error naming it.
func Read(files []Source) ([]*codetypes.Decl, error) {
	fset := token.NewFileSet()
	r := &reader{fset: fset, decls: map[string]*codetypes.Decl{}, consts: map[string][]constValue{}, custom: map[string]string{}, set: map[string]map[string]bool{}}
	var parsed []*ast.File
	lines := map[*ast.File][]string{}
	for _, f := range files {
		af, err := parser.ParseFile(fset, f.Path, f.Data, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		parsed = append(parsed, af)
		lines[af] = strings.Split(string(f.Data), "\n")
	}
	for _, af := range parsed {
		r.collect(af, lines[af])
	}
	for _, af := range parsed {
		r.constructors(af)
	}
	var out []*codetypes.Decl
	for _, d := range r.order {
		if vs := r.consts[d.Name]; len(vs) > 0 && d.Kind == codetypes.Alias {
			d.Kind = codetypes.Enum
			d.ValuePos = map[string]codetypes.Pos{}
			var values []string
			for _, v := range vs {
				values = append(values, v.value)
				d.ValuePos[v.value] = v.pos
			}
			d.Values = codetypes.SortedSet(values)
		}
		if why := r.custom[d.Name]; why != "" {
			d.Kind, d.Why = codetypes.Opaque, why
		}
		for _, f := range d.Fields {
			f.Initialized = r.set[d.Name][f.Source]
		}
		out = append(out, d)
	}
	return out, nil
}

type constValue struct {
	value string
	pos   codetypes.Pos
}

type reader struct {
	fset   *token.FileSet
	decls  map[string]*codetypes.Decl
	order  []*codetypes.Decl
	consts map[string][]constValue
	// custom maps a type to why it marshals itself
	custom map[string]string
	// set maps a type to the fields a constructor initialises
	set map[string]map[string]bool
}

func (r *reader) pos(p token.Pos) codetypes.Pos {
	at := r.fset.Position(p)
	return codetypes.Pos{File: at.Filename, Line: at.Line, Col: at.Column}
}

func (r *reader) collect(f *ast.File, lines []string) {
	for _, decl := range f.Decls {
		switch decl := decl.(type) {
		case *ast.GenDecl:
			switch decl.Tok {
			case token.TYPE:
				for _, spec := range decl.Specs {
					r.typeSpec(spec.(*ast.TypeSpec), lines)
				}
			case token.CONST:
				r.constBlock(decl)
			}
		case *ast.FuncDecl:
			if decl.Recv == nil || len(decl.Recv.List) == 0 {
				continue
			}
			switch decl.Name.Name {
			case "MarshalJSON", "UnmarshalJSON", "MarshalText", "UnmarshalText":
				if name := recvName(decl.Recv.List[0].Type); name != "" && r.custom[name] == "" {
					r.custom[name] = "it has a " + decl.Name.Name + " method"
				}
			}
		}
	}
}

func recvName(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.StarExpr:
		return recvName(e.X)
	case *ast.Ident:
		return e.Name
	case *ast.IndexExpr:
		return recvName(e.X)
	case *ast.IndexListExpr:
		return recvName(e.X)
	}
	return ""
}

func (r *reader) typeSpec(ts *ast.TypeSpec, lines []string) {
	d := &codetypes.Decl{Name: ts.Name.Name, Pos: r.pos(ts.Name.Pos()), Language: "go"}
	line := r.fset.Position(ts.Pos()).Line
	if target, at := codetypes.MirrorAbove(lines, line); target != "" {
		d.Mirror, d.MirrorPos = target, codetypes.Pos{File: d.Pos.File, Line: at.Line, Col: at.Col}
	} else if target, at := codetypes.MirrorAbove(lines, line-1); target != "" && strings.HasPrefix(strings.TrimSpace(lines[line-2]), "type (") {
		d.Mirror, d.MirrorPos = target, codetypes.Pos{File: d.Pos.File, Line: at.Line, Col: at.Col}
	}
	params := map[string]bool{}
	if ts.TypeParams != nil {
		for _, p := range ts.TypeParams.List {
			for _, n := range p.Names {
				params[n.Name] = true
				d.Params = append(d.Params, n.Name)
			}
		}
	}
	if st, ok := ts.Type.(*ast.StructType); ok {
		d.Kind = codetypes.Object
		r.fields(d, st, params)
	} else {
		d.Kind = codetypes.Alias
		d.Target = r.expr(ts.Type, params)
		if ts.Assign == 0 {
			// a defined type (not an alias) has none of its underlying
			// type's methods: what a marshaller of that type wrote, its
			// plain structure now writes
			if t, ok := withoutMethods(ts.Type, r.pos(ts.Type.Pos())); ok {
				d.Target = t
			}
		}
	}
	r.decls[d.Name] = d
	r.order = append(r.order, d)
}

func (r *reader) fields(d *codetypes.Decl, st *ast.StructType, params map[string]bool) {
	for _, f := range st.Fields.List {
		tag := ""
		if f.Tag != nil {
			if s, err := strconv.Unquote(f.Tag.Value); err == nil {
				tag = reflect.StructTag(s).Get("json")
			}
		}
		name, opts, _ := strings.Cut(tag, ",")
		if name == "-" && opts == "" {
			continue
		}
		omit := hasOpt(opts, "omitempty") || hasOpt(opts, "omitzero")
		if len(f.Names) == 0 {
			// embedded: its fields are promoted unless a tag names it
			if name == "" {
				d.Bases = append(d.Bases, r.expr(f.Type, params))
				continue
			}
			f.Names = []*ast.Ident{{Name: embeddedName(f.Type), NamePos: f.Type.Pos()}}
		}
		for _, n := range f.Names {
			if !n.IsExported() {
				continue
			}
			field := &codetypes.Field{Name: name, Source: n.Name, Pos: r.pos(n.Pos()), Optional: omit}
			if field.Name == "" {
				field.Name, field.FoldCase = n.Name, true
			}
			t := r.expr(f.Type, params)
			if hasOpt(opts, "string") {
				if p, ok := t.(codetypes.Prim); ok && p.Type != "string" {
					t = codetypes.Prim{Type: "string"}
				}
			}
			if _, ptr := f.Type.(*ast.StarExpr); ptr {
				field.NullIsAbsence, field.OmitsNull = omit, omit // a nil pointer is left out
			}
			switch f.Type.(type) {
			case *ast.ArrayType, *ast.MapType:
				if at, ok := f.Type.(*ast.ArrayType); !ok || at.Len == nil {
					field.NilMarshalsNull = !omit && !isBytes(f.Type)
				}
			}
			field.Type = t
			d.Fields = append(d.Fields, field)
		}
	}
}

func hasOpt(opts, want string) bool {
	for _, o := range strings.Split(opts, ",") {
		if o == want {
			return true
		}
	}
	return false
}

func embeddedName(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.StarExpr:
		return embeddedName(e.X)
	case *ast.SelectorExpr:
		return e.Sel.Name
	case *ast.Ident:
		return e.Name
	case *ast.IndexExpr:
		return embeddedName(e.X)
	}
	return ""
}

func isBytes(e ast.Expr) bool {
	at, ok := e.(*ast.ArrayType)
	if !ok {
		return false
	}
	id, ok := at.Elt.(*ast.Ident)
	return ok && (id.Name == "byte" || id.Name == "uint8")
}

// expr maps a Go type expression to its wire form.
func (r *reader) expr(e ast.Expr, params map[string]bool) codetypes.Expr {
	switch e := e.(type) {
	case *ast.Ident:
		if params[e.Name] {
			return codetypes.Param{Name: e.Name}
		}
		return ident(e.Name)
	case *ast.StarExpr:
		return codetypes.MakeNullable(r.expr(e.X, params))
	case *ast.ArrayType:
		if isBytes(e) {
			return codetypes.Prim{Type: "string", Format: "byte"}
		}
		return codetypes.Array{Elem: element(r.expr(e.Elt, params), e.Elt)}
	case *ast.MapType:
		return codetypes.Map{Value: element(r.expr(e.Value, params), e.Value)}
	case *ast.InterfaceType:
		return codetypes.Nullable{Of: codetypes.Any{}}
	case *ast.StructType:
		d := &codetypes.Decl{Name: "struct", Pos: r.pos(e.Pos()), Kind: codetypes.Object, Language: "go"}
		r.fields(d, e, params)
		return codetypes.Inline{Decl: d}
	case *ast.SelectorExpr:
		pkg, _ := e.X.(*ast.Ident)
		qual := e.Sel.Name
		if pkg != nil {
			qual = pkg.Name + "." + e.Sel.Name
		}
		switch qual {
		case "time.Time":
			return codetypes.Prim{Type: "string", Format: "date-time"}
		case "time.Duration":
			return codetypes.Prim{Type: "integer", Format: "int64"}
		case "json.RawMessage":
			return codetypes.Nullable{Of: codetypes.Any{}}
		case "json.Number":
			return codetypes.Prim{Type: "number"}
		case "uuid.UUID", "openapi_types.UUID", "types.UUID":
			return codetypes.Prim{Type: "string", Format: "uuid"}
		case "openapi_types.Date", "types.Date":
			return codetypes.Prim{Type: "string", Format: "date"}
		case "openapi_types.Email", "types.Email":
			return codetypes.Prim{Type: "string", Format: "email"}
		case "openapi_types.File", "types.File":
			return codetypes.Prim{Type: "string", Format: "binary"}
		case "url.URL":
			// no MarshalJSON or MarshalText: encoding/json writes its fields
			return urlObject(r.pos(e.Pos()))
		}
		return codetypes.Named{Name: e.Sel.Name}
	case *ast.IndexExpr:
		base := r.expr(e.X, params)
		if n, ok := base.(codetypes.Named); ok {
			n.Args = []codetypes.Expr{r.expr(e.Index, params)}
			return n
		}
		return base
	case *ast.IndexListExpr:
		base := r.expr(e.X, params)
		if n, ok := base.(codetypes.Named); ok {
			for _, a := range e.Indices {
				n.Args = append(n.Args, r.expr(a, params))
			}
			return n
		}
		return base
	case *ast.ParenExpr:
		return r.expr(e.X, params)
	}
	return codetypes.Unknown{Name: "a Go type expression of another kind"}
}

// element marks a pointer element of a slice or map (see
// codetypes.Nullable.Pointer).
func element(t codetypes.Expr, written ast.Expr) codetypes.Expr {
	if n, ok := t.(codetypes.Nullable); ok {
		if _, ptr := written.(*ast.StarExpr); ptr {
			n.Pointer = true
			return n
		}
	}
	return t
}

func ident(name string) codetypes.Expr {
	switch name {
	case "string":
		return codetypes.Prim{Type: "string"}
	case "bool":
		return codetypes.Prim{Type: "boolean"}
	case "int", "int8", "int16", "int32", "uint", "uint8", "uint16", "uint32", "byte", "rune", "uintptr":
		return codetypes.Prim{Type: "integer"}
	case "int64", "uint64":
		return codetypes.Prim{Type: "integer", Format: "int64"}
	case "float32", "float64":
		return codetypes.Prim{Type: "number"}
	case "any":
		return codetypes.Nullable{Of: codetypes.Any{}}
	}
	return codetypes.Named{Name: name}
}

// constBlock records typed constants: const (A Kind = "a"; B Kind = "b").
// An untyped constant in a block continues the previous type (iota style).
func (r *reader) constBlock(g *ast.GenDecl) {
	typ := ""
	var lastValues []ast.Expr
	for i, spec := range g.Specs {
		vs := spec.(*ast.ValueSpec)
		if vs.Type != nil {
			if id, ok := vs.Type.(*ast.Ident); ok {
				typ = id.Name
			} else {
				typ = ""
			}
		} else if len(vs.Values) > 0 {
			typ = ""
		}
		values := vs.Values
		if len(values) == 0 {
			values = lastValues
		} else {
			lastValues = values
		}
		if typ == "" {
			continue
		}
		for j, n := range vs.Names {
			if n.Name == "_" || j >= len(values) {
				continue
			}
			v := literal(values[j], i)
			if v == "" {
				continue
			}
			r.consts[typ] = append(r.consts[typ], constValue{value: v, pos: r.pos(n.Pos())})
		}
	}
}

// literal returns a constant's value as canonical JSON; iota counts the
// spec's index in its block.
func literal(e ast.Expr, index int) string {
	switch e := e.(type) {
	case *ast.BasicLit:
		switch e.Kind {
		case token.STRING:
			if s, err := strconv.Unquote(e.Value); err == nil {
				return codetypes.Quote(s)
			}
		case token.INT, token.FLOAT:
			return codetypes.Number(e.Value)
		}
	case *ast.Ident:
		switch e.Name {
		case "iota":
			return strconv.Itoa(index)
		case "true", "false":
			return e.Name
		}
	case *ast.BinaryExpr:
		// iota + 1 and the like
		if id, ok := e.X.(*ast.Ident); ok && id.Name == "iota" {
			if lit, ok := e.Y.(*ast.BasicLit); ok && lit.Kind == token.INT {
				n, err := strconv.Atoi(lit.Value)
				if err == nil {
					switch e.Op {
					case token.ADD:
						return strconv.Itoa(index + n)
					case token.MUL:
						return strconv.Itoa(index * n)
					}
				}
			}
		}
	case *ast.CallExpr:
		// Kind("a")
		if len(e.Args) == 1 {
			return literal(e.Args[0], index)
		}
	}
	return ""
}

// constructors records the fields a function's composite literal of a type
// sets, so a slice a constructor initialises is not reported as marshalling
// null.
func (r *reader) constructors(f *ast.File) {
	for _, decl := range f.Decls {
		fn, ok := decl.(*ast.FuncDecl)
		if !ok || fn.Body == nil {
			continue
		}
		ast.Inspect(fn.Body, func(n ast.Node) bool {
			lit, ok := n.(*ast.CompositeLit)
			if !ok {
				return true
			}
			id, ok := lit.Type.(*ast.Ident)
			if !ok || r.decls[id.Name] == nil {
				return true
			}
			for _, el := range lit.Elts {
				kv, ok := el.(*ast.KeyValueExpr)
				if !ok {
					continue
				}
				if key, ok := kv.Key.(*ast.Ident); ok {
					if v, ok := kv.Value.(*ast.Ident); ok && v.Name == "nil" {
						continue
					}
					if r.set[id.Name] == nil {
						r.set[id.Name] = map[string]bool{}
					}
					r.set[id.Name][key.Name] = true
				}
			}
			return true
		})
	}
}

// urlObject is net/url.URL as encoding/json writes it: an object of its
// exported fields (it marshals neither to JSON nor to text).
func urlObject(at codetypes.Pos) codetypes.Expr {
	d := &codetypes.Decl{Name: "url.URL", Pos: at, Kind: codetypes.Object, Language: "go"}
	for _, name := range []string{"Scheme", "Opaque", "Host", "Path", "RawPath", "RawQuery", "Fragment", "RawFragment"} {
		d.Fields = append(d.Fields, &codetypes.Field{Name: name, Source: name, Pos: at, Type: codetypes.Prim{Type: "string"}, FoldCase: true})
	}
	d.Fields = append(d.Fields,
		&codetypes.Field{Name: "User", Source: "User", Pos: at, Type: codetypes.Nullable{Of: codetypes.Inline{Decl: &codetypes.Decl{Name: "url.Userinfo", Pos: at, Kind: codetypes.Object, Language: "go"}}}, FoldCase: true},
		&codetypes.Field{Name: "OmitHost", Source: "OmitHost", Pos: at, Type: codetypes.Prim{Type: "boolean"}, FoldCase: true},
		&codetypes.Field{Name: "ForceQuery", Source: "ForceQuery", Pos: at, Type: codetypes.Prim{Type: "boolean"}, FoldCase: true})
	return codetypes.Inline{Decl: d}
}

// withoutMethods returns the wire form of a defined type whose underlying
// type is one the reader knows by its marshaller (type Stamp time.Time):
// without the methods, time.Time writes an object of no fields, uuid.UUID
// an array of 16 numbers. ok is false for every other type.
func withoutMethods(t ast.Expr, at codetypes.Pos) (codetypes.Expr, bool) {
	e, ok := t.(*ast.SelectorExpr)
	if !ok {
		return nil, false
	}
	pkg, _ := e.X.(*ast.Ident)
	if pkg == nil {
		return nil, false
	}
	switch pkg.Name + "." + e.Sel.Name {
	case "time.Time":
		return codetypes.Inline{Decl: &codetypes.Decl{Name: "time.Time", Pos: at, Kind: codetypes.Object, Language: "go", Closed: true}}, true
	case "uuid.UUID":
		return codetypes.Array{Elem: codetypes.Prim{Type: "integer"}}, true
	}
	return nil, false
}
