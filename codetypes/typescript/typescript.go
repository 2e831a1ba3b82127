// Package typescript reads the wire form of TypeScript declarations on the
// project's JavaScript tokenizer: interfaces (extends), object type aliases,
// intersections, literal unions, enum and const enum, optional members,
// `| null` and `| undefined`, arrays, tuples, Record and index signatures,
// export and declare. Types imported from other files of the mirror set are
// found by name when the set is compared; one imported under another name
// (import { A as B }) is an alias of it.
package typescript

import (
	"strconv"
	"strings"

	"github.com/wirelint/wirelint/codetypes"
	"github.com/wirelint/wirelint/codetypes/internal/cursor"
	"github.com/wirelint/wirelint/routes/script"
)

// Read returns the types declared in one file's source.
func Read(src, file string) ([]*codetypes.Decl, error) {
	toks, err := script.TokenizeJS(src, file)
	if err != nil {
		return nil, err
	}
	p := &parser{Cursor: cursor.Cursor{Toks: toks, File: file}, lines: strings.Split(src, "\n")}
	p.top()
	return schemaMembers(p.out), nil
}

// schemaMembers adds the members of components["schemas"] — how
// openapi-typescript lays out a document's schemas — as declarations of
// their own, named by their keys.
func schemaMembers(decls []*codetypes.Decl) []*codetypes.Decl {
	out := decls
	for _, d := range decls {
		if d.Name != "components" || d.Kind != codetypes.Object {
			continue
		}
		for _, f := range d.Fields {
			in, ok := f.Type.(codetypes.Inline)
			if f.Name != "schemas" || !ok {
				continue
			}
			for _, m := range in.Decl.Fields {
				member := &codetypes.Decl{Name: m.Name, Pos: m.Pos, Strict: true, Language: "typescript"}
				switch t := m.Type.(type) {
				case codetypes.Inline:
					member.Kind, member.Fields, member.Extra, member.Bases = codetypes.Object, t.Decl.Fields, t.Decl.Extra, t.Decl.Bases
				case codetypes.Literals:
					member.Kind, member.Values = codetypes.Enum, t.Values
				default:
					member.Kind, member.Target = codetypes.Alias, m.Type
				}
				out = append(out, member)
			}
		}
	}
	return out
}

type parser struct {
	cursor.Cursor
	lines []string
	out   []*codetypes.Decl
	// depth counts the type expressions being read, bounded by
	// codetypes.MaxDepth
	depth int
	// params are the type parameters of the declaration being read
	params map[string]bool
	// spaces are the enclosing namespaces: their names prefix a
	// declaration's ("Result.level"); end is each one's closing brace
	spaces []namespace
}

type namespace struct {
	name string
	end  int
}

// skipBracket moves past the bracket at the cursor and what it encloses.
func (p *parser) skipBracket() {
	p.I = p.Closer() + 1
}

// top reads top-level statements, keeping type declarations.
func (p *parser) top() {
	for p.I < len(p.Toks) {
		for len(p.spaces) > 0 && p.I >= p.spaces[len(p.spaces)-1].end {
			p.spaces = p.spaces[:len(p.spaces)-1]
		}
		t := p.Tok(0)
		start := t
		for p.Is(0, "export") || p.Is(0, "declare") || p.Is(0, "default") {
			p.I++
		}
		switch {
		case p.Is(0, "interface") && p.Tok(1).Kind == script.TokName:
			p.interfaceDecl(start)
		case p.Is(0, "type") && p.Tok(1).Kind == script.TokName && (p.Is(2, "=") || p.Is(2, "<")):
			p.typeDecl(start)
		case p.Is(0, "enum") && p.Tok(1).Kind == script.TokName:
			p.enumDecl(start)
		case p.Is(0, "const") && p.Is(1, "enum"):
			p.I++
			p.enumDecl(start)
		case (p.Is(0, "namespace") || p.Is(0, "module")) && p.Tok(1).Kind != script.TokOp:
			// namespace N { ... }: its declarations are named N.X
			p.I++
			name := ""
			for p.I < len(p.Toks) && !p.Is(0, "{") {
				if t := p.Tok(0); t.Kind == script.TokName {
					name += t.Text
				} else if t.Kind == script.TokOp && t.Text == "." {
					name += "."
				}
				p.I++
			}
			if p.I < len(p.Toks) {
				p.spaces = append(p.spaces, namespace{name: name, end: p.Closer()})
			}
			p.I++
		case p.Is(0, "import") && (p.Is(1, "{") || p.Is(1, "type") && p.Is(2, "{")):
			p.importDecl()
		case t.Kind == script.TokOp && (t.Text == "{" || t.Text == "(" || t.Text == "["):
			p.skipBracket()
		default:
			p.I++
		}
	}
}

// importDecl reads import { A as B } from "...": B is an alias of A, which
// another file of the mirror set declares (a name imported as itself needs
// nothing: the set finds it by name).
func (p *parser) importDecl() {
	for !p.Is(0, "{") {
		p.I++
	}
	end := p.Closer()
	for p.I++; p.I < end; p.I++ {
		if p.Is(0, "type") && p.Tok(1).Kind == script.TokName {
			p.I++
		}
		if p.Tok(0).Kind == script.TokName && p.Is(1, "as") && p.Tok(2).Kind == script.TokName && p.I+2 < end {
			local := p.Tok(2)
			d := p.newDecl(local, local, codetypes.Alias)
			d.Target = codetypes.Named{Name: p.Tok(0).Text}
			p.out = append(p.out, d)
			p.I += 2
		}
	}
	p.I = end + 1
}

func (p *parser) newDecl(start, name script.Token, kind codetypes.Kind) *codetypes.Decl {
	qualified := name.Text
	for k := len(p.spaces) - 1; k >= 0; k-- {
		qualified = p.spaces[k].name + "." + qualified
	}
	d := &codetypes.Decl{Name: qualified, Pos: p.Pos(name), Kind: kind, Strict: true, Language: "typescript"}
	if target, at := codetypes.MirrorAbove(p.lines, start.Line); target != "" {
		d.Mirror, d.MirrorPos = target, codetypes.Pos{File: p.File, Line: at.Line, Col: at.Col}
	}
	return d
}

// typeParams reads <T, U extends X = Y> after a name: the parameters' names
// in order, which the declaration's types then read as Param.
func (p *parser) typeParams() []string {
	p.params = nil
	if !p.Is(0, "<") {
		return nil
	}
	var names []string
	depth := 0
	for p.I < len(p.Toks) {
		switch {
		case p.Is(0, "<"):
			depth++
		case p.Is(0, ">"):
			depth--
		case p.Is(0, ">>"):
			depth -= 2
		case depth == 1 && p.Tok(0).Kind == script.TokName && (p.Is(-1, "<") || p.Is(-1, ",")):
			names = append(names, p.Tok(0).Text)
		}
		p.I++
		if depth <= 0 {
			break
		}
	}
	p.params = map[string]bool{}
	for _, n := range names {
		p.params[n] = true
	}
	return names
}

func (p *parser) interfaceDecl(start script.Token) {
	p.I++
	d := p.newDecl(start, p.Tok(0), codetypes.Object)
	p.I++
	d.Params = p.typeParams()
	defer func() { p.params = nil }()
	if p.Is(0, "extends") {
		p.I++
		for p.I < len(p.Toks) && !p.Is(0, "{") {
			d.Bases = append(d.Bases, p.primary())
			if p.Is(0, ",") {
				p.I++
			}
		}
	}
	if p.Is(0, "{") {
		p.members(d)
	}
	p.out = append(p.out, d)
}

func (p *parser) typeDecl(start script.Token) {
	p.I++
	name := p.Tok(0)
	p.I++
	params := p.typeParams()
	defer func() { p.params = nil }()
	if !p.Is(0, "=") {
		return
	}
	p.I++
	e := p.union()
	if p.Is(0, ";") {
		p.I++
	}
	d := p.newDecl(start, name, codetypes.Alias)
	d.Params = params
	d.Target = e
	switch e := e.(type) {
	case codetypes.Inline:
		// type X = { ... } is an object declaration
		d.Kind, d.Fields, d.Extra, d.Bases = codetypes.Object, e.Decl.Fields, e.Decl.Extra, e.Decl.Bases
		d.Target = nil
	case codetypes.Literals:
		d.Kind, d.Values = codetypes.Enum, e.Values
		d.Target = nil
	}
	p.out = append(p.out, d)
}

func (p *parser) enumDecl(start script.Token) {
	p.I++
	d := p.newDecl(start, p.Tok(0), codetypes.Enum)
	p.I++
	if !p.Is(0, "{") {
		return
	}
	end := p.Closer()
	p.I++
	next := 0
	d.ValuePos = map[string]codetypes.Pos{}
	var values []string
	for p.I < end && p.I < len(p.Toks) {
		member := p.Tok(0)
		p.I++
		value := ""
		if p.Is(0, "=") {
			p.I++
			v := p.Tok(0)
			neg := false
			if v.Kind == script.TokOp && v.Text == "-" {
				neg = true
				p.I++
				v = p.Tok(0)
			}
			switch v.Kind {
			case script.TokString:
				value = codetypes.Quote(v.Str)
			case script.TokNumber:
				value = codetypes.Number(v.Text)
				if neg {
					value = codetypes.Number("-" + v.Text)
				}
				if n, err := strconv.Atoi(value); err == nil {
					next = n + 1
				}
			}
			for p.I < end && !p.Is(0, ",") {
				p.I++
			}
		} else {
			value = strconv.Itoa(next)
			next++
		}
		if value != "" {
			values = append(values, value)
			d.ValuePos[value] = p.Pos(member)
		}
		if p.Is(0, ",") {
			p.I++
		}
	}
	p.I = end + 1
	d.Values = codetypes.SortedSet(values)
	p.out = append(p.out, d)
}

// members reads { ... } at the cursor into d's fields.
func (p *parser) members(d *codetypes.Decl) {
	end := p.Closer()
	if end < 0 {
		end = len(p.Toks) - 1
	}
	p.I++
	for p.I < end {
		if p.Is(0, ";") || p.Is(0, ",") {
			p.I++
			continue
		}
		for p.Is(0, "readonly") && p.Tok(1).Kind != script.TokOp || p.Is(0, "-") || p.Is(0, "+") {
			p.I++
		}
		t := p.Tok(0)
		switch {
		case p.Is(0, "["):
			// [key: string]: T — or a mapped type [K in X]: T
			close := p.Closer()
			p.I = close + 1
			optional := false
			if p.Is(0, "?") {
				optional = true
				p.I++
			}
			_ = optional
			if p.Is(0, ":") {
				p.I++
				d.Extra = p.union()
			}
		case t.Kind == script.TokName || t.Kind == script.TokString || t.Kind == script.TokNumber:
			name := t.Text
			if t.Kind == script.TokString {
				name = t.Str
			}
			p.I++
			f := &codetypes.Field{Name: name, Source: name, Pos: p.Pos(t)}
			if p.Is(0, "?") {
				f.Optional = true
				p.I++
			}
			if p.Is(0, "(") || p.Is(0, "<") {
				// a method signature: not data
				p.skipMember(end)
				continue
			}
			if p.Is(0, ":") {
				p.I++
				f.Type = p.union()
			} else {
				f.Type = codetypes.Any{}
			}
			if u, ok := stripUndefined(f.Type); ok {
				f.Type, f.Optional = u, true
			}
			d.Fields = append(d.Fields, f)
		default:
			p.skipMember(end)
		}
	}
	p.I = end + 1
}

func (p *parser) skipMember(end int) {
	for p.I < end && !p.Is(0, ";") && !p.Is(0, ",") {
		if t := p.Tok(0); t.Kind == script.TokOp && (t.Text == "(" || t.Text == "{" || t.Text == "[") {
			p.skipBracket()
			continue
		}
		p.I++
	}
}

// undefinedLit marks `undefined` in a union until stripUndefined removes it.
const undefinedLit = "undefined"

// stripUndefined removes undefined from a union: `x: T | undefined` may be
// absent from the JSON.
func stripUndefined(e codetypes.Expr) (codetypes.Expr, bool) {
	switch e := e.(type) {
	case codetypes.Unknown:
		if e.Name == undefinedLit {
			return codetypes.Any{}, true
		}
	case codetypes.Nullable:
		if inner, ok := stripUndefined(e.Of); ok {
			return codetypes.MakeNullable(inner), true
		}
	case codetypes.Union:
		var kept []codetypes.Expr
		found := false
		for _, o := range e.Options {
			if u, ok := o.(codetypes.Unknown); ok && u.Name == undefinedLit {
				found = true
				continue
			}
			kept = append(kept, o)
		}
		if found {
			return codetypes.Unite(kept), true
		}
	}
	return e, false
}

// union reads A | B | C.
func (p *parser) union() codetypes.Expr {
	p.depth++
	defer func() { p.depth-- }()
	if p.depth > codetypes.MaxDepth {
		if t := p.Tok(0); t.Kind == script.TokOp && (t.Text == "(" || t.Text == "{" || t.Text == "[") {
			p.skipBracket()
		} else {
			p.I++
		}
		return codetypes.Unknown{Name: codetypes.TooDeep}
	}
	if p.Is(0, "|") {
		p.I++
	}
	options := []codetypes.Expr{p.intersection()}
	for p.Is(0, "|") {
		p.I++
		options = append(options, p.intersection())
	}
	if len(options) == 1 {
		return options[0]
	}
	return codetypes.Unite(options)
}

// intersection reads A & B: the fields of every part.
func (p *parser) intersection() codetypes.Expr {
	if p.Is(0, "&") {
		p.I++
	}
	first := p.postfix()
	if !p.Is(0, "&") {
		return first
	}
	d := &codetypes.Decl{Name: "intersection", Pos: codetypes.Pos{File: p.File, Line: p.Tok(0).Line, Col: p.Tok(0).Col}, Kind: codetypes.Object, Strict: true, Language: "typescript"}
	add := func(e codetypes.Expr) {
		if in, ok := e.(codetypes.Inline); ok {
			d.Fields = append(d.Fields, in.Decl.Fields...)
			d.Bases = append(d.Bases, in.Decl.Bases...)
			if in.Decl.Extra != nil {
				d.Extra = in.Decl.Extra
			}
			return
		}
		d.Bases = append(d.Bases, e)
	}
	add(first)
	for p.Is(0, "&") {
		p.I++
		add(p.postfix())
	}
	return codetypes.Inline{Decl: d}
}

// postfix reads a primary type followed by [] suffixes and indexed
// access: components["schemas"]["account"] names the member account.
func (p *parser) postfix() codetypes.Expr {
	e := p.primary()
	for p.Is(0, "[") {
		switch {
		case p.Is(1, "]"):
			p.I += 2
			e = codetypes.Array{Elem: e}
		case p.Tok(1).Kind == script.TokString && p.Is(2, "]"):
			if _, named := e.(codetypes.Named); named {
				e = codetypes.Named{Name: p.Tok(1).Str}
			} else {
				e = codetypes.Unknown{Name: "an indexed access type"}
			}
			p.I += 3
		default:
			return e
		}
	}
	return e
}

// args reads <A, B> after a generic name.
func (p *parser) args() []codetypes.Expr {
	if !p.Is(0, "<") {
		return nil
	}
	p.I++
	var out []codetypes.Expr
	for p.I < len(p.Toks) && !p.Is(0, ">") && !p.Is(0, ">>") {
		out = append(out, p.union())
		if p.Is(0, ",") {
			p.I++
		} else if !p.Is(0, ">") && !p.Is(0, ">>") {
			break
		}
	}
	switch {
	case p.Is(0, ">"):
		p.I++
	case p.Is(0, ">>"):
		// the closer of an enclosing list too: leave one >
		p.Toks[p.I].Text = ">"
	}
	return out
}

func (p *parser) primary() codetypes.Expr {
	t := p.Tok(0)
	switch t.Kind {
	case script.TokString:
		p.I++
		return codetypes.Literals{Values: []string{codetypes.Quote(t.Str)}}
	case script.TokNumber:
		p.I++
		return codetypes.Literals{Values: []string{codetypes.Number(t.Text)}}
	case script.TokOp:
		switch t.Text {
		case "-":
			if n := p.Tok(1); n.Kind == script.TokNumber {
				p.I += 2
				return codetypes.Literals{Values: []string{codetypes.Number("-" + n.Text)}}
			}
		case "(":
			end := p.Closer()
			p.I++
			e := p.union()
			if end > 0 {
				p.I = end + 1
			}
			if p.Is(0, "=>") {
				// a function type: not data
				p.I++
				p.union()
				return codetypes.Unknown{Name: "a function type"}
			}
			return e
		case "{":
			d := &codetypes.Decl{Name: "object literal type", Pos: p.Pos(t), Kind: codetypes.Object, Strict: true, Language: "typescript"}
			p.members(d)
			return codetypes.Inline{Decl: d}
		case "[":
			end := p.Closer()
			p.I++
			var elems []codetypes.Expr
			for p.I < end && end > 0 {
				if p.Tok(0).Kind == script.TokName && p.Is(1, ":") {
					p.I += 2 // a labelled element
				}
				elems = append(elems, p.union())
				if p.Is(0, ",") {
					p.I++
				} else {
					break
				}
			}
			if end > 0 {
				p.I = end + 1
			}
			return codetypes.Tuple{Elems: elems}
		}
		p.I++
		return codetypes.Unknown{Name: t.Text}
	case script.TokName:
	default:
		p.I++
		return codetypes.Unknown{Name: "end of input"}
	}
	p.I++
	name := t.Text
	for p.Is(0, ".") && p.Tok(1).Kind == script.TokName {
		name += "." + p.Tok(1).Text // ns.Type: looked up qualified, then by its own name
		p.I += 2
	}
	if name == "typeof" || name == "keyof" || name == "readonly" || name == "unique" {
		inner := p.postfix()
		if name == "readonly" {
			return inner
		}
		return codetypes.Unknown{Name: name + " type"}
	}
	args := p.args()
	if p.params[name] {
		return codetypes.Param{Name: name}
	}
	switch name {
	case "string":
		return codetypes.Prim{Type: "string"}
	case "number":
		return codetypes.Prim{Type: "number"}
	case "bigint":
		return codetypes.Prim{Type: "integer", Format: "int64"}
	case "boolean":
		return codetypes.Prim{Type: "boolean"}
	case "true", "false":
		return codetypes.Literals{Values: []string{name}}
	case "null":
		return codetypes.Literals{Values: []string{"null"}}
	case "undefined", "void":
		return codetypes.Unknown{Name: undefinedLit}
	case "any", "unknown":
		return codetypes.Nullable{Of: codetypes.Any{}}
	case "object":
		return codetypes.Map{Value: codetypes.Nullable{Of: codetypes.Any{}}}
	case "Date":
		return codetypes.Prim{Type: "string", Format: "date-time"}
	case "Array", "ReadonlyArray", "Set", "ReadonlySet":
		if len(args) == 1 {
			return codetypes.Array{Elem: args[0]}
		}
	case "Record", "Map", "ReadonlyMap":
		if len(args) == 2 {
			if lit, ok := args[0].(codetypes.Literals); ok && name == "Record" {
				// Record<"a" | "b", T>: those members, each required
				d := &codetypes.Decl{Name: "Record", Pos: p.Pos(t), Kind: codetypes.Object, Strict: true, Language: "typescript"}
				for _, v := range lit.Values {
					d.Fields = append(d.Fields, &codetypes.Field{Name: strings.Trim(v, `"`), Source: v, Pos: p.Pos(t), Type: args[1]})
				}
				return codetypes.Inline{Decl: d}
			}
			return codetypes.Map{Value: args[1]}
		}
	case "Partial", "Required", "Readonly", "Pick", "Omit", "NonNullable", "Exclude", "Extract", "ReturnType":
		if name == "Readonly" && len(args) == 1 {
			return args[0]
		}
		return codetypes.Unknown{Name: name + "<…>"}
	}
	return codetypes.Named{Name: name, Args: args}
}
