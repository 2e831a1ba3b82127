package fix

import (
	"strings"
	"testing"

	"github.com/wirelint/wirelint/reduce"
	"github.com/wirelint/wirelint/report"
)

// The canonical side every case copies from: one value of each shape.
const canonicalJSON = `{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "$defs": {
    "A": {
      "type": "object",
      "additionalProperties": false,
      "maxLength": 64,
      "pattern": "^a: b #c$",
      "enum": ["x", "y: z", "true"],
      "required": ["id", "name"],
      "description": "Line one.\nLine two."
    }
  }
}`

// TestEdits pins each edit on each spelling of the mirror: the result is
// exactly the input with the intended bytes changed, and parses to the
// canonical's value there.
func TestEdits(t *testing.T) {
	canonical, err := newSource("c.json", []byte(canonicalJSON))
	if err != nil {
		t.Fatal(err)
	}
	value := func(kw string) *reduce.Node {
		m, ok := canonical.lookupMember("/$defs/A/" + kw)
		if !ok {
			t.Fatalf("no %s in the canonical", kw)
		}
		return m.value
	}
	for _, c := range []struct {
		name, file, in, op, pointer, kw, want string
	}{
		{"yaml block: insert before the first key, comments kept", "m.yaml",
			"components:\n  schemas:\n    A:\n      # the frame\n      type: object  # kind\n",
			"insert", "/components/schemas/A", "additionalProperties",
			"components:\n  schemas:\n    A:\n      # the frame\n      additionalProperties: false\n      type: object  # kind\n"},
		{"yaml block under a sequence dash", "m.yaml",
			"items:\n  - type: string\n    format: uuid\n",
			"insert", "/items/0", "maxLength",
			"items:\n  - maxLength: 64\n    type: string\n    format: uuid\n"},
		{"yaml flow mapping", "m.yaml",
			"A: {type: string}\n", "insert", "/A", "maxLength", "A: {maxLength: 64, type: string}\n"},
		{"yaml: a string that needs quotes", "m.yaml",
			"A:\n  type: string\n", "insert", "/A", "pattern", "A:\n  pattern: \"^a: b #c$\"\n  type: string\n"},
		{"yaml: an enum of strings, quoted where plain would change them", "m.yaml",
			"A:\n  type: string\n", "insert", "/A", "enum", "A:\n  enum: [x, \"y: z\", \"true\"]\n  type: string\n"},
		{"yaml: set a scalar, its comment kept", "m.yaml",
			"A:\n  maxLength: 128  # was larger\n  type: string\n", "set", "/A/maxLength", "maxLength",
			"A:\n  maxLength: 64  # was larger\n  type: string\n"},
		{"yaml: set a block sequence, kept a block sequence", "m.yaml",
			"A:\n  required:\n    - id\n  type: object\n", "set", "/A/required", "required",
			"A:\n  required:\n    - id\n    - name\n  type: object\n"},
		{"yaml: set a flow sequence", "m.yaml",
			"A:\n  required: [id]\n  type: object\n", "set", "/A/required", "required",
			"A:\n  required: [id, name]\n  type: object\n"},
		{"yaml: remove a line", "m.yaml",
			"A:\n  type: string\n  maxLength: 128\n  format: uuid\n", "remove", "/A/maxLength", "",
			"A:\n  type: string\n  format: uuid\n"},
		{"yaml: remove a block value with its lines", "m.yaml",
			"A:\n  type: object\n  required:\n    - id\n  format: x\n", "remove", "/A/required", "",
			"A:\n  type: object\n  format: x\n"},
		{"json pretty: insert on a line of its own", "m.json",
			"{\n  \"A\": {\n    \"type\": \"string\"\n  }\n}\n", "insert", "/A", "maxLength",
			"{\n  \"A\": {\n    \"maxLength\": 64,\n    \"type\": \"string\"\n  }\n}\n"},
		{"json compact: insert on the same line", "m.json",
			"{\"A\": {\"type\": \"string\"}}", "insert", "/A", "pattern", "{\"A\": {\"pattern\": \"^a: b #c$\", \"type\": \"string\"}}"},
		{"json: insert into an empty object", "m.json",
			"{\"A\": {}}", "insert", "/A", "maxLength", "{\"A\": {\"maxLength\": 64}}"},
		{"json: set", "m.json",
			"{\"A\": {\"maxLength\": 128, \"type\": \"string\"}}", "set", "/A/maxLength", "maxLength", "{\"A\": {\"maxLength\": 64, \"type\": \"string\"}}"},
		{"json: remove a middle member with its line", "m.json",
			"{\n  \"A\": {\n    \"type\": \"string\",\n    \"maxLength\": 128,\n    \"format\": \"uuid\"\n  }\n}\n", "remove", "/A/maxLength", "",
			"{\n  \"A\": {\n    \"type\": \"string\",\n    \"format\": \"uuid\"\n  }\n}\n"},
		{"json: remove the last member and the comma before it", "m.json",
			"{\n  \"A\": {\n    \"type\": \"string\",\n    \"maxLength\": 128\n  }\n}\n", "remove", "/A/maxLength", "",
			"{\n  \"A\": {\n    \"type\": \"string\"\n  }\n}\n"},
		{"json: remove from one line", "m.json",
			"{\"A\": {\"maxLength\": 128, \"type\": \"string\"}}", "remove", "/A/maxLength", "", "{\"A\": {\"type\": \"string\"}}"},
	} {
		t.Run(c.name, func(t *testing.T) {
			c.in, c.want = asDocument(c.file, c.in), asDocument(c.file, c.want)
			s, err := newSource(c.file, []byte(c.in))
			if err != nil {
				t.Fatal(err)
			}
			var e Edit
			switch c.op {
			case "insert":
				e, err = s.insert(reduce.Lookup(s.doc.Root, c.pointer), c.kw, value(c.kw))
			case "set":
				m, ok := s.lookupMember(c.pointer)
				if !ok {
					t.Fatalf("no member at %s", c.pointer)
				}
				e, err = s.set(m, value(c.kw))
			case "remove":
				m, ok := s.lookupMember(c.pointer)
				if !ok {
					t.Fatalf("no member at %s", c.pointer)
				}
				e, err = s.remove(m)
			}
			if err != nil {
				t.Fatal(err)
			}
			got, err := Apply([]byte(c.in), []Edit{e})
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != c.want {
				t.Fatalf("got\n%s\nwant\n%s", got, c.want)
			}
			// The result parses, and holds the canonical's value.
			after, err := newSource(c.file, got)
			if err != nil {
				t.Fatalf("the result does not parse: %v\n%s", err, got)
			}
			if c.op == "remove" {
				return
			}
			at := c.pointer
			if c.op == "insert" {
				at += "/" + c.kw
			}
			m, ok := after.lookupMember(at)
			if !ok || !sameValue(m.value, value(c.kw)) {
				t.Errorf("the result does not hold the canonical %s at %s:\n%s", c.kw, at, got)
			}
		})
	}
}

// asDocument makes text an OpenAPI document by an openapi key in front, so
// it loads; the edits under test are below it.
func asDocument(file, text string) string {
	if strings.HasSuffix(file, ".json") {
		return `{"openapi": "3.1.0",` + strings.TrimPrefix(text, "{")
	}
	return "openapi: 3.1.0\n" + text
}

// sameValue compares two nodes as JSON values.
func sameValue(a, b *reduce.Node) bool {
	return quote(strings.TrimSpace(renderPlain(a))) == quote(strings.TrimSpace(renderPlain(b)))
}

func renderPlain(n *reduce.Node) string {
	s := &source{doc: &reduce.Document{Format: "json"}}
	text, err := s.render(n)
	if err != nil {
		return "<" + err.Error() + ">"
	}
	return text
}

// TestUnsafeEditsRefused pins that what cannot be edited safely gets no edit:
// the only key of a block mapping (removing it would leave null), and a
// plain scalar spanning lines.
func TestUnsafeEditsRefused(t *testing.T) {
	s, err := newSource("m.yaml", []byte("openapi: 3.1.0\nA:\n  maxLength: 1\nB:\n  description: a\n    b\n  type: string\n"))
	if err != nil {
		t.Fatal(err)
	}
	m, _ := s.lookupMember("/A/maxLength")
	if _, err := s.remove(m); err == nil {
		t.Error("removing a mapping's only key gave an edit")
	}
	m, _ = s.lookupMember("/B/description")
	if _, err := s.valueEnd(m.value, s.nodeStart(m.key)); err == nil {
		t.Error("a multi-line plain scalar got an extent")
	}
}

// TestPlanDescription pins the description copy on a literal block: it stays
// a literal block at the same indentation.
func TestPlanDescription(t *testing.T) {
	files := map[string]string{
		"c.json": canonicalJSON,
		"m.yaml": "openapi: 3.1.0\ncomponents:\n  schemas:\n    A:\n      description: |\n        Line one.\n        Line 2.\n      type: object\n",
	}
	read := func(p string) ([]byte, error) { return []byte(files[p]), nil }
	f := report.Finding{Rule: "description/drift", Pointer: "/description", Locations: []report.Location{
		{File: "c.json", Pointer: "/$defs/A/description"}, {File: "m.yaml", Pointer: "/components/schemas/A/description"}}}
	fixes, skipped := Plan([]report.Finding{f}, read, TowardsCanonical)
	if len(fixes) != 1 || len(skipped) != 0 {
		t.Fatalf("fixes %v, skipped %v", fixes, skipped)
	}
	got, err := Apply([]byte(files["m.yaml"]), fixes[0].Edits)
	if err != nil {
		t.Fatal(err)
	}
	want := "openapi: 3.1.0\ncomponents:\n  schemas:\n    A:\n      description: |-\n        Line one.\n        Line two.\n      type: object\n"
	if string(got) != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
	// A keyword spelt per dialect is not copied.
	f = report.Finding{Rule: "parity/keyword", Pointer: "/type", Locations: f.Locations}
	if fixes, skipped := Plan([]report.Finding{f}, read, TowardsCanonical); len(fixes) != 0 || len(skipped) != 1 {
		t.Errorf("type was fixed: %v %v", fixes, skipped)
	}
}

// TestDiff pins the unified diff: hunks with three lines of context, the
// changed lines only, line numbers shifted by earlier hunks.
func TestDiff(t *testing.T) {
	var in strings.Builder
	for i := 1; i <= 20; i++ {
		in.WriteString("l" + string(rune('a'+i)) + "\n")
	}
	data := []byte(in.String())
	edits := []Edit{
		{File: "f", Start: 3, End: 3, Text: "new\n"},  // before line 2
		{File: "f", Start: 45, End: 48, Text: "LX\n"}, // line 16 replaced
	}
	got, err := Diff("f", data, edits)
	if err != nil {
		t.Fatal(err)
	}
	want := "--- a/f\n+++ b/f\n@@ -1,5 +1,6 @@\n lb\n+new\n lc\n ld\n le\n lf\n@@ -13,7 +14,7 @@\n ln\n lo\n lp\n-lq\n+LX\n lr\n ls\n lt\n"
	if got != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
}

// TestPlanMissingDefinition pins the copy of a missing definition: appended
// to the mirror's definitions at their indentation, local $refs re-pointed,
// and spelt in the mirror's dialect (OpenAPI 3.0: nullable, one-value enum,
// boolean exclusive bound; "n", which YAML 1.1 reads as false, quoted); in
// JSON at the container's indentation. What 3.0 cannot say is not copied.
func TestPlanMissingDefinition(t *testing.T) {
	canonical := `{"$schema": "https://json-schema.org/draft/2020-12/schema",
 "$defs": {
   "A": {"type": "object"},
   "B": {"type": ["string", "null"], "const": "x", "description": "a: b"},
   "C": {"type": "object", "required": ["n"], "properties": {"n": {"type": "number", "exclusiveMinimum": 0}, "a": {"$ref": "#/$defs/A"}},
         "allOf": [{"$ref": "#/$defs/A"}, {"title": "t"}]},
   "T": {"type": "array", "prefixItems": [{"type": "string"}]}
 }}`
	files := map[string]string{
		"c.json": canonical,
		"m.yaml": "openapi: 3.0.3\ninfo: {title: t, version: \"1\"}\npaths: {}\ncomponents:\n    schemas:\n        A:\n            type: object\n# end\n",
		"m.json": "{\n  \"openapi\": \"3.1.0\",\n  \"info\": {\"title\": \"t\", \"version\": \"1\"},\n  \"paths\": {},\n  \"components\": {\n    \"schemas\": {\n      \"A\": {\n        \"type\": \"object\"\n      }\n    }\n  }\n}\n",
	}
	read := func(p string) ([]byte, error) { return []byte(files[p]), nil }
	missing := func(name, mirror, container string) report.Finding {
		return report.Finding{Rule: "parity/missing-definition", Definition: name, Locations: []report.Location{
			{File: "c.json", Pointer: "/$defs/" + name}, {File: mirror, Pointer: container}}}
	}
	fixes, skipped := Plan([]report.Finding{missing("B", "m.yaml", "/components/schemas"), missing("C", "m.yaml", "/components/schemas"), missing("T", "m.yaml", "/components/schemas")}, read, TowardsCanonical)
	if len(fixes) != 2 || len(skipped) != 1 || !strings.Contains(skipped[0].Reason, "prefixItems has no spelling in OpenAPI 3.0") {
		t.Fatalf("fixes %d, skipped %+v", len(fixes), skipped)
	}
	got, err := Apply([]byte(files["m.yaml"]), append(fixes[0].Edits, fixes[1].Edits...))
	if err != nil {
		t.Fatal(err)
	}
	want := "openapi: 3.0.3\ninfo: {title: t, version: \"1\"}\npaths: {}\ncomponents:\n    schemas:\n        A:\n            type: object\n" +
		"        B:\n            type: string\n            nullable: true\n            enum: [x]\n            description: \"a: b\"\n" +
		"        C:\n            type: object\n            required: [\"n\"]\n            properties:\n                \"n\":\n                    type: number\n" +
		"                    minimum: 0\n                    exclusiveMinimum: true\n                a:\n                    $ref: \"#/components/schemas/A\"\n" +
		"            allOf:\n                - $ref: \"#/components/schemas/A\"\n                - title: t\n# end\n"
	if string(got) != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
	if _, err := newSource("m.yaml", got); err != nil {
		t.Fatalf("the result does not load: %v", err)
	}

	fixes, skipped = Plan([]report.Finding{missing("B", "m.json", "/components/schemas")}, read, TowardsCanonical)
	if len(fixes) != 1 || len(skipped) != 0 {
		t.Fatalf("json: fixes %v, skipped %v", fixes, skipped)
	}
	got, err = Apply([]byte(files["m.json"]), fixes[0].Edits)
	if err != nil {
		t.Fatal(err)
	}
	want = "{\n  \"openapi\": \"3.1.0\",\n  \"info\": {\"title\": \"t\", \"version\": \"1\"},\n  \"paths\": {},\n  \"components\": {\n    \"schemas\": {\n      \"A\": {\n        \"type\": \"object\"\n      },\n" +
		"      \"B\": {\n        \"type\": [\"string\", \"null\"],\n        \"const\": \"x\",\n        \"description\": \"a: b\"\n      }\n    }\n  }\n}\n"
	if string(got) != want {
		t.Fatalf("json: got\n%s\nwant\n%s", got, want)
	}
}

// TestPlanLinksAndIDs pins the docs and ref mends: a broken link's target
// replaced by the suggested file (keeping its anchor) or anchor (keeping its
// file), in Markdown and in a code comment, where the finding locates it; and
// a $id that lost its .json given back once, however many references miss it.
func TestPlanLinksAndIDs(t *testing.T) {
	files := map[string]string{
		"docs/a.md":  "# A\n\nSee [x](x.md#y) and [b](b/old.md#part) twice: [b](b/old.md#part).\n",
		"main.go":    "package main\n\n\t// see docs/a.md#intro for why\nfunc main() {}\n",
		"s/f.json":   "{\n  \"$schema\": \"https://json-schema.org/draft/2020-12/schema\",\n  \"$id\": \"https://x.example/f\",\n  \"$defs\": {\"A\": {\"type\": \"string\"}}\n}\n",
		"s/c.json":   "{}",
		"docs/b.md":  "",
		"docs/x.md":  "",
		"docs/x2.md": "",
	}
	read := func(p string) ([]byte, error) { return []byte(files[p]), nil }
	loc := func(file string, line, col int) report.Location {
		return report.Location{File: file, Line: line, Column: col}
	}
	findings := []report.Finding{
		{Rule: "docs/broken-link", Fingerprint: "1", Locations: []report.Location{loc("docs/a.md", 3, 44), loc("docs/b.md", 1, 1)},
			Fields: map[string]any{"target": "b/old.md#part", "suggestion": "b/new.md"}},
		{Rule: "docs/broken-ref", Fingerprint: "2", Locations: []report.Location{loc("main.go", 3, 8), loc("docs/a.md", 1, 1)},
			Fields: map[string]any{"target": "docs/a.md#intro", "suggestion": "#a"}},
	}
	for _, ref := range []string{"#/$defs/A", "#/$defs/B"} {
		findings = append(findings, report.Finding{Rule: "ref/id-mismatch", Fingerprint: ref,
			Locations: []report.Location{{File: "s/c.json", Pointer: "/$ref"}, {File: "s/f.json", Line: 3, Column: 10, Pointer: "/$id"}},
			Fields:    map[string]any{"id": "https://x.example/f.json" + ref, "declared": "https://x.example/f"}})
	}
	fixes, skipped := Plan(findings, read, TowardsCanonical)
	if len(fixes) != 4 || len(skipped) != 0 {
		t.Fatalf("fixes %d, skipped %+v", len(fixes), skipped)
	}
	byFile := map[string][]Edit{}
	for _, f := range fixes {
		byFile[f.Edits[0].File] = append(byFile[f.Edits[0].File], f.Edits...)
	}
	want := map[string]string{
		"docs/a.md": "# A\n\nSee [x](x.md#y) and [b](b/old.md#part) twice: [b](b/new.md#part).\n",
		"main.go":   "package main\n\n\t// see docs/a.md#a for why\nfunc main() {}\n",
		"s/f.json":  strings.Replace(files["s/f.json"], `"https://x.example/f"`, `"https://x.example/f.json"`, 1),
	}
	for file, w := range want {
		got, err := Apply([]byte(files[file]), byFile[file])
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		if string(got) != w {
			t.Errorf("%s: got\n%s\nwant\n%s", file, got, w)
		}
	}
}
