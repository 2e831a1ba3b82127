package golang

import "go/ast"

// The struct types of the server as the analysis reads them: which hold or
// embed a router, and a literal of one passed as a callee's options.

// routerType returns the framework of type expression t written in f when
// it is one of a framework's routerTypes (chi.Router, *gin.Engine,
// *http.ServeMux), "" otherwise.
func routerType(f *goFile, t ast.Expr) string {
	if fw, name := typeOfFramework(f, t); fw != nil && fw.routerTypes[name] {
		return fw.name
	}
	return ""
}

// structType resolves type expression t written in f (T, *T or pkg.T) to
// the declaration of a struct type of the module, with the file declaring
// it; nil when t names no such type.
func (a *goAnalysis) structType(f *goFile, t ast.Expr) (*ast.StructType, *goFile) {
	pkg, name := a.namedStruct(f, t, false)
	if pkg == nil {
		return nil, nil
	}
	return pkg.types[name].(*ast.StructType), pkg.typeFile[name]
}

// namedStruct resolves type expression t written in f (T, *T or pkg.T) to
// the package of the module declaring it as a struct type and its name; nil
// when t names no such type. With load, a package of the module not read
// yet is read.
func (a *goAnalysis) namedStruct(f *goFile, t ast.Expr, load bool) (*goPkg, string) {
	if st, ok := t.(*ast.StarExpr); ok {
		t = st.X
	}
	pkg, name := f.pkg, ""
	switch t := t.(type) {
	case *ast.Ident:
		name = t.Name
	case *ast.SelectorExpr:
		x, ok := t.X.(*ast.Ident)
		if !ok {
			return nil, ""
		}
		imp, ok := f.imports[x.Name]
		if !ok {
			return nil, ""
		}
		if pkg = a.pkgs[imp]; pkg == nil && load {
			pkg = a.loadPkg(imp)
		}
		if pkg == nil {
			return nil, ""
		}
		name = t.Sel.Name
	default:
		return nil, ""
	}
	if _, ok := pkg.types[name].(*ast.StructType); !ok {
		return nil, ""
	}
	return pkg, name
}

// structRouterField returns the first named field of st (declared in f)
// whose type is a router type, with its framework; "", "" when none is.
func structRouterField(f *goFile, st *ast.StructType) (field, framework string) {
	for _, fl := range st.Fields.List {
		if fw := routerType(f, fl.Type); fw != "" && len(fl.Names) > 0 {
			return fl.Names[0].Name, fw
		}
	}
	return "", ""
}

// typeName returns the name of the type t names (T, *T or pkg.T).
func typeName(t ast.Expr) string {
	if st, ok := t.(*ast.StarExpr); ok {
		t = st.X
	}
	switch t := t.(type) {
	case *ast.Ident:
		return t.Name
	case *ast.SelectorExpr:
		return t.Sel.Name
	}
	return ""
}

// declaresMethods reports whether pkg declares a method on its type name.
func declaresMethods(pkg *goPkg, name string) bool {
	for _, ds := range pkg.methods {
		for _, d := range ds {
			if d.Recv != nil && len(d.Recv.List) > 0 && typeName(d.Recv.List[0].Type) == name {
				return true
			}
		}
	}
	return false
}

// embedsRouter reports whether struct type st (declared in f) embeds a
// router type (type Server struct{ chi.Router }): the router's methods are
// promoted to it.
func embedsRouter(f *goFile, st *ast.StructType) bool {
	for _, fl := range st.Fields.List {
		if len(fl.Names) == 0 && routerType(f, fl.Type) != "" {
			return true
		}
	}
	return false
}

// typedStruct evaluates composite literal e, its elements evaluated as
// items, when its type is a plain struct type of the module (no methods, no
// embedded router: not a wrapper) declaring a router field or a string
// field: a whole goStruct, each field the literal leaves out set to its
// zero value ("" for a string, nothing for the others). nil for any other
// literal, or one with unkeyed elements.
func (a *goAnalysis) typedStruct(f *goFile, e *ast.CompositeLit, items []value) value {
	st, tf := a.structType(f, e.Type)
	if st == nil || embedsRouter(tf, st) || declaresMethods(tf.pkg, typeName(e.Type)) {
		return nil
	}
	fields := map[string]value{}
	for i, el := range e.Elts {
		kv, ok := el.(*ast.KeyValueExpr)
		if !ok {
			return nil
		}
		if k, ok := kv.Key.(*ast.Ident); ok {
			fields[k.Name] = items[i]
		}
	}
	options := false
	for _, fl := range st.Fields.List {
		if routerType(tf, fl.Type) != "" {
			options = true
		}
		if id, ok := fl.Type.(*ast.Ident); ok && id.Name == "string" {
			options = true
			for _, n := range fl.Names {
				if _, set := fields[n.Name]; !set {
					fields[n.Name] = goString("")
				}
			}
		}
	}
	if !options {
		return nil
	}
	return &goStruct{fields: fields, whole: true}
}
