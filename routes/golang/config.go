package golang

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/token"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/pb33f/go-yaml"

	"github.com/wirelint/wirelint/routes"
)

// goAssumed is a string the server reads at run time (a config struct's
// field) whose value the analysis took from where the repository sets it:
// routes built from it carry the assumptions.
type goAssumed struct {
	value string
	as    []routes.Assumption
}

// configKeyTags are the struct tags naming a field's key in a config file,
// in the order they are consulted.
var configKeyTags = []string{"yaml", "mapstructure", "json", "toml", "koanf"}

// configDefaultTags are the struct tags giving a field's default value.
var configDefaultTags = []string{"env-default", "default"}

// configExts are the config files read for a key's value.
var configExts = []string{".yaml", ".yml", ".json", ".toml"}

// maxConfigFiles bounds the config files read for one extraction: past it
// the module's configuration is not searched (a value found might not be
// the only one).
const maxConfigFiles = 200

// configDef is one config file's string value for a key path.
type configDef struct {
	value string
	at    routes.Pos
}

// configValue resolves a selector chain over config struct fields
// (s.cfg.HTTP.Prefix, each field tagged with its key) to the string the
// server reads at run time: the value the module's committed config files
// define for the key path when they define exactly one, else, when none
// defines it, the last field's tag default. nil when e is no such chain; goDynamic, naming the key
// and the candidates, when its value cannot be decided.
func (a *goAnalysis) configValue(f *goFile, e *ast.SelectorExpr) value {
	if v, ok := a.cfgMemo[e]; ok {
		return v
	}
	v := a.configValueOf(f, e)
	a.cfgMemo[e] = v
	return v
}

func (a *goAnalysis) configValueOf(f *goFile, e *ast.SelectorExpr) value {
	var names []string
	var x ast.Expr = e
	for {
		sel, ok := x.(*ast.SelectorExpr)
		if !ok {
			break
		}
		names = append(names, sel.Sel.Name)
		x = sel.X
	}
	root, ok := x.(*ast.Ident)
	if !ok || len(names) < 1 {
		return nil
	}
	slices.Reverse(names)
	typ, tf := a.identType(f, root)
	if typ == nil {
		return nil
	}
	var keys []string
	var last *ast.Field
	for i, name := range names {
		st, sf := a.structOf(tf, typ)
		if st == nil {
			return nil
		}
		field := structField(st, name)
		if field == nil {
			return nil
		}
		if i == 0 && field.Tag == nil {
			// the receiver's own field holding the config (s.cfg)
			typ, tf = field.Type, sf
			continue
		}
		key := tagKey(field)
		if key == "" {
			return nil
		}
		keys = append(keys, key)
		typ, tf, last = field.Type, sf, field
	}
	if last == nil || !isIdent(last.Type, "string") {
		return nil
	}
	expr := a.src(e)
	keyPath := strings.Join(keys, ".")
	if at, ok := a.fieldAssigned[names[len(names)-1]]; ok {
		return goDynamic{why: fmt.Sprintf("%s is read at run time (config key %s, and a field of its name is assigned at %s:%d)", expr, keyPath, at.File, at.Line)}
	}
	defs := a.configDefs(keys)
	if a.configTooMany {
		return goDynamic{why: fmt.Sprintf("%s is read at run time (config key %s; the module holds more than %d config files, which are not searched)", expr, keyPath, maxConfigFiles)}
	}
	values := map[string]bool{}
	for _, d := range defs {
		values[d.value] = true
	}
	tag := reflect.StructTag(mustUnquote(last.Tag.Value))
	switch {
	case len(defs) == 0:
		// a default applies where no file sets the key
		for _, t := range configDefaultTags {
			if v, ok := tag.Lookup(t); ok && v != "" {
				return goAssumed{value: v, as: []routes.Assumption{{Expr: expr, Value: v, At: a.pos(tf, last.Tag.Pos())}}}
			}
		}
		return goDynamic{why: fmt.Sprintf("%s is read at run time (config key %s, defined in no config file of the module and without a default)", expr, keyPath)}
	case len(values) > 1:
		var cands []string
		for _, d := range defs {
			cands = append(cands, fmt.Sprintf("%q in %s:%d", d.value, d.at.File, d.at.Line))
		}
		return goDynamic{why: fmt.Sprintf("%s is read at run time (config key %s, which config files set differently: %s)", expr, keyPath, strings.Join(cands, ", "))}
	}
	return goAssumed{value: defs[0].value, as: []routes.Assumption{{Expr: expr, Value: defs[0].value, At: defs[0].at}}}
}

// identType returns the declared type of id, a receiver or parameter of the
// function declaration enclosing it in f.
func (a *goAnalysis) identType(f *goFile, id *ast.Ident) (ast.Expr, *goFile) {
	for _, d := range f.ast.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || id.Pos() < fd.Pos() || id.Pos() >= fd.End() {
			continue
		}
		if t := a.localType(fd.Body, id); t != nil {
			return t, f
		}
		lists := []*ast.FieldList{fd.Recv, fd.Type.Params}
		for _, l := range lists {
			if l == nil {
				continue
			}
			for _, field := range l.List {
				for _, n := range field.Names {
					if n.Name == id.Name {
						return field.Type, f
					}
				}
			}
		}
	}
	return nil, nil
}

// localType returns the type of a local variable body declares before id
// from a composite literal (c := &conf.AllConfig{}) or with a type (var c
// conf.AllConfig); nil for any other.
func (a *goAnalysis) localType(body *ast.BlockStmt, id *ast.Ident) ast.Expr {
	if body == nil {
		return nil
	}
	decls, ok := a.locals[body]
	if !ok {
		decls = localDecls(body)
		a.locals[body] = decls
	}
	var found ast.Expr
	for _, d := range decls {
		if d.at < id.Pos() && d.name == id.Name {
			found = d.typ
		}
	}
	return found
}

// localDecl is one local variable declaration localType reads: the
// position of its statement or spec, the name and the type it gives
// (nil when it gives none localType knows).
type localDecl struct {
	at   token.Pos
	name string
	typ  ast.Expr
}

// localDecls lists the declarations of body that localType reads, in
// source order: each is read once per function, not once per selector.
func localDecls(body *ast.BlockStmt) []localDecl {
	var out []localDecl
	litType := func(e ast.Expr) ast.Expr {
		if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
			e = u.X
		}
		if cl, ok := e.(*ast.CompositeLit); ok {
			return cl.Type
		}
		return nil
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch st := n.(type) {
		case *ast.AssignStmt:
			if st.Tok == token.DEFINE && len(st.Lhs) == len(st.Rhs) {
				for i, l := range st.Lhs {
					if id, ok := l.(*ast.Ident); ok {
						out = append(out, localDecl{at: st.Pos(), name: id.Name, typ: litType(st.Rhs[i])})
					}
				}
			}
		case *ast.ValueSpec:
			for i, n := range st.Names {
				switch {
				case st.Type != nil:
					out = append(out, localDecl{at: st.Pos(), name: n.Name, typ: st.Type})
				case i < len(st.Values):
					out = append(out, localDecl{at: st.Pos(), name: n.Name, typ: litType(st.Values[i])})
				}
			}
		}
		return true
	})
	return out
}

// structOf resolves a type expression written in f (T, *T, pkg.T) to the
// struct type it names in the module, with the file declaring it.
func (a *goAnalysis) structOf(f *goFile, t ast.Expr) (*ast.StructType, *goFile) {
	for range 8 {
		if s, ok := t.(*ast.StarExpr); ok {
			t = s.X
		}
		var pkg *goPkg
		var name string
		switch x := t.(type) {
		case *ast.StructType:
			return x, f
		case *ast.Ident:
			pkg, name = f.pkg, x.Name
		case *ast.SelectorExpr:
			p, ok := x.X.(*ast.Ident)
			if !ok {
				return nil, nil
			}
			imp, ok := f.imports[p.Name]
			if !ok {
				return nil, nil
			}
			pkg, name = a.loadPkg(imp), x.Sel.Name
		default:
			return nil, nil
		}
		if pkg == nil || pkg.types[name] == nil {
			return nil, nil
		}
		t, f = pkg.types[name], pkg.typeFile[name]
	}
	return nil, nil
}

func structField(st *ast.StructType, name string) *ast.Field {
	for _, field := range st.Fields.List {
		for _, n := range field.Names {
			if n.Name == name {
				return field
			}
		}
	}
	return nil
}

// tagKey is the config key a field's tag names ("" = none, or "-").
func tagKey(field *ast.Field) string {
	if field.Tag == nil {
		return ""
	}
	tag := reflect.StructTag(mustUnquote(field.Tag.Value))
	for _, t := range configKeyTags {
		if v, ok := tag.Lookup(t); ok {
			key, _, _ := strings.Cut(v, ",")
			if key == "-" {
				return ""
			}
			if key != "" {
				return key
			}
		}
	}
	return ""
}

func mustUnquote(s string) string {
	u, err := strconv.Unquote(s)
	if err != nil {
		return ""
	}
	return u
}

func isIdent(e ast.Expr, name string) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == name
}

// configDefs returns, sorted by file, every string value the module's config
// files define for the key path keys (compared case-insensitively, as viper
// does). Files over the source budget or that do not parse define nothing.
func (a *goAnalysis) configDefs(keys []string) []configDef {
	memoKey := strings.Join(keys, "\x00")
	if defs, ok := a.defsMemo[memoKey]; ok {
		return defs
	}
	defs := a.findConfigDefs(keys)
	if a.defsMemo == nil {
		a.defsMemo = map[string][]configDef{}
	}
	a.defsMemo[memoKey] = defs
	return defs
}

func (a *goAnalysis) findConfigDefs(keys []string) []configDef {
	if a.configFiles == nil {
		a.loadConfigFiles()
	}
	var out []configDef
	for _, cf := range a.configFiles {
		if !cf.mayDefine(keys) {
			continue
		}
		if d, ok := cf.lookup(keys); ok {
			out = append(out, d)
		}
	}
	if len(out) > 0 {
		return out
	}
	// a section handed down on its own (uiConf *server.UI, read under the
	// ui key its parent's field names): the key path below any mapping
	for _, cf := range a.configFiles {
		if cf.mayDefine(keys) {
			out = append(out, cf.lookupBelow(keys)...)
		}
	}
	return out
}

// mayDefine reports whether cf may define keys, parsing its YAML on first
// need: a file whose text does not hold the last key, compared as lookup
// compares keys, cannot. The text is searched only when that search is
// exact: an ASCII file without escapes (a backslash) and a key of letters,
// digits, '_', '-' and '.' (no quoting or folding can spell it otherwise).
// Most of a module's YAML (CI, deployment, fixtures) never names the keys
// a server reads; parsing it all was a tenth of weaviate's extraction.
func (cf *configFile) mayDefine(keys []string) bool {
	if !cf.pending {
		return true
	}
	last := keys[len(keys)-1]
	if cf.lower != nil && plainKey(last) && !bytes.Contains(cf.lower, []byte(strings.ToLower(last))) {
		return false
	}
	src := cf.text
	if cf.lower != nil {
		src, _ = cf.read() // gone since: it defines nothing
	}
	var doc yaml.Node
	if src != nil && !specText(src) && yaml.Unmarshal(src, &doc) == nil && !isSpec(&doc) {
		cf.yaml = &doc
	}
	cf.pending, cf.text, cf.lower, cf.read = false, nil, nil, nil
	return true
}

// yamlText returns a YAML or JSON config file, src, to be parsed on first
// need (mayDefine); one that does not parse, or is an OpenAPI document,
// then defines nothing. Of a plain text (ASCII without a backslash) only
// its lower-case copy is kept, and read reads it again to parse it.
func yamlText(display string, src []byte, read func() ([]byte, error)) *configFile {
	cf := &configFile{display: display, pending: true}
	if !bytes.ContainsRune(src, '\\') && isASCII(src) {
		cf.lower, cf.read = bytes.ToLower(src), read
	} else {
		cf.text = src
	}
	return cf
}

// plainKey reports whether a key is spelt only with ASCII letters, digits,
// '_', '-' and '.', and is not empty.
func plainKey(k string) bool {
	for _, c := range []byte(k) {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-' || c == '.') {
			return false
		}
	}
	return k != ""
}

// lookupBelow finds the string values cf's YAML defines for keys under any
// mapping, not only at the top (ui: {api_base_url: ""} for keys
// [api_base_url]); up to 8 levels deep.
func (cf *configFile) lookupBelow(keys []string) []configDef {
	if cf.yaml == nil {
		return nil
	}
	var out []configDef
	var walk func(n *yaml.Node, depth int)
	walk = func(n *yaml.Node, depth int) {
		if depth > 8 {
			return
		}
		if n.Kind == yaml.DocumentNode && len(n.Content) == 1 {
			n = n.Content[0]
		}
		if n.Kind != yaml.MappingNode {
			return
		}
		if d, ok := (&configFile{display: cf.display, yaml: n}).lookup(keys); ok {
			out = append(out, d)
		}
		for i := 1; i < len(n.Content); i += 2 {
			walk(n.Content[i], depth+1)
		}
	}
	n := cf.yaml
	if n.Kind == yaml.DocumentNode && len(n.Content) == 1 {
		n = n.Content[0]
	}
	for i := 1; n.Kind == yaml.MappingNode && i < len(n.Content); i += 2 {
		walk(n.Content[i], 1)
	}
	return out
}

// configFile is one parsed config file: a YAML/JSON node tree, or TOML's
// string assignments by dotted key.
type configFile struct {
	display string
	yaml    *yaml.Node
	toml    map[string]configDef
	// pending marks a YAML or JSON file mayDefine has not parsed yet: of
	// a plain one (ASCII without a backslash) lower is its text in lower
	// case and read reads it again, of any other text is its text.
	pending     bool
	text, lower []byte
	read        func() ([]byte, error)
}

func (a *goAnalysis) loadConfigFiles() {
	a.configFiles = []*configFile{}
	// the module root spelt from the root asked for, so that files are
	// displayed like the Go sources
	root := a.root
	if st, err := a.confine.Stat(root); err == nil && !st.IsDir() {
		root = filepath.Dir(root)
	}
	if a.modRoot != "" {
		abs, err := filepath.Abs(root)
		if err != nil {
			return
		}
		rel, err := filepath.Rel(abs, a.modRoot)
		if err != nil {
			return
		}
		root = filepath.Join(root, rel)
	}
	paths, err := routes.SourceFiles(a.confine, root, configExts...)
	if err != nil {
		return
	}
	if len(paths) > maxConfigFiles {
		a.configTooMany = true
		return
	}
	for _, p := range paths {
		if notConfig[filepath.Base(p)] {
			continue
		}
		src, err := routes.ReadSource(a.confine, p, a.display, a.budget.SourceBytes)
		if err != nil {
			continue
		}
		cf := &configFile{display: a.display(p)}
		if strings.HasSuffix(p, ".toml") {
			cf.toml = tomlStrings(src, cf.display)
		} else {
			cf = yamlText(cf.display, src, func() ([]byte, error) {
				return routes.ReadSource(a.confine, p, a.display, a.budget.SourceBytes)
			})
		}
		a.configFiles = append(a.configFiles, cf)
	}
}

// isASCII reports whether b holds only ASCII bytes.
func isASCII(b []byte) bool {
	for _, c := range b {
		if c >= 0x80 {
			return false
		}
	}
	return true
}

// notConfig are the JSON files of other tools a Go module may hold.
var notConfig = map[string]bool{"package.json": true, "package-lock.json": true, "tsconfig.json": true, "composer.json": true}

// isSpec reports whether doc is an OpenAPI or Swagger document (its top
// level names openapi or swagger): the API's description, not its config.
// specText reports whether src is an OpenAPI document by its text alone,
// as isSpec would find after parsing it (three specs beside openmeter's
// config files: 2.5 MB of YAML, 35 MB of nodes; weaviate's JSON spec, 80
// MB): JSON whose root object has the key openapi or swagger, or YAML
// whose first document has a line starting with either key, a key of its
// root mapping. A spelling it does not see (an escaped key, a flow
// mapping) is left to isSpec.
func specText(src []byte) bool {
	t := bytes.TrimLeft(src, " \t\r\n\ufeff")
	if len(t) > 0 && t[0] == '{' {
		return jsonRootKey(t, "openapi", "swagger")
	}
	content := false // a line of the document read
	for line := range bytes.Lines(bytes.TrimPrefix(src, []byte("\ufeff"))) {
		for _, key := range []string{"openapi:", "swagger:", `"openapi":`, `"swagger":`, "'openapi':", "'swagger':"} {
			if bytes.HasPrefix(line, []byte(key)) {
				return true
			}
		}
		if content && (bytes.HasPrefix(line, []byte("---")) || bytes.HasPrefix(line, []byte("..."))) {
			return false // the next document is not the one parsed
		}
		if t := bytes.TrimSpace(line); len(t) > 0 && t[0] != '#' {
			content = true
		}
	}
	return false
}

// jsonRootKey reports whether the JSON object src starts with has one of
// keys, spelled without escapes, among its own keys.
func jsonRootKey(src []byte, keys ...string) bool {
	depth := 0
	for i := 0; i < len(src); i++ {
		switch src[i] {
		case '{', '[':
			depth++
		case '}', ']':
			depth--
			if depth == 0 {
				return false
			}
		case '"':
			j := i + 1
			for j < len(src) && src[j] != '"' {
				if src[j] == '\\' {
					j++
				}
				j++
			}
			if j >= len(src) {
				return false
			}
			if depth == 1 {
				k := j + 1
				for k < len(src) && (src[k] == ' ' || src[k] == '\t' || src[k] == '\r' || src[k] == '\n') {
					k++
				}
				if k < len(src) && src[k] == ':' && slices.Contains(keys, string(src[i+1:j])) {
					return true
				}
			}
			i = j
		}
	}
	return false
}

func isSpec(doc *yaml.Node) bool {
	n := doc
	if n.Kind == yaml.DocumentNode && len(n.Content) == 1 {
		n = n.Content[0]
	}
	if n.Kind != yaml.MappingNode {
		return false
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if k := n.Content[i].Value; k == "openapi" || k == "swagger" {
			return true
		}
	}
	return false
}

// lookup finds the string value cf defines for keys.
func (cf *configFile) lookup(keys []string) (configDef, bool) {
	if cf.toml != nil {
		d, ok := cf.toml[strings.ToLower(strings.Join(keys, "."))]
		return d, ok
	}
	n := cf.yaml
	if n == nil {
		return configDef{}, false
	}
	if n.Kind == yaml.DocumentNode && len(n.Content) == 1 {
		n = n.Content[0]
	}
	for _, k := range keys {
		if n.Kind != yaml.MappingNode {
			return configDef{}, false
		}
		var next *yaml.Node
		for i := 0; i+1 < len(n.Content); i += 2 {
			if strings.EqualFold(n.Content[i].Value, k) {
				next = n.Content[i+1]
			}
		}
		if next == nil {
			return configDef{}, false
		}
		n = next
	}
	if n.Kind != yaml.ScalarNode || n.ShortTag() != "!!str" {
		return configDef{}, false
	}
	return configDef{value: n.Value, at: routes.Pos{File: cf.display, Line: n.Line, Column: n.Column}}, true
}

// tomlStrings reads the string assignments of a TOML file by lower-case
// dotted key: [table] headers and key = "basic" or 'literal' strings on one
// line; anything else (arrays, inline tables, multi-line strings) defines
// nothing.
func tomlStrings(src []byte, display string) map[string]configDef {
	out := map[string]configDef{}
	table := ""
	for i, line := range strings.Split(string(src), "\n") {
		t := strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(t, "[["):
			table = "\x00" // array of tables: not a key path
			continue
		case strings.HasPrefix(t, "["):
			end := strings.IndexByte(t, ']')
			if end < 0 {
				table = "\x00"
				continue
			}
			table = tomlKey(t[1:end])
			continue
		}
		k, v, ok := strings.Cut(line, "=")
		if !ok || table == "\x00" || strings.HasPrefix(t, "#") {
			continue
		}
		key := tomlKey(k)
		vt := strings.TrimSpace(v)
		var val string
		switch {
		case strings.HasPrefix(vt, `"""`) || strings.HasPrefix(vt, "'''"):
			continue
		case strings.HasPrefix(vt, `"`):
			q, err := strconv.QuotedPrefix(vt)
			if err != nil {
				continue
			}
			val, _ = strconv.Unquote(q)
		case strings.HasPrefix(vt, "'"):
			end := strings.IndexByte(vt[1:], '\'')
			if end < 0 {
				continue
			}
			val = vt[1 : end+1]
		default:
			continue
		}
		if table != "" {
			key = table + "." + key
		}
		col := len(k) + 1 + len(v) - len(strings.TrimLeft(v, " \t")) + 1
		out[key] = configDef{value: val, at: routes.Pos{File: display, Line: i + 1, Column: col}}
	}
	return out
}

// tomlKey lower-cases a bare or quoted dotted key and drops the spaces
// around its dots.
func tomlKey(s string) string {
	parts := strings.Split(strings.TrimSpace(s), ".")
	for i, p := range parts {
		parts[i] = strings.ToLower(strings.Trim(strings.TrimSpace(p), `"'`))
	}
	return strings.Join(parts, ".")
}

// unwrapAssumed replaces each goAssumed argument with its string and
// returns the assumptions they carried.
func unwrapAssumed(args []value) []routes.Assumption {
	var as []routes.Assumption
	for i, v := range args {
		if x, ok := v.(goAssumed); ok {
			args[i] = goString(x.value)
			as = append(as, x.as...)
		}
	}
	return as
}
