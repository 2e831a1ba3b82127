package parity

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wirelint/wirelint/internal/idref"
	"github.com/wirelint/wirelint/reduce"
	"github.com/wirelint/wirelint/report"
)

// equivalence is one pair of spellings parity must treat as the same
// contract. build returns the files of both sides, each with a leaf
// {type: string, maxLength: n} written where the spelling puts it: leaf(c)
// on the canonical side and leaf(m) on the mirror side.
type equivalence struct {
	name  string
	build func(leaf func(side string) map[string]any) (files map[string]any, canonical, mirror string)
}

func obj(kv ...any) map[string]any {
	m := map[string]any{}
	for i := 0; i+1 < len(kv); i += 2 {
		m[kv[i].(string)] = kv[i+1]
	}
	return m
}

func list(xs ...any) []any { return append([]any{}, xs...) }

const (
	d07  = "http://json-schema.org/draft-07/schema#"
	d202 = "https://json-schema.org/draft/2020-12/schema"
)

func jsonSchemaDoc(dialect string, defs map[string]any) map[string]any {
	container := "$defs"
	if dialect == d07 {
		container = "definitions"
	}
	return obj("$schema", dialect, container, defs)
}

func openAPIDoc(version string, defs map[string]any) map[string]any {
	return obj("openapi", version, "info", obj("title", "t", "version", "1"), "paths", obj(), "components", obj("schemas", defs))
}

// withLeaf is an object schema holding the leaf as property p.
func withLeaf(leaf map[string]any, extra ...any) map[string]any {
	s := obj("type", "object", "required", list("p"), "properties", obj("p", leaf))
	for i := 0; i+1 < len(extra); i += 2 {
		s[extra[i].(string)] = extra[i+1]
	}
	return s
}

var equivalences = []equivalence{
	{"anyOf-null-vs-3.0-nullable", func(leaf func(string) map[string]any) (map[string]any, string, string) {
		return map[string]any{
			"canonical.json": jsonSchemaDoc(d202, obj("T", obj("anyOf", list(withLeaf(leaf("c")), obj("type", "null"))))),
			"mirror.json":    openAPIDoc("3.0.3", obj("T", withLeaf(leaf("m"), "nullable", true))),
		}, "canonical.json", "mirror.json"
	}},
	{"oneOf-null-vs-3.1-type-list", func(leaf func(string) map[string]any) (map[string]any, string, string) {
		m := withLeaf(leaf("m"))
		m["type"] = list("object", "null")
		return map[string]any{
			"canonical.json": jsonSchemaDoc(d07, obj("T", obj("oneOf", list(obj("type", "null"), withLeaf(leaf("c")))))),
			"mirror.json":    openAPIDoc("3.1.0", obj("T", m)),
		}, "canonical.json", "mirror.json"
	}},
	{"anyOf-ref-null-vs-draft-type-list", func(leaf func(string) map[string]any) (map[string]any, string, string) {
		m := withLeaf(leaf("m"))
		m["type"] = list("null", "object")
		return map[string]any{
			"canonical.json": jsonSchemaDoc(d202, obj("X", withLeaf(leaf("c")), "T", obj("anyOf", list(obj("$ref", "#/$defs/X"), obj("type", "null"))))),
			"mirror.json":    jsonSchemaDoc(d07, obj("X", withLeaf(leaf("c")), "T", m)),
		}, "canonical.json", "mirror.json"
	}},
	{"anyOf-ref-null-vs-nullable-twin", func(leaf func(string) map[string]any) (map[string]any, string, string) {
		twin := withLeaf(leaf("m"))
		twin["type"] = list("object", "null")
		return map[string]any{
			"canonical.json": jsonSchemaDoc(d202, obj("X", withLeaf(leaf("c")), "T", obj("anyOf", list(obj("$ref", "#/$defs/X"), obj("type", "null"))))),
			"mirror.json":    openAPIDoc("3.1.0", obj("X", withLeaf(leaf("c")), "XNullable", twin, "T", obj("$ref", "#/components/schemas/XNullable"))),
		}, "canonical.json", "mirror.json"
	}},
	{"nullable-allOf-ref-vs-oneOf-null", func(leaf func(string) map[string]any) (map[string]any, string, string) {
		return map[string]any{
			"canonical.json": jsonSchemaDoc(d202, obj("X", withLeaf(leaf("c")), "T", obj("oneOf", list(obj("$ref", "#/$defs/X"), obj("type", "null"))))),
			"mirror.json":    openAPIDoc("3.0.3", obj("X", withLeaf(leaf("m")), "T", obj("nullable", true, "allOf", list(obj("$ref", "#/components/schemas/X"))))),
		}, "canonical.json", "mirror.json"
	}},
	{"one-branch-anyOf", func(leaf func(string) map[string]any) (map[string]any, string, string) {
		return map[string]any{
			"canonical.json": jsonSchemaDoc(d202, obj("T", obj("anyOf", list(withLeaf(leaf("c")))))),
			"mirror.json":    jsonSchemaDoc(d202, obj("T", withLeaf(leaf("m")))),
		}, "canonical.json", "mirror.json"
	}},
	{"one-branch-oneOf-nested", func(leaf func(string) map[string]any) (map[string]any, string, string) {
		return map[string]any{
			"canonical.json": jsonSchemaDoc(d202, obj("T", withLeaf(leaf("c")))),
			"mirror.json":    openAPIDoc("3.1.0", obj("T", obj("oneOf", list(obj("anyOf", list(withLeaf(leaf("m")))))))),
		}, "canonical.json", "mirror.json"
	}},
	{"nested-anyOf-through-ref", func(leaf func(string) map[string]any) (map[string]any, string, string) {
		return map[string]any{
			"canonical.json": jsonSchemaDoc(d202, obj("B", obj("type", "integer"), "T", obj("anyOf", list(obj("type", "boolean"), withLeaf(leaf("c")), obj("$ref", "#/$defs/B"))))),
			"mirror.json": openAPIDoc("3.1.0", obj("B", obj("type", "integer"),
				"XorB", obj("anyOf", list(withLeaf(leaf("m")), obj("$ref", "#/components/schemas/B"))),
				"T", obj("anyOf", list(obj("type", "boolean"), obj("$ref", "#/components/schemas/XorB"))))),
		}, "canonical.json", "mirror.json"
	}},
	{"nested-anyOf-inline", func(leaf func(string) map[string]any) (map[string]any, string, string) {
		return map[string]any{
			"canonical.json": jsonSchemaDoc(d202, obj("T", obj("anyOf", list(obj("anyOf", list(obj("type", "boolean"), withLeaf(leaf("c")))), obj("type", "integer"))))),
			"mirror.json":    jsonSchemaDoc(d202, obj("T", obj("anyOf", list(obj("type", "integer"), withLeaf(leaf("m")), obj("type", "boolean"))))),
		}, "canonical.json", "mirror.json"
	}},
	{"nested-oneOf-disjoint-types", func(leaf func(string) map[string]any) (map[string]any, string, string) {
		return map[string]any{
			"canonical.json": jsonSchemaDoc(d202, obj("T", obj("oneOf", list(obj("type", "integer"), withLeaf(leaf("c")), obj("type", "boolean"))))),
			"mirror.json": openAPIDoc("3.1.0", obj("ObjOrBool", obj("oneOf", list(withLeaf(leaf("m")), obj("type", "boolean"))),
				"T", obj("oneOf", list(obj("type", "integer"), obj("$ref", "#/components/schemas/ObjOrBool"))))),
		}, "canonical.json", "mirror.json"
	}},
	{"nested-oneOf-disjoint-const", func(leaf func(string) map[string]any) (map[string]any, string, string) {
		kind := func(k string, extra map[string]any) map[string]any {
			s := obj("type", "object", "required", list("kind"), "properties", obj("kind", obj("const", k)))
			for name, v := range extra {
				s["properties"].(map[string]any)[name] = v
			}
			return s
		}
		return map[string]any{
			"canonical.json": jsonSchemaDoc(d202, obj("T", obj("oneOf", list(kind("a", nil), kind("b", obj("p", leaf("c"))), kind("c", nil))))),
			"mirror.json": jsonSchemaDoc(d202, obj("T", obj("oneOf", list(kind("a", nil),
				obj("oneOf", list(kind("c", nil), kind("b", obj("p", leaf("m"))))))))),
		}, "canonical.json", "mirror.json"
	}},
	{"allOf-ref-and-part-vs-flat", func(leaf func(string) map[string]any) (map[string]any, string, string) {
		return map[string]any{
			"canonical.json": jsonSchemaDoc(d202, obj("T", obj("type", "object", "required", list("p", "name"),
				"properties", obj("p", leaf("c"), "name", obj("type", "string"))))),
			"mirror.json": openAPIDoc("3.1.0", obj("Base", obj("type", "object", "properties", obj("p", leaf("m"))),
				"T", obj("allOf", list(obj("$ref", "#/components/schemas/Base"),
					obj("type", "object", "required", list("name", "p"), "properties", obj("name", obj("type", "string"))))))),
		}, "canonical.json", "mirror.json"
	}},
	{"allOf-inline-parts-vs-flat", func(leaf func(string) map[string]any) (map[string]any, string, string) {
		return map[string]any{
			"canonical.json": jsonSchemaDoc(d07, obj("T", obj("allOf", list(obj("required", list("p")), obj("type", "object", "properties", obj("p", leaf("c")), "minProperties", 1), obj("minProperties", 2))))),
			"mirror.json":    openAPIDoc("3.0.3", obj("T", withLeaf(leaf("m"), "minProperties", 2))),
		}, "canonical.json", "mirror.json"
	}},
	{"allOf-parts-constrain-one-property", func(leaf func(string) map[string]any) (map[string]any, string, string) {
		// both parts constrain p (STAC's asset and basics.json both give
		// title a schema): p is the conjunction of the two
		return map[string]any{
			"canonical.json": jsonSchemaDoc(d07, obj("T", obj("type", "object", "properties", obj("p", with(leaf("c"), "minLength", 1))))),
			"mirror.json": openAPIDoc("3.0.3", obj("T", obj("allOf", list(
				obj("type", "object", "properties", obj("p", obj("type", "string", "minLength", 1, "title", "P"))),
				obj("properties", obj("p", leaf("m"))))))),
		}, "canonical.json", "mirror.json"
	}},
	{"const-vs-typed-enum", func(leaf func(string) map[string]any) (map[string]any, string, string) {
		// STAC's catalog.json says type: {const: Catalog}, its OpenAPI
		// {type: string, enum: [Catalog]}: the type adds nothing
		return map[string]any{
			"canonical.json": jsonSchemaDoc(d07, obj("T", obj("type", "object", "properties", obj("k", obj("const", "Catalog"), "n", obj("enum", list(1, 2)), "p", leaf("c"))))),
			"mirror.json":    openAPIDoc("3.0.3", obj("T", obj("type", "object", "properties", obj("k", obj("type", "string", "enum", list("Catalog")), "n", obj("type", "integer", "enum", list(1, 2)), "p", leaf("m"))))),
		}, "canonical.json", "mirror.json"
	}},
	{"ref-with-siblings-3.1", func(leaf func(string) map[string]any) (map[string]any, string, string) {
		return map[string]any{
			"canonical.json": jsonSchemaDoc(d202, obj("T", withLeaf(leaf("c"), "maxProperties", 4))),
			"mirror.json": openAPIDoc("3.1.0", obj("Base", withLeaf(leaf("m")),
				"T", obj("$ref", "#/components/schemas/Base", "maxProperties", 4))),
		}, "canonical.json", "mirror.json"
	}},
	{"file-root-ref-and-hash", func(leaf func(string) map[string]any) (map[string]any, string, string) {
		root := withLeaf(leaf("c"))
		root["$schema"] = d07
		root["properties"].(map[string]any)["self"] = obj("$ref", "#")
		m := withLeaf(leaf("m"))
		m["properties"].(map[string]any)["self"] = obj("$ref", "#/components/schemas/T")
		return map[string]any{
			"t.schema.json":  root,
			"canonical.json": jsonSchemaDoc(d07, obj("T", obj("$ref", "t.schema.json"))),
			"mirror.json":    openAPIDoc("3.0.3", obj("T", m)),
		}, "canonical.json", "mirror.json"
	}},
	{"file-root-ref-with-hash-fragment", func(leaf func(string) map[string]any) (map[string]any, string, string) {
		root := withLeaf(leaf("c"))
		root["$schema"] = d07
		return map[string]any{
			"t.schema.json":  root,
			"canonical.json": jsonSchemaDoc(d07, obj("U", obj("type", "object", "properties", obj("t", obj("$ref", "./t.schema.json#"))), "T", obj("$ref", "t.schema.json"))),
			"mirror.json":    openAPIDoc("3.0.3", obj("T", withLeaf(leaf("m")), "U", obj("type", "object", "properties", obj("t", obj("$ref", "#/components/schemas/T"))))),
		}, "canonical.json", "mirror.json"
	}},
}

// constrainNothing lists keywords whose value constrains nothing: each is
// added to the mirror's leaf and must compare equal to its absence.
var constrainNothing = map[string]any{
	"properties":        obj(),
	"patternProperties": obj(),
	"required":          list(),
	"dependentRequired": obj(),
	"dependentSchemas":  obj(),
	"items":             obj(),
	"additionalItems":   true,
	"minContains":       1,
	"pattern":           "",
	"minLength":         0,
	"uniqueItems":       false,
	"type":              list("string", "number", "object", "array", "boolean", "null"),
}

// TestEquivalencesSilentAndPrecise builds, for every equivalence, an equal
// pair (which must give no finding) and a pair whose leaf maxLength differs
// (which must give exactly one parity/keyword finding, at that maxLength,
// located in both documents).
// with returns m with the extra members kv (name, value, ...) added.
func with(m map[string]any, kv ...any) map[string]any {
	for i := 0; i+1 < len(kv); i += 2 {
		m[kv[i].(string)] = kv[i+1]
	}
	return m
}

func TestEquivalencesSilentAndPrecise(t *testing.T) {
	cases := append([]equivalence{}, equivalences...)
	for name, v := range constrainNothing {
		cases = append(cases, equivalence{"constrain-nothing-" + name, func(leaf func(string) map[string]any) (map[string]any, string, string) {
			m := leaf("m")
			if name == "type" {
				// the leaf's own type would intersect; put the keyword beside it
				m = obj("allOf", list(m, obj("type", v)))
			} else {
				m[name] = v
			}
			return map[string]any{
				"canonical.json": jsonSchemaDoc(d07, obj("T", withLeaf(leaf("c")))),
				"mirror.json":    jsonSchemaDoc(d07, obj("T", withLeaf(m))),
			}, "canonical.json", "mirror.json"
		}})
	}
	for _, eq := range cases {
		t.Run(eq.name, func(t *testing.T) {
			equal := runEquivalence(t, eq, 64, 64)
			if len(equal) != 0 {
				t.Errorf("equal pair gave findings:%s", dump(equal))
			}
			fs := runEquivalence(t, eq, 64, 128)
			if len(fs) != 1 {
				t.Fatalf("leaf differs: want exactly one finding, got %d:%s", len(fs), dump(fs))
			}
			f := fs[0]
			if f.Rule != RuleKeyword || !strings.HasSuffix(f.Pointer, "/p/maxLength") {
				t.Errorf("finding is not at the leaf: %s", dump(fs))
			}
			checkLocated(t, f)
			for _, l := range f.Locations {
				if !strings.HasSuffix(l.Pointer, "/maxLength") {
					t.Errorf("%s: location %s#%s is not the maxLength key", f.Message, l, l.Pointer)
				}
			}
		})
	}
}

// runEquivalence writes eq's files with canonical leaf maxLength c and mirror
// leaf maxLength m, and returns parity's findings other than mirror-only
// definitions (the spellings may need helper definitions).
func runEquivalence(t *testing.T, eq equivalence, c, m int) []report.Finding {
	t.Helper()
	leaf := func(side string) map[string]any {
		if side == "c" {
			return obj("type", "string", "maxLength", c)
		}
		return obj("type", "string", "maxLength", m)
	}
	files, canonical, mirror := eq.build(leaf)
	dir := t.TempDir()
	for name, doc := range files {
		b, err := json.MarshalIndent(doc, "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ws := reduce.NewWorkspace(dir)
	cd, err := ws.Load(filepath.Join(dir, canonical), canonical)
	if err != nil {
		t.Fatal(err)
	}
	md, err := ws.Load(filepath.Join(dir, mirror), mirror)
	if err != nil {
		t.Fatal(err)
	}
	var out []report.Finding
	for _, f := range Check(idref.NewResolver(ws, idref.Options{}), cd, md, Options{}).Findings {
		if f.Rule != RuleMirrorOnly && f.Rule != RuleUnsupported {
			out = append(out, f)
		}
	}
	return out
}

// TestNonEquivalencesStayReported pins the limits of the algebra: a nested
// oneOf whose branches overlap is not flattened, an allOf whose parts
// constrain one property differently is not merged (and its finding says
// so), and a union of X and null is not X.
func TestNonEquivalencesStayReported(t *testing.T) {
	leafless := func(canonical, mirror map[string]any) equivalence {
		return equivalence{"", func(func(string) map[string]any) (map[string]any, string, string) {
			return map[string]any{"canonical.json": canonical, "mirror.json": mirror}, "canonical.json", "mirror.json"
		}}
	}
	req := func(p string) map[string]any { return obj("type", "object", "required", list(p)) }
	// a comparison that could not see a part warns rather than errs
	warns := map[string]bool{"unresolved-allOf-part": true}
	// ... but a keyword the seen parts set and the other side lacks holds
	// whatever the unseen part says: still an error
	errs := map[string]bool{"unresolved-part-evident": true}
	for _, tc := range []struct {
		name string
		eq   equivalence
		want string
	}{
		{"overlapping-nested-oneOf", leafless(
			jsonSchemaDoc(d202, obj("T", obj("oneOf", list(req("a"), req("b"), obj("type", "string"))))),
			jsonSchemaDoc(d202, obj("T", obj("oneOf", list(obj("oneOf", list(req("a"), req("b"))), obj("type", "string")))))), "oneOf"},
		{"conflicting-allOf-parts", leafless(
			jsonSchemaDoc(d202, obj("T", obj("type", "object", "properties", obj("a", obj("type", "string", "pattern", "^a"))))),
			jsonSchemaDoc(d202, obj("T", obj("allOf", list(obj("type", "object", "properties", obj("a", obj("type", "string", "pattern", "^a"))),
				obj("properties", obj("a", obj("pattern", "b$")))))))), "do not merge exactly"},
		{"unresolved-allOf-part", leafless(
			jsonSchemaDoc(d202, obj("T", obj("type", "object", "required", list("a")))),
			jsonSchemaDoc(d202, obj("T", obj("allOf", list(obj("$ref", "missing.json"), obj("type", "object")))))), "does not resolve (missing.json)"},
		{"unresolved-part-evident", leafless(
			jsonSchemaDoc(d202, obj("T", obj("allOf", list(obj("$ref", "missing.json"), obj("type", "object", "required", list("a")))))),
			jsonSchemaDoc(d202, obj("T", obj("type", "object")))), "required is"},
		{"enum-filtered-by-type", leafless(
			jsonSchemaDoc(d202, obj("T", obj("enum", list("a", 1)))),
			jsonSchemaDoc(d202, obj("T", obj("type", "string", "enum", list("a", 1))))), `type is absent`},
		{"nullable-lost", leafless(
			jsonSchemaDoc(d202, obj("T", obj("anyOf", list(obj("type", "string"), obj("type", "null"))))),
			jsonSchemaDoc(d202, obj("T", obj("type", "string")))), `lacks ["null"]`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fs := runEquivalence(t, tc.eq, 0, 0)
			found := false
			for _, f := range fs {
				checkLocated(t, f)
				if strings.Contains(f.Message, tc.want) {
					found = true
				}
				if warns[tc.name] && f.Severity != report.SeverityWarning {
					t.Errorf("%s: severity %s, want warning", f.Message, f.Severity)
				}
				if errs[tc.name] && f.Severity != report.SeverityError {
					t.Errorf("%s: severity %s, want error", f.Message, f.Severity)
				}
			}
			if !found {
				t.Errorf("want a finding saying %q, got:%s", tc.want, dump(fs))
			}
		})
	}
}

// TestAllOfConditionalsPairByContent pins the split merge: an allOf whose
// parts each hold an if/then/else rule (STAC 1.1's item: the collection rule
// and a new bands rule) against a copy holding only one of them is one
// finding naming the rule the copy lacks, whichever part holds which; the
// same rules on both sides are silent.
func TestAllOfConditionalsPairByContent(t *testing.T) {
	rule := func(a, b string) map[string]any {
		return obj("if", obj("required", list(a)), "then", obj("required", list(b)))
	}
	flat := func(a, b string) map[string]any {
		s := rule(a, b)
		s["type"] = "object"
		return s
	}
	for _, tc := range []struct {
		name      string
		canonical map[string]any
		mirror    map[string]any
		want      string // "" for silent
	}{
		{"extra-rule-second", obj("T", obj("type", "object", "allOf", list(rule("a", "b"), rule("c", "d")))), obj("T", flat("a", "b")), `{"required":["c"]}`},
		{"extra-rule-first", obj("T", obj("type", "object", "allOf", list(rule("c", "d"), rule("a", "b")))), obj("T", flat("a", "b")), `{"required":["c"]}`},
		{"mirror-extra-rule", obj("T", flat("a", "b")), obj("T", obj("allOf", list(flat("a", "b"), rule("c", "d")))), `{"required":["c"]}`},
		{"no-rule-on-the-other-side", obj("T", obj("type", "object", "allOf", list(rule("a", "b"), rule("c", "d")))), obj("T", obj("type", "object")), `{"required":["a"]}|{"required":["c"]}`},
		{"same-rules", obj("T", obj("type", "object", "allOf", list(rule("a", "b"), rule("c", "d")))),
			obj("T", obj("type", "object", "allOf", list(rule("c", "d"), rule("a", "b")))), ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			eq := equivalence{"", func(func(string) map[string]any) (map[string]any, string, string) {
				return map[string]any{"canonical.json": jsonSchemaDoc(d202, tc.canonical), "mirror.json": jsonSchemaDoc(d202, tc.mirror)}, "canonical.json", "mirror.json"
			}}
			fs := runEquivalence(t, eq, 0, 0)
			if tc.want == "" {
				if len(fs) != 0 {
					t.Fatalf("want silence, got:%s", dump(fs))
				}
				return
			}
			wants := strings.Split(tc.want, "|")
			if len(fs) != len(wants) {
				t.Fatalf("want %d findings naming the rules %s, got:%s", len(wants), tc.want, dump(fs))
			}
			for i, w := range wants {
				if !strings.Contains(fs[i].Message, "also requires") || !strings.Contains(fs[i].Message, w) {
					t.Errorf("finding %d: want the rule %s, got:%s", i, w, dump(fs))
				}
				checkLocated(t, fs[i])
			}
		})
	}
}

// TestUnionOnlyAbsentIsOneFinding pins the one-cause rule for a union one
// side lacks while agreeing with everything beside it (SARIF 2.1.0's region
// requires anyOf startLine, charOffset or byteOffset; the SDK's copy has no
// anyOf): one finding naming the keyword, from either side; when the rest
// differs too, the branches are paired as before.
func TestUnionOnlyAbsentIsOneFinding(t *testing.T) {
	region := func(extra ...any) map[string]any {
		s := obj("type", "object", "properties", obj("startLine", obj("type", "integer"), "charOffset", obj("type", "integer")))
		for i := 0; i+1 < len(extra); i += 2 {
			s[extra[i].(string)] = extra[i+1]
		}
		return s
	}
	anyOf := list(obj("required", list("startLine")), obj("required", list("charOffset")))
	for _, tc := range []struct {
		name              string
		canonical, mirror map[string]any
		want              []string
	}{
		{"canonical-union", region("anyOf", anyOf), region(), []string{"anyOf is 2 schemas in canonical.json but absent in mirror.json"}},
		{"mirror-union", region(), region("anyOf", anyOf), []string{"anyOf is absent in canonical.json but 2 schemas in mirror.json"}},
		{"rest-differs-too", region("anyOf", anyOf), region("minProperties", 1), nil},
		// OSV's event: each kind required alone, the copy declaring them all
		{"branches-folded", obj("type", "object", "oneOf", list(
			obj("properties", obj("introduced", obj("type", "string")), "required", list("introduced")),
			obj("properties", obj("fixed", obj("type", "string")), "required", list("fixed")))),
			obj("type", "object", "properties", obj("introduced", obj("type", "string"), "fixed", obj("type", "string"))),
			[]string{"oneOf is 2 schemas in canonical.json but absent in mirror.json"}},
		{"branches-folded-differently", obj("type", "object", "oneOf", list(
			obj("properties", obj("introduced", obj("type", "string")), "required", list("introduced")),
			obj("properties", obj("fixed", obj("type", "string")), "required", list("fixed")))),
			obj("type", "object", "properties", obj("introduced", obj("type", "integer"), "fixed", obj("type", "string"))), nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			eq := equivalence{"", func(func(string) map[string]any) (map[string]any, string, string) {
				return map[string]any{"canonical.json": jsonSchemaDoc(d202, obj("T", tc.canonical)), "mirror.json": jsonSchemaDoc(d202, obj("T", tc.mirror))}, "canonical.json", "mirror.json"
			}}
			fs := runEquivalence(t, eq, 0, 0)
			if tc.want == nil {
				if len(fs) < 2 {
					t.Fatalf("want the branches paired (several findings), got:%s", dump(fs))
				}
				return
			}
			if len(fs) != len(tc.want) {
				t.Fatalf("want %d findings, got:%s", len(tc.want), dump(fs))
			}
			for i, w := range tc.want {
				if !strings.Contains(fs[i].Message, w) {
					t.Errorf("want %q, got:%s", w, dump(fs))
				}
				checkLocated(t, fs[i])
			}
		})
	}
}
