package config

import (
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/pb33f/go-yaml"
	"github.com/wirelint/wirelint/internal/ecmaregex"
	"github.com/wirelint/wirelint/internal/fsroot"
	"github.com/wirelint/wirelint/internal/lazyre"
	"github.com/wirelint/wirelint/internal/limits"
	"github.com/wirelint/wirelint/internal/textdist"
	"github.com/wirelint/wirelint/report"
)

// decoder walks the YAML node tree of a configuration file, collecting every
// problem with its position.
type decoder struct {
	file  string
	dir   string // relative paths resolve here (globs are expanded against it)
	errs  []*Error
	paths []pathRef
	// newer is the configuration's wirelint: version when it is newer than
	// Running ("" = not), and newerLine the line it is set on.
	newer     string
	newerLine int
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
			if d.newer != "" {
				// The key may be one a later version introduced.
				msg = fmt.Sprintf("%q is not a key of wirelint %s, and this configuration asks for wirelint ≥ %s (wirelint: at line %d): upgrade wirelint, or remove the key", k.Value, Running, d.newer, d.newerLine)
			} else if near := nearestKey(k.Value, fields); near != "" {
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
	// The version the configuration asks for is read first: it explains
	// the keys this wirelint does not know.
	if k, v := mappingValue(n, "wirelint"); v != nil && v.Kind == yaml.ScalarNode {
		if want, ok := parseVersion(v.Value); ok && Running != "" {
			if have, ok := parseVersion(Running); ok && compareVersions(want, have) > 0 {
				d.newer, d.newerLine = v.Value, k.Line
			}
		}
	}
	d.fields(n, "the configuration", map[string]func(k, v *yaml.Node){
		"wirelint": func(k, v *yaml.Node) {
			if v == nil || v.Kind != yaml.ScalarNode {
				d.errorf(v, "wirelint must be a version such as 0.1.0, not %s", kindName(v))
				return
			}
			if _, ok := parseVersion(v.Value); !ok {
				d.errorf(v, "wirelint: %q is not a version such as 0.1.0", v.Value)
				return
			}
			c.Wirelint = v.Value
			if d.newer != "" {
				d.errorf(v, "this configuration asks for wirelint ≥ %s; this is wirelint %s: upgrade wirelint", d.newer, Running)
			}
		},
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
		"docs": func(k, v *yaml.Node) { c.Docs = d.docs(v) },
		"types": func(k, v *yaml.Node) {
			d.list(v, "types", func(i int, e *yaml.Node) { c.Types = append(c.Types, d.types(e, fmt.Sprintf("types[%d]", i))) })
		},
		"rules": func(k, v *yaml.Node) { c.Severities = d.severities(v) },
		"ignore": func(k, v *yaml.Node) {
			d.list(v, "ignore", func(i int, e *yaml.Node) { c.Ignores = append(c.Ignores, d.ignore(e, fmt.Sprintf("ignore[%d]", i))) })
		},
		"baseline": func(k, v *yaml.Node) {
			c.Baseline = d.str(v, "baseline")
			if c.Baseline != "" {
				d.paths = append(d.paths, pathRef{pos: pos(v), what: "baseline", rel: c.Baseline, kind: wantNew})
			}
		},
		"widen-root": func(k, v *yaml.Node) { c.WidenRoot = d.pathList(v, "widen-root", wantDir) },
		"compat":     func(k, v *yaml.Node) { c.Compat = d.compat(v) },
		"limits":     func(k, v *yaml.Node) { c.Limits = d.limits(v) },
		"versions": func(k, v *yaml.Node) {
			d.list(v, "versions", func(i int, e *yaml.Node) {
				c.Versions = append(c.Versions, d.version(e, fmt.Sprintf("versions[%d]", i)))
			})
		},
	})
}

// version reads one entry of versions: a file and the OpenAPI version it is
// read as when it names none.
func (d *decoder) version(n *yaml.Node, what string) Version {
	doc := Version{Pos: pos(n)}
	ok := d.fields(n, what, map[string]func(k, v *yaml.Node){
		"file": func(k, v *yaml.Node) { doc.File = d.path(v, what+".file", wantFile) },
		"openapi": func(k, v *yaml.Node) {
			doc.OpenAPI = d.str(v, what+".openapi")
			if !validOpenAPIVersion(doc.OpenAPI) {
				d.errorf(v, "%s.openapi %q is not an OpenAPI version wirelint reads (2.0, 3.0.x, 3.1.x)", what, doc.OpenAPI)
			}
		},
	})
	if ok && (doc.File == "" || doc.OpenAPI == "") {
		d.errorf(n, "%s needs file and openapi", what)
	}
	return doc
}

// validOpenAPIVersion reports a version versions may give: 2.0 (Swagger),
// 3.0.x or 3.1.x.
func validOpenAPIVersion(v string) bool {
	return v == "2.0" || strings.HasPrefix(v, "3.0") || strings.HasPrefix(v, "3.1")
}

// limits reads the limits: block, a key per budget of limits.Budgets.
func (d *decoder) limits(n *yaml.Node) limits.Limits {
	var l limits.Limits
	fields := map[string]func(k, v *yaml.Node){}
	for _, b := range limits.Budgets {
		fields[b.Name] = func(k, v *yaml.Node) {
			if v == nil || v.Kind != yaml.ScalarNode || v.Tag == "!!null" {
				d.errorf(v, "limits.%s must be a value, not %s", b.Name, kindName(v))
				return
			}
			if err := b.Set(&l, v.Value); err != nil {
				d.errorf(v, "limits.%s: %v", b.Name, err)
			}
		}
	}
	d.fields(n, "limits", fields)
	return l
}

func (d *decoder) compat(n *yaml.Node) *Compat {
	cp := &Compat{Pos: pos(n)}
	d.fields(n, "compat", map[string]func(k, v *yaml.Node){
		"against": func(k, v *yaml.Node) { cp.Against = d.str(v, "compat.against") },
		"schemas": func(k, v *yaml.Node) {
			d.list(v, "compat.schemas", func(i int, e *yaml.Node) {
				cp.Schemas = append(cp.Schemas, d.str(e, fmt.Sprintf("compat.schemas[%d]", i)))
			})
		},
		"role": func(k, v *yaml.Node) {
			cp.Role = d.str(v, "compat.role")
			switch cp.Role {
			case "produced", "consumed", "both":
			default:
				d.errorf(v, "compat.role must be produced, consumed or both, not %q", cp.Role)
			}
		},
	})
	if cp.Against == "" {
		d.errorf(n, "compat needs against: the git revision to compare with")
	}
	return cp
}

func (d *decoder) parity(n *yaml.Node, what string) Parity {
	p := Parity{Pos: pos(n)}
	ok := d.fields(n, what, map[string]func(k, v *yaml.Node){
		"canonical": func(k, v *yaml.Node) {
			p.Canonicals = d.canonicals(v, what+".canonical")
			if len(p.Canonicals) > 0 {
				p.Canonical = p.Canonicals[0]
			}
			if len(p.Canonicals) == 1 {
				p.Canonicals = nil
			}
		},
		"mirror": func(k, v *yaml.Node) { p.Mirror = d.path(v, what+".mirror", wantFile) },
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

// canonicals decodes a parity entry's canonical: one path, or a list of them,
// where any may be a glob (path.Match syntax, matched against Dir) standing
// for the files it matches, sorted.
func (d *decoder) canonicals(n *yaml.Node, what string) []string {
	n = deref(n)
	entries := []*yaml.Node{n}
	isList := n != nil && n.Kind == yaml.SequenceNode
	if isList {
		entries = n.Content
		if len(entries) == 0 {
			d.errorf(n, "%s is an empty list; name at least one canonical file", what)
		}
	}
	var out []string
	for i, e := range entries {
		w := what
		if isList {
			w = fmt.Sprintf("%s[%d]", what, i)
		}
		paths, _ := d.filePaths(e, w)
		out = append(out, paths...)
	}
	return out
}

// filePaths decodes one entry naming files: a path, or a glob (path.Match
// syntax, matched against Dir) standing for the files it matches, sorted;
// globbed says which it was.
func (d *decoder) filePaths(e *yaml.Node, what string) (paths []string, globbed bool) {
	e = deref(e)
	s := d.str(e, what)
	if !strings.ContainsAny(s, "*?[") {
		if s = d.path(e, what, wantFile); s != "" {
			return []string{s}, false
		}
		return nil, false
	}
	return d.globPaths(e, what, s, wantFile), true
}

// globPaths expands the glob s of node e into the names it matches,
// relative to the configuration's folder and sorted (with kind wantFile,
// folders are left out); each is then checked, as every configured path is,
// through the configuration's root (checkPaths) before anything reads it.
func (d *decoder) globPaths(e *yaml.Node, w, s string, kind pathKind) []string {
	matches, err := filepath.Glob(filepath.Join(d.dir, filepath.FromSlash(s)))
	if err != nil {
		d.errorf(e, "%s: %q is not a valid glob: %v", w, s, err)
		return nil
	}
	if len(matches) == 0 {
		d.errorf(e, "%s: %q matches no file", w, s)
		return nil
	}
	sort.Strings(matches)
	var out []string
	for _, m := range matches {
		if st, err := os.Stat(m); err != nil || kind == wantFile && st.IsDir() {
			continue
		}
		if rel, err := filepath.Rel(d.dir, m); err == nil {
			out = append(out, filepath.ToSlash(rel))
			// confined as every configured path is
			d.paths = append(d.paths, pathRef{pos: pos(e), what: w, rel: filepath.ToSlash(rel), kind: kind})
		}
	}
	return out
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
		"documents": func(k, v *yaml.Node) { r.Documents, r.Globbed = d.documentList(v, "refs.documents") },
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
		// a route listing the framework printed: the server, read as a list
		"routes-from": func(k, v *yaml.Node) {
			r.Server, r.Framework = d.path(v, what+".routes-from", wantFile), "list"
		},
		"framework": func(k, v *yaml.Node) {
			r.Framework = d.str(v, what+".framework")
			if r.Framework != "" && !contains(Frameworks, r.Framework) {
				d.errorf(v, "%s.framework %q is not one of %s", what, r.Framework, strings.Join(Frameworks, ", "))
			}
		},
		"include":    func(k, v *yaml.Node) { r.Include = d.globs(v, what+".include") },
		"exclude":    func(k, v *yaml.Node) { r.Exclude = d.globs(v, what+".exclude") },
		"build-tags": func(k, v *yaml.Node) { r.BuildTags = d.strList(v, what+".build-tags") },
		"program":    func(k, v *yaml.Node) { r.Program = d.str(v, what+".program") },
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

// globs reads a list of route path globs.
func (d *decoder) globs(v *yaml.Node, what string) []string {
	out := d.strList(v, what)
	for i, g := range out {
		if err := validRouteGlob(g); err != nil && i < len(v.Content) {
			d.errorf(v.Content[i], "%s: %v", what, err)
		}
	}
	return out
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
		"documents": func(k, v *yaml.Node) { r.Documents, r.Globbed = d.documentList(v, "regex.documents") },
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

func (d *decoder) types(n *yaml.Node, what string) Types {
	t := Types{Pos: pos(n)}
	ok := d.fields(n, what, map[string]func(k, v *yaml.Node){
		"canonical": func(k, v *yaml.Node) { t.Canonical = d.path(v, what+".canonical", wantFile) },
		"mirror": func(k, v *yaml.Node) {
			entries := []*yaml.Node{v}
			if v != nil && v.Kind == yaml.SequenceNode {
				entries = v.Content
			}
			for i, e := range entries {
				w := fmt.Sprintf("%s.mirror[%d]", what, i)
				e = deref(e)
				s := d.str(e, w)
				if !strings.ContainsAny(s, "*?[") {
					if s = d.path(e, w, wantEither); s != "" {
						t.Mirror = append(t.Mirror, s)
					}
					continue
				}
				t.Mirror = append(t.Mirror, d.globPaths(e, w, s, wantEither)...)
			}
		},
		"language": func(k, v *yaml.Node) {
			t.Language = d.str(v, what+".language")
			if !contains([]string{"go", "typescript", "python", "rust"}, t.Language) {
				d.errorf(v, "%s.language %q: want go, typescript, python or rust", what, t.Language)
			}
		},
		"direction": func(k, v *yaml.Node) {
			t.Direction = d.str(v, what+".direction")
			if !contains([]string{"request", "response", "both"}, t.Direction) {
				d.errorf(v, "%s.direction %q: want request, response or both", what, t.Direction)
			}
		},
		"names": func(k, v *yaml.Node) {
			if v == nil || v.Kind != yaml.MappingNode {
				d.errorf(v, "%s.names must be a mapping of definition name to type name, not %s", what, kindName(v))
				return
			}
			t.Names = map[string]string{}
			for i := 0; i+1 < len(v.Content); i += 2 {
				kn, vn := v.Content[i], deref(v.Content[i+1])
				t.Names[kn.Value] = d.str(vn, fmt.Sprintf("%s.names.%s", what, kn.Value))
			}
		},
		"opaque":  func(k, v *yaml.Node) { t.Opaque = d.strList(v, what+".opaque") },
		"include": func(k, v *yaml.Node) { t.Include = d.nameGlobs(v, what+".include") },
		"ignore":  func(k, v *yaml.Node) { t.Ignore = d.nameGlobs(v, what+".ignore") },
		"int64": func(k, v *yaml.Node) {
			t.Int64 = d.str(v, what+".int64")
			if t.Int64 != "number" && t.Int64 != "string" {
				d.errorf(v, "%s.int64 %q: want number or string", what, t.Int64)
			}
		},
		"emptiness": func(k, v *yaml.Node) {
			b, err := strconv.ParseBool(d.str(v, what+".emptiness"))
			if err != nil {
				d.errorf(v, "%s.emptiness must be true or false", what)
			}
			t.Emptiness = b
		},
	})
	if ok {
		d.require(n, what, "canonical", t.Canonical)
		if len(t.Mirror) == 0 {
			d.require(n, what, "mirror", "")
		}
	}
	return t
}

// nameGlobs decodes a list of definition-name globs.
func (d *decoder) nameGlobs(v *yaml.Node, what string) []string {
	var out []string
	for _, g := range d.strList(v, what) {
		out = append(out, d.glob(v, what, g))
	}
	return out
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
		"taxonomy": func(k, v *yaml.Node) {
			d.list(v, "docs.taxonomy", func(i int, e *yaml.Node) {
				dc.Taxonomy = append(dc.Taxonomy, d.taxonomy(e, fmt.Sprintf("docs.taxonomy[%d]", i)))
			})
		},
		"site":         func(k, v *yaml.Node) { dc.Site = d.site(v) },
		"discriminant": func(k, v *yaml.Node) { dc.Discriminant = d.str(v, "docs.discriminant") },
		"repository": func(k, v *yaml.Node) {
			dc.Repository = d.str(v, "docs.repository")
			if owner, name, ok := strings.Cut(dc.Repository, "/"); !ok || owner == "" || name == "" || strings.Contains(name, "/") {
				d.errorf(v, "docs.repository %q must be OWNER/NAME, as in github.com/OWNER/NAME", dc.Repository)
			}
		},
		"ignore-links": func(k, v *yaml.Node) {
			for _, g := range d.strList(v, "docs.ignore-links") {
				dc.IgnoreLinks = append(dc.IgnoreLinks, d.glob(v, "docs.ignore-links", g))
			}
		},
	})
	return dc
}

func (d *decoder) taxonomy(n *yaml.Node, what string) Taxonomy {
	t := Taxonomy{Pos: pos(n)}
	ok := d.fields(n, what, map[string]func(k, v *yaml.Node){
		"root":  func(k, v *yaml.Node) { t.Root = d.path(v, what+".root", wantDir) },
		"index": func(k, v *yaml.Node) { t.Index = d.path(v, what+".index", wantFile) },
		"exclude": func(k, v *yaml.Node) {
			for _, g := range d.strList(v, what+".exclude") {
				t.Exclude = append(t.Exclude, d.glob(v, what+".exclude", g))
			}
		},
		"records": func(k, v *yaml.Node) {
			t.Records = d.str(v, what+".records")
			if t.Records != "file" && t.Records != "folder" {
				d.errorf(v, "%s.records %q must be file or folder", what, t.Records)
			}
		},
		"levels": func(k, v *yaml.Node) {
			d.list(v, what+".levels", func(i int, e *yaml.Node) {
				t.Levels = append(t.Levels, d.taxonomyLevel(e, fmt.Sprintf("%s.levels[%d]", what, i)))
			})
		},
	})
	if ok {
		d.require(n, what, "root", t.Root) // no levels: flat records (text/0001-name.md)
	}
	return t
}

func (d *decoder) taxonomyLevel(n *yaml.Node, what string) TaxonomyLevel {
	l := TaxonomyLevel{Pos: pos(n)}
	ok := d.fields(n, what, map[string]func(k, v *yaml.Node){
		"name":   func(k, v *yaml.Node) { l.Name = d.str(v, what+".name") },
		"values": func(k, v *yaml.Node) { l.Values = d.strList(v, what+".values") },
		"from":   func(k, v *yaml.Node) { l.From = d.str(v, what+".from") },
		"column": func(k, v *yaml.Node) { l.Column = d.str(v, what+".column") },
		"status": func(k, v *yaml.Node) {
			l.Status = d.str(v, what+".status")
			if re, err := regexp.Compile(l.Status); err != nil {
				d.errorf(v, "%s.status: %v", what, err)
			} else if re.NumSubexp() < 1 {
				d.errorf(v, "%s.status %q has no capture group: the first capture is the status", what, l.Status)
			}
		},
	})
	if ok {
		d.require(n, what, "name", l.Name)
		if len(l.Values) == 0 {
			d.require(n, what, "values", "")
		}
	}
	return l
}

// site decodes docs.site: content and static are lists of folders, each a
// path or a mapping {dir, route}.
func (d *decoder) site(n *yaml.Node) *Site {
	s := &Site{Pos: pos(n)}
	mounts := func(v *yaml.Node, what string) []SiteMount {
		var out []SiteMount
		d.list(v, what, func(i int, e *yaml.Node) {
			item := fmt.Sprintf("%s[%d]", what, i)
			if e != nil && e.Kind == yaml.MappingNode {
				m := SiteMount{}
				if d.fields(e, item, map[string]func(k, v *yaml.Node){
					"dir": func(k, v *yaml.Node) { m.Dir = d.path(v, item+".dir", wantDir) },
					"route": func(k, v *yaml.Node) {
						m.Route = d.str(v, item+".route")
						if m.Route != "" && !strings.HasPrefix(m.Route, "/") {
							d.errorf(v, "%s.route %q must start with /", item, m.Route)
						}
					},
				}) {
					d.require(e, item, "dir", m.Dir)
				}
				out = append(out, m)
				return
			}
			if p := d.path(e, item, wantDir); p != "" {
				out = append(out, SiteMount{Dir: p})
			}
		})
		return out
	}
	ok := d.fields(n, "docs.site", map[string]func(k, v *yaml.Node){
		"content": func(k, v *yaml.Node) { s.Content = mounts(v, "docs.site.content") },
		"static":  func(k, v *yaml.Node) { s.Static = mounts(v, "docs.site.static") },
		"generator": func(k, v *yaml.Node) {
			s.Generator = d.str(v, "docs.site.generator")
			switch s.Generator {
			case "", "github", "hugo", "mkdocs", "vitepress", "docusaurus", "redocly", "mintlify":
			default:
				d.errorf(v, "docs.site.generator %q is not one of github, hugo, mkdocs, vitepress, docusaurus, redocly, mintlify", s.Generator)
			}
		},
	})
	if ok && len(s.Content) == 0 {
		d.require(n, "docs.site", "content", "")
	}
	return s
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
	// wantNew: a file wirelint may write, which need not exist yet
	wantNew
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

// documentList decodes a list of document paths, any of which may be a glob
// (path.Match syntax, matched against Dir) standing for the files it
// matches, sorted; globbed says which paths a glob gave.
func (d *decoder) documentList(n *yaml.Node, what string) (paths []string, globbed map[string]bool) {
	if n == nil || n.Kind != yaml.SequenceNode {
		d.errorf(n, "%s must be a list, not %s", what, kindName(n))
		return nil, nil
	}
	seen := map[string]bool{}
	for i, e := range n.Content {
		matched, glob := d.filePaths(e, fmt.Sprintf("%s[%d]", what, i))
		for _, m := range matched {
			if seen[m] {
				continue
			}
			seen[m] = true
			paths = append(paths, m)
			if glob {
				if globbed == nil {
					globbed = map[string]bool{}
				}
				globbed[m] = true
			}
		}
	}
	return paths, globbed
}

// checkPaths requires every file and folder the configuration names to lie
// inside the project root, symlinks followed (folders in widen-root widen it),
// and, but for a baseline still to be written, to exist.
func (d *decoder) checkPaths(c *Config) {
	root := c.FS()
	for _, r := range d.paths {
		if r.what == "widen-root" {
			continue
		}
		st, err := root.Stat(c.Path(r.rel))
		switch {
		case errors.Is(err, fsroot.ErrOutside):
			d.errAt(r.pos, "%s: %s resolves outside the project root %s; not read (widen the root explicitly with widen-root: or --root)", r.what, r.rel, filepath.ToSlash(root.Dir()))
		case errors.Is(err, fsroot.ErrGit):
			d.errAt(r.pos, "%s: %s lies in a .git folder, the repository's own data, which wirelint never reads or writes; name a file of the work tree", r.what, r.rel)
		case r.kind == wantNew:
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
	yamlLineRE = lazyre.New(`^(?:yaml: )?line (\d+)(?::(\d+))?: (.*)$`)
	yamlAtRE   = lazyre.New(`at L(\d+)\.C(\d+)(?:-L\d+\.C\d+)?: (.*)$`)
)

// yamlError turns the YAML parser's error into a positioned Error.
func yamlError(file string, err error) error {
	msg := strings.TrimSpace(strings.SplitN(err.Error(), "\n", 2)[0])
	msg = strings.TrimPrefix(msg, "yaml: ")
	if m := yamlAtRE().FindStringSubmatch(msg); m != nil {
		line, _ := strconv.Atoi(m[1])
		col, _ := strconv.Atoi(m[2])
		return &Error{File: file, Pos: Pos{Line: line, Column: col}, Msg: "malformed YAML: " + m[3]}
	}
	if m := yamlLineRE().FindStringSubmatch(msg); m != nil {
		line, _ := strconv.Atoi(m[1])
		col, _ := strconv.Atoi(m[2])
		return &Error{File: file, Pos: Pos{Line: line, Column: col}, Msg: "malformed YAML: " + m[3]}
	}
	return &Error{File: file, Msg: "malformed YAML: " + msg}
}

// mappingValue returns the key and value nodes of key in mapping n.
func mappingValue(n *yaml.Node, key string) (k, v *yaml.Node) {
	n = deref(n)
	if n == nil || n.Kind != yaml.MappingNode {
		return nil, nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return n.Content[i], deref(n.Content[i+1])
		}
	}
	return nil, nil
}

// parseVersion reads MAJOR[.MINOR[.PATCH]] with an optional leading v.
func parseVersion(s string) ([3]int, bool) {
	var v [3]int
	parts := strings.Split(strings.TrimPrefix(strings.TrimSpace(s), "v"), ".")
	if len(parts) == 0 || len(parts) > 3 {
		return v, false
	}
	for i, p := range parts {
		if p == "" || len(p) > 6 {
			return v, false
		}
		for _, c := range p {
			if c < '0' || c > '9' {
				return v, false
			}
			v[i] = v[i]*10 + int(c-'0')
		}
	}
	return v, true
}

// compareVersions is -1, 0 or 1 as a is older than, equal to or newer than b.
func compareVersions(a, b [3]int) int {
	for i := range a {
		switch {
		case a[i] < b[i]:
			return -1
		case a[i] > b[i]:
			return 1
		}
	}
	return 0
}
