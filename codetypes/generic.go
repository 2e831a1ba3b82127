package codetypes

// Param is a type parameter of a generic declaration (Decl.Params); an
// instantiation (Named.Args) substitutes it.
type Param struct{ Name string }

func (Param) isExpr() {}

// Instantiate returns a copy of d with its type parameters replaced by
// args (a parameter without an argument stays a Param).
func Instantiate(d *Decl, args []Expr) *Decl {
	by := map[string]Expr{}
	for i, name := range d.Params {
		if i < len(args) {
			by[name] = args[i]
		}
	}
	return instantiate(d, by, 0)
}

func instantiate(d *Decl, by map[string]Expr, depth int) *Decl {
	out := *d
	out.Params = nil
	out.Fields = make([]*Field, len(d.Fields))
	for i, f := range d.Fields {
		c := *f
		c.Type = substitute(f.Type, by, depth+1)
		out.Fields[i] = &c
	}
	out.Bases = make([]Expr, len(d.Bases))
	for i, b := range d.Bases {
		out.Bases[i] = substitute(b, by, depth+1)
	}
	if d.Extra != nil {
		out.Extra = substitute(d.Extra, by, depth+1)
	}
	if d.Target != nil {
		out.Target = substitute(d.Target, by, depth+1)
	}
	return &out
}

func substitute(e Expr, by map[string]Expr, depth int) Expr {
	if depth > MaxDepth {
		return Unknown{Name: TooDeep}
	}
	switch t := e.(type) {
	case Param:
		if a, ok := by[t.Name]; ok {
			return a
		}
	case Array:
		return Array{Elem: substitute(t.Elem, by, depth+1)}
	case Map:
		return Map{Value: substitute(t.Value, by, depth+1)}
	case Nullable:
		return Nullable{Of: substitute(t.Of, by, depth+1), Pointer: t.Pointer}
	case Tuple:
		out := Tuple{}
		for _, x := range t.Elems {
			out.Elems = append(out.Elems, substitute(x, by, depth+1))
		}
		return out
	case Union:
		out := Union{}
		for _, x := range t.Options {
			out.Options = append(out.Options, substitute(x, by, depth+1))
		}
		return out
	case Named:
		out := Named{Name: t.Name}
		for _, x := range t.Args {
			out.Args = append(out.Args, substitute(x, by, depth+1))
		}
		return out
	case Inline:
		return Inline{Decl: instantiate(t.Decl, by, depth+1)}
	}
	return e
}
