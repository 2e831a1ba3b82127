package routes

import (
	"bytes"
	"encoding/json"
	"sort"
	"strings"

	"github.com/wirelint/wirelint/internal/lazyre"
)

// FromList reads a plain route list: one route per line, `METHOD /path`, with
// `#` starting a comment. Several methods may be joined by commas or pipes
// (`GET,POST /x`), `*` or ANY means every method, and the lines that
// `flask routes`, gin's debug log and chi.Walk print are read too, since each
// names its methods before its path. Any parameter spelling is accepted. A
// line with a path and no method, or a method and no path, is Unresolved.
func FromList(data []byte, file string) *Set {
	if t := bytes.TrimSpace(data); len(t) > 0 && (t[0] == '[' || t[0] == '{') {
		if set, ok := fromJSONListing(t, file); ok {
			return set
		}
	}
	set := &Set{}
	for n, line := range strings.Split(string(data), "\n") {
		if i := commentStart(line); i >= 0 {
			line = line[:i]
		}
		if strings.TrimSpace(line) == "" {
			continue
		}
		// NestJS's startup log: Mapped {/cats/:id, GET} route
		if m := nestMapped().FindStringSubmatch(line); m != nil {
			line = m[2] + " " + m[1]
		} else if strings.HasPrefix(strings.TrimSpace(line), "[Nest]") {
			continue // another line of NestJS's log
		}
		// rails routes: /articles/:id(.:format) serves /articles/:id
		line = strings.ReplaceAll(line, "(.:format)", "")
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
		if path != "" && len(methods) == 0 && strings.Contains(line, "\t") && strings.HasPrefix(strings.TrimSpace(line), "/") {
			// django-extensions' show_urls: path, view and name, tab
			// separated, no method: every method reaches the view
			methods = []string{MethodAny}
		}
		if path == "" && len(methods) == 0 && !strings.Contains(line, "/") {
			continue // a listing's header or rule (Endpoint Methods Rule, ----)
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

// nestMapped matches NestJS's RouterExplorer log line, path then method.
var nestMapped = lazyre.New(`Mapped \{([^,}]*), ([A-Z]+)\} route`)

// listEntry is one route of a JSON listing, whichever of the frameworks'
// spellings it uses: echo's e.Routes() {method, path, name},
// express-list-endpoints {path, methods: [...]}, Laravel's route:list --json
// {method: "GET|HEAD", uri, path} (its path is a closure's source file, not
// the route's), a FastAPI or Starlette dump {path, methods},
// django-extensions' show_urls --format=json {url, module, name}, which names
// no method: every method reaches the view.
type listEntry struct {
	Method  string          `json:"method"`
	Methods json.RawMessage `json:"methods"`
	Path    string          `json:"path"`
	URI     string          `json:"uri"`
	Rule    string          `json:"rule"`
	Pattern string          `json:"pattern"`
	URL     string          `json:"url"`
	Module  *string         `json:"module"`
}

// springMapping is a handler mapping of Spring Boot's actuator mappings
// endpoint: its request conditions name the methods and the patterns.
type springMapping struct {
	Details *struct {
		RequestMappingConditions *struct {
			Methods  []string `json:"methods"`
			Patterns []string `json:"patterns"`
		} `json:"requestMappingConditions"`
	} `json:"details"`
}

// fromJSONListing reads a JSON route listing: an array of entries, or an
// object holding one (Spring Boot's actuator mappings, nested by context and
// dispatcher); ok is false when data is none of these.
func fromJSONListing(data []byte, file string) (*Set, bool) {
	set := &Set{}
	found := false
	var walk func(raw json.RawMessage, depth int)
	walk = func(raw json.RawMessage, depth int) {
		if depth > 16 {
			return
		}
		var list []json.RawMessage
		if json.Unmarshal(raw, &list) == nil {
			for _, x := range list {
				walk(x, depth+1)
			}
			return
		}
		var obj map[string]json.RawMessage
		if json.Unmarshal(raw, &obj) != nil {
			return
		}
		var sm springMapping
		if _, has := obj["details"]; has && json.Unmarshal(raw, &sm) == nil && sm.Details != nil && sm.Details.RequestMappingConditions != nil {
			c := sm.Details.RequestMappingConditions
			methods := c.Methods
			if len(methods) == 0 {
				methods = []string{MethodAny}
			}
			for _, p := range c.Patterns {
				found = true
				addListed(set, methods, p, file)
			}
			return
		}
		var e listEntry
		if json.Unmarshal(raw, &e) == nil {
			path := firstNonEmpty(e.URI, e.Path, e.Rule, e.Pattern)
			var methods []string
			var names []string
			if json.Unmarshal(e.Methods, &names) == nil {
				methods = names
			} else {
				var one string
				if json.Unmarshal(e.Methods, &one) == nil {
					methods = strings.FieldsFunc(one, func(r rune) bool { return r == ',' || r == '|' || r == ' ' })
				}
			}
			if e.Method != "" {
				methods = append(methods, strings.FieldsFunc(e.Method, func(r rune) bool { return r == ',' || r == '|' || r == ' ' })...)
			}
			if e.URL != "" && e.Module != nil && path == "" && len(methods) == 0 {
				path, methods = e.URL, []string{MethodAny}
			}
			if path != "" && len(methods) > 0 {
				found = true
				addListed(set, methods, path, file)
				return
			}
		}
		keys := make([]string, 0, len(obj))
		for k := range obj {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			walk(obj[k], depth+1)
		}
	}
	walk(data, 0)
	if !found {
		return nil, false
	}
	set.Finish()
	return set, true
}

// addListed adds a listed route; a path without its leading slash (Laravel's
// uri) is read from the root.
func addListed(set *Set, methods []string, path, file string) {
	if !strings.HasPrefix(path, "/") {
		path = "/" + path
	}
	pos := Pos{File: file}
	tpl, err := ParseTemplate(path, SyntaxAny)
	if err != nil {
		set.Unresolved = append(set.Unresolved, Unresolved{Pos: pos, Expr: path, Reason: err.Error(), Malformed: true})
		return
	}
	for _, m := range methods {
		m = strings.ToUpper(strings.TrimSpace(m))
		switch {
		case m == "*" || m == MethodAny:
			set.add(Route{Method: MethodAny, Template: tpl, Raw: path, Framework: "list", Pos: pos})
		case httpMethods[m]:
			set.add(Route{Method: m, Template: tpl, Raw: path, Framework: "list", Pos: pos})
		}
	}
}

func firstNonEmpty(ss ...string) string {
	for _, s := range ss {
		if s != "" {
			return s
		}
	}
	return ""
}
