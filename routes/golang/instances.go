package golang

import (
	"fmt"
	"go/ast"
	"slices"
	"strconv"
	"strings"
)

// The instances of the module's struct types whose fields the analysis
// follows: a keyed literal of a struct type holding a router (a wrapper,
// *goWrap) holds its fields' values, each instance its own, so that
// r.prefix = AdminPrefix on the admin wrapper is never read on the public
// one (ory/x's httprouterx, two wrappers embedding one router struct).

// goInst is the fields of one instance of a struct type the module
// declares, made by a keyed literal (or, for a struct embedded by value
// that the literal leaves out, its zero value). The literal is the whole
// instance: a string field it leaves out holds "", and an embedded struct
// it leaves out is a zero goInst, until the instance is handed to code this
// analysis does not read or a field's address is taken (then that field, or
// every string field, is unknown). A *goInst is a value itself: an embedded
// struct with no router of its own.
type goInst struct {
	typ    string
	pkg    *goPkg
	fields map[string]value
	// born numbers the instance in the order instances are made: one made
	// during a call is that call's own, made again by every call of it
	// (cloned on a hit of the memo).
	born int
	// cond is how many conditional blocks enclosed the code that made it:
	// a field assigned under more was perhaps not assigned.
	cond int
}

func (*goInst) isValue() {}

// instOf returns the fields of v when v is an instance followed: a wrapper
// made by a literal, or a struct embedded in one.
func instOf(v value) *goInst {
	switch v := v.(type) {
	case *goWrap:
		return v.inst
	case *goInst:
		return v
	}
	return nil
}

// methodOn returns the method named name that the type of v, a wrapper or
// an instance, declares; nil for any other value.
func methodOn(v value, name string) *ast.FuncDecl {
	switch x := v.(type) {
	case *goWrap:
		return x.method(name)
	case *goInst:
		return methodOf(x.pkg, x.typ, name)
	}
	return nil
}

// maxEmbedDepth bounds how deep embedded structs are followed.
const maxEmbedDepth = 6

// newInst makes the instance of struct type typ of pkg that a keyed
// literal with fields set (nil for the zero value) makes: each string
// field left out is "", each struct of the module embedded by value and
// left out is its zero instance. nil when typ is no struct type of pkg.
func (a *goAnalysis) newInst(pkg *goPkg, typ string, set map[string]value, depth int) *goInst {
	st, ok := pkg.types[typ].(*ast.StructType)
	if !ok || depth > maxEmbedDepth {
		return nil
	}
	a.born++
	in := &goInst{typ: typ, pkg: pkg, fields: map[string]value{}, born: a.born, cond: a.cond}
	for k, v := range set {
		in.fields[k] = v
		noteField(pkg, k, v)
	}
	tf := pkg.typeFile[typ]
	for _, fl := range st.Fields.List {
		if id, ok := fl.Type.(*ast.Ident); ok && id.Name == "string" {
			for _, n := range fl.Names {
				if _, ok := in.fields[n.Name]; !ok {
					in.fields[n.Name] = goString("")
					noteField(pkg, n.Name, goString(""))
				}
			}
		}
		if len(fl.Names) > 0 || tf == nil {
			continue
		}
		name := typeName(fl.Type)
		if _, ok := in.fields[name]; ok {
			continue
		}
		if _, ptr := fl.Type.(*ast.StarExpr); ptr {
			continue // a nil pointer: nothing is read through it
		}
		if epkg, ename := a.namedStruct(tf, fl.Type, false); epkg != nil {
			if z := a.newInst(epkg, ename, nil, depth+1); z != nil {
				in.fields[name] = z
			}
		}
	}
	return in
}

// structOf returns the declaration of in's type.
func (in *goInst) structOf() *ast.StructType {
	st, _ := in.pkg.types[in.typ].(*ast.StructType)
	return st
}

// declares reports whether in's type declares a field named name itself.
func (in *goInst) declares(name string) bool {
	st := in.structOf()
	if st == nil {
		return false
	}
	for _, fl := range st.Fields.List {
		if len(fl.Names) == 0 && typeName(fl.Type) == name {
			return true
		}
		for _, n := range fl.Names {
			if n.Name == name {
				return true
			}
		}
	}
	return false
}

// embedded returns the names of the fields in's type embeds.
func (in *goInst) embedded() []string {
	st := in.structOf()
	if st == nil {
		return nil
	}
	var out []string
	for _, fl := range st.Fields.List {
		if len(fl.Names) == 0 {
			out = append(out, typeName(fl.Type))
		}
	}
	return out
}

// field returns the value field name holds in instance in, itself or
// promoted from a struct it embeds, and whether name is a field of it at
// all: a field it holds no value for is unknown (nil), never read from
// another instance.
func (in *goInst) field(name string, depth int) (value, bool) {
	if v, ok := in.fields[name]; ok {
		return v, true
	}
	if in.declares(name) {
		return nil, true
	}
	if depth > maxEmbedDepth {
		return nil, false
	}
	for _, e := range in.embedded() {
		if inner := instOf(in.fields[e]); inner != nil {
			if v, ok := inner.field(name, depth+1); ok {
				return v, true
			}
		}
	}
	return nil, false
}

// owner returns the instance holding field name of in: in itself, or the
// embedded struct promoting it; in when no type declares it.
func (in *goInst) owner(name string, depth int) *goInst {
	if _, ok := in.fields[name]; ok || in.declares(name) || depth > maxEmbedDepth {
		return in
	}
	for _, e := range in.embedded() {
		if inner := instOf(in.fields[e]); inner != nil {
			if _, ok := inner.field(name, depth+1); ok {
				return inner.owner(name, depth+1)
			}
		}
	}
	return in
}

// setField assigns v to field name of instance in (x.name = v): the
// instance declaring it, in or a struct it embeds, holds it. Assigned under
// a conditional block entered after the instance was made, a value other
// than the one held makes the field unknown: it may hold either.
func (a *goAnalysis) setField(pkg *goPkg, in *goInst, name string, v value) {
	o := in.owner(name, 0)
	if a.cond > o.cond {
		if old, ok := o.fields[name]; !ok || !sameValue(old, v) {
			v = nil
		}
	}
	o.fields[name] = v
	noteField(o.pkg, name, v)
	if pkg != o.pkg {
		noteField(pkg, name, v)
	}
}

// noteField records that an instance's field name holds v, for a read of
// the field on a value that is no instance followed: the value every
// instance holds, unknown when two hold different ones.
func noteField(pkg *goPkg, name string, v value) {
	if old, ok := pkg.instFields[name]; v == nil || ok && !sameValue(old, v) {
		pkg.mixed[name] = true
	}
	if old, ok := pkg.fields[name]; ok && !sameValue(old, v) {
		pkg.mixed[name] = true
	}
	if _, ok := pkg.instFields[name]; !ok {
		pkg.instFields[name] = v
	}
}

// sharedField records x.name = v on a value that is no instance followed
// (a constructor storing a router in s.router on a value not followed, a
// literal of no wrapper): what a method reads of the field on a value not
// followed, unless an instance holds another value.
func sharedField(pkg *goPkg, name string, v value) {
	if v == nil {
		return
	}
	if old, ok := pkg.instFields[name]; ok && !sameValue(old, v) {
		pkg.mixed[name] = true
	}
	pkg.fields[name] = v
}

// fallbackField returns what field name of a value not followed holds:
// what code of pkg assigned to a field of that name, on a value no
// instance followed or on the instances, when they all agree; nil when
// unknown.
func fallbackField(pkg *goPkg, name string) value {
	if pkg.mixed[name] {
		return nil
	}
	if v := pkg.fields[name]; v != nil {
		return v
	}
	return pkg.instFields[name]
}

// sameValue reports whether x and y are known to be the same value.
func sameValue(x, y value) bool {
	switch x := x.(type) {
	case goString:
		y, ok := y.(goString)
		return ok && x == y
	case goRouter:
		y, ok := y.(goRouter)
		return ok && x.r == y.r
	case *goWrap, *goInst, *goFunc:
		return x == y
	}
	return false
}

// escape marks the instances v holds as handed to code this analysis does
// not read (json.Unmarshal(b, s), envconfig.Process("", &s.cfg)), which may
// set any of their fields: their strings are unknown from now on.
func escape(v value, depth int) {
	in := instOf(v)
	if in == nil || depth > maxEmbedDepth {
		return
	}
	for k, f := range in.fields {
		switch f.(type) {
		case goString, goAssumed, goDynamic:
			in.fields[k] = nil
			in.pkg.mixed[k] = true
		case *goWrap, *goInst:
			escape(f, depth+1)
		}
	}
}

// escapeAll escapes every instance among args.
func escapeAll(args []value) {
	for _, v := range args {
		escape(v, 0)
	}
}

// fieldAddress marks the field x.name unknown when &x.name is taken on an
// instance: what it is set to through the pointer is not followed.
func (a *goAnalysis) fieldAddress(f *goFile, env *goEnv, sel *ast.SelectorExpr) {
	if !pureExpr(sel.X) {
		return
	}
	if in := instOf(a.eval(f, env, sel.X)); in != nil {
		o := in.owner(sel.Sel.Name, 0)
		if inner := instOf(o.fields[sel.Sel.Name]); inner != nil {
			escape(inner, 0)
			return
		}
		o.fields[sel.Sel.Name] = nil
		o.pkg.mixed[sel.Sel.Name] = true
	}
}

// pureExpr reports whether evaluating e calls nothing: a name, a selector
// chain over one, parenthesised or dereferenced.
func pureExpr(e ast.Expr) bool {
	switch e := e.(type) {
	case *ast.Ident:
		return true
	case *ast.SelectorExpr:
		return pureExpr(e.X)
	case *ast.ParenExpr:
		return pureExpr(e.X)
	case *ast.StarExpr:
		return pureExpr(e.X)
	}
	return false
}

// copyInst returns a copy of v when v is an instance (*p copies the struct
// p points to): its fields in a new map, a struct it embeds or holds by
// value copied as well, a pointer it holds shared. v itself otherwise.
func (a *goAnalysis) copyInst(v value) value {
	return a.cloneInst(v, func(in *goInst, field string) bool {
		if field == "" {
			return true
		}
		st := in.structOf()
		if st == nil {
			return false
		}
		for _, fl := range st.Fields.List {
			if _, ptr := fl.Type.(*ast.StarExpr); ptr {
				continue
			}
			if len(fl.Names) == 0 && typeName(fl.Type) == field || slices.ContainsFunc(fl.Names, func(n *ast.Ident) bool { return n.Name == field }) {
				return true
			}
		}
		return false
	}, map[*goInst]*goInst{}, 0)
}

// freshCopy returns a copy of v in which every instance made after serial
// since is made anew, as each call of the function that made them makes
// its own (the memo's value of a constructor, returned to a second
// caller, is not the first caller's instance).
func (a *goAnalysis) freshCopy(v value, since int) value {
	return a.cloneInst(v, func(in *goInst, _ string) bool { return in.born > since }, map[*goInst]*goInst{}, 0)
}

// cloneInst copies the instances of v that copy selects (the field of the
// instance holding it is named, "" for v itself), sharing the others.
func (a *goAnalysis) cloneInst(v value, copy func(in *goInst, field string) bool, done map[*goInst]*goInst, depth int) value {
	in := instOf(v)
	if in == nil || depth > maxEmbedDepth {
		return v
	}
	c, ok := done[in]
	if !ok {
		a.born++
		c = &goInst{typ: in.typ, pkg: in.pkg, fields: make(map[string]value, len(in.fields)), born: a.born, cond: a.cond}
		done[in] = c
		for k, f := range in.fields {
			if fi := instOf(f); fi != nil && copy(in, k) && copy(fi, "") {
				f = a.cloneInst(f, copy, done, depth+1)
			}
			c.fields[k] = f
		}
	}
	if w, ok := v.(*goWrap); ok {
		return &goWrap{typ: w.typ, pkg: w.pkg, r: w.r, inst: c}
	}
	return c
}

// instKey is what a memo key holds of instance v: its fields' values,
// so that a method run on the public wrapper is not the admin one's, nor
// one run before a field changed.
func instKey(v value, depth int) string {
	in := instOf(v)
	if in == nil {
		return ""
	}
	if depth > maxEmbedDepth {
		return "{?}"
	}
	names := make([]string, 0, len(in.fields))
	for k := range in.fields {
		names = append(names, k)
	}
	slices.Sort(names)
	var b strings.Builder
	b.WriteString("{")
	for _, k := range names {
		b.WriteString(k + "=")
		switch f := in.fields[k].(type) {
		case goString:
			b.WriteString(strconv.Quote(string(f)))
		case goAssumed:
			b.WriteString("assumed" + strconv.Quote(f.value))
		case goRouter:
			fmt.Fprintf(&b, "%p", f.r)
		case *goWrap:
			fmt.Fprintf(&b, "%p", f.r)
			b.WriteString(instKey(f, depth+1))
		case *goInst:
			b.WriteString(instKey(f, depth+1))
		default:
			b.WriteString("?")
		}
		b.WriteString(";")
	}
	b.WriteString("}")
	return b.String()
}

// promoted returns the method named name of a struct in embeds (type
// RouterAdmin struct{ router }; adm.POST(...) runs router's POST), with the
// embedded instance it runs on; nil when none declares it.
func (a *goAnalysis) promoted(in *goInst, name string, depth int) (*ast.FuncDecl, value) {
	if in == nil || depth > maxEmbedDepth {
		return nil, nil
	}
	for _, e := range in.embedded() {
		inner := in.fields[e]
		if d := methodOn(inner, name); d != nil {
			return d, inner
		}
		if d, recv := a.promoted(instOf(inner), name, depth+1); d != nil {
			return d, recv
		}
	}
	return nil, nil
}
