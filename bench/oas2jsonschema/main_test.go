package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Bad input ends with one line naming the file (and the line, where there is
// one) and exit status 2, never a panic.
func TestRunErrors(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"usage", []string{"only-one"}, "usage: oas2jsonschema SPEC OUT.json"},
		{"missing", []string{filepath.Join(dir, "nope.json"), "-"}, "nope.json: no such file"},
		{"empty", []string{write("empty.json", " \n"), "-"}, "empty.json: empty file"},
		{"malformed json", []string{write("bad.json", "{\n  \"openapi\": \"3.0.0\",\n  \"x\": ]\n}"), "-"}, "bad.json:3:8: malformed JSON"},
		{"truncated json", []string{write("cut.json", `{"openapi": "3.0.0", "components": {`), "-"}, "cut.json:1:37: malformed JSON: unexpected end of JSON input"},
		{"trailing value", []string{write("two.json", `{"openapi": "3.0.0"} {}`), "-"}, "two.json:1:22: malformed JSON"},
		{"malformed yaml", []string{write("bad.yaml", "openapi: 3.0.0\n  x: [\n"), "-"}, "bad.yaml: malformed YAML"},
		{"not openapi", []string{write("schema.json", `{"type": "object"}`), "-"}, "schema.json: not an OpenAPI or Swagger document"},
		{"top level array", []string{write("arr.json", `[1]`), "-"}, "arr.json: the top level is not an object"},
		{"old openapi", []string{write("v2.json", `{"openapi": "2.5"}`), "-"}, `v2.json: unsupported OpenAPI version 2.5`},
		{"old swagger", []string{write("s1.json", `{"swagger": "1.2"}`), "-"}, `s1.json: unsupported swagger version 1.2`},
		{"schemas not a map", []string{write("list.json", `{"swagger": "2.0", "definitions": []}`), "-"}, "list.json: definitions is not an object"},
		{"infinite float", []string{write("inf.yaml", "openapi: 3.0.0\ncomponents:\n  schemas:\n    A: {maximum: .inf}\n"), "-"}, `inf.yaml:4:18: ".inf" is not a JSON number`},
		{"unwritable", []string{write("ok.json", `{"openapi": "3.0.0"}`), filepath.Join(dir, "no", "such", "dir.json")}, "write "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			if code := run(tc.args, &stdout, &stderr); code != 2 {
				t.Errorf("exit %d, want 2", code)
			}
			lines := strings.Split(strings.TrimSuffix(stderr.String(), "\n"), "\n")
			if len(lines) != 1 || !strings.Contains(lines[0], tc.want) {
				t.Errorf("stderr %q, want one line containing %q", stderr.String(), tc.want)
			}
		})
	}
}

// The command writes the converted document, and the same bytes on every run.
func TestRunWritesFile(t *testing.T) {
	dir := t.TempDir()
	spec := filepath.Join(dir, "spec.json")
	body := `{"openapi": "3.0.3", "components": {"schemas": {"Z": {"type": "string", "pattern": "^<a>$"}, "A": {"$ref": "#/components/schemas/Z"}}}}`
	if err := os.WriteFile(spec, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	want := "{\n  \"$schema\": \"https://json-schema.org/draft/2020-12/schema\",\n  \"$defs\": {\n    \"Z\": {\n      \"type\": \"string\",\n      \"pattern\": \"^<a>$\"\n    },\n    \"A\": {\n      \"$ref\": \"#/$defs/Z\"\n    }\n  }\n}\n"
	for i := range 2 {
		out := filepath.Join(dir, "out.json")
		var stdout, stderr bytes.Buffer
		if code := run([]string{spec, out}, &stdout, &stderr); code != 0 {
			t.Fatalf("run %d: exit %d: %s", i, code, stderr.String())
		}
		got, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != want {
			t.Fatalf("run %d wrote:\n%s\nwant:\n%s", i, got, want)
		}
	}
}
