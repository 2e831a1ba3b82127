package routes

import (
	"strings"
)

// FromList reads a plain route list: one route per line, `METHOD /path`, with
// `#` starting a comment. Several methods may be joined by commas or pipes
// (`GET,POST /x`), `*` or ANY means every method, and the lines that
// `flask routes`, gin's debug log and chi.Walk print are read too, since each
// names its methods before its path. Any parameter spelling is accepted. A
// line with a path and no method, or a method and no path, is Unresolved.
func FromList(data []byte, file string) *Set {
	set := &Set{}
	for n, line := range strings.Split(string(data), "\n") {
		if i := commentStart(line); i >= 0 {
			line = line[:i]
		}
		if strings.TrimSpace(line) == "" {
			continue
		}
		var methods []string
		path, col := "", 0
		for _, f := range strings.Fields(line) {
			if path != "" {
				break
			}
			if strings.HasPrefix(f, "/") {
				path = f
				col = strings.Index(line, f) + 1
				continue
			}
			for _, m := range strings.FieldsFunc(f, func(r rune) bool { return r == ',' || r == '|' }) {
				switch {
				case m == "*" || strings.EqualFold(m, MethodAny):
					methods = append(methods, MethodAny)
				case httpMethods[m]:
					methods = append(methods, m)
				}
			}
		}
		pos := Pos{File: file, Line: n + 1, Column: col}
		if path == "" || len(methods) == 0 {
			pos.Column = 1 + len(line) - len(strings.TrimLeft(line, " \t"))
			set.Unresolved = append(set.Unresolved, Unresolved{Pos: pos, Expr: Shorten(line), Reason: "a route list line needs a method and a path (METHOD /path)", Malformed: true})
			continue
		}
		tpl, err := ParseTemplate(path, SyntaxAny)
		if err != nil {
			set.Unresolved = append(set.Unresolved, Unresolved{Pos: pos, Expr: path, Reason: err.Error(), Malformed: true})
			continue
		}
		for _, m := range methods {
			set.add(Route{Method: m, Template: tpl, Raw: path, Framework: "list", Pos: pos})
		}
	}
	set.Finish()
	return set
}

// commentStart returns the index of a # that starts a comment (at the line's
// start or after a space), or -1: a # inside a path is not a comment.
func commentStart(line string) int {
	for i := 0; i < len(line); i++ {
		if line[i] == '#' && (i == 0 || line[i-1] == ' ' || line[i-1] == '\t') {
			return i
		}
	}
	return -1
}
