package script

import (
	"strings"

	"github.com/wirelint/wirelint/routes"
)

// The Python and JavaScript readers parse expressions, not whole programs:
// the statement scanner finds assignments, imports, definitions and
// decorators, and parses every other expression it meets with Parser. A
// construct the parser does not know parses as unknown and is skipped to the
// next comma or bracket, so unfamiliar syntax costs a route at most, never
// the file.

// ExprKind tells what an Expr is.
type ExprKind int

const (
	ExprUnknown ExprKind = iota
	ExprName
	ExprStr
	ExprNum
	ExprAttr
	ExprCall
	ExprIndex
	ExprList
	ExprDict
	ExprBinary
	ExprTemplate
	ExprFunc
	ExprRegex
	// ExprSpread is *x in a Python list, ...x in a JavaScript array (or
	// call): X is what is spread.
	ExprSpread
)

// Expr is one parsed expression.
type Expr struct {
	Kind ExprKind
	Name string  // ExprName: the name; ExprAttr: the attribute; ExprBinary: the operator ("?:" for c ? a : b, "if-else" for Python's a if c else b)
	str  string  // ExprStr: the value
	X    *Expr   // ExprAttr, ExprIndex: the receiver; ExprCall: the callee; ExprBinary: the left side (a conditional's then branch)
	y    *Expr   // ExprBinary: the right side (a conditional's else branch; the condition is not kept)
	Args []*Expr // ExprCall: positional arguments; ExprList: elements
	kw   []kwArg
	// parts are a template's pieces: literal text, or an expression.
	parts []tplExpr
	Fn    *Func
	// line and col locate the expression; for ExprAttr they locate the
	// attribute name.
	Line, Col int
	from, to  int // token range, for messages
	// toks are the tokens from and to index when they are not the file's
	// (an expression of a template's part)
	toks []Token
}

type kwArg struct {
	key string
	val *Expr
}

type tplExpr struct {
	lit  string
	expr *Expr // nil for literal text
}

// Func is a function: its parameter names and its body, a token range of
// its file or an expression.
type Func struct {
	Name     string
	Params   []string
	From, To int // body token range; to == from when exprBody is set
	exprBody *Expr
	File     *File
	Scope    *Scope // where it was defined
	// Methods are the HTTP methods its decorators restrict it to (Django's
	// require_http_methods, DRF's api_view), upper case; nil = any.
	Methods []string
}

// Parser parses expressions from Toks, starting at At and stopping before
// End; Py selects Python's operators and keywords.
type Parser struct {
	Toks []Token
	At   int
	End  int
	Py   bool
	File *File
	// depth counts nested expressions; past maxNesting the parser gives up,
	// so no input can exhaust the stack.
	depth int
	// part marks a parser of a template's expression, whose Toks are the
	// part's own, not its file's.
	part bool
}

// maxNesting bounds the nesting of brackets, templates and f-strings the
// readers follow.
const maxNesting = 256

func (p *Parser) tok(k int) Token {
	if j := p.At + k; j < p.End && j >= 0 {
		return p.Toks[j]
	}
	return Token{Kind: TokEOF, Match: -1}
}

// IsOp reports whether the token k after At is the operator s.
func (p *Parser) IsOp(k int, s string) bool {
	t := p.tok(k)
	return t.Kind == TokOp && t.Text == s
}

func (p *Parser) isName(k int, s string) bool {
	t := p.tok(k)
	return t.Kind == TokName && t.Text == s
}

// skipArg moves past the rest of one argument or element: to the next comma
// at this level or to limit.
func (p *Parser) skipArg(limit int) {
	for p.At < limit {
		t := p.Toks[p.At]
		if t.Kind == TokOp && t.Text == "," {
			return
		}
		if t.Kind == TokOp && (t.Text == "(" || t.Text == "[" || t.Text == "{") && t.Match > p.At && t.Match < limit {
			p.At = t.Match + 1
			continue
		}
		p.At++
	}
}

var binaryOps = map[string]bool{
	"+": true, "-": true, "*": true, "/": true, "%": true, "|": true, "&": true, "^": true, "**": true, "//": true,
	"<<": true, ">>": true, ">>>": true, "==": true, "!=": true, "<": true, ">": true, "<=": true, ">=": true,
	"===": true, "!==": true, "&&": true, "||": true, "??": true, "@": true,
}

var pyWordOps = map[string]bool{"and": true, "or": true, "in": true, "is": true, "not": true}

// Expr parses one expression, or returns nil without consuming when none
// starts here.
func (p *Parser) Expr() *Expr {
	if p.depth >= maxNesting {
		return nil
	}
	p.depth++
	defer func() { p.depth-- }()
	start := p.At
	left := p.Unary()
	if left == nil {
		p.At = start
		return nil
	}
	for p.At < p.End {
		t := p.tok(0)
		switch {
		case t.Kind == TokOp && binaryOps[t.Text], p.Py && t.Kind == TokName && pyWordOps[t.Text], !p.Py && t.Kind == TokName && (t.Text == "instanceof" || t.Text == "in"):
			p.At++
			if p.Py && (t.Text == "not" || t.Text == "is") && (p.isName(0, "in") || p.isName(0, "not")) {
				p.At++
			}
			right := p.Unary()
			if right == nil {
				return p.mark(&Expr{Kind: ExprUnknown}, start)
			}
			left = p.mark(&Expr{Kind: ExprBinary, Name: t.Text, X: left, y: right, Line: left.Line, Col: left.Col}, start)
		case p.Py && t.Kind == TokName && t.Text == "if":
			// a if c else b keeps its two branches (an ExprBinary
			// "if-else"): a registration in either branch is read, and
			// branches holding registrations are both taken (case
			// conditional-expression)
			p.At++
			if p.Expr() == nil || !p.isName(0, "else") {
				return p.mark(&Expr{Kind: ExprUnknown}, start)
			}
			p.At++
			otherwise := p.Expr()
			if otherwise == nil {
				return p.mark(&Expr{Kind: ExprUnknown}, start)
			}
			left = p.mark(&Expr{Kind: ExprBinary, Name: "if-else", X: left, y: otherwise, Line: left.Line, Col: left.Col}, start)
		case !p.Py && t.Kind == TokOp && t.Text == "?":
			// c ? a : b keeps its two branches (an ExprBinary "?:"): its
			// value is not known, but what a branch calls is still read
			// (mode === "x" ? f.register(auth, ...) : null registers auth's
			// routes when that mode runs)
			p.At++
			then := p.Expr()
			var otherwise *Expr
			if p.IsOp(0, ":") {
				p.At++
				otherwise = p.Expr()
			}
			if then == nil || otherwise == nil {
				left = p.mark(&Expr{Kind: ExprUnknown, Line: left.Line, Col: left.Col}, start)
				continue
			}
			left = p.mark(&Expr{Kind: ExprBinary, Name: "?:", X: then, y: otherwise, Line: left.Line, Col: left.Col}, start)
		case !p.Py && t.Kind == TokName && (t.Text == "as" || t.Text == "satisfies"):
			p.At++
			p.SkipType()
		default:
			return left
		}
	}
	return left
}

// SkipType moves past a TypeScript type after as/satisfies or a colon.
func (p *Parser) SkipType() { p.skipType(false) }

// skipType skips a type annotation; with arrowEnds an unbracketed => ends it
// (an arrow function's return type, `(a): T => body`) instead of reading on
// as a function type.
func (p *Parser) skipType(arrowEnds bool) {
	// a word or bracket on a later line than a complete type before it
	// starts the next statement (`{...} as const` with no semicolon)
	afterAtom, line := false, 0
	for p.At < p.End {
		t := p.tok(0)
		opens := t.Kind == TokOp && (t.Text == "[" || t.Text == "(" || t.Text == "{")
		if afterAtom && t.Line > line && (t.Kind == TokName || t.Kind == TokString || t.Kind == TokNumber || opens) {
			return
		}
		afterAtom = t.Kind == TokName || t.Kind == TokString || t.Kind == TokNumber || opens
		line = t.Line
		if opens && t.Match > p.At {
			line = p.Toks[t.Match].Line
		}
		switch {
		case t.Kind == TokName || t.Kind == TokString || t.Kind == TokNumber:
			p.At++
		case t.Kind == TokOp && (t.Text == "." || t.Text == "|" || t.Text == "&"):
			p.At++
		case t.Kind == TokOp && (t.Text == "[" || t.Text == "(" || t.Text == "{") && t.Match > p.At:
			p.At = t.Match + 1
		case t.Kind == TokOp && t.Text == "<":
			p.skipAngles()
			afterAtom, line = true, p.Toks[p.At-1].Line
		case t.Kind == TokOp && t.Text == "=>" && !arrowEnds:
			p.At++
		default:
			return
		}
	}
}

// skipAngles skips the angle brackets at p.At and what they hold: type
// arguments or a generic's type parameters (<T extends X = Y>).
func (p *Parser) skipAngles() {
	depth := 0
	for p.At < p.End {
		switch p.tok(0).Text {
		case "<":
			depth++
		case ">":
			depth--
		case ">>":
			depth -= 2
		}
		p.At++
		if depth <= 0 {
			break
		}
	}
}

// elements appends to list the comma-separated expressions from p.i up to
// the closing bracket at end; an element that cannot be read is ExprUnknown.
func (p *Parser) elements(list *Expr, end int) {
	for p.At < end {
		if p.IsOp(0, ",") {
			p.At++
			continue
		}
		v := p.Expr()
		if v == nil || (p.At < end && !p.IsOp(0, ",")) {
			v = &Expr{Kind: ExprUnknown}
			p.skipArg(end)
		}
		list.Args = append(list.Args, v)
	}
}

func (p *Parser) mark(e *Expr, from int) *Expr {
	e.from, e.to = from, p.At
	if p.part {
		e.toks = p.Toks
	}
	if e.Line == 0 && from < len(p.Toks) {
		e.Line, e.Col = p.Toks[from].Line, p.Toks[from].Col
	}
	return e
}

// Unary parses a unary expression at At, or returns nil.
func (p *Parser) Unary() *Expr {
	if p.depth >= maxNesting {
		return nil
	}
	p.depth++
	defer func() { p.depth-- }()
	start := p.At
	t := p.tok(0)
	switch {
	case t.Kind == TokOp && (t.Text == "*" && p.Py || t.Text == "..." && !p.Py):
		p.At++
		x := p.Unary()
		if x == nil {
			p.At = start
			return nil
		}
		return p.mark(&Expr{Kind: ExprSpread, X: x}, start)
	case t.Kind == TokOp && (t.Text == "-" || t.Text == "+" || t.Text == "!" || t.Text == "~" || t.Text == "*" || t.Text == "**" || t.Text == "..."):
		p.At++
		if p.Unary() == nil {
			p.At = start
			return nil
		}
		return p.mark(&Expr{Kind: ExprUnknown}, start)
	case t.Kind == TokName && (t.Text == "await" || t.Text == "new" || t.Text == "yield"):
		p.At++
		return p.Unary()
	case t.Kind == TokName && (t.Text == "not" && p.Py || !p.Py && (t.Text == "typeof" || t.Text == "void" || t.Text == "delete")):
		p.At++
		if p.Unary() == nil {
			p.At = start
			return nil
		}
		return p.mark(&Expr{Kind: ExprUnknown}, start)
	}
	return p.Postfix()
}

// Postfix parses a primary expression with its calls, attributes and
// indexes at At, or returns nil.
func (p *Parser) Postfix() *Expr {
	start := p.At
	e := p.primary()
	if e == nil {
		p.At = start
		return nil
	}
	for p.At < p.End {
		t := p.tok(0)
		switch {
		case t.Kind == TokOp && (t.Text == "." || t.Text == "?.") && p.tok(1).Kind == TokName:
			n := p.tok(1)
			p.At += 2
			e = p.mark(&Expr{Kind: ExprAttr, Name: n.Text, X: e, Line: n.Line, Col: n.Col}, start)
		case t.Kind == TokOp && t.Text == "?." && p.IsOp(1, "("):
			p.At++
		case t.Kind == TokOp && t.Text == "(" && t.Match > p.At && t.Match < p.End:
			call := &Expr{Kind: ExprCall, X: e, Line: e.Line, Col: e.Col}
			p.args(call, t.Match)
			p.At = t.Match + 1
			e = p.mark(call, start)
			e.Line, e.Col = call.X.Line, call.X.Col
		case t.Kind == TokOp && t.Text == "[" && t.Match > p.At && t.Match < p.End:
			p.At = t.Match + 1
			e = p.mark(&Expr{Kind: ExprIndex, X: e, Line: e.Line, Col: e.Col}, start)
		case !p.Py && t.Kind == TokOp && t.Text == "!" && (p.IsOp(1, ".") || p.IsOp(1, "(") || p.IsOp(1, ")") || p.IsOp(1, ",") || p.IsOp(1, ";")):
			p.At++ // TypeScript non-null assertion
		case !p.Py && t.Kind == TokOp && t.Text == "<" && p.genericCall():
		case !p.Py && t.Kind == TokString && len(t.parts) > 0:
			p.At++ // tagged template
			e = p.mark(&Expr{Kind: ExprUnknown}, start)
		default:
			return e
		}
	}
	return e
}

// genericCall skips TypeScript type arguments before a call (f<T>(x)) and
// reports whether it did.
func (p *Parser) genericCall() bool {
	depth := 0
	for k := 0; p.At+k < p.End && k < 512; k++ {
		t := p.tok(k)
		if t.Kind == TokOp && depth > 0 && (t.Text == "{" || t.Text == "(" || t.Text == "[") && t.Match > p.At+k {
			// an object, function or tuple type inside the arguments:
			// { ids: string[]; n: number } holds what ends a call elsewhere
			k = t.Match - p.At
			continue
		}
		if t.Kind == TokOp {
			switch t.Text {
			case "<":
				depth++
			case ">":
				depth--
			case ">>":
				depth -= 2
			case ";", "=", "==", "===", "&&", "||":
				return false
			}
			if depth == 0 {
				if p.IsOp(k+1, "(") {
					p.At += k + 1
					return true
				}
				return false
			}
		}
	}
	return false
}

// args parses a call's arguments up to the closing parenthesis at close.
func (p *Parser) args(call *Expr, close int) {
	p.At++
	for p.At < close {
		if p.IsOp(0, ",") {
			p.At++
			continue
		}
		if p.Py && p.tok(0).Kind == TokName && p.IsOp(1, "=") {
			key := p.tok(0).Text
			p.At += 2
			v := p.Expr()
			if v == nil {
				v = &Expr{Kind: ExprUnknown}
			}
			call.kw = append(call.kw, kwArg{key: key, val: v})
			p.skipArg(close)
			continue
		}
		v := p.Expr()
		if v == nil || (p.At < close && !p.IsOp(0, ",")) {
			// a generator expression or syntax this parser does not know
			if v == nil {
				v = &Expr{Kind: ExprUnknown}
			}
			v = &Expr{Kind: ExprUnknown, Line: v.Line, Col: v.Col}
			p.skipArg(close)
		}
		call.Args = append(call.Args, v)
	}
}

func (p *Parser) primary() *Expr {
	start := p.At
	t := p.tok(0)
	switch t.Kind {
	case TokName:
		if !p.Py && p.IsOp(1, "=>") {
			p.At++
			return p.arrow(start, []string{t.Text})
		}
		switch t.Text {
		case "lambda":
			if !p.Py {
				break
			}
			for p.At < p.End && !p.IsOp(0, ":") {
				p.At++
			}
			p.At++
			p.Expr()
			return p.mark(&Expr{Kind: ExprUnknown}, start)
		case "function":
			if !p.Py {
				return p.function(start)
			}
		case "async":
			if !p.Py {
				p.At++
				if p.isName(0, "function") {
					return p.function(start)
				}
				if p.tok(0).Kind == TokName && p.IsOp(1, "=>") {
					name := p.tok(0).Text
					p.At++
					return p.arrow(start, []string{name})
				}
				if p.IsOp(0, "(") {
					return p.primary()
				}
				return p.mark(&Expr{Kind: ExprName, Name: "async"}, start)
			}
		case "class":
			if !p.Py {
				for p.At < p.End && !p.IsOp(0, "{") {
					p.At++
				}
				if m := p.tok(0).Match; m > p.At {
					p.At = m + 1
				}
				return p.mark(&Expr{Kind: ExprUnknown}, start)
			}
		case "def", "return", "import", "from", "if", "else", "for", "while", "const", "let", "var", "export", "with", "try", "except":
			return nil
		}
		p.At++
		return p.mark(&Expr{Kind: ExprName, Name: t.Text}, start)
	case TokString:
		p.At++
		e := p.stringNode(t)
		for p.tok(0).Kind == TokString && p.Py { // "a" "b" is "ab"
			e = &Expr{Kind: ExprBinary, Name: "+", X: e, y: p.stringNode(p.tok(0))}
			p.At++
		}
		return p.mark(e, start)
	case TokNumber:
		p.At++
		return p.mark(&Expr{Kind: ExprNum, str: t.Text}, start)
	case TokRegex:
		p.At++
		return p.mark(&Expr{Kind: ExprRegex, str: t.Text}, start)
	case TokOp:
		switch t.Text {
		case "(":
			if t.Match < 0 || t.Match >= p.End {
				return nil
			}
			if !p.Py && p.tok(t.Match-p.At+1).Kind == TokOp && (p.tok(t.Match-p.At+1).Text == "=>" || p.tok(t.Match-p.At+1).Text == ":") {
				if params, ok := p.arrowParams(p.At, t.Match); ok {
					return p.arrow(start, params)
				}
			}
			p.At++
			inner := p.Expr()
			if inner != nil && p.IsOp(0, ",") && p.Py {
				// a tuple reads as a list: methods=("GET", "POST")
				tuple := &Expr{Kind: ExprList, Line: t.Line, Col: t.Col, Args: []*Expr{inner}}
				p.elements(tuple, t.Match)
				p.At = t.Match + 1
				return p.mark(tuple, start)
			}
			p.At = t.Match + 1
			if inner == nil {
				return p.mark(&Expr{Kind: ExprUnknown}, start)
			}
			return inner
		case "[":
			if t.Match < 0 || t.Match >= p.End {
				return nil
			}
			list := &Expr{Kind: ExprList, Line: t.Line, Col: t.Col}
			p.At++
			p.elements(list, t.Match)
			p.At = t.Match + 1
			return p.mark(list, start)
		case "{":
			if t.Match < 0 || t.Match >= p.End {
				return nil
			}
			return p.object(start, t.Match)
		}
	}
	return nil
}

func (p *Parser) stringNode(t Token) *Expr {
	if t.parts == nil {
		return &Expr{Kind: ExprStr, str: t.Str, Line: t.Line, Col: t.Col}
	}
	e := &Expr{Kind: ExprTemplate, Line: t.Line, Col: t.Col}
	for _, part := range t.parts {
		if part.expr == nil {
			e.parts = append(e.parts, tplExpr{lit: part.lit})
			continue
		}
		sub := &Parser{Toks: part.expr, End: len(part.expr), Py: p.Py, File: p.File, part: true}
		v := sub.Expr()
		if v == nil || sub.At < sub.End {
			v = &Expr{Kind: ExprUnknown}
		}
		e.parts = append(e.parts, tplExpr{expr: v})
	}
	return e
}

// object parses a dict (Python) or object literal (JavaScript) whose braces
// are start and close.
func (p *Parser) object(start, close int) *Expr {
	obj := &Expr{Kind: ExprDict}
	p.At++
	for p.At < close {
		if p.IsOp(0, ",") {
			p.At++
			continue
		}
		key := ""
		t := p.tok(0)
		switch {
		case t.Kind == TokString && t.parts == nil && p.IsOp(1, ":"):
			key = t.Str
			p.At += 2
		case !p.Py && t.Kind == TokName && p.IsOp(1, ":"):
			key = t.Text
			p.At += 2
		case !p.Py && t.Kind == TokName && (p.IsOp(1, ",") || p.At+1 == close):
			p.At++
			obj.kw = append(obj.kw, kwArg{key: t.Text, val: &Expr{Kind: ExprName, Name: t.Text, Line: t.Line, Col: t.Col}})
			continue
		default:
			p.skipArg(close)
			continue
		}
		v := p.Expr()
		if v == nil || (p.At < close && !p.IsOp(0, ",")) {
			v = &Expr{Kind: ExprUnknown}
			p.skipArg(close)
		}
		obj.kw = append(obj.kw, kwArg{key: key, val: v})
	}
	p.At = close + 1
	return p.mark(obj, start)
}

// arrowParams reads the parameter names between parentheses open and close;
// destructured parameters read as "".
func (p *Parser) arrowParams(open, close int) ([]string, bool) {
	var names []string
	expect := true
	for j := open + 1; j < close; j++ {
		t := p.Toks[j]
		switch {
		case t.Kind == TokOp && t.Text == ",":
			expect = true
		case expect && t.Kind == TokName:
			names = append(names, t.Text)
			expect = false
		case expect && t.Kind == TokOp && (t.Text == "{" || t.Text == "["):
			names = append(names, "")
			expect = false
			if t.Match > j {
				j = t.Match
			}
		case t.Kind == TokOp && (t.Text == "(" || t.Text == "[" || t.Text == "{") && t.Match > j:
			j = t.Match
		}
	}
	p.At = close + 1
	if p.IsOp(0, ":") { // a return type
		p.At++
		p.skipType(true)
	}
	return names, p.IsOp(0, "=>")
}

// arrow parses an arrow function's body; p.i is at =>.
func (p *Parser) arrow(start int, params []string) *Expr {
	p.At++ // =>
	fn := &Func{Params: params, File: p.File}
	if p.IsOp(0, "{") && p.tok(0).Match > p.At {
		fn.From, fn.To = p.At+1, p.tok(0).Match
		p.At = p.tok(0).Match + 1
	} else {
		fn.exprBody = p.Expr()
	}
	return p.mark(&Expr{Kind: ExprFunc, Fn: fn}, start)
}

// function parses `function [name](params) {body}`; p.i is at function.
func (p *Parser) function(start int) *Expr {
	p.At++
	if p.IsOp(0, "*") {
		p.At++
	}
	fn := &Func{File: p.File}
	if p.tok(0).Kind == TokName {
		fn.Name = p.tok(0).Text
		p.At++
	}
	if p.IsOp(0, "<") {
		// a generic's type parameters, not a type: what follows is the
		// parameter list, not part of a function type
		p.skipAngles()
	}
	if !p.IsOp(0, "(") || p.tok(0).Match < 0 {
		return nil
	}
	close := p.tok(0).Match
	fn.Params, _ = p.arrowParams(p.At, close)
	// the body is the first { after the parameters outside a return
	// type's type arguments (Promise<{ id: string }>)
	p.At = close + 1
	for depth := 0; p.At < p.End && !(depth <= 0 && p.IsOp(0, "{")); {
		t := p.tok(0)
		switch {
		case t.Kind == TokOp && t.Text == "<":
			depth++
		case t.Kind == TokOp && t.Text == ">":
			depth--
		case t.Kind == TokOp && t.Text == ">>":
			depth -= 2
		case depth > 0 && t.Kind == TokOp && (t.Text == "{" || t.Text == "(" || t.Text == "[") && t.Match > p.At:
			p.At = t.Match
		}
		p.At++
	}
	if p.tok(0).Match < p.At {
		return nil
	}
	fn.From, fn.To = p.At+1, p.tok(0).Match
	p.At = p.tok(0).Match + 1
	return p.mark(&Expr{Kind: ExprFunc, Fn: fn}, start)
}

// Method parses a class method, `name(params) [: type] {body}`, at p.At
// (the name); nil when that is not one.
func (p *Parser) Method() *Func {
	if p.At < 1 || p.tok(0).Kind != TokName {
		return nil
	}
	start := p.At
	p.At-- // function steps over the keyword before the name
	e := p.function(start)
	if e == nil {
		p.At = start
		return nil
	}
	return e.Fn
}

// text renders tokens from..to for messages.
func tokText(toks []Token, from, to int) string {
	var b strings.Builder
	for i := from; i < to && i < len(toks); i++ {
		t := toks[i]
		switch t.Kind {
		case TokString:
			if t.parts != nil {
				// a template as its language writes one: `/v1/${id}`, or
				// f"/v1/{id}" for Python's (Text "f")
				open, field, shut := "`", "${", "`"
				if t.Text == "f" {
					open, field, shut = `f"`, "{", `"`
				}
				b.WriteString(open)
				for _, part := range t.parts {
					if part.expr == nil {
						b.WriteString(part.lit)
					} else {
						b.WriteString(field + tokText(part.expr, 0, len(part.expr)) + "}")
					}
				}
				b.WriteString(shut)
			} else {
				b.WriteString(`"` + t.Str + `"`)
			}
		default:
			b.WriteString(t.Text)
		}
	}
	return routes.Shorten(b.String())
}
