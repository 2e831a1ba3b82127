package validate

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/wirelint/wirelint/internal/casetest"
	"github.com/wirelint/wirelint/reduce"
)

// load writes files into a fresh project directory and loads the first one.
func load(t *testing.T, files map[string]string, first string) (*reduce.Workspace, *reduce.Document) {
	t.Helper()
	dir := casetest.WriteFiles(t, files)
	ws := reduce.NewWorkspace(filepath.Join(dir, "project"))
	doc, err := ws.Load(filepath.Join(dir, filepath.FromSlash(first)), "")
	if err != nil {
		t.Fatal(err)
	}
	return ws, doc
}

func value(t *testing.T, s string) any {
	t.Helper()
	v, err := decodeJSON([]byte(s))
	if err != nil {
		t.Fatalf("%s: %v", s, err)
	}
	return v
}

const oas30 = `openapi: 3.0.3
info: {title: t, version: "1"}
paths: {}
components:
  schemas:
    NullableString: {type: string, nullable: true}
    NullableEnum: {type: string, nullable: true, enum: [a, b]}
    NotNullable: {type: string, nullable: false}
    ExclusiveMin: {type: number, minimum: 5, exclusiveMinimum: true}
    InclusiveMin: {type: number, minimum: 5, exclusiveMinimum: false}
    ExclusiveMax: {type: integer, maximum: 10, exclusiveMaximum: true}
    Short: {type: string, maxLength: 3}
    RefWithSiblings: {$ref: '#/components/schemas/Short', maxLength: 1, nullable: true}
    HasRefProperty:
      type: object
      properties:
        $ref: {type: string}
      additionalProperties: false
    Closed:
      type: object
      properties: {a: {type: integer}}
      additionalProperties: false
    Lookbehind: {type: string, pattern: '(?<=a)b'}
    ControlEscape: {type: string, pattern: '^\cA$'}
    Catastrophic: {type: string, pattern: '^(a+)+$'}
    CatastrophicLookahead: {type: string, pattern: '^(?=a)(a+)+$'}
`

// TestOpenAPI30 pins the 3.0 meaning of nullable, boolean exclusive bounds,
// $ref siblings, a property named $ref, and ECMA-262 patterns.
func TestOpenAPI30(t *testing.T) {
	ws, doc := load(t, map[string]string{"project/openapi.yaml": oas30}, "project/openapi.yaml")
	set, err := Compile(ws, doc, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		def, instance string
		valid         bool
	}{
		{"NullableString", `null`, true},
		{"NullableString", `"x"`, true},
		{"NullableString", `1`, false},
		{"NullableEnum", `null`, false}, // 3.0.3: the enum still has to list null
		{"NullableEnum", `"a"`, true},
		{"NotNullable", `null`, false},
		{"ExclusiveMin", `5`, false},
		{"ExclusiveMin", `5.0001`, true},
		{"InclusiveMin", `5`, true},
		{"InclusiveMin", `4.99`, false},
		{"ExclusiveMax", `10`, false},
		{"ExclusiveMax", `9`, true},
		{"RefWithSiblings", `"abc"`, true}, // maxLength: 1 beside $ref is ignored
		{"RefWithSiblings", `"abcd"`, false},
		{"RefWithSiblings", `null`, false}, // so is nullable
		{"HasRefProperty", `{"$ref": "x"}`, true},
		{"HasRefProperty", `{"$ref": 1}`, false},
		{"Closed", `{"a": 1}`, true},
		{"Closed", `{"a": 1, "SMUGGLED": 1}`, false},
		{"Lookbehind", `"ab"`, true},
		{"Lookbehind", `"cb"`, false},
		{"ControlEscape", `"\u0001"`, true},
		{"ControlEscape", `"cA"`, false},
	} {
		sch, err := set.Schema("/components/schemas/" + tc.def)
		if err != nil {
			t.Fatalf("%s: %v", tc.def, err)
		}
		if res := sch.Validate(value(t, tc.instance)); res.Valid != tc.valid || res.Err != nil {
			t.Errorf("%s %s: valid = %v (err %v), want %v; failures %+v", tc.def, tc.instance, res.Valid, res.Err, tc.valid, res.Failures)
		}
	}
}

// TestFailurePointers pins the instance and schema pointers of a rejection,
// and that the schema pointer locates the keyword's line in the document.
func TestFailurePointers(t *testing.T) {
	ws, doc := load(t, map[string]string{"project/openapi.yaml": oas30}, "project/openapi.yaml")
	set, err := Compile(ws, doc, Options{})
	if err != nil {
		t.Fatal(err)
	}
	sch, err := set.Schema("/components/schemas/Closed")
	if err != nil {
		t.Fatal(err)
	}
	res := sch.Validate(value(t, `{"a": "one", "SMUGGLED": 1}`))
	if res.Valid || len(res.Failures) != 2 {
		t.Fatalf("want two failures, got %+v", res)
	}
	f := res.Failures[0]
	if f.InstancePointer != "" || f.SchemaPointer != "/components/schemas/Closed/additionalProperties" || f.Keyword != "additionalProperties" || f.Doc != doc {
		t.Errorf("first failure = %+v", f)
	}
	if line, _, _ := Locate(f.Doc, f.SchemaPointer); line != 22 {
		t.Errorf("additionalProperties located at line %d, want 22", line)
	}
	g := res.Failures[1]
	if g.InstancePointer != "/a" || g.SchemaPointer != "/components/schemas/Closed/properties/a/type" {
		t.Errorf("second failure = %+v", g)
	}
}

// TestMatchTimeout: a catastrophic pattern only the backtracking engine can
// run (a lookahead) reports an unknown result, not a verdict.
func TestMatchTimeout(t *testing.T) {
	ws, doc := load(t, map[string]string{"project/openapi.yaml": oas30}, "project/openapi.yaml")
	set, err := Compile(ws, doc, Options{MatchTimeout: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	sch, err := set.Schema("/components/schemas/CatastrophicLookahead")
	if err != nil {
		t.Fatal(err)
	}
	res := sch.Validate(strings.Repeat("a", 40) + "!")
	if !errors.Is(res.Err, ErrMatchTimeout) {
		t.Errorf("want ErrMatchTimeout, got %+v", res)
	}
	if _, known := sch.Valid(strings.Repeat("a", 40) + "!"); known {
		t.Error("Valid claims to know the answer after a timeout")
	}
}

// TestLinearEngine: a catastrophic pattern Go's regexp can spell gets an
// exact verdict under a timeout no backtracking match of it could meet (2^40
// steps), because it runs in linear time.
func TestLinearEngine(t *testing.T) {
	ws, doc := load(t, map[string]string{"project/openapi.yaml": oas30}, "project/openapi.yaml")
	set, err := Compile(ws, doc, Options{MatchTimeout: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	sch, err := set.Schema("/components/schemas/Catastrophic")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		in    string
		valid bool
	}{{strings.Repeat("a", 40) + "!", false}, {strings.Repeat("a", 40), true}, {"", false}} {
		valid, err := sch.Judge(c.in)
		if err != nil || valid != c.valid {
			t.Errorf("%q: got %v, %v; want %v, nil", c.in, valid, err, c.valid)
		}
	}
}

// TestEngineOf pins which engine runs a pattern: Go's regexp wherever the
// translation exists, regexp2 for lookaround, backreferences, Annex B syntax
// and repeats past RE2's bound.
func TestEngineOf(t *testing.T) {
	for _, c := range []struct {
		pattern string
		want    Engine
	}{
		{`^(a+)+$`, Linear},
		{`^\p{Letter}+\s\d$`, Linear},
		{`^[a-z]{2,8}$`, Linear},
		{`^(?<year>\d{4})-\k<year>$`, Backtracking},
		{`^(?=a)a+$`, Backtracking},
		{`(?<!x)y`, Backtracking},
		{`^(a)\1$`, Backtracking},
		{`^a{2000}$`, Backtracking},
		{`\a`, Backtracking}, // Annex B: u mode refuses it
	} {
		if got := EngineOf(c.pattern); got != c.want {
			t.Errorf("%q runs in %s, want %s", c.pattern, got, c.want)
		}
	}
}

// TestSwagger20 pins Swagger 2.0: #/definitions references, boolean bounds,
// type: file.
func TestSwagger20(t *testing.T) {
	ws, doc := load(t, map[string]string{"project/swagger.yaml": `swagger: "2.0"
info: {title: t, version: "1"}
paths: {}
definitions:
  Count: {type: integer, minimum: 0, exclusiveMinimum: true}
  Wrapper:
    type: object
    properties:
      count: {$ref: '#/definitions/Count', description: ignored}
  Upload: {type: file}
`}, "project/swagger.yaml")
	set, err := Compile(ws, doc, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		def, instance string
		valid         bool
	}{
		{"Wrapper", `{"count": 1}`, true},
		{"Wrapper", `{"count": 0}`, false},
		{"Upload", `"bytes"`, true},
	} {
		sch, err := set.Schema("/definitions/" + tc.def)
		if err != nil {
			t.Fatalf("%s: %v", tc.def, err)
		}
		if res := sch.Validate(value(t, tc.instance)); res.Valid != tc.valid {
			t.Errorf("%s %s: valid = %v, want %v", tc.def, tc.instance, res.Valid, tc.valid)
		}
	}
}

// TestReferences: another file inside the project is read (in the referring
// document's dialect); files outside it and URLs are refused with a
// SchemaError naming the reference.
func TestReferences(t *testing.T) {
	ws, doc := load(t, map[string]string{
		"project/api/openapi.yaml": `openapi: 3.0.3
info: {title: t, version: "1"}
paths: {}
components:
  schemas:
    Local: {$ref: 'parts/id.yaml#/Id'}
    Piece: {$ref: 'parts/name.yaml#/Name'}
    Outside: {$ref: '../../secret.yaml#/S'}
    Remote: {$ref: 'https://example.com/schema.json'}
    Missing: {$ref: 'parts/id.yaml#/Nope'}
`,
		"project/api/parts/id.yaml": "Id: {type: integer, nullable: true, minimum: 1, exclusiveMinimum: true}\ntype: object\n",
		// a piece of a split spec, no document on its own, in YAML
		"project/api/parts/name.yaml": "Name: {type: string, maxLength: 3, nullable: true}\n",
		"secret.yaml":                 "S: {type: string}\ntype: object\n",
	}, "project/api/openapi.yaml")
	set, err := Compile(ws, doc, Options{})
	if err != nil {
		t.Fatal(err)
	}
	local, err := set.Schema("/components/schemas/Local")
	if err != nil {
		t.Fatal(err)
	}
	for inst, want := range map[string]bool{`null`: true, `1`: false, `2`: true} {
		if res := local.Validate(value(t, inst)); res.Valid != want {
			t.Errorf("Local %s: valid = %v, want %v", inst, res.Valid, want)
		}
	}
	piece, err := set.Schema("/components/schemas/Piece")
	if err != nil {
		t.Fatal(err)
	}
	for inst, want := range map[string]bool{`"abc"`: true, `"abcd"`: false, `null`: true} {
		if res := piece.Validate(value(t, inst)); res.Valid != want {
			t.Errorf("Piece %s: valid = %v, want %v", inst, res.Valid, want)
		}
	}
	for def, want := range map[string]string{
		"Outside": "outside the project directory",
		"Remote":  "never fetches",
		"Missing": "does not exist",
	} {
		_, err := set.Schema("/components/schemas/" + def)
		var se *SchemaError
		if !errors.As(err, &se) || !strings.Contains(se.Msg, want) {
			t.Errorf("%s: err = %v, want a SchemaError saying %q", def, err, want)
		}
	}
}

// TestInvalidPattern: a pattern ECMA-262 refuses is listed with its position,
// leaves the rest of its document usable, and makes only the payloads that
// reach it unknown; PatternCheck can refuse what regexp2 would accept.
func TestInvalidPattern(t *testing.T) {
	ws, doc := load(t, map[string]string{"project/s.json": `{"$schema": "https://json-schema.org/draft/2020-12/schema",
"$defs": {
  "Bad": {"type": "object", "properties": {"id": {"type": "string", "pattern": "(?<name"}, "n": {"type": "integer"}}},
  "Good": {"type": "string", "pattern": "^a$"}}}`}, "project/s.json")
	set, err := Compile(ws, doc, Options{})
	if err != nil {
		t.Fatal(err)
	}
	probs := set.Problems()
	if len(probs) != 1 || probs[0].Pointer != "/$defs/Bad/properties/id/pattern" || probs[0].Pattern == nil || probs[0].Doc != doc {
		t.Fatalf("problems = %+v", probs)
	}
	if line, _, _ := Locate(doc, probs[0].Pointer); line != 3 {
		t.Errorf("pattern located at line %d, want 3", line)
	}
	bad, err := set.Schema("/$defs/Bad")
	if err != nil {
		t.Fatal(err)
	}
	if res := bad.Validate(value(t, `{"n": "x"}`)); res.Valid || res.Err != nil {
		t.Errorf("a payload that never reaches the pattern: %+v", res)
	}
	var pe *PatternError
	if res := bad.Validate(value(t, `{"id": "x"}`)); !errors.As(res.Err, &pe) {
		t.Errorf("a payload that reaches the pattern: %+v", res)
	}
	good, err := set.Schema("/$defs/Good")
	if err != nil {
		t.Fatal(err)
	}
	if !good.Validate("a").Valid {
		t.Error("Good rejects a")
	}
	strict, err := Compile(ws, doc, Options{PatternCheck: func(p string) error {
		if strings.HasPrefix(p, "^") {
			return errors.New("refused by the check")
		}
		return nil
	}})
	if err != nil {
		t.Fatal(err)
	}
	if probs := strict.Problems(); len(probs) != 2 {
		t.Fatalf("PatternCheck was not consulted: %+v", probs)
	}
}
