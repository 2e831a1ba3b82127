package routes

import "strings"

// The Python and JavaScript readers parse expressions, not whole programs:
// the statement scanner finds assignments, imports, definitions and
// decorators, and parses every other expression it meets with sxParser. A
// construct the parser does not know parses as unknown and is skipped to the
// next comma or bracket, so unfamiliar syntax costs a route at most, never
// the file.

type sxKind int

const (
	sxUnknown sxKind = iota
	sxName
	sxStr
	sxNum
	sxAttr
	sxCall
	sxIndex
	sxList
	sxDict
	sxBinary
	sxTemplate
	sxFunc
	sxRegex
)

// sx is one parsed expression.
type sx struct {
	kind sxKind
	name string // sxName: the name; sxAttr: the attribute; sxBinary: the operator
	str  string // sxStr: the value
	x    *sx    // sxAttr, sxIndex: the receiver; sxCall: the callee; sxBinary: the left side
	y    *sx    // sxBinary: the right side
	args []*sx  // sxCall: positional arguments; sxList: elements
	kw   []kwArg
	// parts are a template's pieces: literal text, or an expression.
	parts []tplExpr
	fn    *sfunc
	// line and col locate the expression; for sxAttr they locate the
	// attribute name.
	line, col int
	from, to  int // token range, for messages
}

type kwArg struct {
	key string
	val *sx
}

type tplExpr struct {
	lit  string
	expr *sx // nil for literal text
}

// sfunc is a function: its parameter names and its body, a token range of
// its file or an expression.
type sfunc struct {
	name     string
	params   []string
	from, to int // body token range; to == from when exprBody is set
	exprBody *sx
	file     *sfile
	scope    *sscope // where it was defined
}

type sxParser struct {
	toks []stok
	i    int
	end  int
	py   bool
	file *sfile
	// depth counts nested expressions; past maxNesting the parser gives up,
	// so no input can exhaust the stack.
	depth int
}

// maxNesting bounds the nesting of brackets, templates and f-strings the
// readers follow.
const maxNesting = 256

func (p *sxParser) tok(k int) stok {
	if j := p.i + k; j < p.end && j >= 0 {
		return p.toks[j]
	}
	return stok{kind: tkEOF, match: -1}
}

func (p *sxParser) isOp(k int, s string) bool {
	t := p.tok(k)
	return t.kind == tkOp && t.text == s
}

func (p *sxParser) isName(k int, s string) bool {
	t := p.tok(k)
	return t.kind == tkName && t.text == s
}

// skipArg moves past the rest of one argument or element: to the next comma
// at this level or to limit.
func (p *sxParser) skipArg(limit int) {
	for p.i < limit {
		t := p.toks[p.i]
		if t.kind == tkOp && t.text == "," {
			return
		}
		if t.kind == tkOp && (t.text == "(" || t.text == "[" || t.text == "{") && t.match > p.i && t.match < limit {
			p.i = t.match + 1
			continue
		}
		p.i++
	}
}

var binaryOps = map[string]bool{
	"+": true, "-": true, "*": true, "/": true, "%": true, "|": true, "&": true, "^": true, "**": true, "//": true,
	"<<": true, ">>": true, ">>>": true, "==": true, "!=": true, "<": true, ">": true, "<=": true, ">=": true,
	"===": true, "!==": true, "&&": true, "||": true, "??": true, "@": true,
}

var pyWordOps = map[string]bool{"and": true, "or": true, "in": true, "is": true, "not": true}

// expr parses one expression, or returns nil without consuming when none
// starts here.
func (p *sxParser) expr() *sx {
	if p.depth >= maxNesting {
		return nil
	}
	p.depth++
	defer func() { p.depth-- }()
	start := p.i
	left := p.unary()
	if left == nil {
		p.i = start
		return nil
	}
	for p.i < p.end {
		t := p.tok(0)
		switch {
		case t.kind == tkOp && binaryOps[t.text], p.py && t.kind == tkName && pyWordOps[t.text], !p.py && t.kind == tkName && (t.text == "instanceof" || t.text == "in"):
			p.i++
			if p.py && (t.text == "not" || t.text == "is") && (p.isName(0, "in") || p.isName(0, "not")) {
				p.i++
			}
			right := p.unary()
			if right == nil {
				return p.mark(&sx{kind: sxUnknown}, start)
			}
			left = p.mark(&sx{kind: sxBinary, name: t.text, x: left, y: right, line: left.line, col: left.col}, start)
		case p.py && t.kind == tkName && t.text == "if":
			// a if c else b
			p.i++
			if p.expr() == nil || !p.isName(0, "else") {
				return p.mark(&sx{kind: sxUnknown}, start)
			}
			p.i++
			p.expr()
			left = p.mark(&sx{kind: sxUnknown, line: left.line, col: left.col}, start)
		case !p.py && t.kind == tkOp && t.text == "?":
			p.i++
			p.expr()
			if p.isOp(0, ":") {
				p.i++
				p.expr()
			}
			left = p.mark(&sx{kind: sxUnknown, line: left.line, col: left.col}, start)
		case !p.py && t.kind == tkName && (t.text == "as" || t.text == "satisfies"):
			p.i++
			p.skipType()
		default:
			return left
		}
	}
	return left
}

// skipType moves past a TypeScript type after as/satisfies or a colon.
func (p *sxParser) skipType() {
	for p.i < p.end {
		t := p.tok(0)
		switch {
		case t.kind == tkName || t.kind == tkString || t.kind == tkNumber:
			p.i++
		case t.kind == tkOp && (t.text == "." || t.text == "|" || t.text == "&"):
			p.i++
		case t.kind == tkOp && (t.text == "[" || t.text == "(" || t.text == "{") && t.match > p.i:
			p.i = t.match + 1
		case t.kind == tkOp && t.text == "<":
			depth := 0
			for p.i < p.end {
				switch p.tok(0).text {
				case "<":
					depth++
				case ">":
					depth--
				case ">>":
					depth -= 2
				}
				p.i++
				if depth <= 0 {
					break
				}
			}
		case t.kind == tkOp && t.text == "=>":
			p.i++
		default:
			return
		}
	}
}

// elements appends to list the comma-separated expressions from p.i up to
// the closing bracket at end; an element that cannot be read is sxUnknown.
func (p *sxParser) elements(list *sx, end int) {
	for p.i < end {
		if p.isOp(0, ",") {
			p.i++
			continue
		}
		v := p.expr()
		if v == nil || (p.i < end && !p.isOp(0, ",")) {
			v = &sx{kind: sxUnknown}
			p.skipArg(end)
		}
		list.args = append(list.args, v)
	}
}

func (p *sxParser) mark(e *sx, from int) *sx {
	e.from, e.to = from, p.i
	if e.line == 0 && from < len(p.toks) {
		e.line, e.col = p.toks[from].line, p.toks[from].col
	}
	return e
}

func (p *sxParser) unary() *sx {
	if p.depth >= maxNesting {
		return nil
	}
	p.depth++
	defer func() { p.depth-- }()
	start := p.i
	t := p.tok(0)
	switch {
	case t.kind == tkOp && (t.text == "-" || t.text == "+" || t.text == "!" || t.text == "~" || t.text == "*" || t.text == "**" || t.text == "..."):
		p.i++
		if p.unary() == nil {
			p.i = start
			return nil
		}
		return p.mark(&sx{kind: sxUnknown}, start)
	case t.kind == tkName && (t.text == "await" || t.text == "new" || t.text == "yield"):
		p.i++
		return p.unary()
	case t.kind == tkName && (t.text == "not" && p.py || !p.py && (t.text == "typeof" || t.text == "void" || t.text == "delete")):
		p.i++
		if p.unary() == nil {
			p.i = start
			return nil
		}
		return p.mark(&sx{kind: sxUnknown}, start)
	}
	return p.postfix()
}

func (p *sxParser) postfix() *sx {
	start := p.i
	e := p.primary()
	if e == nil {
		p.i = start
		return nil
	}
	for p.i < p.end {
		t := p.tok(0)
		switch {
		case t.kind == tkOp && (t.text == "." || t.text == "?.") && p.tok(1).kind == tkName:
			n := p.tok(1)
			p.i += 2
			e = p.mark(&sx{kind: sxAttr, name: n.text, x: e, line: n.line, col: n.col}, start)
		case t.kind == tkOp && t.text == "?." && p.isOp(1, "("):
			p.i++
		case t.kind == tkOp && t.text == "(" && t.match > p.i && t.match < p.end:
			call := &sx{kind: sxCall, x: e, line: e.line, col: e.col}
			p.args(call, t.match)
			p.i = t.match + 1
			e = p.mark(call, start)
			e.line, e.col = call.x.line, call.x.col
		case t.kind == tkOp && t.text == "[" && t.match > p.i && t.match < p.end:
			p.i = t.match + 1
			e = p.mark(&sx{kind: sxIndex, x: e, line: e.line, col: e.col}, start)
		case !p.py && t.kind == tkOp && t.text == "!" && (p.isOp(1, ".") || p.isOp(1, "(") || p.isOp(1, ")") || p.isOp(1, ",") || p.isOp(1, ";")):
			p.i++ // TypeScript non-null assertion
		case !p.py && t.kind == tkOp && t.text == "<" && p.genericCall():
		case !p.py && t.kind == tkString && len(t.parts) > 0:
			p.i++ // tagged template
			e = p.mark(&sx{kind: sxUnknown}, start)
		default:
			return e
		}
	}
	return e
}

// genericCall skips TypeScript type arguments before a call (f<T>(x)) and
// reports whether it did.
func (p *sxParser) genericCall() bool {
	depth := 0
	for k := 0; p.i+k < p.end && k < 64; k++ {
		t := p.tok(k)
		if t.kind == tkOp {
			switch t.text {
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
				if p.isOp(k+1, "(") {
					p.i += k + 1
					return true
				}
				return false
			}
		}
	}
	return false
}

// args parses a call's arguments up to the closing parenthesis at close.
func (p *sxParser) args(call *sx, close int) {
	p.i++
	for p.i < close {
		if p.isOp(0, ",") {
			p.i++
			continue
		}
		if p.py && p.tok(0).kind == tkName && p.isOp(1, "=") {
			key := p.tok(0).text
			p.i += 2
			v := p.expr()
			if v == nil {
				v = &sx{kind: sxUnknown}
			}
			call.kw = append(call.kw, kwArg{key: key, val: v})
			p.skipArg(close)
			continue
		}
		v := p.expr()
		if v == nil || (p.i < close && !p.isOp(0, ",")) {
			// a generator expression or syntax this parser does not know
			if v == nil {
				v = &sx{kind: sxUnknown}
			}
			v = &sx{kind: sxUnknown, line: v.line, col: v.col}
			p.skipArg(close)
		}
		call.args = append(call.args, v)
	}
}

func (p *sxParser) primary() *sx {
	start := p.i
	t := p.tok(0)
	switch t.kind {
	case tkName:
		if !p.py && p.isOp(1, "=>") {
			p.i++
			return p.arrow(start, []string{t.text})
		}
		switch t.text {
		case "lambda":
			if !p.py {
				break
			}
			for p.i < p.end && !p.isOp(0, ":") {
				p.i++
			}
			p.i++
			p.expr()
			return p.mark(&sx{kind: sxUnknown}, start)
		case "function":
			if !p.py {
				return p.function(start)
			}
		case "async":
			if !p.py {
				p.i++
				if p.isName(0, "function") {
					return p.function(start)
				}
				if p.tok(0).kind == tkName && p.isOp(1, "=>") {
					name := p.tok(0).text
					p.i++
					return p.arrow(start, []string{name})
				}
				if p.isOp(0, "(") {
					return p.primary()
				}
				return p.mark(&sx{kind: sxName, name: "async"}, start)
			}
		case "class":
			if !p.py {
				for p.i < p.end && !p.isOp(0, "{") {
					p.i++
				}
				if m := p.tok(0).match; m > p.i {
					p.i = m + 1
				}
				return p.mark(&sx{kind: sxUnknown}, start)
			}
		case "def", "return", "import", "from", "if", "else", "for", "while", "const", "let", "var", "export", "with", "try", "except":
			return nil
		}
		p.i++
		return p.mark(&sx{kind: sxName, name: t.text}, start)
	case tkString:
		p.i++
		e := p.stringNode(t)
		for p.tok(0).kind == tkString && p.py { // "a" "b" is "ab"
			e = &sx{kind: sxBinary, name: "+", x: e, y: p.stringNode(p.tok(0))}
			p.i++
		}
		return p.mark(e, start)
	case tkNumber:
		p.i++
		return p.mark(&sx{kind: sxNum, str: t.text}, start)
	case tkRegex:
		p.i++
		return p.mark(&sx{kind: sxRegex, str: t.text}, start)
	case tkOp:
		switch t.text {
		case "(":
			if t.match < 0 || t.match >= p.end {
				return nil
			}
			if !p.py && p.tok(t.match-p.i+1).kind == tkOp && (p.tok(t.match-p.i+1).text == "=>" || p.tok(t.match-p.i+1).text == ":") {
				if params, ok := p.arrowParams(p.i, t.match); ok {
					return p.arrow(start, params)
				}
			}
			p.i++
			inner := p.expr()
			if inner != nil && p.isOp(0, ",") && p.py {
				// a tuple reads as a list: methods=("GET", "POST")
				tuple := &sx{kind: sxList, line: t.line, col: t.col, args: []*sx{inner}}
				p.elements(tuple, t.match)
				p.i = t.match + 1
				return p.mark(tuple, start)
			}
			p.i = t.match + 1
			if inner == nil {
				return p.mark(&sx{kind: sxUnknown}, start)
			}
			return inner
		case "[":
			if t.match < 0 || t.match >= p.end {
				return nil
			}
			list := &sx{kind: sxList, line: t.line, col: t.col}
			p.i++
			p.elements(list, t.match)
			p.i = t.match + 1
			return p.mark(list, start)
		case "{":
			if t.match < 0 || t.match >= p.end {
				return nil
			}
			return p.object(start, t.match)
		}
	}
	return nil
}

func (p *sxParser) stringNode(t stok) *sx {
	if t.parts == nil {
		return &sx{kind: sxStr, str: t.str, line: t.line, col: t.col}
	}
	e := &sx{kind: sxTemplate, line: t.line, col: t.col}
	for _, part := range t.parts {
		if part.expr == nil {
			e.parts = append(e.parts, tplExpr{lit: part.lit})
			continue
		}
		sub := &sxParser{toks: part.expr, end: len(part.expr), py: p.py, file: p.file}
		v := sub.expr()
		if v == nil || sub.i < sub.end {
			v = &sx{kind: sxUnknown}
		}
		e.parts = append(e.parts, tplExpr{expr: v})
	}
	return e
}

// object parses a dict (Python) or object literal (JavaScript) whose braces
// are start and close.
func (p *sxParser) object(start, close int) *sx {
	obj := &sx{kind: sxDict}
	p.i++
	for p.i < close {
		if p.isOp(0, ",") {
			p.i++
			continue
		}
		key := ""
		t := p.tok(0)
		switch {
		case t.kind == tkString && t.parts == nil && p.isOp(1, ":"):
			key = t.str
			p.i += 2
		case !p.py && t.kind == tkName && p.isOp(1, ":"):
			key = t.text
			p.i += 2
		case !p.py && t.kind == tkName && (p.isOp(1, ",") || p.i+1 == close):
			p.i++
			obj.kw = append(obj.kw, kwArg{key: t.text, val: &sx{kind: sxName, name: t.text, line: t.line, col: t.col}})
			continue
		default:
			p.skipArg(close)
			continue
		}
		v := p.expr()
		if v == nil || (p.i < close && !p.isOp(0, ",")) {
			v = &sx{kind: sxUnknown}
			p.skipArg(close)
		}
		obj.kw = append(obj.kw, kwArg{key: key, val: v})
	}
	p.i = close + 1
	return p.mark(obj, start)
}

// arrowParams reads the parameter names between parentheses open and close;
// destructured parameters read as "".
func (p *sxParser) arrowParams(open, close int) ([]string, bool) {
	var names []string
	expect := true
	for j := open + 1; j < close; j++ {
		t := p.toks[j]
		switch {
		case t.kind == tkOp && t.text == ",":
			expect = true
		case expect && t.kind == tkName:
			names = append(names, t.text)
			expect = false
		case expect && t.kind == tkOp && (t.text == "{" || t.text == "["):
			names = append(names, "")
			expect = false
			if t.match > j {
				j = t.match
			}
		case t.kind == tkOp && (t.text == "(" || t.text == "[" || t.text == "{") && t.match > j:
			j = t.match
		}
	}
	p.i = close + 1
	if p.isOp(0, ":") { // a return type
		p.i++
		p.skipType()
	}
	return names, p.isOp(0, "=>")
}

// arrow parses an arrow function's body; p.i is at =>.
func (p *sxParser) arrow(start int, params []string) *sx {
	p.i++ // =>
	fn := &sfunc{params: params, file: p.file}
	if p.isOp(0, "{") && p.tok(0).match > p.i {
		fn.from, fn.to = p.i+1, p.tok(0).match
		p.i = p.tok(0).match + 1
	} else {
		fn.exprBody = p.expr()
	}
	return p.mark(&sx{kind: sxFunc, fn: fn}, start)
}

// function parses `function [name](params) {body}`; p.i is at function.
func (p *sxParser) function(start int) *sx {
	p.i++
	if p.isOp(0, "*") {
		p.i++
	}
	fn := &sfunc{file: p.file}
	if p.tok(0).kind == tkName {
		fn.name = p.tok(0).text
		p.i++
	}
	if p.isOp(0, "<") {
		p.skipType()
	}
	if !p.isOp(0, "(") || p.tok(0).match < 0 {
		return nil
	}
	close := p.tok(0).match
	fn.params, _ = p.arrowParams(p.i, close)
	for p.i < p.end && !p.isOp(0, "{") {
		p.i++
	}
	if p.tok(0).match < p.i {
		return nil
	}
	fn.from, fn.to = p.i+1, p.tok(0).match
	p.i = p.tok(0).match + 1
	return p.mark(&sx{kind: sxFunc, fn: fn}, start)
}

// text renders tokens from..to for messages.
func tokText(toks []stok, from, to int) string {
	var b strings.Builder
	for i := from; i < to && i < len(toks); i++ {
		t := toks[i]
		switch t.kind {
		case tkString:
			if t.parts != nil {
				b.WriteString("`…`")
			} else {
				b.WriteString(`"` + t.str + `"`)
			}
		default:
			b.WriteString(t.text)
		}
	}
	return shorten(b.String())
}
