package routes

import (
	"fmt"
	"strings"
)

// Syntax names one family of path-template spellings.
type Syntax int

// Template syntaxes, one per family of frameworks.
const (
	// SyntaxOpenAPI is OpenAPI's {name}; nothing else is a parameter.
	SyntaxOpenAPI Syntax = iota
	// SyntaxBrace is {name}, {name:constraint}, {name...}, {$} and a bare *
	// segment: net/http ServeMux, chi, gorilla/mux, FastAPI, Starlette.
	SyntaxBrace
	// SyntaxColon is :name, :name?, :name(regex), :name{regex}, * and *name:
	// gin, echo, Express, Fastify, Hono.
	SyntaxColon
	// SyntaxAngle is <name> and <converter:name>: Flask (Werkzeug).
	SyntaxAngle
	// SyntaxAny accepts every spelling above; for route lists dumped by
	// other stacks. A colon starts a parameter only at a segment's start.
	SyntaxAny
	// SyntaxFiber is SyntaxColon with Fiber's :name<constraint> and its
	// greedy + (one segment or more, a catch-all like *).
	SyntaxFiber
	// SyntaxColonToSlash is SyntaxColon as gin and echo read it: a
	// parameter's name runs to the next slash (echo's :alert-email-group).
	SyntaxColonToSlash
)

// Param is one path parameter, whatever its spelling.
type Param struct {
	// Name is the parameter's name; "" for an anonymous catch-all (a bare *
	// or a ServeMux subtree pattern).
	Name string
	// Constraint is the regex or converter as written ("[0-9]+", "int"); "" = none.
	Constraint string
	// CatchAll is true when the parameter matches the rest of the path.
	CatchAll bool
	// Optional is true for Express's :name?.
	Optional bool
}

// Part is one piece of a segment: a literal or a parameter.
type Part struct {
	// Literal is the text when Param is nil.
	Literal string
	// Param is the parameter, or nil for a literal.
	Param *Param
}

// Segment is the text between two slashes, as literal and parameter parts.
type Segment []Part

// Template is a parsed path template in one normal form.
type Template struct {
	// Segments are the path's segments; "/" has none.
	Segments []Segment
	// TrailingSlash is true when the path ends in "/" (and is not "/").
	TrailingSlash bool
	// Exact is true for a ServeMux pattern ending in {$}.
	Exact bool
}

// TemplateError is a path template that cannot be parsed. Offset is the
// 0-based byte offset in the template where the problem starts.
type TemplateError struct {
	Template string
	Offset   int
	Msg      string
}

// Error describes the error and where in the template it is.
func (e *TemplateError) Error() string {
	return fmt.Sprintf("path template %q: %s at offset %d", e.Template, e.Msg, e.Offset)
}

// ParseTemplate parses raw in the given syntax. A template without a leading
// slash is read as if it had one; "" is "/".
func ParseTemplate(raw string, syn Syntax) (Template, error) {
	s := raw
	if !strings.HasPrefix(s, "/") {
		s = "/" + s
	}
	shift := len(s) - len(raw) // offsets reported against raw
	colon := syn == SyntaxColon || syn == SyntaxFiber || syn == SyntaxColonToSlash
	var t Template
	var cur Segment
	var lit strings.Builder
	flushLit := func() {
		if lit.Len() > 0 {
			cur = append(cur, Part{Literal: lit.String()})
			lit.Reset()
		}
	}
	errAt := func(i int, msg string) (Template, error) {
		off := i - shift
		if off < 0 {
			off = 0
		}
		return Template{}, &TemplateError{Template: raw, Offset: off, Msg: msg}
	}
	atSegStart := func() bool { return len(cur) == 0 && lit.Len() == 0 }
	for i := 1; i < len(s); {
		c := s[i]
		switch {
		case c == '/':
			flushLit()
			t.Segments = append(t.Segments, cur)
			cur = nil
			i++
		case c == '{' && (syn == SyntaxOpenAPI || syn == SyntaxBrace || syn == SyntaxAny):
			end := Closing(s, i, '{', '}', syn != SyntaxOpenAPI)
			if end < 0 {
				return errAt(i, "unclosed {")
			}
			body := s[i+1 : end]
			i = end + 1
			if syn != SyntaxOpenAPI && body == "$" {
				if i != len(s) {
					return errAt(end, "{$} not at the end")
				}
				t.Exact = true
				continue
			}
			p := Param{Name: body}
			if syn != SyntaxOpenAPI {
				if k := strings.IndexByte(body, ':'); k >= 0 {
					p.Name, p.Constraint = body[:k], body[k+1:]
				}
				if strings.HasSuffix(p.Name, "...") {
					p.Name = strings.TrimSuffix(p.Name, "...")
					p.CatchAll = true
				}
				if p.Constraint == "path" { // Starlette's converter
					p.CatchAll = true
				}
				p.Name = strings.TrimSpace(p.Name)
			}
			if p.Name == "" {
				return errAt(end, "empty parameter name")
			}
			flushLit()
			cur = append(cur, Part{Param: &p})
		case c == '<' && (syn == SyntaxAngle || syn == SyntaxAny):
			end := strings.IndexByte(s[i:], '>')
			if end < 0 {
				return errAt(i, "unclosed <")
			}
			body := s[i+1 : i+end]
			i += end + 1
			p := Param{Name: body}
			if k := strings.IndexByte(body, ':'); k >= 0 {
				p.Constraint, p.Name = body[:k], body[k+1:]
			}
			p.Name = strings.TrimSpace(p.Name)
			p.CatchAll = strings.HasPrefix(p.Constraint, "path")
			if p.Name == "" {
				return errAt(i-1, "empty parameter name")
			}
			flushLit()
			cur = append(cur, Part{Param: &p})
		case c == ':' && (colon || syn == SyntaxAny) && (atSegStart() || (colon && lit.Len() > 0 && strings.ContainsRune("-.~", rune(s[i-1])))):
			j := i + 1
			for j < len(s) && (IsIdent(s[j]) || syn == SyntaxColonToSlash && s[j] != '/') {
				j++
			}
			if j == i+1 {
				lit.WriteByte(c)
				i++
				continue
			}
			p := Param{Name: s[i+1 : j]}
			if j < len(s) && (s[j] == '(' || s[j] == '{' || (s[j] == '<' && syn == SyntaxFiber)) {
				open, shut := s[j], byte(')')
				switch open {
				case '{':
					shut = '}'
				case '<': // Fiber's :id<int>, :name<minLen(2)>
					shut = '>'
				}
				end := Closing(s, j, open, shut, true)
				if end < 0 {
					return errAt(j, "unclosed "+string(open))
				}
				p.Constraint = s[j+1 : end]
				j = end + 1
			}
			if j < len(s) && (s[j] == '?' || s[j] == '*' || s[j] == '+') {
				p.Optional = s[j] == '?' || s[j] == '*'
				p.CatchAll = s[j] == '*' || s[j] == '+'
				j++
			}
			flushLit()
			cur = append(cur, Part{Param: &p})
			i = j
		case (c == '*' && syn != SyntaxOpenAPI && syn != SyntaxAngle || c == '+' && syn == SyntaxFiber) && atSegStart():
			j := i + 1
			for j < len(s) && IsIdent(s[j]) {
				j++
			}
			if j < len(s) && s[j] != '/' {
				lit.WriteByte(c)
				i++
				continue
			}
			cur = append(cur, Part{Param: &Param{Name: s[i+1 : j], CatchAll: true}})
			i = j
		default:
			lit.WriteByte(c)
			i++
		}
	}
	flushLit()
	if len(cur) > 0 {
		t.Segments = append(t.Segments, cur)
	} else if len(t.Segments) > 0 {
		t.TrailingSlash = true
	}
	// only a last segment is a catch-all: Starlette's /{id:path}/content
	// and Werkzeug's <path:p>/raw name one parameter before a literal tail
	for i, seg := range t.Segments {
		if i == len(t.Segments)-1 && !t.TrailingSlash {
			break
		}
		for _, p := range seg {
			if p.Param != nil && p.Param.CatchAll {
				p.Param.CatchAll = false
			}
		}
	}
	return t, nil
}

// Closing returns the index of the byte closing the bracket opened at s[i], or
// -1. With nest, inner pairs of the same brackets are balanced (a regex
// constraint such as {id:[0-9]{3}}).
func Closing(s string, i int, open, shut byte, nest bool) int {
	depth := 0
	for j := i; j < len(s); j++ {
		switch s[j] {
		case '\\':
			// a backslash escapes in framework syntaxes (regex constraints);
			// OpenAPI path templates have no escapes: in /{\} the name is \
			if nest {
				j++
			}
		case open:
			depth++
			if !nest && depth > 1 {
				return -1
			}
		case shut:
			depth--
			if depth == 0 {
				return j
			}
		}
	}
	return -1
}

// IsIdent reports whether c may appear in a parameter name.
func IsIdent(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// String renders t with every parameter as {name}; an anonymous catch-all is
// {*}.
func (t Template) String() string { return t.render(false) }

// Key renders t with parameter names erased ({} for a parameter, {*} for a
// catch-all), so two templates differing only in names share a key.
func (t Template) Key() string { return t.render(true) }

func (t Template) render(key bool) string {
	if len(t.Segments) == 0 {
		return "/"
	}
	var b strings.Builder
	for _, seg := range t.Segments {
		b.WriteByte('/')
		for _, p := range seg {
			switch {
			case p.Param == nil:
				b.WriteString(p.Literal)
			case key && p.Param.CatchAll:
				b.WriteString("{*}")
			case key:
				b.WriteString("{}")
			case p.Param.Name == "":
				b.WriteString("{*}")
			default:
				b.WriteString("{" + p.Param.Name + "}")
			}
		}
	}
	if t.TrailingSlash {
		b.WriteByte('/')
	}
	return b.String()
}

// Params lists t's parameters in path order.
func (t Template) Params() []Param {
	var out []Param
	for _, seg := range t.Segments {
		for _, p := range seg {
			if p.Param != nil {
				out = append(out, *p.Param)
			}
		}
	}
	return out
}

// CatchAll returns the index of the segment that is a lone catch-all
// parameter, or -1.
func (t Template) CatchAll() int {
	for i, seg := range t.Segments {
		if len(seg) == 1 && seg[0].Param != nil && seg[0].Param.CatchAll {
			return i
		}
	}
	return -1
}

// WithoutTrailingSlash returns t with its trailing slash dropped.
func (t Template) WithoutTrailingSlash() Template {
	t.TrailingSlash = false
	return t
}

// Join joins a router prefix and a path registered under it, segment by
// segment: one slash between them, and a path of "" or "/" reads as the bare
// prefix (chi's Route("/x") with Get("/") serves /x).
func Join(prefix, path string) string {
	prefix = strings.TrimRight(prefix, "/")
	if path == "" || path == "/" {
		if prefix == "" {
			return "/"
		}
		return prefix
	}
	if !strings.HasPrefix(path, "/") {
		path = "/" + path
	}
	return prefix + path
}
