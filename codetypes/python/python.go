// Package python reads the wire form of Python models on the project's
// Python tokenizer: pydantic v1 and v2 models (Field(alias=...), Config and
// model_config with alias_generator, populate_by_name and extra="forbid"),
// dataclasses, TypedDict (total=False, Required, NotRequired) and Enum
// classes; Optional[...], X | None, Literal[...], defaults and base classes.
package python

import (
	"strings"
	"unicode"

	"github.com/wirelint/wirelint/codetypes"
	"github.com/wirelint/wirelint/codetypes/internal/cursor"
	"github.com/wirelint/wirelint/routes/script"
)

// Read returns the classes of one file's source that carry data.
func Read(src, file string) ([]*codetypes.Decl, error) {
	toks, err := script.TokenizePython(src, file)
	if err != nil {
		return nil, err
	}
	p := &parser{Cursor: cursor.Cursor{Toks: toks, File: file}, lines: strings.Split(src, "\n"), configs: map[string]*classConfig{}}
	p.module()
	p.inherit()
	return p.out, nil
}

// inherit applies a base class's alias generator and extra="forbid" to the
// subclasses that do not configure their own (pydantic merges model_config
// down the hierarchy).
func (p *parser) inherit() {
	var resolve func(name string, depth int) (string, bool, bool)
	resolve = func(name string, depth int) (generator string, closed, found bool) {
		c := p.configs[name]
		if c == nil || depth > 16 {
			return "", false, false
		}
		if c.set {
			return c.generator, c.closed, true
		}
		for _, b := range c.bases {
			if g, cl, ok := resolve(b, depth+1); ok {
				return g, cl, true
			}
		}
		return "", false, false
	}
	for name, c := range p.configs {
		if c.set || c.decl == nil {
			continue
		}
		generator, closed, ok := resolve(name, 0)
		if !ok {
			continue
		}
		c.decl.Closed = c.decl.Closed || closed
		if generator == "" {
			continue
		}
		for _, f := range c.decl.Fields {
			if f.Name == f.Source {
				f.Name = generate(generator, f.Source)
			}
		}
	}
}

type parser struct {
	cursor.Cursor
	lines []string
	out   []*codetypes.Decl
	// depth counts the annotations being read, bounded by
	// codetypes.MaxDepth
	depth int
	// config is what each class's model_config or Config says, by name:
	// subclasses inherit it
	configs map[string]*classConfig
}

// classConfig is the part of a class's configuration its subclasses
// inherit.
type classConfig struct {
	generator string
	closed    bool
	set       bool // the class configures extra or alias_generator itself
	bases     []string
	decl      *codetypes.Decl
}

// module reads top-level statements: classes (with their decorators), the
// rest skipped a logical line or block at a time.
func (p *parser) module() {
	var decorators []string
	var first script.Token
	for p.I < len(p.Toks) {
		t := p.Tok(0)
		switch {
		case t.Kind == script.TokNewline || t.Kind == script.TokDedent:
			p.I++
		case p.Is(0, "@"):
			if len(decorators) == 0 {
				first = t
			}
			name := ""
			p.I++
			for p.Tok(0).Kind == script.TokName || p.Is(0, ".") {
				name += p.Tok(0).Text
				p.I++
			}
			decorators = append(decorators, name)
			p.skipLine()
		case p.Is(0, "class"):
			if len(decorators) == 0 {
				first = t
			}
			p.class(first, decorators)
			decorators = nil
		case t.Kind == script.TokIndent:
			p.skipBlock()
		case t.Kind == script.TokName && p.Is(1, "=") && typingHead(p.Tok(2), p.Tok(3)):
			// Role = Literal["user", "assistant"]: a type alias
			decorators = nil
			p.alias(t, 2)
		case t.Kind == script.TokName && p.Is(1, ":") && p.Is(2, "TypeAlias") && p.Is(3, "="):
			decorators = nil
			p.alias(t, 4)
		default:
			decorators = nil
			p.skipLine()
		}
	}
}

// alias reads a module-level type alias named by name, whose type starts
// skip tokens on; a literal union is an enum.
func (p *parser) alias(name script.Token, skip int) {
	d := &codetypes.Decl{Name: name.Text, Pos: p.Pos(name), Kind: codetypes.Alias, Strict: true, Language: "python"}
	p.I += skip
	var info annotationInfo
	d.Target = p.typeExpr(&info)
	if lit, ok := d.Target.(codetypes.Literals); ok {
		d.Kind, d.Values, d.Target = codetypes.Enum, lit.Values, nil
	}
	p.out = append(p.out, d)
	p.skipLine()
}

// typingHead reports whether an assignment's right side starts like a
// type: Literal[, Union[, Optional[, Annotated[ (module-level aliases).
func typingHead(name, next script.Token) bool {
	if name.Kind != script.TokName || next.Kind != script.TokOp || next.Text != "[" {
		return false
	}
	switch name.Text {
	case "Literal", "Union", "Optional", "Annotated":
		return true
	}
	return false
}

// skipLine moves past the logical line at the cursor and the block it opens.
func (p *parser) skipLine() {
	for p.I < len(p.Toks) && p.Tok(0).Kind != script.TokNewline {
		p.I++
	}
	p.I++
	if p.Tok(0).Kind == script.TokIndent {
		p.skipBlock()
	}
}

// skipBlock moves past an indented block starting at its INDENT.
func (p *parser) skipBlock() {
	depth := 0
	for p.I < len(p.Toks) {
		switch p.Tok(0).Kind {
		case script.TokIndent:
			depth++
		case script.TokDedent:
			depth--
			if depth == 0 {
				p.I++
				return
			}
		}
		p.I++
	}
}

// classInfo is what a class statement says before its body.
type classInfo struct {
	pydantic  bool
	typedDict bool
	total     bool
	enum      bool
	dataclass bool
	v1        bool
	generator string
	populate  bool
	// configured: model_config or Config sets extra or alias_generator
	configured bool
	// root is a RootModel's wire type (nil = not one)
	root codetypes.Expr
}

func (p *parser) class(first script.Token, decorators []string) {
	p.I++
	name := p.Tok(0)
	p.I++
	d := &codetypes.Decl{Name: name.Text, Pos: p.Pos(name), Kind: codetypes.Object, Strict: true, Language: "python"}
	if target, at := codetypes.MirrorAbove(p.lines, first.Line); target != "" {
		d.Mirror, d.MirrorPos = target, codetypes.Pos{File: p.File, Line: at.Line, Col: at.Col}
	}
	info := classInfo{total: true}
	for _, dec := range decorators {
		if dec == "dataclass" || strings.HasSuffix(dec, ".dataclass") || dec == "pydantic.dataclasses.dataclass" {
			info.dataclass = true
		}
	}
	if p.Is(0, "(") {
		end := p.Closer()
		p.I++
		for p.I < end && end > 0 {
			if p.Tok(0).Kind == script.TokName && p.Is(1, "=") {
				key := p.Tok(0).Text
				p.I += 2
				v := p.Tok(0)
				if key == "total" {
					info.total = v.Text != "False"
				} else {
					p.setting(key, d, &info)
				}
				p.skipArg(end)
				continue
			}
			base := p.dotted()
			short := base[strings.LastIndex(base, ".")+1:]
			if short == "RootModel" && p.Is(0, "[") {
				// RootModel[T]: the model is T on the wire
				var in annotationInfo
				args := p.typeArgs(&in)
				if len(args) == 1 {
					info.root = args[0]
				}
			}
			switch short {
			case "BaseModel", "RootModel", "GenericModel", "BaseSettings":
				info.pydantic = true
			case "TypedDict":
				info.typedDict = true
			case "Enum", "IntEnum", "StrEnum", "Flag", "IntFlag":
				info.enum = true
			case "str", "int", "object", "Generic", "Protocol", "ABC":
			default:
				if short != "" {
					d.Bases = append(d.Bases, codetypes.Named{Name: short})
				}
			}
			p.skipArg(end)
		}
		p.I = end + 1
	}
	for p.I < len(p.Toks) && !p.Is(0, ":") && p.Tok(0).Kind != script.TokNewline {
		p.I++
	}
	p.I++ // :
	if p.Tok(0).Kind != script.TokNewline {
		p.skipLine() // class X: pass
		if !info.enum {
			p.out = append(p.out, d)
		}
		return
	}
	p.I++
	if p.Tok(0).Kind != script.TokIndent {
		return
	}
	p.I++
	if info.enum {
		d.Kind = codetypes.Enum
		d.ValuePos = map[string]codetypes.Pos{}
	}
	var values []string
	keys := map[string]string{} // field → the key a from_dict method reads it from
	for p.I < len(p.Toks) && p.Tok(0).Kind != script.TokDedent {
		t := p.Tok(0)
		switch {
		case t.Kind == script.TokNewline:
			p.I++
		case p.Is(0, "class") && p.Tok(1).Text == "Config":
			info.v1 = true
			p.config(d, &info)
		case p.Is(0, "@") || p.Is(0, "def") || p.Is(0, "async") || p.Is(0, "class"):
			start := p.I
			p.skipLine()
			p.readKeys(p.Toks[start:p.I], keys)
		case t.Kind == script.TokName && t.Text == "model_config" && p.Is(1, "="):
			p.I += 2
			p.configDict(d, &info)
			p.skipLine()
		case t.Kind == script.TokName && info.enum && p.Is(1, "="):
			p.I += 2
			v := p.value()
			if v != "" && !strings.HasPrefix(t.Text, "_") {
				values = append(values, v)
				d.ValuePos[v] = p.Pos(t)
			}
			p.skipLine()
		case t.Kind == script.TokName && p.Is(1, ":") && !info.enum:
			p.field(d, &info)
		default:
			p.skipLine()
		}
	}
	p.I++ // DEDENT
	if info.enum {
		d.Values = codetypes.SortedSet(values)
	}
	if info.root != nil || info.pydantic && len(d.Fields) == 1 && d.Fields[0].Source == "root" {
		// a root model is its root type
		d.Kind, d.Target = codetypes.Alias, info.root
		if d.Target == nil {
			d.Target = d.Fields[0].Type
		}
		if lit, ok := d.Target.(codetypes.Literals); ok {
			d.Kind, d.Values, d.Target = codetypes.Enum, lit.Values, nil
		}
		d.Fields = nil
	}
	cfg := &classConfig{generator: info.generator, closed: d.Closed, set: info.generator != "" || info.configured}
	for _, b := range d.Bases {
		if n, ok := b.(codetypes.Named); ok {
			cfg.bases = append(cfg.bases, n.Name)
		}
	}
	p.configs[d.Name] = cfg
	if !info.pydantic && !info.typedDict && !info.dataclass && !info.enum && len(d.Bases) == 0 {
		return // a plain class: not a wire type
	}
	cfg.decl = d
	for _, f := range d.Fields {
		if key, ok := keys[f.Source]; ok && f.Name == f.Source {
			f.Name = key
		}
	}
	if info.generator != "" {
		for _, f := range d.Fields {
			if f.Name == f.Source {
				f.Name = generate(info.generator, f.Source)
			}
		}
	}
	p.out = append(p.out, d)
}

// readKeys reads the wire keys a hand-written (or quicktype-generated)
// from_dict method reads each field from: `name = ...(obj.get("key"))` or
// `obj["key"]`, the first key of the statement.
func (p *parser) readKeys(toks []script.Token, keys map[string]string) {
	for i := 0; i+1 < len(toks); i++ {
		if toks[i].Kind != script.TokName || toks[i+1].Kind != script.TokOp || toks[i+1].Text != "=" || i > 0 && toks[i-1].Kind == script.TokOp && toks[i-1].Text == "." {
			continue
		}
		name := toks[i].Text
		for j := i + 2; j+2 < len(toks) && toks[j].Kind != script.TokNewline; j++ {
			get := toks[j].Kind == script.TokName && toks[j].Text == "get" && toks[j+1].Text == "(" && toks[j+2].Kind == script.TokString
			index := toks[j].Kind == script.TokName && toks[j].Text == "obj" && toks[j+1].Text == "[" && toks[j+2].Kind == script.TokString
			if get || index {
				if _, seen := keys[name]; !seen {
					keys[name] = toks[j+2].Str
				}
				break
			}
		}
	}
}

// dotted reads a.b.c at the cursor.
func (p *parser) dotted() string {
	var b strings.Builder
	for p.Tok(0).Kind == script.TokName {
		b.WriteString(p.Tok(0).Text)
		p.I++
		if !p.Is(0, ".") {
			break
		}
		b.WriteByte('.')
		p.I++
	}
	return b.String()
}

// skipArg moves to the next argument of a call or class statement.
func (p *parser) skipArg(end int) {
	for p.I < end && !p.Is(0, ",") {
		if t := p.Tok(0); t.Kind == script.TokOp && (t.Text == "(" || t.Text == "[" || t.Text == "{") && t.Match > p.I {
			p.I = t.Match + 1
			continue
		}
		p.I++
	}
	if p.Is(0, ",") {
		p.I++
	}
}

// value reads a literal at the cursor as canonical JSON ("" = not a literal).
func (p *parser) value() string {
	t := p.Tok(0)
	switch {
	case t.Kind == script.TokString:
		return codetypes.Quote(t.Str)
	case t.Kind == script.TokNumber:
		return codetypes.Number(t.Text)
	case p.Is(0, "-") && p.Tok(1).Kind == script.TokNumber:
		return codetypes.Number("-" + p.Tok(1).Text)
	case t.Kind == script.TokName && (t.Text == "True" || t.Text == "False"):
		return strings.ToLower(t.Text)
	case t.Kind == script.TokName && t.Text == "None":
		return "null"
	}
	return ""
}

// config reads a pydantic v1 `class Config:` block.
func (p *parser) config(d *codetypes.Decl, info *classInfo) {
	p.I += 2
	for p.I < len(p.Toks) && !p.Is(0, ":") {
		p.I++
	}
	p.I++
	if p.Tok(0).Kind != script.TokNewline {
		p.skipLine()
		return
	}
	p.I++
	if p.Tok(0).Kind != script.TokIndent {
		return
	}
	p.I++
	for p.I < len(p.Toks) && p.Tok(0).Kind != script.TokDedent {
		t := p.Tok(0)
		if t.Kind == script.TokName && p.Is(1, "=") {
			p.I += 2
			p.setting(t.Text, d, info)
		}
		p.skipLine()
	}
	p.I++
}

// setting reads the value of one configuration key at the cursor (of
// Config, model_config or the class statement): extra, alias_generator,
// populate_by_name.
func (p *parser) setting(key string, d *codetypes.Decl, info *classInfo) {
	switch key {
	case "extra":
		v := p.Tok(0)
		d.Closed = v.Str == "forbid" || strings.HasSuffix(p.dotted(), "forbid")
		info.configured = true
	case "alias_generator":
		info.generator = p.dotted()
	case "allow_population_by_field_name", "populate_by_name":
		info.populate = p.Is(0, "True")
	}
}

// configDict reads model_config = ConfigDict(...) or {...}.
func (p *parser) configDict(d *codetypes.Decl, info *classInfo) {
	for p.Tok(0).Kind == script.TokName || p.Is(0, ".") {
		p.I++
	}
	open := p.Tok(0)
	if open.Kind != script.TokOp || open.Match < p.I {
		return
	}
	end := open.Match
	p.I++
	for p.I < end {
		t := p.Tok(0)
		key := ""
		switch {
		case t.Kind == script.TokName && p.Is(1, "="):
			key = t.Text
		case t.Kind == script.TokString && p.Is(1, ":"):
			key = t.Str
		}
		if key == "" {
			p.skipArg(end)
			continue
		}
		p.I += 2
		p.setting(key, d, info)
		p.skipArg(end)
	}
	p.I = end + 1
}

// field reads `name: Type [= default]`.
func (p *parser) field(d *codetypes.Decl, info *classInfo) {
	nameTok := p.Tok(0)
	p.I += 2
	ann := p.annotation()
	hasDefault := false
	f := &codetypes.Field{Name: nameTok.Text, Source: nameTok.Text, Pos: p.Pos(nameTok), Type: ann.expr}
	if p.Is(0, "=") {
		p.I++
		hasDefault = true
		// type: Literal["audio"] = "audio": the one value it can hold is
		// always written, so the default makes nothing optional
		if lit, ok := ann.expr.(codetypes.Literals); ok && len(lit.Values) == 1 && p.value() == lit.Values[0] {
			f.AlwaysWritten = true
		}
		if p.Is(0, "Field") || p.Is(0, "field") || p.Is(0, "pydantic.Field") {
			hasDefault = p.fieldCall(f)
		}
	}
	if ann.fieldCall != nil {
		saved := p.I
		p.I = *ann.fieldCall
		hasDefault = p.fieldCall(f) || hasDefault
		p.I = saved
	}
	p.skipLine()
	if strings.HasPrefix(nameTok.Text, "_") || ann.classVar {
		return
	}
	_, nullable := f.Type.(codetypes.Nullable)
	switch {
	case info.typedDict:
		f.Optional = !info.total
		if ann.required {
			f.Optional = false
		}
		if ann.notRequired {
			f.Optional = true
		}
	default:
		// pydantic v1 and dataclasses-with-Optional read Optional as "None
		// by default"; v2 requires a field without a default
		f.Optional = hasDefault || info.v1 && nullable
		f.NullIsAbsence = nullable && f.Optional
	}
	d.Fields = append(d.Fields, f)
}

// fieldCall reads Field(...) at the cursor: alias, and whether it gives a
// default (a first argument other than ..., default= or default_factory=).
func (p *parser) fieldCall(f *codetypes.Field) (hasDefault bool) {
	for p.Tok(0).Kind == script.TokName || p.Is(0, ".") {
		p.I++
	}
	if !p.Is(0, "(") {
		return true
	}
	end := p.Closer()
	p.I++
	first := true
	for p.I < end && end > 0 {
		t := p.Tok(0)
		if t.Kind == script.TokName && p.Is(1, "=") {
			p.I += 2
			switch t.Text {
			case "alias", "serialization_alias", "validation_alias":
				if s := p.Tok(0); s.Kind == script.TokString && (t.Text == "alias" || f.Name == f.Source) {
					f.Name = s.Str
				}
			case "default":
				hasDefault = !p.Is(0, "...")
			case "default_factory":
				hasDefault = true
			}
		} else if first {
			hasDefault = !p.Is(0, "...")
		}
		first = false
		p.skipArg(end)
	}
	p.I = end + 1
	return hasDefault
}

// annotationInfo is what a field's annotation says.
type annotationInfo struct {
	expr                  codetypes.Expr
	required, notRequired bool
	classVar              bool
	// fieldCall is the index of a Field(...) inside Annotated[...]
	fieldCall *int
}

func (p *parser) annotation() annotationInfo {
	var info annotationInfo
	info.expr = p.typeExpr(&info)
	return info
}

// typeExpr reads a type annotation: A | B, X[...], "Forward".
func (p *parser) typeExpr(info *annotationInfo) codetypes.Expr {
	p.depth++
	defer func() { p.depth-- }()
	if p.depth > codetypes.MaxDepth {
		if t := p.Tok(0); t.Kind == script.TokOp && t.Match > p.I {
			p.I = t.Match + 1
		} else {
			p.I++
		}
		return codetypes.Unknown{Name: codetypes.TooDeep}
	}
	options := []codetypes.Expr{p.typePrimary(info)}
	for p.Is(0, "|") {
		p.I++
		options = append(options, p.typePrimary(info))
	}
	if len(options) == 1 {
		return options[0]
	}
	return codetypes.Unite(options)
}

func (p *parser) typeArgs(info *annotationInfo) []codetypes.Expr {
	if !p.Is(0, "[") {
		return nil
	}
	end := p.Closer()
	p.I++
	var out []codetypes.Expr
	for p.I < end && end > 0 {
		if p.Is(0, "Field") || p.Is(0, "pydantic.Field") {
			at := p.I
			info.fieldCall = &at
			p.skipArg(end)
			continue
		}
		out = append(out, p.typeExpr(info))
		if p.Is(0, ",") {
			p.I++
		} else {
			p.skipArg(end)
		}
	}
	p.I = end + 1
	return out
}

func (p *parser) typePrimary(info *annotationInfo) codetypes.Expr {
	t := p.Tok(0)
	switch t.Kind {
	case script.TokString:
		p.I++
		// a forward reference "Frame" (or "Frame | None")
		inner := &parser{Cursor: cursor.Cursor{File: p.File}}
		if toks, err := script.TokenizePython(t.Str, p.File); err == nil {
			inner.Toks = toks
			var in annotationInfo
			return inner.typeExpr(&in)
		}
		return codetypes.Unknown{Name: t.Str}
	case script.TokNumber:
		p.I++
		return codetypes.Literals{Values: []string{codetypes.Number(t.Text)}}
	case script.TokName:
	case script.TokOp:
		if t.Text == "(" && t.Match > p.I {
			end := p.Closer()
			p.I++
			e := p.typeExpr(info)
			p.I = end + 1
			return e
		}
		p.I++
		return codetypes.Unknown{Name: t.Text}
	default:
		p.I++
		return codetypes.Unknown{Name: t.Text}
	}
	name := p.dotted()
	short := name[strings.LastIndex(name, ".")+1:]
	var args []codetypes.Expr
	if short == "Literal" {
		var values []string
		if p.Is(0, "[") {
			end := p.Closer()
			p.I++
			for p.I < end && end > 0 {
				if v := p.value(); v != "" {
					values = append(values, v)
				}
				p.skipArg(end)
			}
			p.I = end + 1
		}
		return codetypes.Literals{Values: codetypes.SortedSet(values)}
	}
	args = p.typeArgs(info)
	arg := func(i int) codetypes.Expr {
		if i < len(args) {
			return args[i]
		}
		return codetypes.Nullable{Of: codetypes.Any{}}
	}
	switch short {
	case "str", "EmailStr", "AnyUrl", "HttpUrl", "AnyHttpUrl", "SecretStr", "constr":
		switch short {
		case "EmailStr":
			return codetypes.Prim{Type: "string", Format: "email"}
		case "AnyUrl", "HttpUrl", "AnyHttpUrl":
			return codetypes.Prim{Type: "string", Format: "uri"}
		}
		return codetypes.Prim{Type: "string"}
	case "int", "conint", "StrictInt", "PositiveInt", "NonNegativeInt":
		return codetypes.Prim{Type: "integer"}
	case "float", "confloat", "Decimal", "StrictFloat":
		return codetypes.Prim{Type: "number"}
	case "bool", "StrictBool":
		return codetypes.Prim{Type: "boolean"}
	case "bytes":
		return codetypes.Prim{Type: "string"}
	case "datetime", "AwareDatetime", "NaiveDatetime":
		return codetypes.Prim{Type: "string", Format: "date-time"}
	case "date":
		return codetypes.Prim{Type: "string", Format: "date"}
	case "time":
		return codetypes.Prim{Type: "string", Format: "time"}
	case "UUID", "UUID4", "UUID1":
		return codetypes.Prim{Type: "string", Format: "uuid"}
	case "None":
		return codetypes.Literals{Values: []string{"null"}}
	case "Any", "object", "JsonValue", "Json":
		return codetypes.Nullable{Of: codetypes.Any{}}
	case "Optional":
		return codetypes.MakeNullable(arg(0))
	case "Union":
		return codetypes.Unite(args)
	case "List", "list", "Sequence", "Set", "set", "FrozenSet", "frozenset", "Iterable", "conlist", "MutableSequence":
		return codetypes.Array{Elem: arg(0)}
	case "Tuple", "tuple":
		if len(args) == 2 {
			if u, ok := args[1].(codetypes.Unknown); ok && u.Name == "..." {
				return codetypes.Array{Elem: args[0]}
			}
		}
		return codetypes.Tuple{Elems: args}
	case "Dict", "dict", "Mapping", "MutableMapping":
		return codetypes.Map{Value: arg(1)}
	case "Annotated":
		return arg(0)
	case "Required":
		info.required = true
		return arg(0)
	case "NotRequired":
		info.notRequired = true
		return arg(0)
	case "ClassVar":
		info.classVar = true
		return arg(0)
	}
	return codetypes.Named{Name: short, Args: args}
}

// generate applies a pydantic alias generator to a field name; an unknown
// generator leaves it.
func generate(generator, name string) string {
	short := generator[strings.LastIndex(generator, ".")+1:]
	switch short {
	case "to_camel", "to_lower_camel", "camelize", "camel":
		return camel(name, false)
	case "to_pascal", "pascalize":
		return camel(name, true)
	case "to_snake":
		return name
	}
	return name
}

// camel turns snake_case into lowerCamel (or Pascal when upper).
func camel(name string, upper bool) string {
	var b strings.Builder
	up := upper
	for i, r := range name {
		if r == '_' && i > 0 {
			up = true
			continue
		}
		if up {
			b.WriteRune(unicode.ToUpper(r))
			up = false
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}
