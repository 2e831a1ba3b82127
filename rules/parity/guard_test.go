package parity

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/wirelint/wirelint/reduce"
	"github.com/wirelint/wirelint/report"
)

// keywordCase is a pair of values that differ in one constraining keyword,
// with the dialect the keyword is spelt in and the context it needs.
type keywordCase struct {
	dialect           string         // "2020-12", "draft-07" or "openapi-3.0"
	canonical, mirror any            // the keyword's two values (nil = absent)
	base              map[string]any // sibling keywords the keyword needs
}

// keywordCases holds one differing pair for every constraining keyword of the
// catalogue. TestEveryConstrainingKeywordIsCovered fails when a keyword is
// added to the catalogue without an entry here.
var keywordCases = map[string]keywordCase{
	"type":                  {canonical: "string", mirror: "integer"},
	"required":              {canonical: []any{"a"}, mirror: []any{"b"}},
	"enum":                  {canonical: []any{"a", "b"}, mirror: []any{"a"}},
	"const":                 {canonical: "a", mirror: "b"},
	"multipleOf":            {canonical: 2, mirror: 3},
	"maximum":               {canonical: 10, mirror: 11},
	"minimum":               {canonical: 1, mirror: 2},
	"exclusiveMaximum":      {canonical: 10, mirror: 11},
	"exclusiveMinimum":      {canonical: 1, mirror: 2},
	"maxLength":             {canonical: 64, mirror: 128},
	"minLength":             {canonical: 1, mirror: 2},
	"maxItems":              {canonical: 8, mirror: nil},
	"minItems":              {canonical: 1, mirror: 2},
	"maxProperties":         {canonical: 3, mirror: 4},
	"minProperties":         {canonical: 1, mirror: 2},
	"maxContains":           {canonical: 3, mirror: 4, base: map[string]any{"contains": map[string]any{"type": "string"}}},
	"minContains":           {canonical: 2, mirror: 3, base: map[string]any{"contains": map[string]any{"type": "string"}}},
	"uniqueItems":           {canonical: true, mirror: false},
	"pattern":               {canonical: "^a+$", mirror: "^b+$"},
	"format":                {canonical: "date", mirror: "date-time"},
	"contentEncoding":       {canonical: "base64", mirror: "base32"},
	"contentMediaType":      {canonical: "application/json", mirror: "text/plain"},
	"dependentRequired":     {canonical: map[string]any{"a": []any{"b"}}, mirror: map[string]any{"a": []any{"c"}}},
	"allOf":                 {canonical: []any{map[string]any{"minLength": 2}}, mirror: []any{map[string]any{"minLength": 3}}},
	"anyOf":                 {canonical: []any{map[string]any{"type": "string"}, map[string]any{"type": "null"}}, mirror: []any{map[string]any{"type": "string"}, map[string]any{"type": "boolean"}}},
	"oneOf":                 {canonical: []any{map[string]any{"type": "string"}}, mirror: []any{map[string]any{"type": "integer"}}},
	"not":                   {canonical: map[string]any{"type": "string"}, mirror: map[string]any{"type": "integer"}},
	"if":                    {canonical: map[string]any{"type": "string"}, mirror: map[string]any{"type": "integer"}},
	"then":                  {canonical: map[string]any{"minLength": 2}, mirror: map[string]any{"minLength": 3}},
	"else":                  {canonical: map[string]any{"minLength": 2}, mirror: nil},
	"additionalProperties":  {canonical: false, mirror: true},
	"contains":              {canonical: map[string]any{"type": "string"}, mirror: map[string]any{"type": "integer"}},
	"propertyNames":         {canonical: map[string]any{"maxLength": 3}, mirror: map[string]any{"maxLength": 4}},
	"additionalItems":       {dialect: "draft-07", canonical: false, mirror: nil, base: map[string]any{"items": []any{map[string]any{"type": "string"}}}},
	"unevaluatedItems":      {canonical: false, mirror: nil},
	"unevaluatedProperties": {canonical: false, mirror: nil},
	"contentSchema":         {canonical: map[string]any{"type": "object"}, mirror: map[string]any{"type": "array"}},
	"prefixItems":           {canonical: []any{map[string]any{"type": "string"}}, mirror: []any{map[string]any{"type": "integer"}}},
	"properties":            {canonical: map[string]any{"a": map[string]any{"type": "string"}}, mirror: map[string]any{"a": map[string]any{"type": "integer"}}},
	"patternProperties":     {canonical: map[string]any{"^a": map[string]any{"type": "string"}}, mirror: map[string]any{"^a": map[string]any{"type": "integer"}}},
	"dependentSchemas":      {canonical: map[string]any{"a": map[string]any{"required": []any{"b"}}}, mirror: map[string]any{"a": map[string]any{"required": []any{"c"}}}},
	"items":                 {canonical: map[string]any{"type": "string"}, mirror: map[string]any{"type": "integer"}},
	"dependencies":          {dialect: "draft-07", canonical: map[string]any{"a": []any{"b"}}, mirror: map[string]any{"a": []any{"c"}}},
	"nullable":              {dialect: "openapi-3.0", canonical: true, mirror: false, base: map[string]any{"type": "string"}},
}

// TestEveryConstrainingKeywordIsCovered is the guard on the reducer itself:
// every constraining keyword of the catalogue has a case below.
func TestEveryConstrainingKeywordIsCovered(t *testing.T) {
	for _, k := range reduce.ConstrainingKeywords() {
		if _, ok := keywordCases[k]; !ok {
			t.Errorf("constraining keyword %q has no case in keywordCases: add a pair of values that differ", k)
		}
	}
}

// TestEveryConstrainingKeywordDiffers requires a finding at the keyword when
// two documents differ only in it, at the top level of a definition and nested
// under properties, items and anyOf; and none when they do not differ.
func TestEveryConstrainingKeywordDiffers(t *testing.T) {
	for _, name := range reduce.ConstrainingKeywords() {
		kc, ok := keywordCases[name]
		if !ok {
			continue
		}
		for _, place := range []string{"", "/properties/p", "/items", "/anyOf/0"} {
			t.Run(name+place, func(t *testing.T) {
				canonical := parseDoc(t, "canonical.json", kc.dialect, wrap(place, withKeyword(kc.base, name, kc.canonical)))
				mirror := parseDoc(t, "mirror.json", kc.dialect, wrap(place, withKeyword(kc.base, name, kc.mirror)))
				fs := Compare(reduce.NewWorkspace(t.TempDir()), canonical, mirror, Options{}).Findings
				want := place + "/" + name
				normal := place + "/" + reduce.Catalogue[name].Normal
				found := false
				for _, f := range fs {
					if f.Definition == "T" && (strings.HasPrefix(f.Pointer, want) || strings.HasPrefix(f.Pointer, normal)) {
						found = true
						checkLocated(t, f)
					}
				}
				if !found {
					t.Errorf("no finding at %s; got %s", want, dump(fs))
				}
				same := Compare(reduce.NewWorkspace(t.TempDir()), canonical, canonical, Options{}).Findings
				if len(same) != 0 {
					t.Errorf("a document compared with itself gave findings: %s", dump(same))
				}
			})
		}
	}
}

func checkLocated(t *testing.T, f report.Finding) {
	t.Helper()
	if len(f.Locations) != 2 {
		t.Errorf("%s: want 2 locations, got %d", f.Message, len(f.Locations))
	}
	for _, l := range f.Locations {
		if l.Line < 1 || l.Column < 1 || l.File == "" {
			t.Errorf("%s: location %+v is not a file:line:col", f.Message, l)
		}
	}
}

func withKeyword(base map[string]any, name string, v any) map[string]any {
	s := map[string]any{}
	for k, x := range base {
		s[k] = x
	}
	if v != nil {
		s[name] = v
	}
	return s
}

// wrap nests schema at place ("", /properties/p, /items, /anyOf/0).
func wrap(place string, schema map[string]any) map[string]any {
	switch place {
	case "/properties/p":
		return map[string]any{"type": "object", "properties": map[string]any{"p": schema}}
	case "/items":
		return map[string]any{"type": "array", "items": schema}
	case "/anyOf/0":
		return map[string]any{"anyOf": []any{schema}}
	}
	return schema
}

// parseDoc builds a document holding schema as definition T, pretty-printed so
// every key has its own line.
func parseDoc(t *testing.T, name, dialect string, schema map[string]any) *reduce.Document {
	t.Helper()
	var doc map[string]any
	switch dialect {
	case "openapi-3.0":
		doc = map[string]any{"openapi": "3.0.3", "info": map[string]any{"title": "t", "version": "1"}, "paths": map[string]any{},
			"components": map[string]any{"schemas": map[string]any{"T": schema}}}
	case "draft-07":
		doc = map[string]any{"$schema": "http://json-schema.org/draft-07/schema#", "definitions": map[string]any{"T": schema}}
	default:
		doc = map[string]any{"$schema": "https://json-schema.org/draft/2020-12/schema", "$defs": map[string]any{"T": schema}}
	}
	b, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	d, err := reduce.Parse(b, name)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func dump(fs []report.Finding) string {
	var b strings.Builder
	for _, f := range fs {
		fmt.Fprintf(&b, "\n  %s %s %s: %s", f.Rule, f.Definition, f.Pointer, f.Message)
	}
	if b.Len() == 0 {
		return "none"
	}
	return b.String()
}
