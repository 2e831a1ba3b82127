package validate

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/wirelint/wirelint/reduce"
)

// TestShared: two documents' Sets compiled with one Shared read the file
// both reference once (the second Set gets the prepared value, translated
// from OpenAPI 3.0's nullable as the first, prepared only when it asks),
// each Set holds its own copy of it, and a file with a refused pattern is
// never shared.
func TestShared(t *testing.T) {
	ws, first := load(t, map[string]string{
		"project/a.yaml":      "openapi: 3.0.3\ninfo: {title: t, version: '1'}\npaths: {}\ncomponents:\n  schemas:\n    A: {$ref: 'models.yaml#/Name'}\n    P: {$ref: 'bad.yaml#/P'}\n",
		"project/b.yaml":      "openapi: 3.0.3\ninfo: {title: t, version: '1'}\npaths: {}\ncomponents:\n  schemas:\n    B: {$ref: 'models.yaml#/Name'}\n    P: {$ref: 'bad.yaml#/P'}\n",
		"project/models.yaml": "Name: {type: string, maxLength: 3, nullable: true}\n",
		"project/bad.yaml":    "P: {type: string, pattern: '(?<=a)b'}\n",
	}, "project/a.yaml")
	second, err := ws.Load(filepath.Join(ws.Root, "b.yaml"), "")
	if err != nil {
		t.Fatal(err)
	}
	var shared Shared
	opts := Options{Shared: &shared, PatternCheck: func(p string) error {
		if strings.Contains(p, "(?<=") {
			return &PatternError{Pattern: p, Reason: "lookbehind"}
		}
		return nil
	}}
	models, bad := filepath.Join(ws.Root, "models.yaml"), filepath.Join(ws.Root, "bad.yaml")
	var sets []*Set
	for i, doc := range []*reduce.Document{first, second} {
		set, err := Compile(ws, doc, opts)
		if err != nil {
			t.Fatal(err)
		}
		s, err := set.Schema([]string{"/components/schemas/A", "/components/schemas/B"}[i])
		if err != nil {
			t.Fatal(err)
		}
		for payload, want := range map[string]bool{`"abc"`: true, `null`: true, `"abcd"`: false, `1`: false} {
			if ok, known := s.Valid(value(t, payload)); !known || ok != want {
				t.Errorf("set %d: %s valid %v (known %v), want %v", i, payload, ok, known, want)
			}
		}
		_, _ = set.Schema([]string{"/components/schemas/P", "/components/schemas/P"}[i])
		sets = append(sets, set)
		f, ok := shared.m[preparedKey{models, reduce.OpenAPI30}]
		if !ok {
			t.Fatalf("set %d: models.yaml was not kept (%v)", i, shared.m)
		}
		// a file one Set reached is noted, not copied: its shared value is
		// prepared when a second Set asks
		if prepared := f.value != nil; prepared != (i == 1) {
			t.Errorf("set %d: models.yaml's shared value prepared %v, want %v", i, prepared, i == 1)
		}
	}
	one, two := sets[0].values[FileURL(models)], sets[1].values[FileURL(models)]
	one.(map[string]any)["Name"].(map[string]any)["maxLength"] = "changed"
	if two.(map[string]any)["Name"].(map[string]any)["maxLength"] == "changed" {
		t.Error("the two Sets hold one value of models.yaml, not a copy each")
	}
	for i, set := range sets {
		if len(set.Problems()) == 0 {
			t.Errorf("set %d: the lookbehind in bad.yaml was not refused", i)
		}
	}
	if _, ok := shared.m[preparedKey{bad, reduce.OpenAPI30}]; ok {
		t.Error("bad.yaml, whose pattern was refused, was shared")
	}
}

// TestSchemaIn: a Set compiles a schema of another file of its revision as
// that file's own Set does, and compiles it once.
func TestSchemaIn(t *testing.T) {
	ws, first := load(t, map[string]string{
		"project/a.yaml":      "openapi: 3.0.3\ninfo: {title: t, version: '1'}\npaths: {}\ncomponents:\n  schemas:\n    A: {$ref: 'models.yaml#/Name'}\n",
		"project/models.yaml": "Name: {type: string, maxLength: 3, nullable: true}\nOther: {type: integer, minimum: 2}\n",
	}, "project/a.yaml")
	models, err := ws.LoadFragment(filepath.Join(ws.Root, "models.yaml"), "", reduce.OpenAPI30)
	if err != nil {
		t.Fatal(err)
	}
	set, err := Compile(ws, first, Options{})
	if err != nil {
		t.Fatal(err)
	}
	own, err := Compile(ws, models, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for pointer, payloads := range map[string]map[string]bool{
		"/Name":  {`"abc"`: true, `null`: true, `"abcd"`: false},
		"/Other": {`2`: true, `1`: false, `null`: false},
	} {
		in, err := set.SchemaIn(models, pointer)
		if err != nil {
			t.Fatal(err)
		}
		alone, err := own.Schema(pointer)
		if err != nil {
			t.Fatal(err)
		}
		for payload, want := range payloads {
			ok1, known1 := in.Valid(value(t, payload))
			ok2, known2 := alone.Valid(value(t, payload))
			if !known1 || !known2 || ok1 != want || ok2 != want {
				t.Errorf("%s %s: in a's Set %v, in its own %v, want %v", pointer, payload, ok1, ok2, want)
			}
		}
		if again, _ := set.SchemaIn(models, pointer); again != in {
			t.Errorf("%s was compiled twice", pointer)
		}
	}
}
