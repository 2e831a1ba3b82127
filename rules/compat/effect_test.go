package compat

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/wirelint/wirelint/reduce"
)

// keywordCase is a pair of values of one keyword, the second accepting
// fewer instances than the first (or, for opaque, assertion, condition and
// annotation keywords, just another value), and the sibling keywords and
// dialect it needs.
type keywordCase struct {
	looser, tighter string
	context         string // JSON object members, without braces
	dialect         string // "" = 2020-12
	// effect overrides the kind's effect going from looser to tighter.
	effect Effect
}

// keywordCases holds one case per catalogue keyword, by spelling.
var keywordCases = map[string]keywordCase{
	"maximum":               {looser: "10", tighter: "5"},
	"exclusiveMaximum":      {looser: "10", tighter: "5"},
	"maxLength":             {looser: "64", tighter: "32"},
	"maxItems":              {looser: "4", tighter: "2"},
	"maxProperties":         {looser: "4", tighter: "2"},
	"maxContains":           {looser: "4", tighter: "2", context: `"contains": {"type": "string"}`},
	"minimum":               {looser: "1", tighter: "5"},
	"exclusiveMinimum":      {looser: "1", tighter: "5"},
	"minLength":             {looser: "1", tighter: "5"},
	"minItems":              {looser: "1", tighter: "3"},
	"minProperties":         {looser: "1", tighter: "3"},
	"minContains":           {looser: "1", tighter: "3", context: `"contains": {"type": "string"}`},
	"multipleOf":            {looser: "2", tighter: "6"},
	"type":                  {looser: `["string", "null"]`, tighter: `"string"`},
	"enum":                  {looser: `["a", "b"]`, tighter: `["a"]`},
	"const":                 {looser: `"a"`, tighter: `"b"`, effect: Incomparable},
	"nullable":              {looser: "true", tighter: "false", context: `"type": "string"`, dialect: "3.0"},
	"required":              {looser: `["a"]`, tighter: `["a", "b"]`},
	"dependentRequired":     {looser: `{"a": ["b"]}`, tighter: `{"a": ["b", "c"]}`},
	"dependencies":          {looser: `{"a": ["b"]}`, tighter: `{"a": ["b", "c"]}`, dialect: "draft-07"},
	"uniqueItems":           {looser: "false", tighter: "true"},
	"pattern":               {looser: `"^a"`, tighter: `"^b"`},
	"format":                {looser: `"date"`, tighter: `"email"`},
	"contentEncoding":       {looser: `"base64"`, tighter: `"base32"`},
	"contentMediaType":      {looser: `"text/plain"`, tighter: `"application/json"`},
	"contentSchema":         {looser: `{"type": "string"}`, tighter: `{"type": "number"}`, context: `"contentMediaType": "application/json"`},
	"allOf":                 {looser: `[{"type": "string"}]`, tighter: `[{"type": "string"}, {"maxLength": 3}]`},
	"anyOf":                 {looser: `[{"type": "string"}, {"type": "number"}]`, tighter: `[{"type": "string"}]`},
	"oneOf":                 {looser: `[{"type": "string"}, {"type": "number"}]`, tighter: `[{"type": "string"}]`},
	"not":                   {looser: `{"type": "string"}`, tighter: `{"type": ["string", "number"]}`},
	"if":                    {looser: `{"type": "string"}`, tighter: `{"type": "number"}`, context: `"then": {"maxLength": 3}`},
	"then":                  {looser: `{"maxLength": 5}`, tighter: `{"maxLength": 3}`, context: `"if": {"type": "string"}`},
	"else":                  {looser: `{"maxLength": 5}`, tighter: `{"maxLength": 3}`, context: `"if": {"type": "number"}`},
	"additionalProperties":  {looser: `{"type": "string"}`, tighter: "false"},
	"items":                 {looser: `{"type": "string"}`, tighter: `{"type": "string", "maxLength": 2}`},
	"additionalItems":       {looser: `{"type": "string"}`, tighter: "false", context: `"items": [{"type": "string"}]`, dialect: "draft-07"},
	"contains":              {looser: `{"type": "string"}`, tighter: `{"type": "string", "maxLength": 2}`},
	"propertyNames":         {looser: `{"maxLength": 5}`, tighter: `{"maxLength": 2}`},
	"unevaluatedItems":      {looser: `{"type": "string"}`, tighter: "false"},
	"unevaluatedProperties": {looser: `{"type": "string"}`, tighter: "false"},
	"properties":            {looser: `{"a": {"type": "string"}}`, tighter: `{"a": {"type": "string", "maxLength": 2}}`},
	"patternProperties":     {looser: `{"^a": {"type": "string"}}`, tighter: `{"^a": {"type": "string", "maxLength": 2}}`},
	"dependentSchemas":      {looser: `{"a": {"required": ["b"]}}`, tighter: `{"a": {"required": ["b", "c"]}}`},
	"prefixItems":           {looser: `[{"type": "string"}]`, tighter: `[{"type": "string", "maxLength": 2}]`},
	"$ref":                  {looser: `"#/$defs/A"`, tighter: `"#/$defs/B"`, effect: Narrows}, // followed to what it names
	"$dynamicRef":           {looser: `"#a"`, tighter: `"#b"`},
	"$recursiveRef":         {looser: `"#"`, tighter: `"#/$defs/A"`, dialect: "2019-09"},
}

// annotation-like keywords: any value, no effect.
var noneValues = map[string][2]string{
	"title": {`"a"`, `"b"`}, "description": {`"a"`, `"b"`}, "default": {`1`, `2`}, "examples": {`[1]`, `[2]`},
	"example": {`1`, `2`}, "deprecated": {"false", "true"}, "readOnly": {"false", "true"}, "writeOnly": {"false", "true"},
	"$comment": {`"a"`, `"b"`}, "$id": {`"a.json"`, `"b.json"`}, "id": {`"a.json"`, `"b.json"`}, "$schema": {"", ""},
	"$anchor": {`"a"`, `"b"`}, "$vocabulary": {`{}`, `{"https://example.com/v": false}`}, "$dynamicAnchor": {`"a"`, `"b"`},
	"$recursiveAnchor": {"false", "true"}, "$defs": {`{"X": {"type": "string"}}`, `{"X": {"type": "number"}}`},
	"definitions": {`{"X": {"type": "string"}}`, `{"X": {"type": "number"}}`}, "discriminator": {`{"propertyName": "a"}`, `{"propertyName": "b"}`},
	"xml": {`{"name": "a"}`, `{"name": "b"}`}, "externalDocs": {`{"url": "https://a.example"}`, `{"url": "https://b.example"}`},
}

// expected is the effect the law declares for a keyword's kind, going
// from looser to tighter.
func expected(kind Kind) Effect {
	switch kind {
	case KindNone:
		return None
	case KindOpaque, KindCondition:
		return Incomparable
	case KindAssertion, KindReference:
		return Unknown
	}
	return Narrows
}

// documents writes a base and a head document, each one JSON Schema whose
// $defs/S is the schema under test, nested by wrap.
func documents(t *testing.T, baseDialect, headDialect, base, head string) (*reduce.Workspace, *reduce.Document, *reduce.Document) {
	t.Helper()
	dir := t.TempDir()
	write := func(name, dialect, schema string) string {
		var doc string
		container := "#/$defs/"
		switch dialect {
		case "3.0", "3.1":
			container = "#/components/schemas/"
		case "draft-07":
			container = "#/definitions/"
		}
		extra := `"A": {"type": "string"}, "B": {"type": "string", "maxLength": 2}, ` +
			`"O1": {"type": "object", "required": ["k"], "properties": {"k": {"enum": ["one"]}}}, ` +
			`"O2": {"type": "object", "required": ["k"], "properties": {"k": {"enum": ["two"]}}}, ` +
			`"U": {"type": "object", "oneOf": [{"$ref": "` + container + `O1"}, {"$ref": "` + container + `O2"}]}`
		switch dialect {
		case "3.0", "3.1":
			doc = `{"openapi": "` + dialect + `.0", "info": {"title": "t", "version": "1"}, "paths": {}, "components": {"schemas": {"S": ` + schema + `, ` + extra + `}}}`
		case "draft-07":
			doc = `{"$schema": "http://json-schema.org/draft-07/schema#", "definitions": {"S": ` + schema + `, ` + extra + `}}`
		case "2019-09":
			doc = `{"$schema": "https://json-schema.org/draft/2019-09/schema", "$defs": {"S": ` + schema + `, ` + extra + `}}`
		default:
			doc = `{"$schema": "https://json-schema.org/draft/2020-12/schema", "$defs": {"S": ` + schema + `, ` + extra + `}}`
		}
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(doc), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	ws := reduce.NewWorkspace(dir)
	b, err := ws.Load(write("base.json", baseDialect, base), "base.json")
	if err != nil {
		t.Fatal(err)
	}
	h, err := ws.Load(write("head.json", headDialect, head), "head.json")
	if err != nil {
		t.Fatal(err)
	}
	return ws, b, h
}

// effects compares definition S of two documents and returns the effects
// of the changes found, deduplicated and sorted.
func effects(t *testing.T, dialect, base, head string) []Effect {
	t.Helper()
	return effectsAcross(t, dialect, dialect, base, head)
}

// effectsAcross is effects with base and head in dialects of their own.
func effectsAcross(t *testing.T, baseDialect, headDialect, base, head string) []Effect {
	t.Helper()
	ws, b, h := documents(t, baseDialect, headDialect, base, head)
	c := newComparer(reduce.NewReducer(ws), reduce.NewReducer(ws))
	c.roots[b], c.roots[h] = true, true
	bd, hd := b.Definition("S"), h.Definition("S")
	r := &root{definition: "S", sides: Both, base: c.baseReducer.Schema(b, bd.Node, bd.Pointer), head: c.headReducer.Schema(h, hd.Node, hd.Pointer)}
	c.schema(r.base, r.head, context{root: r, sides: Both, known: true})
	seen := map[Effect]bool{}
	for _, ch := range c.changes {
		seen[ch.effect] = true
	}
	var out []Effect
	for e := range seen {
		out = append(out, e)
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

// changesAcross compares definition S of two documents and returns the
// keyword of every change found, in order.
func changesAcross(t *testing.T, baseDialect, headDialect, base, head string) []string {
	t.Helper()
	ws, b, h := documents(t, baseDialect, headDialect, base, head)
	c := newComparer(reduce.NewReducer(ws), reduce.NewReducer(ws))
	c.roots[b], c.roots[h] = true, true
	bd, hd := b.Definition("S"), h.Definition("S")
	r := &root{definition: "S", sides: Both, base: c.baseReducer.Schema(b, bd.Node, bd.Pointer), head: c.headReducer.Schema(h, hd.Node, hd.Pointer)}
	c.schema(r.base, r.head, context{root: r, sides: Both, known: true})
	var out []string
	for _, ch := range c.changes {
		out = append(out, ch.keyword)
	}
	return out
}

func want(e Effect) []Effect {
	if e == None {
		return nil
	}
	return []Effect{e}
}

// nestings wraps a schema: at the top, under properties, items and a
// one-branch anyOf (the effect carries through), and under not (it flips).
var nestings = []struct {
	name string
	wrap func(string) string
	flip bool
}{
	{"top", func(s string) string { return s }, false},
	{"properties", func(s string) string { return `{"type": "object", "properties": {"p": ` + s + `}}` }, false},
	{"items", func(s string) string { return `{"type": "array", "items": ` + s + `}` }, false},
	{"anyOf", func(s string) string { return `{"anyOf": [` + s + `, {"type": "boolean"}]}` }, false},
	{"not", func(s string) string { return `{"not": ` + s + `}` }, true},
}

// TestCatalogueEffects changes every catalogue keyword both ways, at the top
// level and nested, and requires the effect its kind declares: looser to
// tighter narrows (or the kind's fixed effect), the reverse widens, and
// adding a narrowing keyword narrows. A catalogue keyword without a kind, or
// without a case here, fails.
func TestCatalogueEffects(t *testing.T) {
	if m := missingKinds(); len(m) > 0 {
		sort.Strings(m)
		t.Fatalf("catalogue keywords without an effect kind (add them to Kinds): %s", strings.Join(m, ", "))
	}
	for name := range reduce.Catalogue {
		kind := Kinds[name]
		if kind == KindNone {
			pair, ok := noneValues[name]
			if !ok {
				t.Errorf("%s: no values in noneValues", name)
				continue
			}
			if pair[0] == "" {
				continue // $schema names the dialect itself
			}
			for _, n := range nestings {
				got := effects(t, "", n.wrap(fmt.Sprintf(`{"type": "string", %q: %s}`, name, pair[0])), n.wrap(fmt.Sprintf(`{"type": "string", %q: %s}`, name, pair[1])))
				if len(got) != 0 {
					t.Errorf("%s (%s) changed: got effects %v, want none", name, n.name, got)
				}
			}
			continue
		}
		kc, ok := keywordCases[name]
		if !ok {
			t.Errorf("%s: no case in keywordCases", name)
			continue
		}
		schema := func(v string) string {
			members := []string{}
			if kc.context != "" {
				members = append(members, kc.context)
			}
			if v != "" {
				members = append(members, fmt.Sprintf("%q: %s", name, v))
			}
			return "{" + strings.Join(members, ", ") + "}"
		}
		decl := expected(kind)
		if kc.effect != None {
			decl = kc.effect
		}
		for _, n := range nestings {
			forward := decl
			if n.flip {
				forward = forward.Converse()
			}
			t.Run(name+"/"+n.name, func(t *testing.T) {
				if got := effects(t, kc.dialect, n.wrap(schema(kc.looser)), n.wrap(schema(kc.tighter))); !equalEffects(got, want(forward)) {
					t.Errorf("%s → %s: got %v, want %v", kc.looser, kc.tighter, got, want(forward))
				}
				if got := effects(t, kc.dialect, n.wrap(schema(kc.tighter)), n.wrap(schema(kc.looser))); !equalEffects(got, want(forward.Converse())) {
					t.Errorf("%s → %s: got %v, want %v", kc.tighter, kc.looser, got, want(forward.Converse()))
				}
				if decl == Narrows && kc.context != "" || decl == Narrows && n.name == "top" {
					added := Narrows
					if n.flip {
						added = Widens
					}
					if name == "nullable" || name == "uniqueItems" {
						return // absent is the looser value itself
					}
					if got := effects(t, kc.dialect, n.wrap(schema("")), n.wrap(schema(kc.tighter))); !equalEffects(got, want(added)) {
						t.Errorf("absent → %s: got %v, want %v", kc.tighter, got, want(added))
					}
				}
			})
		}
	}
}

func equalEffects(a, b []Effect) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// missingKinds lists catalogue keywords without a kind; the catalogue test
// requires it to be empty.
func missingKinds() []string {
	var out []string
	for name := range reduce.Catalogue {
		if _, ok := Kinds[name]; !ok {
			out = append(out, name)
		}
	}
	return out
}
