package config

import (
	"fmt"
	"os"
	"path"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/pb33f/go-yaml"
	"github.com/wirelint/wirelint/internal/ecmaregex"
	"github.com/wirelint/wirelint/internal/textdist"
	"github.com/wirelint/wirelint/report"
)

// decoder walks the YAML node tree of a configuration file, collecting every
// problem with its position.
type decoder struct {
	file  string
	errs  []*Error
	paths []pathRef
}

func (d *decoder) errAt(p Pos, format string, args ...any) {
	// Keys and values from the file may hold line breaks; an error stays one line.
	msg := strings.NewReplacer("\n", `\n`, "\r", `\r`).Replace(fmt.Sprintf(format, args...))
	d.errs = append(d.errs, &Error{File: d.file, Pos: p, Msg: msg})
}

func (d *decoder) errorf(n *yaml.Node, format string, args ...any) {
	d.errAt(pos(n), format, args...)
}

// result returns every problem, unknown keys first (a misspelt key is the
// likeliest cause of the others), then in document order; nil when there is
// none. One problem is an *Error, several an Errors.
func (d *decoder) result() error {
	if len(d.errs) == 0 {
		return nil
	}
	sort.SliceStable(d.errs, func(i, j int) bool {
		if ui, uj := d.errs[i].unknownKey, d.errs[j].unknownKey; ui != uj {
			return ui
		}
		a, b := d.errs[i].Pos, d.errs[j].Pos
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Column < b.Column
	})
	if len(d.errs) == 1 {
		return d.errs[0]
	}
	return Errors(d.errs)
}

func pos(n *yaml.Node) Pos {
	if n == nil {
		return Pos{}
	}
	return Pos{Line: n.Line, Column: n.Column}
}

func deref(n *yaml.Node) *yaml.Node {
	for i := 0; n != nil && n.Kind == yaml.AliasNode && i < 64; i++ {
		n = n.Alias
	}
	return n
}

func kindName(n *yaml.Node) string {
	if n == nil {
		return "empty"
	}
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	case yaml.ScalarNode:
		if n.Tag == "!!null" {
			return "empty"
		}
		return fmt.Sprintf("%q", n.Value)
	}
	return "an alias"
}

// fields decodes mapping n strictly: each key must be one of fields, at most
// once. what names the mapping in messages ("parity[0]").
func (d *decoder) fields(n *yaml.Node, what string, fields map[string]func(k, v *yaml.Node)) bool {
	n = deref(n)
	if n == nil || n.Kind != yaml.MappingNode {
		d.errorf(n, "%s must be a mapping, not %s", what, kindName(n))
		return false
	}
	seen := map[string]bool{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], deref(n.Content[i+1])
		fn, ok := fields[k.Value]
		switch {
		case !ok:
			msg := fmt.Sprintf("unknown key %q in %s", k.Value, what)
			if near := nearestKey(k.Value, fields); near != "" {
				msg += fmt.Sprintf(": did you mean %s?", near)
			}
			d.errorf(k, "%s (want one of %s)", msg, keyList(fields))
			d.errs[len(d.errs)-1].unknownKey = true
		case seen[k.Value]:
			d.errorf(k, "%s.%s is set twice", what, k.Value)
		default:
			seen[k.Value] = true
			fn(k, v)
		}
	}
	return true
}

// nearestKey returns the key of fields closest to key: within two edits, or
// key with a letter or an s added or dropped; "" when none is.
func nearestKey(key string, fields map[string]func(k, v *yaml.Node)) string {
	best, bestDist := "", 3
	for k := range fields {
		if d := textdist.Levenshtein(strings.ToLower(key), k); d < bestDist || d == bestDist && k < best {
			best, bestDist = k, d
		}
	}
	if bestDist > 2 {
		return ""
	}
	return best
}

func keyList(fields map[string]func(k, v *yaml.Node)) string {
	keys := make([]string, 0, len(fields))
	for k := range fields {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return strings.Join(keys, ", ")
}

// str decodes a non-empty string scalar.
func (d *decoder) str(n *yaml.Node, what string) string {
	if n == nil || n.Kind != yaml.ScalarNode || n.Tag == "!!null" {
		d.errorf(n, "%s must be a string, not %s", what, kindName(n))
		return ""
	}
	if strings.TrimSpace(n.Value) == "" {
		d.errorf(n, "%s is empty", what)
		return ""
	}
	return n.Value
}

// strList decodes a list of non-empty strings.
func (d *decoder) strList(n *yaml.Node, what string) []string {
	if n == nil || n.Kind != yaml.SequenceNode {
		d.errorf(n, "%s must be a list, not %s", what, kindName(n))
		return nil
	}
	out := make([]string, 0, len(n.Content))
	for i, e := range n.Content {
		if s := d.str(deref(e), fmt.Sprintf("%s[%d]", what, i)); s != "" {
			out = append(out, s)
		}
	}
	return out
}

// list calls fn for each element of sequence n.
func (d *decoder) list(n *yaml.Node, what string, fn func(i int, e *yaml.Node)) {
	if n == nil || n.Kind != yaml.SequenceNode {
		d.errorf(n, "%s must be a list, not %s", what, kindName(n))
		return
	}
	for i, e := range n.Content {
		fn(i, deref(e))
	}
}

// glob checks that s is a well-formed glob.
func (d *decoder) glob(n *yaml.Node, what, s string) string {
	if _, err := path.Match(strings.ReplaceAll(s, "**", "*"), ""); err != nil {
		d.errorf(n, "%s: malformed glob %q", what, s)
	}
	return s
}

// ruleRef checks the shape of a rule reference: an id family/name,
// family/* or *.
func (d *decoder) ruleRef(n *yaml.Node, what string) string {
	s := d.str(n, what)
	if s == "" || s == "*" {
		return s
	}
	fam, name, ok := strings.Cut(s, "/")
	if !ok || fam == "" || name == "" || strings.Contains(name, "/") || (strings.Contains(s, "*") && name != "*") {
		d.errorf(n, "%s: %q is not a rule id (want family/name, family/* or *)", what, s)
		return ""
	}
	return s
}

func (d *decoder) config(n *yaml.Node, c *Config) {
	d.fields(n, "the configuration", map[string]func(k, v *yaml.Node){
		"version": func(k, v *yaml.Node) {
			if v == nil || v.Kind != yaml.ScalarNode || v.Value != "1" {
				d.errorf(v, "version must be 1, not %s", kindName(v))
			}
		},
		"parity": func(k, v *yaml.Node) {
			d.list(v, "parity", func(i int, e *yaml.Node) { c.Parity = append(c.Parity, d.parity(e, fmt.Sprintf("parity[%d]", i))) })
		},
		"refs": func(k, v *yaml.Node) { c.Refs = d.refs(v) },
		"routes": func(k, v *yaml.Node) {
			d.list(v, "routes", func(i int, e *yaml.Node) { c.Routes = append(c.Routes, d.routes(e, fmt.Sprintf("routes[%d]", i))) })
		},
		"regex": func(k, v *yaml.Node) { c.Regex = d.regex(v) },
		"fixtures": func(k, v *yaml.Node) {
			d.list(v, "fixtures", func(i int, e *yaml.Node) {
				c.Fixtures = append(c.Fixtures, d.fixtures(e, fmt.Sprintf("fixtures[%d]", i)))
			})
		},
		"docs":  func(k, v *yaml.Node) { c.Docs = d.docs(v) },
		"rules": func(k, v *yaml.Node) { c.Severities = d.severities(v) },
		"ignore": func(k, v *yaml.Node) {
			d.list(v, "ignore", func(i int, e *yaml.Node) { c.Ignores = append(c.Ignores, d.ignore(e, fmt.Sprintf("ignore[%d]", i))) })
		},
		"baseline": func(k, v *yaml.Node) { c.Baseline = d.str(v, "baseline") },
	})
}

func (d *decoder) parity(n *yaml.Node, what string) Parity {
	p := Parity{Pos: pos(n)}
	ok := d.fields(n, what, map[string]func(k, v *yaml.Node){
		"canonical": func(k, v *yaml.Node) { p.Canonical = d.path(v, what+".canonical", wantFile) },
		"mirror":    func(k, v *yaml.Node) { p.Mirror = d.path(v, what+".mirror", wantFile) },
		"renames": func(k, v *yaml.Node) {
			if v == nil || v.Kind != yaml.MappingNode {
				d.errorf(v, "%s.renames must be a mapping of canonical name to mirror name, not %s", what, kindName(v))
				return
			}
			p.Renames = map[string]string{}
			mirrors := map[string]string{}
			for i := 0; i+1 < len(v.Content); i += 2 {
				kn, vn := v.Content[i], deref(v.Content[i+1])
				to := d.str(vn, fmt.Sprintf("%s.renames.%s", what, kn.Value))
				if _, dup := p.Renames[kn.Value]; dup {
					d.errorf(kn, "%s.renames.%s is set twice", what, kn.Value)
				}
				if from, dup := mirrors[to]; dup && to != "" {
					d.errorf(vn, "%s.renames: %s and %s both rename to %s", what, from, kn.Value, to)
				}
				p.Renames[kn.Value] = to
				mirrors[to] = kn.Value
			}
		},
		"include": func(k, v *yaml.Node) {
			for _, g := range d.strList(v, what+".include") {
				p.Include = append(p.Include, d.glob(v, what+".include", g))
			}
		},
		"exclude": func(k, v *yaml.Node) {
			for _, g := range d.strList(v, what+".exclude") {
				p.Exclude = append(p.Exclude, d.glob(v, what+".exclude", g))
			}
		},
	})
	if ok {
		d.require(n, what, "canonical", p.Canonical)
		d.require(n, what, "mirror", p.Mirror)
	}
	return p
}

// require reports a missing required key of mapping n, unless its value
// already failed to decode (then that error stands alone).
func (d *decoder) require(n *yaml.Node, what, key, got string) {
	if got != "" {
		return
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return
		}
	}
	if key == "reason" {
		d.errorf(n, "%s needs a reason (why the finding is acceptable)", what)
		return
	}
	d.errorf(n, "%s needs %s", what, key)
}

func (d *decoder) refs(n *yaml.Node) *Refs {
	r := &Refs{Pos: pos(n)}
	d.fields(n, "refs", map[string]func(k, v *yaml.Node){
		"documents": func(k, v *yaml.Node) { r.Documents = d.pathList(v, "refs.documents", wantFile) },
		"map": func(k, v *yaml.Node) {
			if v == nil || v.Kind != yaml.MappingNode {
				d.errorf(v, "refs.map must be a mapping of URL prefix to local folder, not %s", kindName(v))
				return
			}
			for i := 0; i+1 < len(v.Content); i += 2 {
				kn, vn := v.Content[i], deref(v.Content[i+1])
				prefix := kn.Value
				if !strings.Contains(prefix, "://") {
					d.errorf(kn, "refs.map: %q is not a URL prefix (want e.g. https://example.com/schemas/)", prefix)
				}
				for _, m := range r.Mappings {
					if m.Prefix == prefix {
						d.errorf(kn, "refs.map.%s is set twice", prefix)
					}
				}
				r.Mappings = append(r.Mappings, RefMapping{Pos: pos(kn), Prefix: prefix, Dir: d.path(vn, "refs.map."+prefix, wantDir)})
			}
			sort.SliceStable(r.Mappings, func(i, j int) bool { return len(r.Mappings[i].Prefix) > len(r.Mappings[j].Prefix) })
		},
	})
	return r
}

func (d *decoder) routes(n *yaml.Node, what string) Routes {
	r := Routes{Pos: pos(n)}
	ok := d.fields(n, what, map[string]func(k, v *yaml.Node){
		"spec":   func(k, v *yaml.Node) { r.Spec = d.path(v, what+".spec", wantFile) },
		"server": func(k, v *yaml.Node) { r.Server = d.path(v, what+".server", wantEither) },
		"framework": func(k, v *yaml.Node) {
			r.Framework = d.str(v, what+".framework")
			if r.Framework != "" && !contains(Frameworks, r.Framework) {
				d.errorf(v, "%s.framework %q is not one of %s", what, r.Framework, strings.Join(Frameworks, ", "))
			}
		},
		"base_path": func(k, v *yaml.Node) {
			r.BasePath = d.str(v, what+".base_path")
			if r.BasePath != "" && !strings.HasPrefix(r.BasePath, "/") {
				d.errorf(v, "%s.base_path %q must start with /", what, r.BasePath)
			}
		},
	})
	if ok {
		d.require(n, what, "spec", r.Spec)
		d.require(n, what, "server", r.Server)
	}
	return r
}

func (d *decoder) regex(n *yaml.Node) *Regex {
	r := &Regex{Pos: pos(n)}
	d.fields(n, "regex", map[string]func(k, v *yaml.Node){
		"dialects": func(k, v *yaml.Node) {
			r.Dialects = d.strList(v, "regex.dialects")
			for i, s := range r.Dialects {
				if _, err := ecmaregex.ParseDialect(s); err != nil {
					d.errorf(v.Content[i], "regex.dialects: %v", err)
				}
			}
		},
		"documents": func(k, v *yaml.Node) { r.Documents = d.pathList(v, "regex.documents", wantFile) },
	})
	return r
}

func (d *decoder) fixtures(n *yaml.Node, what string) Fixtures {
	f := Fixtures{Pos: pos(n)}
	ok := d.fields(n, what, map[string]func(k, v *yaml.Node){
		"schema":  func(k, v *yaml.Node) { f.Schema = d.path(v, what+".schema", wantFile) },
		"mirror":  func(k, v *yaml.Node) { f.Mirror = d.path(v, what+".mirror", wantFile) },
		"folders": func(k, v *yaml.Node) { f.Folders = d.pathList(v, what+".folders", wantDir) },
	})
	if ok {
		d.require(n, what, "schema", f.Schema)
		if len(f.Folders) == 0 {
			d.require(n, what, "folders", "")
		}
	}
	return f
}

func (d *decoder) docs(n *yaml.Node) *Docs {
	dc := &Docs{Pos: pos(n)}
	d.fields(n, "docs", map[string]func(k, v *yaml.Node){
		"root": func(k, v *yaml.Node) { dc.Root = d.path(v, "docs.root", wantDir) },
		"cited": func(k, v *yaml.Node) {
			for _, g := range d.strList(v, "docs.cited") {
				dc.Cited = append(dc.Cited, d.glob(v, "docs.cited", g))
			}
		},
	})
	return dc
}

func (d *decoder) severities(n *yaml.Node) []Severity {
	if n == nil || n.Kind != yaml.MappingNode {
		d.errorf(n, "rules must be a mapping of rule id to error, warning, info or off, not %s", kindName(n))
		return nil
	}
	var out []Severity
	seen := map[string]bool{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], deref(n.Content[i+1])
		id := d.ruleRef(k, "rules")
		if id == "" {
			continue
		}
		if seen[id] {
			d.errorf(k, "rules.%s is set twice", id)
		}
		seen[id] = true
		var sev report.Severity
		switch {
		case v == nil || v.Kind != yaml.ScalarNode:
			d.errorf(v, "rules.%s must be error, warning, info or off, not %s", id, kindName(v))
			continue
		case v.Value == "error":
			sev = report.SeverityError
		case v.Value == "warning":
			sev = report.SeverityWarning
		case v.Value == "info":
			sev = report.SeverityInfo
		case v.Value == "off":
			sev = report.SeverityOff
		default:
			d.errorf(v, "rules.%s: %q is not a severity (want error, warning, info or off)", id, v.Value)
			continue
		}
		out = append(out, Severity{Pos: pos(k), Rule: id, Severity: sev})
	}
	return out
}

func (d *decoder) ignore(n *yaml.Node, what string) Ignore {
	ig := Ignore{Pos: pos(n)}
	ok := d.fields(n, what, map[string]func(k, v *yaml.Node){
		"rule":       func(k, v *yaml.Node) { ig.Rule = d.ruleRef(v, what+".rule") },
		"definition": func(k, v *yaml.Node) { ig.Definition = d.glob(v, what+".definition", d.str(v, what+".definition")) },
		"pointer": func(k, v *yaml.Node) {
			ig.Pointer = d.str(v, what+".pointer")
			if ig.Pointer != "" && !strings.HasPrefix(ig.Pointer, "/") {
				d.errorf(v, "%s.pointer %q is not a JSON pointer (want /a/b)", what, ig.Pointer)
			}
		},
		"path":   func(k, v *yaml.Node) { ig.Path = d.glob(v, what+".path", d.str(v, what+".path")) },
		"reason": func(k, v *yaml.Node) { ig.Reason = d.str(v, what+".reason") },
	})
	if ok {
		d.require(n, what, "rule", ig.Rule)
		d.require(n, what, "reason", ig.Reason)
	}
	return ig
}

// pathKind says what a configured path must name.
type pathKind int

const (
	wantFile pathKind = iota
	wantDir
	wantEither
)

// pathRef is a path the configuration names, kept to check once decoding
// succeeded.
type pathRef struct {
	pos  Pos
	what string
	rel  string
	kind pathKind
}

// path decodes a path-valued string and records it for checkPaths.
func (d *decoder) path(n *yaml.Node, what string, kind pathKind) string {
	s := d.str(n, what)
	if s != "" {
		d.paths = append(d.paths, pathRef{pos: pos(n), what: what, rel: s, kind: kind})
	}
	return s
}

// pathList decodes a list of paths.
func (d *decoder) pathList(n *yaml.Node, what string, kind pathKind) []string {
	if n == nil || n.Kind != yaml.SequenceNode {
		d.errorf(n, "%s must be a list, not %s", what, kindName(n))
		return nil
	}
	var out []string
	for i, e := range n.Content {
		if s := d.path(deref(e), fmt.Sprintf("%s[%d]", what, i), kind); s != "" {
			out = append(out, s)
		}
	}
	return out
}

// checkPaths requires every file and folder the configuration names to exist.
func (d *decoder) checkPaths(c *Config) {
	for _, r := range d.paths {
		st, err := os.Stat(c.Path(r.rel))
		switch {
		case err != nil:
			d.errAt(r.pos, "%s: %s does not exist", r.what, r.rel)
		case r.kind == wantDir && !st.IsDir():
			d.errAt(r.pos, "%s: %s is a file, want a folder", r.what, r.rel)
		case r.kind == wantFile && st.IsDir():
			d.errAt(r.pos, "%s: %s is a folder, want a file", r.what, r.rel)
		}
	}
}

func contains(list []string, s string) bool {
	for _, e := range list {
		if e == s {
			return true
		}
	}
	return false
}

var (
	yamlLineRE = regexp.MustCompile(`^(?:yaml: )?line (\d+)(?::(\d+))?: (.*)$`)
	yamlAtRE   = regexp.MustCompile(`at L(\d+)\.C(\d+)(?:-L\d+\.C\d+)?: (.*)$`)
)

// yamlError turns the YAML parser's error into a positioned Error.
func yamlError(file string, err error) error {
	msg := strings.TrimSpace(strings.SplitN(err.Error(), "\n", 2)[0])
	msg = strings.TrimPrefix(msg, "yaml: ")
	if m := yamlAtRE.FindStringSubmatch(msg); m != nil {
		line, _ := strconv.Atoi(m[1])
		col, _ := strconv.Atoi(m[2])
		return &Error{File: file, Pos: Pos{Line: line, Column: col}, Msg: "malformed YAML: " + m[3]}
	}
	if m := yamlLineRE.FindStringSubmatch(msg); m != nil {
		line, _ := strconv.Atoi(m[1])
		col, _ := strconv.Atoi(m[2])
		return &Error{File: file, Pos: Pos{Line: line, Column: col}, Msg: "malformed YAML: " + m[3]}
	}
	return &Error{File: file, Msg: "malformed YAML: " + msg}
}
