package types

import (
	"fmt"
	"go/token"
	"path"
	"slices"
	"sort"
	"strings"
	"unicode"

	"github.com/wirelint/wirelint/codetypes"
	"github.com/wirelint/wirelint/internal/pathglob"
	"github.com/wirelint/wirelint/reduce"
	"github.com/wirelint/wirelint/report"
)

// Direction is which way the mirror's payloads travel; it decides
// whether readOnly and writeOnly properties must be modelled.
type Direction string

// The directions.
const (
	// Both: every property is modelled (the default).
	Both Direction = "both"
	// Request: the mirror sends payloads; readOnly properties may be left out.
	Request Direction = "request"
	// Response: the mirror reads payloads; writeOnly properties may be left out.
	Response Direction = "response"
)

// Options configure a comparison.
type Options struct {
	// Renames maps a canonical definition name to the mirror type's name.
	Renames map[string]string
	// Direction decides readOnly and writeOnly ("" = Both).
	Direction Direction
	// Int64AsString makes a schema {type: integer, format: int64} match a
	// mirror string too, as protobuf JSON sends int64.
	Int64AsString bool
	// Opaque names mirror types compared by name only (custom marshalling).
	Opaque []string
	// Include lists globs of canonical definition names checked (empty =
	// all); Ignore lists globs of those not checked.
	Include, Ignore []string
	// Emptiness runs types/emptiness.
	Emptiness bool
}

// Input is one canonical document and the mirror types read from code.
type Input struct {
	// Canonical is the schema document the types mirror.
	Canonical *reduce.Document
	// Resolver resolves its $refs (nil = none resolve).
	Resolver reduce.Resolver
	// Mirror holds the declarations read from the mirror files.
	Mirror *codetypes.Set
	Options
}

// Check pairs the mirror's types with the canonical definitions and
// returns every difference.
func Check(in Input) []report.Finding {
	c := &checker{
		in:      in,
		red:     reduce.NewReducer(in.Resolver),
		pairOf:  map[*codetypes.Decl]*reduce.Definition{},
		covered: map[*reduce.Definition]bool{},
		seen:    map[visitKey]bool{},
		opaque:  map[string]bool{},
		said:    map[string]bool{},

		instances: map[string]*codetypes.Decl{},
	}
	for _, name := range in.Opaque {
		c.opaque[name] = true
	}
	pairs := c.pair()
	for i := 0; i < len(pairs); i++ { // pairs grows as references pair more
		p := pairs[i]
		c.def = p.def
		c.decl = p.decl
		c.covered[p.def] = true
		s := c.red.Schema(c.in.Canonical, p.def.Node, p.def.Pointer)
		c.compareDecl(s, p.decl, site{})
		pairs = append(pairs, c.queued...)
		c.queued = nil
	}
	if len(pairs) == 0 && len(in.Mirror.Decls) > 0 && !c.ambiguity {
		d := in.Mirror.Decls[0]
		c.emit(opaqueRule, report.SeverityInfo, fmt.Sprintf("none of the %d types read from the mirror files pairs with a definition of %s: nothing was compared; pair them with wirelint:mirror comments or the names map", len(in.Mirror.Decls), c.docName()),
			"", "", c.docLocation(in.Canonical.Root, ""), codeLocation(d.Pos), nil)
	}
	c.missingTypes()
	return c.out
}

type pairing struct {
	def  *reduce.Definition
	decl *codetypes.Decl
}

type visitKey struct {
	node *reduce.Node
	decl *codetypes.Decl
}

type checker struct {
	in      Input
	red     *reduce.Reducer
	pairOf  map[*codetypes.Decl]*reduce.Definition
	covered map[*reduce.Definition]bool
	seen    map[visitKey]bool
	opaque  map[string]bool
	said    map[string]bool
	queued  []pairing
	out     []report.Finding
	// instances are the generic instances compared, by name and arguments
	instances map[string]*codetypes.Decl
	// def and decl are the pair being compared
	def  *reduce.Definition
	decl *codetypes.Decl
	// ambiguity is set once a definition's name was found on several types
	ambiguity bool
}

// site is where a comparison stands: the field being compared (nil at a
// type's top) and a name for messages.
type site struct {
	field *codetypes.Field
	owner *codetypes.Decl
	path  string // the property path from the definition, for messages ("" = the type itself)
}

func (s site) pos(fallback codetypes.Pos) codetypes.Pos {
	if s.field != nil {
		return s.field.Pos
	}
	return fallback
}

// Normalize folds a name for pairing: case and word separators do not
// count (key_value_input ~ KeyValueInput).
func Normalize(name string) string {
	var b strings.Builder
	for _, r := range name {
		if r == '_' || r == '-' || r == ' ' || r == '.' {
			continue
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}

func (c *checker) ignored(name string) bool {
	if len(c.in.Include) > 0 && !matchAny(c.in.Include, name) {
		return true
	}
	return matchAny(c.in.Ignore, name)
}

func matchAny(globs []string, name string) bool {
	for _, g := range globs {
		if pathglob.Match(g, name) || g == name {
			return true
		}
	}
	return false
}

// pair pairs declarations with definitions: wirelint:mirror comments first,
// then the names map, then names.
func (c *checker) pair() []pairing {
	doc := c.in.Canonical
	var out []pairing
	add := func(def *reduce.Definition, d *codetypes.Decl) {
		if c.pairOf[d] != nil || c.ignored(def.Name) {
			return
		}
		c.pairOf[d] = def
		out = append(out, pairing{def, d})
	}
	for _, d := range c.in.Mirror.Decls {
		if d.Mirror == "" {
			continue
		}
		file, ptr, _ := strings.Cut(d.Mirror, "#")
		if !sameFile(doc.Path, file) {
			continue // it mirrors another document
		}
		def := doc.DefinitionAt(ptr)
		if def == nil {
			c.emit(refTargetRule, report.SeverityError, fmt.Sprintf("wirelint:mirror names %s#%s, which is no definition of %s: point it at one of its definitions", file, ptr, doc.Path),
				"", "", c.docLocation(doc.Root, ""), codeLocation(d.MirrorPos), nil)
			c.pairOf[d] = &reduce.Definition{} // paired with nothing: not checked by name either
			continue
		}
		add(def, d)
	}
	byName := map[string][]*codetypes.Decl{}
	for _, d := range c.in.Mirror.Decls {
		if c.pairOf[d] == nil {
			byName[Normalize(d.Name)] = append(byName[Normalize(d.Name)], d)
		}
	}
	byNameOf := func(def *reduce.Definition, name string) {
		// one type a language: mirrors in several languages (a TypeScript
		// client beside a Go one) each mirror the definition
		free := map[string][]*codetypes.Decl{}
		var langs []string
		for _, d := range byName[Normalize(name)] {
			if c.pairOf[d] == nil {
				if free[d.Language] == nil {
					langs = append(langs, d.Language)
				}
				free[d.Language] = append(free[d.Language], d)
			}
		}
		for _, lang := range langs {
			switch ds := free[lang]; {
			case len(ds) == 1:
				add(def, ds[0])
			case !c.ignored(def.Name):
				c.ambiguous(def, ds)
			}
		}
	}
	// the names map first: a renamed definition claims its type before
	// another definition of the type's name can claim it by name
	for _, def := range doc.Definitions {
		if to, ok := c.in.Renames[def.Name]; ok {
			byNameOf(def, to)
		}
	}
	for _, def := range doc.Definitions {
		if _, ok := c.in.Renames[def.Name]; !ok {
			byNameOf(def, def.Name)
		}
	}
	return out
}

// ambiguous says that several types of one language in the mirror files
// carry def's name (a private helper type beside the public mirror, one name
// in two packages): which one mirrors it is not known, so none of them is
// compared with it (an error needs the type that mirrors the definition),
// and none pairs by name with anything else.
func (c *checker) ambiguous(def *reduce.Definition, decls []*codetypes.Decl) {
	var where []string
	for _, d := range decls {
		c.pairOf[d] = &reduce.Definition{} // paired with nothing, said here
		where = append(where, fmt.Sprintf("%s:%d", d.Pos.File, d.Pos.Line))
	}
	c.covered[def], c.ambiguity = true, true
	c.emit(opaqueRule, report.SeverityInfo, fmt.Sprintf("%s in %s is not compared with %s types: %d %s types of the mirror files are named %s (%s), and which one mirrors it is not known; pair one with a wirelint:mirror comment or the names map",
		def.Name, c.docName(), decls[0].Language, len(decls), decls[0].Language, decls[0].Name, strings.Join(where, ", ")),
		def.Name, def.Pointer, c.docLocation(def.Key, def.Pointer), codeLocation(decls[0].Pos), map[string]any{"types": where})
}

// sameFile reports whether a path written in a comment names the document
// at docPath: equal, or one a suffix of the other at a folder boundary.
func sameFile(docPath, written string) bool {
	a, b := path.Clean(strings.TrimPrefix(docPath, "./")), path.Clean(strings.TrimPrefix(written, "./"))
	return a == b || strings.HasSuffix(a, "/"+b) || strings.HasSuffix(b, "/"+a)
}

func (c *checker) docLocation(n *reduce.Node, ptr string) report.Location {
	l := report.Location{File: c.in.Canonical.Path, Pointer: ptr}
	if n != nil {
		l.Line, l.Column = n.Line, n.Column
	}
	return l
}

func codeLocation(p codetypes.Pos) report.Location {
	return report.Location{File: p.File, Line: p.Line, Column: p.Col}
}

// emit appends a finding; the definition pointer is made relative.
func (c *checker) emit(rule report.Rule, sev report.Severity, msg, definition, absPtr string, canonical, code report.Location, fields map[string]any) {
	rel := absPtr
	within := func(def *reduce.Definition) bool {
		return def != nil && def.Pointer != "" && (absPtr == def.Pointer || strings.HasPrefix(absPtr, def.Pointer+"/"))
	}
	switch {
	case definition == "":
	case within(c.def):
		rel = strings.TrimPrefix(absPtr, c.def.Pointer)
	default:
		// reached through a $ref: the keyword sits in another definition
		for _, def := range c.in.Canonical.Definitions {
			if within(def) {
				definition, rel = def.Name, strings.TrimPrefix(absPtr, def.Pointer)
				break
			}
		}
	}
	locs := []report.Location{canonical}
	if code.File != "" {
		locs = append(locs, code)
	}
	key := rule.ID + "\x00" + canonical.String() + "\x00" + code.String() + "\x00" + msg
	if c.said[key] {
		return
	}
	c.said[key] = true
	c.out = append(c.out, report.Finding{Rule: rule.ID, Severity: sev, Message: msg, Definition: definition, Pointer: rel, Locations: locs, Fields: fields})
}

// docName is how messages name the canonical document.
func (c *checker) docName() string { return path.Base(c.in.Canonical.Path) }

func fileName(p codetypes.Pos) string { return path.Base(p.File) }

// view is a property schema read for comparison: references followed,
// allOf merged, null split off.
type view struct {
	// s is the schema that constrains values (nil = unresolved).
	s *reduce.Schema
	// def is the definition a $ref named (nil = written inline).
	def *reduce.Definition
	// nullable says null is allowed.
	nullable bool
	// origin is the schema as written (where a $ref sits).
	origin *reduce.Schema
	// dangling is the $ref that does not resolve when s is nil for it.
	dangling *reduce.Ref
}

// read follows s: a null branch of a two-branch union, OpenAPI 3.0
// nullable, a reference to a definition, allOf.
func (c *checker) read(s *reduce.Schema) view {
	v := view{origin: s}
	for range 16 {
		if s == nil {
			return v
		}
		if s.Nullable != nil {
			v.nullable = true
		}
		if nv := c.red.NullableView(s); nv != nil && nv != s {
			v.nullable = true
			if b := nonNullBranch(s); b != nil {
				s = b
				continue
			}
		} else if b := nonNullBranch(s); b != nil && (s.Keywords.Get("anyOf") != nil || !shallowNullable(c.red.Resolved(b))) {
			// [X, null] where X is a union the view does not fold (a
			// oneOf of objects, polar's Customer): null is one more
			// value, unless a oneOf's X takes null too (null then
			// matches twice, and oneOf refuses it)
			v.nullable = true
			s = b
			continue
		}
		if b, _ := reduce.Simplify(s); b != s {
			s = b // a one-branch anyOf or oneOf is its branch
			continue
		}
		if s.Ref != nil && len(s.Keywords) == 0 {
			if t := s.Ref.Target; t.Doc == c.in.Canonical && v.def == nil {
				v.def = t.Doc.DefinitionAt(t.Pointer)
			}
			next := c.red.Target(s.Ref)
			if next == nil {
				v.s, v.dangling = nil, s.Ref
				return v
			}
			s = next
			continue
		}
		break
	}
	if s != nil && (s.Keywords.Get("allOf") != nil || s.Ref != nil) {
		if m, _ := c.red.Merge(s); m != nil {
			s = m
		}
	}
	v.s = s
	if s != nil {
		if t := s.Keywords.Get("type"); t != nil && contains(t.Set, "null") {
			v.nullable = true
		}
		if u := s.Keywords.Get("anyOf"); u != nil && slices.ContainsFunc(u.List, onlyNull) {
			v.nullable = true // anyOf [string, integer, ..., null]: null is one of its values
		}
		if o := s.Keywords.Get("oneOf"); o != nil && c.nullOnce(o.List) {
			v.nullable = true // oneOf [string, integer, ..., null]: null matches its null branch alone
		}
		if e := s.Keywords.Get("enum"); e != nil && contains(e.Set, "null") {
			v.nullable = true
		}
	}
	return v
}

// nullOnce reports whether null matches exactly one of a oneOf's branches,
// as the two-branch [X, null] of read is judged: one branch is null alone
// and no other lists null in its type or enum (with null matching twice,
// oneOf refuses it).
func (c *checker) nullOnce(branches []*reduce.Schema) bool {
	nulls := 0
	for _, b := range branches {
		switch {
		case onlyNull(b):
			nulls++
		case shallowNullable(c.red.Resolved(b)):
			return false
		}
	}
	return nulls == 1
}

// shallowNullable reports whether s itself lists null in its type or enum
// (nil: not known to).
func shallowNullable(s *reduce.Schema) bool {
	if s == nil {
		return false
	}
	if t := s.Keywords.Get("type"); t != nil && contains(t.Set, "null") {
		return true
	}
	e := s.Keywords.Get("enum")
	return e != nil && contains(e.Set, "null")
}

// nonNullBranch returns the branch of anyOf/oneOf [X, null] that is not
// null, or nil.
func nonNullBranch(s *reduce.Schema) *reduce.Schema {
	for _, name := range []string{"anyOf", "oneOf"} {
		kw := s.Keywords.Get(name)
		if kw == nil || len(kw.List) != 2 {
			continue
		}
		for i, b := range kw.List {
			if onlyNull(b) {
				return kw.List[1-i]
			}
		}
	}
	return nil
}

func onlyNull(s *reduce.Schema) bool {
	if s == nil || s.Ref != nil || len(s.Keywords) != 1 {
		return false
	}
	if t := s.Keywords.Get("type"); t != nil {
		return len(t.Set) == 1 && t.Set[0] == "null"
	}
	e := s.Keywords.Get("enum")
	return e != nil && len(e.Set) == 1 && e.Set[0] == "null"
}

func contains(set []string, v string) bool {
	for _, x := range set {
		if x == v {
			return true
		}
	}
	return false
}

func without(set []string, v string) []string {
	var out []string
	for _, x := range set {
		if x != v {
			out = append(out, x)
		}
	}
	return out
}

// field returns the decl's fields, its bases' included, and what could
// not be read.
func (c *checker) fields(d *codetypes.Decl, depth int) (fields []*codetypes.Field, extra codetypes.Expr, gaps []string) {
	fields = append(fields, d.Fields...)
	extra = d.Extra
	if depth > 16 {
		return fields, extra, append(gaps, "bases nest too deep")
	}
	for _, b := range d.Bases {
		if n, ok := b.(codetypes.Nullable); ok {
			b = n.Of
		}
		switch b := b.(type) {
		case codetypes.Named:
			base := c.in.Mirror.Lookup(b.Name)
			if base == nil {
				gaps = append(gaps, "base "+b.Name+" is not among the mirror files")
				continue
			}
			if base.Kind == codetypes.Alias {
				if in, ok := base.Target.(codetypes.Inline); ok {
					base = in.Decl
				}
			}
			if d.Language == "go" && base.Kind != codetypes.Object {
				// encoding/json promotes the fields of an embedded struct
				// only: an embedded map, slice or named value is a field
				// called after its type, left out when unexported
				if token.IsExported(b.Name) {
					fields = append(fields, &codetypes.Field{Name: b.Name, Source: b.Name, Pos: d.Pos, Type: b, FoldCase: true})
				}
				continue
			}
			fs, ex, gs := c.fields(base, depth+1)
			fields = append(fields, fs...)
			if ex != nil {
				extra = ex
			}
			gaps = append(gaps, gs...)
		case codetypes.Inline:
			fs, ex, gs := c.fields(b.Decl, depth+1)
			fields = append(fields, fs...)
			if ex != nil {
				extra = ex
			}
			gaps = append(gaps, gs...)
		case codetypes.Unknown:
			gaps = append(gaps, "base "+b.Name+" is not read")
		default:
			gaps = append(gaps, "a base of another kind is not read")
		}
	}
	return fields, extra, gaps
}

func (c *checker) definitionName() string {
	if c.def == nil {
		return ""
	}
	return c.def.Name
}

// compareDecl compares a schema with a declared type.
func (c *checker) compareDecl(s *reduce.Schema, d *codetypes.Decl, at site) {
	key := visitKey{s.Node, d}
	if c.seen[key] {
		return
	}
	c.seen[key] = true
	v := c.read(s)
	if v.s == nil {
		return
	}
	if d.Kind == codetypes.Opaque || c.opaque[d.Name] {
		why := d.Why
		if why == "" {
			why = "it is configured as opaque"
		}
		c.emit(opaqueRule, report.SeverityInfo, fmt.Sprintf("type %s in %s is not compared with %s in %s: %s", d.Name, fileName(d.Pos), c.definitionName(), c.docName(), why),
			c.definitionName(), v.s.Pointer(), c.docLocation(v.s.Node, v.s.Pointer()), codeLocation(d.Pos), nil)
		return
	}
	switch d.Kind {
	case codetypes.Alias:
		c.compareExpr(s, d.Target, site{owner: d, path: at.path}, false)
	case codetypes.Enum:
		c.compareValues(v.s, d.Values, d, at)
	case codetypes.Object:
		c.compareObject(v.s, d, at)
	}
}

// compareObject compares an object schema with an object type, property by
// property.
func (c *checker) compareObject(s *reduce.Schema, d *codetypes.Decl, at site) {
	if types, kw := canonicalTypes(s); kw != nil && !contains(types, "object") {
		c.typeFinding(s, kw, "object", d.Pos, at, d)
		return
	}
	if s.Keywords.Get("properties") == nil && (s.Keywords.Get("anyOf") != nil || s.Keywords.Get("oneOf") != nil || s.Keywords.Get("allOf") != nil) {
		c.emit(opaqueRule, report.SeverityInfo, fmt.Sprintf("%s is a union (anyOf, oneOf or an allOf that does not merge) in %s; type %s in %s is compared with it by name only", c.subjectOr(at, d), c.docName(), d.Name, fileName(d.Pos)),
			c.definitionName(), s.Pointer(), c.docLocation(s.Node, s.Pointer()), codeLocation(d.Pos), nil)
		return
	}
	fields, extra, gaps := c.fields(d, 0)
	if ap := s.Keywords.Get("additionalProperties"); extra != nil && ap != nil && ap.Schema != nil && !ap.Schema.False {
		// an index signature or flattened map against the schema's other properties
		c.compareExpr(ap.Schema, extra, site{owner: d, path: at.path + "{}", field: at.field}, false)
	}
	props := s.Keywords.Get("properties")
	required := map[string]bool{}
	if r := s.Keywords.Get("required"); r != nil {
		for _, n := range r.Set {
			required[n] = true
		}
	}
	closed := false
	closedAt := s
	for _, name := range []string{"additionalProperties", "unevaluatedProperties"} {
		if kw := s.Keywords.Get(name); kw != nil && kw.Schema != nil && kw.Schema.False {
			closed = true
			closedAt = kw.Schema
		}
	}
	if d.Closed && !closed && extra == nil && c.in.Direction != Request {
		loc, ptr := c.docLocation(s.Node, s.Pointer()), s.Pointer()
		for _, name := range []string{"patternProperties", "additionalProperties"} {
			if kw := s.Keywords.Get(name); kw != nil {
				loc, ptr = c.docLocation(kw.Key, kw.Pointer()), kw.Pointer()
			}
		}
		c.emit(closedRule, report.SeverityError, fmt.Sprintf("%s in %s allows properties it does not name (additionalProperties is not false) but %s rejects unknown members: drop the rejection or close the schema", c.subjectOr(at, d), c.docName(), typeNameOf(d)),
			c.definitionName(), ptr, loc, codeLocation(d.Pos), map[string]any{"canonical": "open", "mirror": "closed"})
	}
	byName := map[string]*codetypes.Field{}
	folded := map[string]*codetypes.Field{}
	for _, f := range fields {
		if byName[f.Name] == nil {
			byName[f.Name] = f
		}
		if f.FoldCase && folded[strings.ToLower(f.Name)] == nil {
			folded[strings.ToLower(f.Name)] = f
		}
	}
	matched := map[*codetypes.Field]bool{}
	typeName := typeNameOf(d)
	var entries []*reduce.Entry
	if props != nil {
		entries = props.Map
	}
	for _, e := range entries {
		f := byName[e.Name]
		if f == nil {
			f = folded[strings.ToLower(e.Name)]
		}
		prop := joinPath(at.path, e.Name)
		if f == nil {
			if c.exempt(e.Schema) {
				continue
			}
			sev := report.SeverityError
			msg := fmt.Sprintf("property %s of %s in %s has no field in %s: add it", prop, c.definitionName(), c.docName(), typeName)
			if len(gaps) > 0 {
				sev = report.SeverityWarning
				msg += " (or it comes from what was not read: " + strings.Join(gaps, "; ") + ")"
			}
			c.emit(missingFieldRule, sev, msg, c.definitionName(), e.Pointer(), c.docLocation(e.Key, e.Pointer()), codeLocation(d.Pos), map[string]any{"property": e.Name})
			continue
		}
		matched[f] = true
		fieldSite := site{field: f, owner: d, path: prop}
		c.compareRequired(e, required[e.Name], f, d, fieldSite, s)
		c.compareField(e, f, d, fieldSite)
	}
	branchProps := c.unionProperties(s)
	var inBranches []string
	for _, f := range fields {
		if matched[f] {
			continue
		}
		if props != nil && props.Lookup(f.Name) != nil {
			continue
		}
		if s.Keywords.Get("patternProperties") != nil && !closed {
			continue
		}
		if e := branchProps[f.Name]; e != nil {
			// a property of a union the object keeps (an allOf part that
			// is a oneOf): which branch a payload takes, and so whether
			// it must be there, is not known; its value is compared
			inBranches = append(inBranches, f.Name)
			c.compareField(e, f, d, site{field: f, owner: d, path: joinPath(at.path, f.Name)})
			continue
		}
		sev, how := report.SeverityWarning, "which allows other properties but does not define it: add it to the schema or remove the field"
		if closed {
			sev, how = report.SeverityError, "which rejects other properties: remove the field or add the property"
		}
		loc, ptr := c.docLocation(s.Node, s.Pointer()), s.Pointer()
		if props != nil {
			loc, ptr = c.docLocation(props.Key, props.Pointer()), props.Pointer()
		}
		if closed {
			loc, ptr = c.docLocation(closedAt.Node, closedAt.Pointer()), closedAt.Pointer()
		}
		c.emit(extraFieldRule, sev, fmt.Sprintf("field %s of %s is no property of %s in %s, %s", f.Name, typeName, c.definitionName(), c.docName(), how),
			c.definitionName(), ptr, loc, codeLocation(f.Pos), map[string]any{"property": f.Name})
	}
	if len(inBranches) > 0 {
		c.emit(opaqueRule, report.SeverityInfo, fmt.Sprintf("fields %s of %s are properties of the branches of a union in %s of %s: their values are compared, whether each must be present is not (it depends on the branch a payload takes)", strings.Join(inBranches, ", "), typeName, c.definitionName(), c.docName()),
			c.definitionName(), s.Pointer(), c.docLocation(s.Node, s.Pointer()), codeLocation(d.Pos), map[string]any{"fields": inBranches})
	}
	if len(gaps) > 0 {
		c.emit(opaqueRule, report.SeverityInfo, fmt.Sprintf("%s is compared with %s in %s in part: %s", typeName, c.definitionName(), c.docName(), strings.Join(gaps, "; ")),
			c.definitionName(), s.Pointer(), c.docLocation(s.Node, s.Pointer()), codeLocation(d.Pos), nil)
	}
}

// unionCoverage says, as information, which branches of s's anyOf or
// oneOf a type reads none of (stop: oneOf [string, array] against a []string
// reads no string): a payload taking such a branch is refused by the type,
// which this comparison does not hold against it.
func (c *checker) unionCoverage(s *reduce.Schema, mirror []string, t codetypes.Expr, at site, pos codetypes.Pos) {
	for _, name := range []string{"anyOf", "oneOf"} {
		u := s.Keywords.Get(name)
		if u == nil {
			continue
		}
		var missed []string
		for i, b := range u.List {
			v := c.read(b)
			if v.s == nil {
				continue
			}
			types, _ := canonicalTypes(v.s)
			types = without(types, "null")
			if len(types) == 0 {
				continue // a branch of no stated type may be read
			}
			read := false
			for _, ty := range types {
				read = read || contains(mirror, ty) || ty == "integer" && contains(mirror, "number")
			}
			if !read {
				missed = append(missed, fmt.Sprintf("%d (%s)", i, strings.Join(types, "/")))
			}
		}
		if len(missed) > 0 {
			c.emit(opaqueRule, report.SeverityInfo, fmt.Sprintf("%s is a union in %s; its type in %s (%s) reads none of branch %s: a payload taking it is refused there, and only the branches it reads are compared", c.subject(at), c.docName(), fileName(pos), describe(t), strings.Join(missed, ", branch ")),
				c.definitionName(), u.Pointer(), c.docLocation(u.Key, u.Pointer()), codeLocation(pos), map[string]any{"branches": missed})
		}
		return
	}
}

// wireKinds returns the JSON types t writes and reads, its named types
// followed through the mirror files; ok is false when some part of it is
// not known (a type not among the mirror files, custom marshalling, any).
func (c *checker) wireKinds(t codetypes.Expr, depth int) (kinds []string, ok bool) {
	if depth > 16 {
		return nil, false
	}
	switch t := t.(type) {
	case codetypes.Prim, codetypes.Array, codetypes.Tuple, codetypes.Map, codetypes.Inline, codetypes.Literals:
		return kindOf(t, c.in.Options), true
	case codetypes.Nullable:
		return c.wireKinds(t.Of, depth+1)
	case codetypes.Union:
		for _, o := range t.Options {
			k, ok := c.wireKinds(o, depth+1)
			if !ok {
				return nil, false
			}
			kinds = append(kinds, k...)
		}
		return codetypes.SortedSet(kinds), true
	case codetypes.Named:
		d := c.in.Mirror.Lookup(t.Name)
		switch {
		case d == nil || c.opaque[t.Name]:
			return nil, false
		case d.Kind == codetypes.Object:
			return []string{"object"}, true
		case d.Kind == codetypes.Enum:
			return kindOf(codetypes.Literals{Values: d.Values}, c.in.Options), true
		case d.Kind == codetypes.Alias:
			return c.wireKinds(d.Target, depth+1)
		}
	}
	return nil, false
}

// unionProperties returns the properties the branches of s's anyOf or
// oneOf declare (an allOf part that is a union, which a merge keeps as it
// is), by name, the first branch's where several declare one.
func (c *checker) unionProperties(s *reduce.Schema) map[string]*reduce.Entry {
	var out map[string]*reduce.Entry
	for _, name := range []string{"anyOf", "oneOf"} {
		u := s.Keywords.Get(name)
		if u == nil {
			continue
		}
		for _, b := range u.List {
			v := c.read(b)
			if v.s == nil {
				continue
			}
			if p := v.s.Keywords.Get("properties"); p != nil {
				for _, e := range p.Map {
					if out == nil {
						out = map[string]*reduce.Entry{}
					}
					if out[e.Name] == nil {
						out[e.Name] = e
					}
				}
			}
		}
	}
	return out
}

// typeNameOf names a declaration in a message: its name and file, or where
// an anonymous one is written.
func typeNameOf(d *codetypes.Decl) string {
	if d.Name == "object literal type" || d.Name == "intersection" || d.Name == "struct" {
		return fmt.Sprintf("the %s at %s:%d", d.Name, fileName(d.Pos), d.Pos.Line)
	}
	return fmt.Sprintf("type %s in %s", d.Name, fileName(d.Pos))
}

func joinPath(p, name string) string {
	if p == "" {
		return name
	}
	return p + "." + name
}

// exempt reports whether the direction lets the mirror leave a property
// out: readOnly when sending, writeOnly when reading.
func (c *checker) exempt(s *reduce.Schema) bool {
	if s == nil || s.Node == nil {
		return false
	}
	flag := func(name string) bool {
		b, ok := reduce.Bool(reduce.Value(s.Node, name))
		return ok && b
	}
	switch c.in.Direction {
	case Request:
		return flag("readOnly")
	case Response:
		return flag("writeOnly")
	}
	return false
}

// presenceFix says, per language, how to make a field required and how to
// make it optional.
var presenceFix = map[string][2]string{
	"go":         {"omitempty leaves a zero value out: drop omitempty (or omitzero)", "make it optional"},
	"typescript": {"drop the ?", "add ?"},
	"python":     {"drop the default", "give it a default"},
	"rust":       {"drop Option or #[serde(default)]", "wrap it in Option or add #[serde(default)]"},
}

// compareRequired compares presence.
func (c *checker) compareRequired(e *reduce.Entry, required bool, f *codetypes.Field, d *codetypes.Decl, at site, obj *reduce.Schema) {
	reqLoc := c.docLocation(e.Key, e.Pointer())
	reqPtr := e.Pointer()
	if r := obj.Keywords.Get("required"); r != nil {
		reqLoc, reqPtr = c.docLocation(r.Key, r.Pointer()), r.Pointer()
	}
	// an Option or Optional = None that is written as null meets a
	// required nullable property: it is only lenient when reading
	writesNull := f.NullIsAbsence && !f.OmitsNull && c.read(e.Schema).nullable
	switch {
	case required && f.Optional && !f.AlwaysWritten && !writesNull && !c.exempt(e.Schema) && c.in.Direction != Response:
		c.emit(requiredRule, report.SeverityError, fmt.Sprintf("property %s is required by %s in %s but optional in field %s of %s: %s", at.path, c.definitionName(), c.docName(), f.Source, d.Name, presenceFix[d.Language][0]),
			c.definitionName(), reqPtr, reqLoc, codeLocation(f.Pos), map[string]any{"property": e.Name, "canonical": "required", "mirror": "optional"})
	case !required && !f.Optional && d.Strict && !c.exempt(e.Schema) && c.in.Direction != Request && d.DefaultsPresent && hasDefault(e.Schema):
		// openapi-typescript 7 writes a property with a default required
		// (defaultNonNullable): its convention, which a server filling
		// defaults keeps, not drift (175 of polar's client were errors)
		c.emit(requiredRule, report.SeverityInfo, fmt.Sprintf("property %s is optional in %s in %s, with a default, and field %s of %s requires it, as openapi-typescript writes a property with a default (defaultNonNullable): the client takes the server to send it always; generate with defaultNonNullable: false to follow the schema", at.path, c.definitionName(), c.docName(), f.Source, d.Name),
			c.definitionName(), e.Pointer(), c.docLocation(e.Key, e.Pointer()), codeLocation(f.Pos), map[string]any{"property": e.Name, "canonical": "optional", "mirror": "required"})
	case !required && !f.Optional && d.Strict && !c.exempt(e.Schema) && c.in.Direction != Request:
		fix := presenceFix[d.Language][1]
		if d.Language == "typescript" && hasDefault(e.Schema) {
			fix += " (a generator that takes a default to mean always sent writes it required: openapi-typescript does unless run with defaultNonNullable: false)"
		}
		c.emit(requiredRule, report.SeverityError, fmt.Sprintf("property %s is optional in %s in %s but field %s of %s requires it: %s", at.path, c.definitionName(), c.docName(), f.Source, d.Name, fix),
			c.definitionName(), e.Pointer(), c.docLocation(e.Key, e.Pointer()), codeLocation(f.Pos), map[string]any{"property": e.Name, "canonical": "optional", "mirror": "required"})
	}
}

// compareField compares one property's schema with its field's type.
func (c *checker) compareField(e *reduce.Entry, f *codetypes.Field, d *codetypes.Decl, at site) {
	v := c.read(e.Schema)
	mirrorNull := false
	t := f.Type
	if n, ok := t.(codetypes.Nullable); ok {
		mirrorNull = true
		t = n.Of
	}
	if nullAlone(t) {
		mirrorNull = true // `pending: null`, `x: None`: the field holds null and nothing else
	}
	if _, any := t.(codetypes.Any); any {
		return // json.RawMessage, serde_json::Value: every value
	}
	switch {
	case v.nullable && !mirrorNull && c.in.Direction != Request && !c.opaqueNamed(t):
		c.emit(nullableRule, report.SeverityError, fmt.Sprintf("property %s may be null in %s but field %s of %s in %s cannot hold null: make it nullable", at.path, c.docName(), f.Source, d.Name, fileName(f.Pos)),
			c.definitionName(), e.Pointer(), c.docLocation(e.Key, e.Pointer()), codeLocation(f.Pos), map[string]any{"property": e.Name, "canonical": "nullable", "mirror": "not nullable"})
	case !v.nullable && mirrorNull && !(f.NullIsAbsence && f.Optional) && v.s != nil && c.in.Direction != Response:
		c.emit(nullableRule, report.SeverityError, fmt.Sprintf("property %s may not be null in %s but field %s of %s in %s admits null: drop the null", at.path, c.docName(), f.Source, d.Name, fileName(f.Pos)),
			c.definitionName(), e.Pointer(), c.docLocation(e.Key, e.Pointer()), codeLocation(f.Pos), map[string]any{"property": e.Name, "canonical": "not nullable", "mirror": "nullable"})
	}
	if c.in.Emptiness && f.NilMarshalsNull && !f.Initialized && !v.nullable && v.s != nil && c.in.Direction != Response {
		if ty := v.s.Keywords.Get("type"); ty != nil && (contains(ty.Set, "array") || contains(ty.Set, "object")) {
			c.emit(emptinessRule, report.SeverityWarning, fmt.Sprintf("field %s of %s in %s marshals a nil %s as null but property %s in %s is %s and not nullable: add omitempty or initialise it", f.Source, d.Name, fileName(f.Pos), strings.Join(ty.Set, "/"), at.path, c.docName(), strings.Join(ty.Set, "/")),
				c.definitionName(), ty.Pointer(), c.docLocation(ty.Key, ty.Pointer()), codeLocation(f.Pos), map[string]any{"property": e.Name})
		}
	}
	c.compareExpr(e.Schema, t, at, true)
}

// hasDefault reports whether a property's schema, as written, has a default.
func hasDefault(s *reduce.Schema) bool {
	return s != nil && reduce.Value(s.Node, "default") != nil
}

// nullAlone reports whether t is the null type alone (TypeScript's null,
// Python's None as a field's whole type).
func nullAlone(t codetypes.Expr) bool {
	l, ok := t.(codetypes.Literals)
	return ok && len(l.Values) == 1 && l.Values[0] == "null"
}

// opaqueNamed reports whether t names a type whose wire form is not read
// (custom marshalling, serde from/into, configured opaque): whether it
// holds null is not known, so it is no evidence that null is refused.
func (c *checker) opaqueNamed(t codetypes.Expr) bool {
	n, ok := t.(codetypes.Named)
	if !ok {
		return false
	}
	d := c.in.Mirror.Lookup(n.Name)
	return c.opaque[n.Name] || d != nil && d.Kind == codetypes.Opaque
}

// compareExpr compares a schema with a type expression; the null question
// is settled by the caller when nullDone.
func (c *checker) compareExpr(s *reduce.Schema, t codetypes.Expr, at site, nullDone bool) {
	v := c.read(s)
	pos := at.pos(codetypes.Pos{})
	if at.field == nil && at.owner != nil {
		pos = at.owner.Pos
	}
	if v.s == nil {
		if r := v.dangling; r != nil {
			c.emit(opaqueRule, report.SeverityInfo, fmt.Sprintf("%s is not compared with %s: its $ref %q does not resolve", c.subject(at), c.docName(), r.Raw),
				c.definitionName(), r.Pointer(), c.docLocation(r.Key, r.Pointer()), codeLocation(pos), map[string]any{"ref": r.Raw})
		}
		return
	}
	if n, ok := t.(codetypes.Nullable); ok {
		if _, any := n.Of.(codetypes.Any); any {
			return // any, unknown, json.RawMessage: every value, null too
		}
		if !nullDone && !v.nullable && !n.Pointer {
			c.emit(nullableRule, report.SeverityError, fmt.Sprintf("%s may not be null in %s but %s in %s admits null: drop the null", c.subject(at), c.docName(), describe(t), fileName(pos)),
				c.definitionName(), v.s.Pointer(), c.docLocation(v.s.Node, v.s.Pointer()), codeLocation(pos), nil)
		}
		t = n.Of
	} else if !nullDone && v.nullable && !nullAlone(t) {
		if _, any := t.(codetypes.Any); !any {
			c.emit(nullableRule, report.SeverityError, fmt.Sprintf("%s may be null in %s but %s in %s cannot hold null: make it nullable", c.subject(at), c.docName(), describe(t), fileName(pos)),
				c.definitionName(), v.s.Pointer(), c.docLocation(v.s.Node, v.s.Pointer()), codeLocation(pos), nil)
		}
	}
	switch t := t.(type) {
	case codetypes.Any:
		return
	case codetypes.Param:
		c.emit(opaqueRule, report.SeverityInfo, fmt.Sprintf("%s is not compared with %s: its type is the type parameter %s, compared where the generic type is instantiated", c.subject(at), c.docName(), t.Name),
			c.definitionName(), v.s.Pointer(), c.docLocation(v.s.Node, v.s.Pointer()), codeLocation(pos), nil)
		return
	case codetypes.Unknown:
		if t.Name == "undefined" {
			return
		}
		c.emit(opaqueRule, report.SeverityInfo, fmt.Sprintf("%s is not compared with %s: its type is %s, which was not read", c.subject(at), c.docName(), t.Name),
			c.definitionName(), v.s.Pointer(), c.docLocation(v.s.Node, v.s.Pointer()), codeLocation(pos), nil)
		return
	case codetypes.Named:
		c.compareNamed(v, t, at, pos)
		return
	}
	if v.def != nil {
		c.covered[v.def] = true
	}
	c.compareStructure(v.s, t, at, pos)
}

// subject names what a comparison is about in a message.
func (c *checker) subject(at site) string {
	if at.path == "" {
		return c.definitionName()
	}
	return "property " + at.path
}

// compareNamed compares a schema with a reference to a declared type.
func (c *checker) compareNamed(v view, t codetypes.Named, at site, pos codetypes.Pos) {
	d := c.in.Mirror.Lookup(t.Name)
	if d == nil {
		var fields map[string]any
		if at.owner != nil {
			// one shared definition's property against fields of several
			// types: each its own finding, with an identity of its own
			fields = map[string]any{"type": at.owner.Name}
		}
		c.emit(opaqueRule, report.SeverityInfo, fmt.Sprintf("%s is not compared with %s: its type %s is not among the mirror files", c.subject(at), c.docName(), t.Name),
			c.definitionName(), v.s.Pointer(), c.docLocation(v.s.Node, v.s.Pointer()), codeLocation(pos), fields)
		return
	}
	if len(t.Args) > 0 && len(d.Params) > 0 {
		// a generic instance (Page[Frame]): its own structure, compared here
		key := d.Name + "[" + describeList(t.Args) + "]"
		inst := c.instances[key]
		if inst == nil {
			inst = codetypes.Instantiate(d, t.Args)
			c.instances[key] = inst
		}
		if v.def != nil {
			c.covered[v.def] = true
		}
		c.compareDecl(v.s, inst, at)
		return
	}
	paired := c.pairOf[d]
	if paired != nil && paired.Node == nil {
		return // paired with nothing: a broken wirelint:mirror comment or an ambiguous name, reported already
	}
	if v.def != nil && paired != nil {
		if paired != v.def {
			loc, ptr := c.refLocation(v)
			c.emit(refTargetRule, report.SeverityError, fmt.Sprintf("%s references %s in %s but its type %s mirrors %s: use the type that mirrors %s", c.subject(at), v.def.Name, c.docName(), d.Name, paired.Name, v.def.Name),
				c.definitionName(), ptr, loc, codeLocation(pos), map[string]any{"canonical": v.def.Name, "mirror": paired.Name})
		}
		return
	}
	if v.def != nil && paired == nil && d.Kind != codetypes.Alias && !c.ignored(v.def.Name) {
		// the reference pairs them: compare once, as a pair of its own
		c.pairOf[d] = v.def
		c.queued = append(c.queued, pairing{v.def, d})
		return
	}
	if v.def != nil {
		c.covered[v.def] = true
	}
	// an inline schema, or an alias: compare the structure here
	savedDecl := c.decl
	c.compareDecl(v.s, d, at)
	c.decl = savedDecl
}

// refLocation locates the $ref a view followed, or the schema.
func (c *checker) refLocation(v view) (report.Location, string) {
	at := v.origin
	if at.Ref != nil {
		return c.docLocation(at.Ref.Value, at.Ref.Pointer()), at.Ref.Pointer()
	}
	return c.docLocation(at.Node, at.Pointer()), at.Pointer()
}

// kindOf names the JSON types a type expression produces.
func kindOf(t codetypes.Expr, opts Options) []string {
	switch t := t.(type) {
	case codetypes.Prim:
		return []string{t.Type}
	case codetypes.Array, codetypes.Tuple:
		return []string{"array"}
	case codetypes.Map, codetypes.Inline:
		return []string{"object"}
	case codetypes.Literals:
		var out []string
		for _, v := range t.Values {
			out = append(out, literalType(v))
		}
		return codetypes.SortedSet(out)
	case codetypes.Union:
		var out []string
		for _, o := range t.Options {
			out = append(out, kindOf(o, opts)...)
		}
		return codetypes.SortedSet(out)
	}
	return nil
}

func literalType(v string) string {
	switch {
	case strings.HasPrefix(v, `"`):
		return "string"
	case v == "true" || v == "false":
		return "boolean"
	case v == "null":
		return "null"
	case strings.ContainsAny(v, ".eE"):
		return "number"
	}
	return "integer"
}

// covers reports whether the schema's types admit what the mirror type
// writes and the mirror reads what the schema admits.
func (c *checker) typesAgree(canonical []string, format string, mirror []string, t codetypes.Expr) bool {
	has := func(set []string, v string) bool { return contains(set, v) }
	for _, m := range mirror {
		switch {
		case has(canonical, m):
		case m == "integer" && has(canonical, "number"):
			// an int cannot read 1.5, unless a float beside it in the union does
			if _, lit := t.(codetypes.Literals); !lit && !has(mirror, "number") {
				return false
			}
		case m == "number" && has(canonical, "integer"):
		case m == "string" && has(canonical, "integer") && c.in.Int64AsString && format == "int64":
		default:
			return false
		}
	}
	for _, k := range canonical {
		switch {
		case has(mirror, k):
		case k == "integer" && has(mirror, "number"):
		case k == "integer" && has(mirror, "string") && c.in.Int64AsString && format == "int64":
		case k == "number" && has(mirror, "integer"):
			return false
		default:
			return false
		}
	}
	return true
}

// compareStructure compares a resolved schema with a type that is not a
// reference: types and formats, enums, items, map values, objects.
func (c *checker) compareStructure(s *reduce.Schema, t codetypes.Expr, at site, pos codetypes.Pos) {
	ty := s.Keywords.Get("type")
	format := ""
	if f := s.Keywords.Get("format"); f != nil {
		format = f.Text
	}
	mirrorTypes := kindOf(t, c.in.Options)
	if ty == nil {
		if kinds, ok := c.wireKinds(t, 0); ok && len(kinds) > 0 {
			c.unionCoverage(s, kinds, t, at, pos)
		}
	}
	if ty != nil && len(mirrorTypes) > 0 {
		canonical := without(ty.Set, "null")
		if _, lit := t.(codetypes.Literals); lit && !nullAlone(t) {
			mirrorTypes = without(mirrorTypes, "null")
		}
		if len(canonical) > 0 && !c.typesAgree(canonical, format, mirrorTypes, t) {
			c.typeFinding(s, ty, strings.Join(mirrorTypes, " or "), pos, at, nil)
			return
		}
	}
	switch t := t.(type) {
	case codetypes.Prim:
		if t.Format != "" && t.Format != "int64" && t.Format != "byte" && format != t.Format && !(t.Format == "date-time" && format == "date-time") {
			loc, ptr := c.docLocation(s.Node, s.Pointer()), s.Pointer()
			if f := s.Keywords.Get("format"); f != nil {
				loc, ptr = c.docLocation(f.Key, f.Pointer()), f.Pointer()
			}
			have := "no format"
			if format != "" {
				have = "format " + format
			}
			c.emit(typeRule, report.SeverityError, fmt.Sprintf("%s has %s in %s but its type in %s reads format %s: make them agree", c.subject(at), have, c.docName(), fileName(pos), t.Format),
				c.definitionName(), ptr, loc, codeLocation(pos), map[string]any{"keyword": "format", "canonical": format, "mirror": t.Format})
		}
		// a plain string or number where the schema lists the values, one
		// value too (SARIF's enum ["2.1.0"]): the type writes any; a const
		// is how a schema writes a discriminator, which a language without
		// literal types holds in a plain string, so it alone stays silent
		if e := s.Keywords.Get("enum"); e != nil && literalsFit(e.Set, t.Type) && (len(without(e.Set, "null")) > 1 || len(e.Set) == 1 && e.Source != "const") {
			c.emit(enumRule, report.SeverityWarning, fmt.Sprintf("%s allows only %s in %s but its type in %s is any %s: use a literal type", c.subject(at), strings.Join(without(e.Set, "null"), ", "), c.docName(), fileName(pos), t.Type),
				c.definitionName(), e.Pointer(), c.docLocation(e.Key, e.Pointer()), codeLocation(pos), map[string]any{"keyword": "enum"})
		}
	case codetypes.Literals:
		c.compareValues(s, t.Values, nil, site{field: at.field, owner: at.owner, path: at.path})
	case codetypes.Array:
		if items := s.Keywords.Get("items"); items != nil && items.Schema != nil {
			c.compareExpr(items.Schema, t.Elem, site{field: at.field, owner: at.owner, path: at.path + "[]"}, false)
		}
	case codetypes.Tuple:
		if pi := s.Keywords.Get("prefixItems"); pi != nil {
			if len(pi.List) != len(t.Elems) {
				c.emit(typeRule, report.SeverityError, fmt.Sprintf("%s is a tuple of %d in %s but of %d in %s: make them agree", c.subject(at), len(pi.List), c.docName(), len(t.Elems), fileName(pos)),
					c.definitionName(), pi.Pointer(), c.docLocation(pi.Key, pi.Pointer()), codeLocation(pos), map[string]any{"keyword": "prefixItems"})
				return
			}
			for i, e := range t.Elems {
				c.compareExpr(pi.List[i], e, site{field: at.field, owner: at.owner, path: fmt.Sprintf("%s[%d]", at.path, i)}, false)
			}
		}
	case codetypes.Map:
		if ap := s.Keywords.Get("additionalProperties"); ap != nil && ap.Schema != nil && !ap.Schema.False {
			c.compareExpr(ap.Schema, t.Value, site{field: at.field, owner: at.owner, path: at.path + "{}"}, false)
		}
	case codetypes.Inline:
		c.compareObject(s, t.Decl, at)
	}
}

// canonicalTypes returns the JSON types a schema admits, from its type
// keyword or else from its enum's values, and the keyword that says so
// (nil = any type).
func canonicalTypes(s *reduce.Schema) ([]string, *reduce.Keyword) {
	if t := s.Keywords.Get("type"); t != nil {
		return t.Set, t
	}
	if e := s.Keywords.Get("enum"); e != nil {
		var out []string
		for _, v := range e.Set {
			out = append(out, literalType(v))
		}
		return codetypes.SortedSet(out), e
	}
	return nil, nil
}

// literalsFit reports whether every value of set but null is a string for
// a string type, an integer for an integer type, a number for a number
// type (integers are numbers): a plain type of that kind writes them all,
// and more.
func literalsFit(set []string, typ string) bool {
	switch typ {
	case "string", "integer":
		return literalsOfType(set, typ)
	case "number":
		n := 0
		for _, v := range without(set, "null") {
			if k := literalType(v); k != "number" && k != "integer" {
				return false
			}
			n++
		}
		return n > 0
	}
	return false
}

func literalsOfType(set []string, typ string) bool {
	for _, v := range set {
		if v != "null" && literalType(v) != typ {
			return false
		}
	}
	return len(set) > 0
}

func (c *checker) typeFinding(s *reduce.Schema, ty *reduce.Keyword, mirror string, pos codetypes.Pos, at site, d *codetypes.Decl) {
	where := fileName(pos)
	if d != nil {
		where = "type " + d.Name + " in " + where
	}
	types, _ := canonicalTypes(s)
	if ty.Name == "type" {
		types = ty.Set
	}
	c.emit(typeRule, report.SeverityError, fmt.Sprintf("%s is %s in %s but %s in %s: make them agree", c.subject(at), strings.Join(without(types, "null"), " or "), c.docName(), mirror, where),
		c.definitionName(), ty.Pointer(), c.docLocation(ty.Key, ty.Pointer()), codeLocation(pos), map[string]any{"keyword": "type", "canonical": strings.Join(types, ","), "mirror": mirror})
}

// compareValues compares the schema's enum or const with literal values.
func (c *checker) compareValues(s *reduce.Schema, values []string, d *codetypes.Decl, at site) {
	e := s.Keywords.Get("enum")
	pos := at.pos(codetypes.Pos{})
	if d != nil && at.field == nil {
		pos = d.Pos
	}
	if at.field == nil && at.owner != nil && d == nil {
		pos = at.owner.Pos
	}
	mirror := without(values, "null")
	if len(mirror) == 0 {
		return // a type that is null alone lists no value: its type and null are compared elsewhere
	}
	var listed []string // the values the schema lists
	if e != nil {
		listed = e.Set
	} else {
		if d != nil && d.Language == "go" {
			// Go's typed constants name some values of their type and
			// reject none: encoding/json reads any other value into it
			return
		}
		union, set, ok := c.unionLiterals(s)
		switch {
		case ok:
			// oneOf [{const: red}, {const: green}] lists its values too
			e, listed = union, set
		case union != nil:
			c.emit(opaqueRule, report.SeverityInfo, fmt.Sprintf("%s is a union (anyOf or oneOf) in %s whose branches are not all values; its type in %s, which allows only %s, is compared with it by name only", c.subjectOr(at, d), c.docName(), fileName(pos), strings.Join(mirror, ", ")),
				c.definitionName(), s.Pointer(), c.docLocation(s.Node, s.Pointer()), codeLocation(pos), nil)
			return
		default:
			if ty := s.Keywords.Get("type"); ty != nil || len(s.Keywords) > 0 {
				c.emit(enumRule, report.SeverityError, fmt.Sprintf("%s in %s lists no values but its type in %s allows only %s: widen the type or add the enum", c.subjectOr(at, d), c.docName(), fileName(pos), strings.Join(mirror, ", ")),
					c.definitionName(), s.Pointer(), c.docLocation(s.Node, s.Pointer()), codeLocation(pos), map[string]any{"keyword": "enum", "mirror": strings.Join(mirror, ",")})
			}
			return
		}
	}
	canonical := without(listed, "null")
	var missing, extra []string
	for _, v := range canonical {
		if !contains(mirror, v) {
			missing = append(missing, v)
		}
	}
	for _, v := range mirror {
		if !contains(canonical, v) {
			extra = append(extra, v)
		}
	}
	if len(missing) == 0 && len(extra) == 0 {
		return
	}
	var how []string
	if len(missing) > 0 {
		how = append(how, "add "+strings.Join(missing, ", "))
	}
	if len(extra) > 0 {
		how = append(how, "remove "+strings.Join(extra, ", "))
	}
	if d != nil && len(extra) > 0 && d.ValuePos != nil {
		if p, ok := d.ValuePos[extra[0]]; ok {
			pos = p
		}
	}
	sort.Strings(how)
	c.emit(enumRule, report.SeverityError, fmt.Sprintf("%s allows %s in %s but %s in %s: %s", c.subjectOr(at, d), strings.Join(canonical, ", "), c.docName(), strings.Join(mirror, ", "), fileName(pos), strings.Join(how, " and ")),
		c.definitionName(), e.Pointer(), c.docLocation(e.Key, e.Pointer()), codeLocation(pos), map[string]any{"keyword": "enum", "canonical": strings.Join(canonical, ","), "mirror": strings.Join(mirror, ",")})
}

// unionLiterals returns s's anyOf or oneOf keyword (nil when it has
// neither) and, when every branch lists values (an enum, a const, null),
// the values of all its branches, sorted (ok true).
func (c *checker) unionLiterals(s *reduce.Schema) (union *reduce.Keyword, values []string, ok bool) {
	for _, name := range []string{"oneOf", "anyOf"} {
		if union = s.Keywords.Get(name); union != nil {
			break
		}
	}
	if union == nil || len(union.List) == 0 {
		return union, nil, false
	}
	for _, b := range union.List {
		v := c.read(b)
		if v.s == nil {
			return union, nil, false
		}
		switch e := v.s.Keywords.Get("enum"); {
		case e != nil:
			values = append(values, e.Set...)
		case onlyNull(v.s):
			values = append(values, "null")
		default:
			return union, nil, false
		}
	}
	return union, codetypes.SortedSet(values), true
}

func (c *checker) subjectOr(at site, d *codetypes.Decl) string {
	if at.path == "" && d != nil {
		if d.Kind == codetypes.Enum {
			return "enum " + c.definitionName()
		}
		return "definition " + c.definitionName()
	}
	return c.subject(at)
}

// missingTypes reports object and enum definitions no type pairs with.
func (c *checker) missingTypes() {
	if len(c.pairOf) == 0 {
		return // nothing pairs: the mirror is not this document's
	}
	c.def = nil
	// an OpenAPI component nothing references is on no wire: generators
	// leave it out, and so may a hand-written client
	var referenced map[string]bool // read on the first uncovered definition
	for _, def := range c.in.Canonical.Definitions {
		if c.covered[def] || c.ignored(def.Name) {
			continue
		}
		if referenced == nil && c.in.Canonical.Dialect.IsOpenAPI() {
			referenced = refTargets(c.in.Canonical.Root)
		}
		if referenced != nil && !referenced[def.Pointer] {
			continue
		}
		v := c.read(c.red.Schema(c.in.Canonical, def.Node, def.Pointer))
		if v.s == nil || v.def != nil {
			continue // an alias of another definition
		}
		isObject := v.s.Keywords.Get("properties") != nil
		isEnum := v.s.Keywords.Get("enum") != nil
		if !isObject && !isEnum {
			continue
		}
		what := "object"
		if isEnum && !isObject {
			what = "enum"
		}
		c.emit(missingTypeRule, report.SeverityWarning, fmt.Sprintf("%s definition %s in %s has no type in the mirror files: declare one, pair it with wirelint:mirror or the names map, or ignore it", what, def.Name, c.docName()),
			def.Name, def.Pointer, c.docLocation(def.Key, def.Pointer), report.Location{}, nil)
	}
}

// refTargets returns the local pointers the document's $refs name
// ("#/components/schemas/X" → "/components/schemas/X").
func refTargets(root *reduce.Node) map[string]bool {
	out := map[string]bool{}
	stack := []*reduce.Node{root}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if n == nil || n.Kind == reduce.AliasNode {
			continue
		}
		if n.Kind == reduce.MappingNode {
			for i := 0; i+1 < len(n.Content); i += 2 {
				if v := n.Content[i+1]; n.Content[i].Value == "$ref" && reduce.IsString(v) {
					if _, frag, ok := strings.Cut(v.Value, "#"); ok {
						out[frag] = true
					}
				}
			}
		}
		stack = append(stack, n.Content...)
	}
	return out
}

// describeList names type expressions, comma-separated.
func describeList(ts []codetypes.Expr) string {
	parts := make([]string, len(ts))
	for i, t := range ts {
		parts[i] = describe(t)
	}
	return strings.Join(parts, ", ")
}

// describe names a type expression in a message.
func describe(t codetypes.Expr) string {
	switch t := t.(type) {
	case codetypes.Prim:
		if t.Format != "" {
			return t.Type + " (" + t.Format + ")"
		}
		return t.Type
	case codetypes.Named:
		return "type " + t.Name
	case codetypes.Array:
		return "a list of " + describe(t.Elem)
	case codetypes.Tuple:
		return "a tuple"
	case codetypes.Map:
		return "a map of " + describe(t.Value)
	case codetypes.Nullable:
		return describe(t.Of) + " or null"
	case codetypes.Literals:
		return strings.Join(t.Values, " | ")
	case codetypes.Any:
		return "any value"
	case codetypes.Union:
		var parts []string
		for _, o := range t.Options {
			parts = append(parts, describe(o))
		}
		return strings.Join(parts, " | ")
	case codetypes.Inline:
		return "an object type"
	case codetypes.Unknown:
		return t.Name
	case codetypes.Param:
		return "type parameter " + t.Name
	}
	return "a type"
}
