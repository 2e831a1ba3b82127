// Package rust reads the wire form of Rust serde types with a small
// tokenizer of its own: structs and enums deriving Serialize or
// Deserialize, #[serde(...)] attributes (rename, rename_all, alias,
// skip_serializing_if, default, skip, flatten, deny_unknown_fields, tag,
// content, untagged), Option, Vec, HashMap and BTreeMap, serde_json::Value,
// type aliases and newtypes. An enum carrying data is read as opaque: its
// representation is named, not compared.
package rust

import (
	"strings"
	"unicode"

	"github.com/wirelint/wirelint/codetypes"
)

// Read returns the serde types (and type aliases) of one file's source.
func Read(src, file string) ([]*codetypes.Decl, error) {
	toks, err := tokenize(src, file)
	if err != nil {
		return nil, err
	}
	p := &parser{toks: toks, file: file, lines: strings.Split(src, "\n")}
	p.items()
	return p.out, nil
}

type parser struct {
	toks  []token
	i     int
	file  string
	lines []string
	out   []*codetypes.Decl
	// custom lists types with a hand-written Serialize or Deserialize impl
	custom map[string]string
	// depth counts the types being read, bounded by codetypes.MaxDepth
	depth int
}

func (p *parser) tok(k int) token {
	if p.i+k < len(p.toks) {
		return p.toks[p.i+k]
	}
	return token{kind: tokEOF}
}

func (p *parser) is(k int, text string) bool {
	t := p.tok(k)
	return (t.kind == tokPunct || t.kind == tokIdent) && t.text == text
}

func (p *parser) pos(t token) codetypes.Pos {
	return codetypes.Pos{File: p.file, Line: t.line, Col: t.col}
}

// skipGroup moves past the bracketed group at the cursor.
func (p *parser) skipGroup() {
	open := p.tok(0).text
	closer := map[string]string{"(": ")", "[": "]", "{": "}", "<": ">"}[open]
	if closer == "" {
		p.i++
		return
	}
	depth := 0
	for p.i < len(p.toks) {
		t := p.tok(0)
		if t.kind == tokPunct {
			switch t.text {
			case open:
				depth++
			case closer:
				depth--
			}
		}
		p.i++
		if depth == 0 {
			return
		}
	}
}

// inner returns the tokens between the bracket at start and the cursor,
// which skipGroup left just past its closer (or at the end of input when
// the group is unclosed).
func (p *parser) inner(start int) []token {
	end := p.i - 1
	if end >= len(p.toks) || end < start+1 {
		return nil
	}
	if t := p.toks[end]; t.kind != tokPunct || t.text != map[string]string{"(": ")", "[": "]", "{": "}", "<": ">"}[p.toks[start].text] {
		end = p.i // unclosed: everything after the opener
	}
	return p.toks[start+1 : end]
}

// attrs is what the attributes before an item or field say.
type attrs struct {
	serde  bool // derives Serialize or Deserialize
	first  token
	rename string
	// renameAll is the container's rename_all rule
	renameAll         string
	aliases           []string
	dflt, skip        bool
	skipIfNone        bool
	flatten           bool
	denyUnknown       bool
	tag, content      string
	untagged          bool
	transparent, with bool
}

// attributes reads #[...] attributes at the cursor.
func (p *parser) attributes() attrs {
	var a attrs
	a.first = p.tok(0)
	for p.is(0, "#") && (p.is(1, "[") || p.is(1, "!") && p.is(2, "[")) {
		if p.is(1, "!") {
			p.i++
		}
		p.i++ // #
		start := p.i
		p.skipGroup()
		inner := p.inner(start)
		if len(inner) == 0 || inner[0].kind != tokIdent {
			continue
		}
		switch inner[0].text {
		case "derive":
			for _, t := range inner {
				if t.text == "Serialize" || t.text == "Deserialize" {
					a.serde = true
				}
			}
		case "serde":
			p.serdeArgs(inner[1:], &a)
		}
	}
	return a
}

// serdeArgs reads the (...) of #[serde(...)].
func (p *parser) serdeArgs(toks []token, a *attrs) {
	if len(toks) < 2 {
		return
	}
	toks = toks[1 : len(toks)-1]
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if t.kind != tokIdent {
			continue
		}
		value := ""
		if i+2 < len(toks) && toks[i+1].text == "=" && toks[i+2].kind == tokString {
			value = toks[i+2].text
		}
		switch t.text {
		case "rename":
			a.rename = serialized(toks, i, value)
		case "rename_all":
			a.renameAll = serialized(toks, i, value)
		case "alias":
			a.aliases = append(a.aliases, value)
		case "default":
			a.dflt = true
		case "skip", "skip_serializing", "skip_deserializing":
			a.skip = a.skip || t.text == "skip"
		case "skip_serializing_if":
			a.skipIfNone = true
		case "flatten":
			a.flatten = true
		case "deny_unknown_fields":
			a.denyUnknown = true
		case "tag":
			a.tag = value
		case "content":
			a.content = value
		case "untagged":
			a.untagged = true
		case "transparent":
			a.transparent = true
		case "with", "serialize_with", "deserialize_with", "into", "from", "try_from", "remote":
			a.with = true
		}
		if value != "" {
			i += 2
		}
	}
}

// serialized returns the name a rename or rename_all at toks[i] gives when
// serializing: its value, or the serialize = "x" of rename(serialize = "x",
// deserialize = "y").
func serialized(toks []token, i int, value string) string {
	if value != "" || i+1 >= len(toks) || toks[i+1].text != "(" {
		return value
	}
	for j := i + 2; j+2 < len(toks) && toks[j].text != ")"; j++ {
		if toks[j].text == "serialize" && toks[j+2].kind == tokString {
			return toks[j+2].text
		}
	}
	return ""
}

// items reads top-level items; mod blocks are read as top level.
func (p *parser) items() {
	p.custom = map[string]string{}
	for p.i < len(p.toks) {
		a := p.attributes()
		p.visibility()
		switch {
		case p.is(0, "struct") && p.tok(1).kind == tokIdent:
			p.structItem(a)
		case p.is(0, "enum") && p.tok(1).kind == tokIdent:
			p.enumItem(a)
		case p.is(0, "type") && p.tok(1).kind == tokIdent:
			p.aliasItem(a)
		case p.is(0, "impl"):
			p.implItem()
		case p.is(0, "mod") && p.tok(1).kind == tokIdent && p.is(2, "{"):
			p.i += 3
		case p.is(0, "{") || p.is(0, "(") || p.is(0, "["):
			p.skipGroup()
		default:
			p.i++
		}
	}
	for _, d := range p.out {
		if why := p.custom[d.Name]; why != "" && d.Kind != codetypes.Alias {
			d.Kind, d.Why = codetypes.Opaque, why
		}
	}
}

func (p *parser) visibility() {
	if p.is(0, "pub") {
		p.i++
		if p.is(0, "(") {
			p.skipGroup()
		}
	}
}

// implItem notes `impl Serialize for X` and skips the block.
func (p *parser) implItem() {
	p.i++
	if p.is(0, "<") {
		p.skipGroup()
	}
	var path []string
	for p.i < len(p.toks) && !p.is(0, "{") && !p.is(0, ";") {
		if t := p.tok(0); t.kind == tokIdent {
			path = append(path, t.text)
		}
		p.i++
	}
	for k, w := range path {
		if (w == "Serialize" || w == "Deserialize") && k+2 < len(path) && path[k+1] == "for" {
			p.custom[path[k+2]] = "it implements " + w + " by hand"
		}
		if w == "for" && k+1 < len(path) && k > 0 && (path[k-1] == "Serialize" || path[k-1] == "Deserialize") {
			p.custom[path[len(path)-1]] = "it implements " + path[k-1] + " by hand"
		}
	}
	if p.is(0, "{") {
		p.skipGroup()
	}
}

func (p *parser) newDecl(a attrs, name token, kind codetypes.Kind) *codetypes.Decl {
	d := &codetypes.Decl{Name: name.text, Pos: p.pos(name), Kind: kind, Strict: true, Language: "rust", Closed: a.denyUnknown}
	line := a.first.line
	if line == 0 {
		line = name.line
	}
	if target, at := codetypes.MirrorAbove(p.lines, line); target != "" {
		d.Mirror, d.MirrorPos = target, codetypes.Pos{File: p.file, Line: at.Line, Col: at.Col}
	}
	return d
}

// generics reads <T, U: Bound> after a name: the parameters by name and in
// order (lifetimes and bounds left out).
func (p *parser) generics() (map[string]bool, []string) {
	params := map[string]bool{}
	var order []string
	if !p.is(0, "<") {
		return params, nil
	}
	start := p.i
	p.skipGroup()
	depth := 0
	for k := start; k < p.i && k < len(p.toks); k++ {
		t := p.toks[k]
		switch {
		case t.kind == tokPunct && t.text == "<":
			depth++
		case t.kind == tokPunct && t.text == ">":
			depth--
		case t.kind == tokIdent && depth == 1 && (p.toks[k-1].text == "<" || p.toks[k-1].text == ","):
			if t.text != "const" {
				params[t.text] = true
				order = append(order, t.text)
			}
		}
	}
	return params, order
}

func (p *parser) structItem(a attrs) {
	p.i++
	name := p.tok(0)
	p.i++
	params, order := p.generics()
	for p.i < len(p.toks) && p.is(0, "where") {
		for p.i < len(p.toks) && !p.is(0, "{") && !p.is(0, ";") {
			p.i++
		}
	}
	switch {
	case p.is(0, "{"):
		d := p.newDecl(a, name, codetypes.Object)
		d.Params = order
		p.fields(d, a, params)
		if a.serde {
			if a.with {
				d.Kind, d.Why = codetypes.Opaque, "its serde attributes convert it through another type"
			}
			p.out = append(p.out, d)
		}
	case p.is(0, "("):
		// a tuple struct: a newtype is its field; longer ones are arrays
		start := p.i
		p.skipGroup()
		inner := p.inner(start)
		var elems []codetypes.Expr
		sub := &parser{toks: inner, file: p.file}
		for sub.i < len(sub.toks) {
			sub.attributes()
			sub.visibility()
			elems = append(elems, sub.typeExpr(params))
			if sub.is(0, ",") {
				sub.i++
			} else {
				break
			}
		}
		d := p.newDecl(a, name, codetypes.Alias)
		if len(elems) == 1 {
			d.Target = elems[0]
		} else {
			d.Target = codetypes.Tuple{Elems: elems}
		}
		if a.serde {
			p.out = append(p.out, d)
		}
	default:
		// a unit struct serializes as null
		d := p.newDecl(a, name, codetypes.Alias)
		d.Target = codetypes.Literals{Values: []string{"null"}}
		if a.serde {
			p.out = append(p.out, d)
		}
	}
}

// fields reads { name: Type, ... } into d.
func (p *parser) fields(d *codetypes.Decl, container attrs, params map[string]bool) {
	start := p.i
	p.skipGroup()
	sub := &parser{toks: p.inner(start), file: p.file}
	for sub.i < len(sub.toks) {
		a := sub.attributes()
		sub.visibility()
		name := sub.tok(0)
		if name.kind != tokIdent || !sub.is(1, ":") {
			sub.i++
			continue
		}
		sub.i += 2
		isOption := sub.head() == "Option"
		t := sub.typeExpr(params)
		if sub.is(0, ",") {
			sub.i++
		}
		if a.skip {
			continue
		}
		if a.flatten {
			switch t := t.(type) {
			case codetypes.Map:
				d.Extra = t.Value
			default:
				d.Bases = append(d.Bases, t)
			}
			continue
		}
		wire := a.rename
		if wire == "" {
			wire = renameField(container.renameAll, strings.TrimPrefix(name.text, "r#"))
		}
		f := &codetypes.Field{Name: wire, Source: name.text, Pos: sub.pos(name), Type: t}
		// skip_serializing_if leaves the field out when its predicate holds
		f.Optional = a.dflt || container.dflt || isOption || a.skipIfNone
		f.NullIsAbsence = isOption
		f.OmitsNull = isOption && a.skipIfNone
		d.Fields = append(d.Fields, f)
	}
}

func (p *parser) enumItem(a attrs) {
	p.i++
	name := p.tok(0)
	p.i++
	p.generics()
	if !p.is(0, "{") {
		return
	}
	start := p.i
	p.skipGroup()
	sub := &parser{toks: p.inner(start), file: p.file}
	d := p.newDecl(a, name, codetypes.Enum)
	d.ValuePos = map[string]codetypes.Pos{}
	var values []string
	data := false
	for sub.i < len(sub.toks) {
		va := sub.attributes()
		v := sub.tok(0)
		if v.kind != tokIdent {
			sub.i++
			continue
		}
		sub.i++
		variantType := ""
		if sub.is(0, "(") || sub.is(0, "{") {
			data = true
			if sub.is(0, "(") && sub.tok(1).kind == tokIdent && sub.is(2, ")") {
				variantType = sub.tok(1).text // Variant(Struct): a newtype variant
			}
			sub.skipGroup()
		}
		if sub.is(0, "=") {
			for sub.i < len(sub.toks) && !sub.is(0, ",") {
				sub.i++
			}
		}
		if sub.is(0, ",") {
			sub.i++
		}
		if va.skip {
			continue
		}
		wire := va.rename
		if wire == "" {
			wire = renameVariant(a.renameAll, v.text)
		}
		q := codetypes.Quote(wire)
		values = append(values, q)
		d.ValuePos[q] = sub.pos(v)
		if a.tag != "" && a.content == "" && variantType != "" {
			d.Tags = append(d.Tags, codetypes.Tag{Field: a.tag, Value: q, Type: variantType, Pos: sub.pos(v)})
		}
	}
	if !a.serde {
		return
	}
	switch {
	case data || a.untagged:
		repr := "externally tagged"
		switch {
		case a.untagged:
			repr = "untagged"
		case a.tag != "" && a.content != "":
			repr = "adjacently tagged (tag " + a.tag + ", content " + a.content + ")"
		case a.tag != "":
			repr = "internally tagged (tag " + a.tag + ")"
		}
		d.Kind, d.Why = codetypes.Opaque, "it is an enum with data, "+repr+": its variants are not compared"
	default:
		d.Values = codetypes.SortedSet(values)
	}
	if a.with {
		d.Kind, d.Why = codetypes.Opaque, "its serde attributes convert it through another type"
	}
	p.out = append(p.out, d)
}

func (p *parser) aliasItem(a attrs) {
	p.i++
	name := p.tok(0)
	p.i++
	params, order := p.generics()
	if !p.is(0, "=") {
		return
	}
	p.i++
	d := p.newDecl(a, name, codetypes.Alias)
	d.Params = order
	d.Target = p.typeExpr(params)
	p.out = append(p.out, d)
}

// head returns the last segment of the type path at the cursor
// (std::option::Option<T> → Option) without moving.
func (p *parser) head() string {
	name := ""
	for k := 0; p.tok(k).kind == tokIdent; k += 2 {
		name = p.tok(k).text
		if !p.is(k+1, "::") {
			break
		}
	}
	return name
}

// typeExpr reads a type: paths with generic arguments, &T, [T], (A, B).
func (p *parser) typeExpr(params map[string]bool) codetypes.Expr {
	p.depth++
	defer func() { p.depth-- }()
	if p.depth > codetypes.MaxDepth {
		if p.is(0, "(") || p.is(0, "[") || p.is(0, "<") {
			p.skipGroup()
		} else {
			p.i++
		}
		return codetypes.Unknown{Name: codetypes.TooDeep}
	}
	for p.is(0, "&") || p.tok(0).kind == tokLifetime || p.is(0, "mut") || p.is(0, "dyn") {
		p.i++
	}
	switch {
	case p.is(0, "["):
		p.i++
		elem := p.typeExpr(params)
		for p.i < len(p.toks) && !p.is(0, "]") {
			p.i++
		}
		p.i++
		return codetypes.Array{Elem: elem}
	case p.is(0, "("):
		p.i++
		var elems []codetypes.Expr
		for p.i < len(p.toks) && !p.is(0, ")") {
			elems = append(elems, p.typeExpr(params))
			if p.is(0, ",") {
				p.i++
			}
		}
		p.i++
		if len(elems) == 0 {
			return codetypes.Literals{Values: []string{"null"}}
		}
		return codetypes.Tuple{Elems: elems}
	}
	var path []string
	for p.tok(0).kind == tokIdent {
		path = append(path, p.tok(0).text)
		p.i++
		if !p.is(0, "::") {
			break
		}
		p.i++
	}
	if len(path) == 0 {
		p.i++
		return codetypes.Unknown{Name: "a Rust type of another kind"}
	}
	var args []codetypes.Expr
	if p.is(0, "<") {
		p.i++
		for p.i < len(p.toks) && !p.is(0, ">") {
			if p.tok(0).kind == tokLifetime {
				p.i++
			} else {
				args = append(args, p.typeExpr(params))
			}
			if p.is(0, ",") {
				p.i++
			} else if !p.is(0, ">") {
				break
			}
		}
		p.i++
	}
	arg := func(i int) codetypes.Expr {
		if i < len(args) {
			return args[i]
		}
		return codetypes.Unknown{Name: "a missing type argument"}
	}
	name := path[len(path)-1]
	qual := strings.Join(path, "::")
	if params[name] && len(path) == 1 {
		return codetypes.Param{Name: name}
	}
	switch name {
	case "String", "str", "char", "Cow", "PathBuf", "Path":
		if name == "Cow" && len(args) == 1 {
			return arg(0)
		}
		return codetypes.Prim{Type: "string"}
	case "bool":
		return codetypes.Prim{Type: "boolean"}
	case "i8", "i16", "i32", "u8", "u16", "u32", "NonZeroU32", "NonZeroI32", "NonZeroU8", "NonZeroU16":
		return codetypes.Prim{Type: "integer"}
	case "i64", "u64", "i128", "u128", "isize", "usize", "NonZeroU64", "NonZeroI64", "NonZeroUsize":
		return codetypes.Prim{Type: "integer", Format: "int64"}
	case "f32", "f64":
		return codetypes.Prim{Type: "number"}
	case "Option":
		return codetypes.MakeNullable(arg(0))
	case "Vec", "VecDeque", "HashSet", "BTreeSet", "IndexSet", "LinkedList":
		return codetypes.Array{Elem: arg(0)}
	case "HashMap", "BTreeMap", "IndexMap":
		return codetypes.Map{Value: arg(1)}
	case "Box", "Rc", "Arc", "RefCell", "Cell":
		return arg(0)
	case "Value":
		if qual == "Value" || strings.HasPrefix(qual, "serde_json") || strings.HasPrefix(qual, "json") {
			return codetypes.Nullable{Of: codetypes.Any{}}
		}
	case "Map":
		if strings.HasPrefix(qual, "serde_json") {
			return codetypes.Map{Value: codetypes.Nullable{Of: codetypes.Any{}}}
		}
	case "DateTime", "OffsetDateTime", "Timestamp", "NaiveDateTime":
		return codetypes.Prim{Type: "string", Format: "date-time"}
	case "NaiveDate", "Date":
		return codetypes.Prim{Type: "string", Format: "date"}
	case "Uuid":
		return codetypes.Prim{Type: "string", Format: "uuid"}
	case "Url":
		return codetypes.Prim{Type: "string", Format: "uri"}
	}
	return codetypes.Named{Name: name, Args: args}
}

// words splits a Rust identifier into lower-case words (snake_case fields,
// PascalCase variants).
func words(name string) []string {
	var out []string
	if strings.Contains(name, "_") {
		for _, w := range strings.Split(name, "_") {
			if w != "" {
				out = append(out, strings.ToLower(w))
			}
		}
		return out
	}
	start := 0
	rs := []rune(name)
	for i := 1; i < len(rs); i++ {
		if unicode.IsUpper(rs[i]) && (!unicode.IsUpper(rs[i-1]) || i+1 < len(rs) && unicode.IsLower(rs[i+1])) {
			out = append(out, strings.ToLower(string(rs[start:i])))
			start = i
		}
	}
	return append(out, strings.ToLower(string(rs[start:])))
}

// renameField applies serde's rename_all to a snake_case field name.
func renameField(rule, name string) string {
	if rule == "" {
		return name
	}
	return apply(rule, strings.Split(name, "_"))
}

// renameVariant applies serde's rename_all to a PascalCase variant name.
func renameVariant(rule, name string) string {
	if rule == "" {
		return name
	}
	return apply(rule, words(name))
}

// apply joins words as serde's rename_all rule does.
func apply(rule string, ws []string) string {
	for i := range ws {
		ws[i] = strings.ToLower(ws[i])
	}
	title := func(w string) string {
		if w == "" {
			return w
		}
		return strings.ToUpper(w[:1]) + w[1:]
	}
	switch rule {
	case "lowercase":
		return strings.Join(ws, "")
	case "UPPERCASE":
		return strings.ToUpper(strings.Join(ws, ""))
	case "PascalCase":
		var b strings.Builder
		for _, w := range ws {
			b.WriteString(title(w))
		}
		return b.String()
	case "camelCase":
		var b strings.Builder
		for i, w := range ws {
			if i == 0 {
				b.WriteString(w)
			} else {
				b.WriteString(title(w))
			}
		}
		return b.String()
	case "snake_case":
		return strings.Join(ws, "_")
	case "SCREAMING_SNAKE_CASE":
		return strings.ToUpper(strings.Join(ws, "_"))
	case "kebab-case":
		return strings.Join(ws, "-")
	case "SCREAMING-KEBAB-CASE":
		return strings.ToUpper(strings.Join(ws, "-"))
	}
	return strings.Join(ws, "_")
}
