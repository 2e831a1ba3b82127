package codetypes

import (
	"encoding/json"
	"math/big"
	"sort"
	"strconv"
	"strings"

	"github.com/wirelint/wirelint/reduce"
)

// Pos is a place in a source file.
type Pos struct {
	// File is the path as the reader was given it, slash-separated.
	File string
	// Line and Col are 1-based; 0 = unknown.
	Line, Col int
}

// Kind tells what a declaration is.
type Kind int

const (
	// Object is a type with named fields: a struct, interface, model or
	// TypedDict.
	Object Kind = iota
	// Enum is a closed set of values: Go typed constants, a TypeScript enum,
	// a Python Enum, a Rust enum of unit variants.
	Enum
	// Alias names another type expression: a type alias or newtype.
	Alias
	// Opaque is a type whose wire form the reader cannot see (custom
	// marshalling, a representation not modelled): compared by name only.
	Opaque
)

// Decl is one declared type.
type Decl struct {
	// Name is the type's name in its language.
	Name string
	// Pos is where the name is declared.
	Pos  Pos
	Kind Kind
	// Mirror is the target of a wirelint:mirror comment above the type,
	// FILE#POINTER ("" = pair by name); MirrorPos is where it is written.
	Mirror    string
	MirrorPos Pos
	// Fields are an Object's own fields, in source order (bases and
	// embedded types are in Bases).
	Fields []*Field
	// Bases are the types whose fields the declaration adds to its own
	// (Go embedded structs, TypeScript extends and intersections, Python base
	// classes, Rust flatten), in order.
	Bases []Expr
	// Closed marks an object that rejects unknown members
	// (deny_unknown_fields, extra="forbid").
	Closed bool
	// Extra is the type of members beyond the named fields (an index
	// signature, a flattened map); nil = none.
	Extra Expr
	// Values are an Enum's values as canonical JSON, sorted and unique.
	Values []string
	// ValuePos are the positions of Values' members, by value.
	ValuePos map[string]Pos
	// Target is an Alias's type.
	Target Expr
	// Why says why an Opaque type is not compared, or why a declaration is
	// only partly read ("" = nothing left out).
	Why string
	// Strict marks a language where a field without Optional must be present
	// when read (TypeScript, Python, Rust); Go reads absent fields as zero,
	// so its types only say what they write.
	Strict bool
	// Language is the reader's name: go, typescript, python or rust.
	Language string
	// DefaultsPresent marks a type a generator wrote taking a property's
	// default to mean it is always sent (openapi-typescript's
	// defaultNonNullable, on by default since its version 7): a field it
	// requires over a property with a default follows that convention.
	DefaultsPresent bool
	// Params are a generic declaration's type parameters, in order.
	Params []string
	// Tags are the fields an internally tagged enum adds to the structs
	// its newtype variants hold (#[serde(tag = "type")] enum E { A(S) }
	// writes S with "type": "A"); see Set.ApplyTags.
	Tags []Tag
}

// Tag is the field an internally tagged enum's variant adds to the struct
// it holds.
type Tag struct {
	// Field is the tag's name, Value its value as canonical JSON.
	Field, Value string
	// Type names the struct the variant holds; Pos is the variant.
	Type string
	Pos  Pos
}

// ApplyTags gives each struct an internally tagged enum holds the tag
// field the enum writes beside its fields (the set's files read, wherever
// the enum and the struct are declared); a struct held by variants of
// several values gets them all.
func (s *Set) ApplyTags() {
	for _, d := range s.Decls {
		for _, t := range d.Tags {
			held := s.Lookup(t.Type)
			if held == nil || held.Kind != Object {
				continue
			}
			var field *Field
			for _, f := range held.Fields {
				if f.Name == t.Field {
					field = f
				}
			}
			if field == nil {
				held.Fields = append(held.Fields, &Field{Name: t.Field, Source: t.Field, Pos: t.Pos, Type: Literals{Values: []string{t.Value}}})
				continue
			}
			if lit, ok := field.Type.(Literals); ok && field.Source == t.Field {
				field.Type = Literals{Values: SortedSet(append(append([]string(nil), lit.Values...), t.Value))}
			}
		}
	}
}

// Field is one member of an Object.
type Field struct {
	// Name is the wire name (after tags, aliases and renames); Source is the
	// name in the code.
	Name, Source string
	// Pos is where the field is declared.
	Pos Pos
	// Type is the field's type as written (Nullable when it admits null).
	Type Expr
	// Optional marks a member that may be absent: TypeScript ?, a Python
	// default, Rust Option or default, Go omitempty/omitzero.
	Optional bool
	// NullIsAbsence marks a field whose one construct means both "may be
	// absent" and "may be null" (Rust Option, Python Optional with a None
	// default, a Go pointer with omitempty): null there is the absence idiom.
	NullIsAbsence bool
	// OmitsNull marks a NullIsAbsence field that is left out when null
	// (a Go pointer with omitempty, Rust skip_serializing_if) rather than
	// written as null.
	OmitsNull bool
	// AlwaysWritten marks an optional field that is written whatever its
	// value (a Python Literal field defaulting to its one value).
	AlwaysWritten bool
	// FoldCase marks a name matched case-insensitively when read (an
	// untagged Go field).
	FoldCase bool
	// NilMarshalsNull marks a Go slice or map written without omitempty: its
	// zero value is written as null.
	NilMarshalsNull bool
	// Initialized marks a field a constructor of its type sets.
	Initialized bool
}

// Expr is a type expression: one of the types below.
type Expr interface{ isExpr() }

// Prim is a JSON scalar: Type is string, integer, number or boolean, Format
// a JSON Schema format the type implies (date-time for time.Time, int64)
// or "".
type Prim struct{ Type, Format string }

// Named refers to a declaration by name.
type Named struct {
	Name string
	// Args are generic arguments as written (nil = none).
	Args []Expr
}

// Array is a list of Elem.
type Array struct{ Elem Expr }

// Tuple is a fixed-length list.
type Tuple struct{ Elems []Expr }

// Map is an object with string keys and Value members.
type Map struct{ Value Expr }

// Nullable is Of or null. Pointer marks a Go pointer inside a list or map:
// nil there is how Go shares values, not a claim that null is valid.
type Nullable struct {
	Of      Expr
	Pointer bool
}

// Literals is a set of literal values (a literal union, Literal[...], a
// const), canonical JSON, sorted and unique.
type Literals struct{ Values []string }

// Any accepts every JSON value (any, serde_json::Value, json.RawMessage).
type Any struct{}

// Union is one of Options (none of them null: see Nullable).
type Union struct{ Options []Expr }

// Inline is an object type written in place (a TypeScript object literal
// type).
type Inline struct{ Decl *Decl }

// Unknown is a type the reader could not see (imported from outside the
// mirror files, a construct not modelled); Name says what it is.
type Unknown struct{ Name string }

func (Prim) isExpr()     {}
func (Named) isExpr()    {}
func (Array) isExpr()    {}
func (Tuple) isExpr()    {}
func (Map) isExpr()      {}
func (Nullable) isExpr() {}
func (Literals) isExpr() {}
func (Any) isExpr()      {}
func (Union) isExpr()    {}
func (Inline) isExpr()   {}
func (Unknown) isExpr()  {}

// MaxDepth bounds how deeply the readers nest type expressions; deeper
// ones read as Unknown{TooDeep}, so hostile input cannot exhaust the stack.
const MaxDepth = 200

// TooDeep names a type nested deeper than MaxDepth.
const TooDeep = "a type nested deeper than 200 levels"

// Set is every declaration read from a mirror's files.
type Set struct {
	Decls  []*Decl
	byName map[string][]*Decl
}

// Add appends declarations to the set.
func (s *Set) Add(ds ...*Decl) {
	if s.byName == nil {
		s.byName = map[string][]*Decl{}
	}
	for _, d := range ds {
		s.Decls = append(s.Decls, d)
		s.byName[d.Name] = append(s.byName[d.Name], d)
	}
}

// Lookup returns the declaration called name (the first read), or nil. A
// qualified name (ns.Type) not declared as such is looked up by its last
// segment: a module imported as a namespace.
func (s *Set) Lookup(name string) *Decl {
	if ds := s.byName[name]; len(ds) > 0 {
		return ds[0]
	}
	if i := strings.LastIndexByte(name, '.'); i >= 0 {
		if ds := s.byName[name[i+1:]]; len(ds) > 0 {
			return ds[0]
		}
	}
	return nil
}

// Sort orders the declarations by file and line, so output does not depend
// on the order files were read.
func (s *Set) Sort() {
	sort.SliceStable(s.Decls, func(i, j int) bool {
		a, b := s.Decls[i].Pos, s.Decls[j].Pos
		if a.File != b.File {
			return a.File < b.File
		}
		return a.Line < b.Line
	})
}

// MakeNullable wraps e in Nullable unless it already admits null.
func MakeNullable(e Expr) Expr {
	if _, ok := e.(Nullable); ok {
		return e
	}
	return Nullable{Of: e}
}

// Unite builds the union of options: null members make it Nullable, a
// union of literals is one Literals, one option is itself.
func Unite(options []Expr) Expr {
	var kept []Expr
	nullable := false
	var lits []string
	onlyLits := true
	for _, o := range options {
		switch o := o.(type) {
		case Nullable:
			nullable = true
			kept = append(kept, o.Of)
		case Literals:
			if len(o.Values) == 1 && o.Values[0] == "null" {
				nullable = true
				continue
			}
			kept = append(kept, o)
		default:
			kept = append(kept, o)
		}
	}
	for _, o := range kept {
		l, ok := o.(Literals)
		if !ok {
			onlyLits = false
			break
		}
		lits = append(lits, l.Values...)
	}
	var out Expr
	switch {
	case len(kept) == 0:
		out = Literals{Values: []string{"null"}}
		return out
	case onlyLits:
		out = Literals{Values: SortedSet(lits)}
	case len(kept) == 1:
		out = kept[0]
	default:
		out = Union{Options: kept}
	}
	if nullable {
		return MakeNullable(out)
	}
	return out
}

// SortedSet sorts and deduplicates values.
func SortedSet(values []string) []string {
	out := append([]string(nil), values...)
	sort.Strings(out)
	k := 0
	for i, v := range out {
		if i == 0 || v != out[k-1] {
			out[k] = v
			k++
		}
	}
	return out[:k]
}

// MirrorAbove returns the target of a wirelint:mirror comment in the block of
// comment, attribute and decorator lines directly above line (1-based) of
// lines, and the 1-based line and column it is written at; "" when none.
func MirrorAbove(lines []string, line int) (target string, at Pos) {
	for i := line - 2; i >= 0 && i < len(lines); i-- {
		t := strings.TrimSpace(lines[i])
		if t == "" || !(strings.HasPrefix(t, "//") || strings.HasPrefix(t, "#") || strings.HasPrefix(t, "/*") || strings.HasPrefix(t, "*") || strings.HasPrefix(t, "@")) {
			return "", Pos{}
		}
		if k := strings.Index(t, "wirelint:mirror"); k >= 0 {
			rest := strings.TrimSpace(t[k+len("wirelint:mirror"):])
			rest = strings.TrimSpace(strings.TrimSuffix(rest, "*/"))
			if f := strings.Fields(rest); len(f) > 0 {
				col := strings.Index(lines[i], "wirelint:mirror") + 1
				return f[0], Pos{Line: i + 1, Col: col}
			}
		}
	}
	return "", Pos{}
}

// Quote returns s as a JSON string literal, as canonical JSON writes it.
func Quote(s string) string {
	enc, _ := json.Marshal(s)
	return string(enc)
}

// Number returns a numeric literal as canonical JSON (lowest terms), or ""
// when lit is not a number.
func Number(lit string) string {
	lit = strings.ReplaceAll(lit, "_", "")
	r, ok := new(big.Rat).SetString(lit)
	if !ok {
		if n, err := strconv.ParseInt(lit, 0, 64); err == nil {
			return strconv.FormatInt(n, 10)
		}
		return ""
	}
	return reduce.FormatNumber(r)
}
