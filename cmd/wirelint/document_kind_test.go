package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDocumentKind names each common file that is neither a JSON Schema nor an
// OpenAPI document (testdata/kind) to every command that takes documents, in
// every position a document takes: each must exit 2 with one line naming the
// file, its position and the reason, and nothing on stdout.
func TestDocumentKind(t *testing.T) {
	kinds := []struct {
		file, at, reason string
	}{
		{"compose.yaml", "1:1", `"services" is not a schema keyword`},
		{"workflow.yml", "1:1", `"name" is not a schema keyword`},
		{"deployment.yaml", "1:1", `"apiVersion" is not a schema keyword`},
		{"package.json", "2:3", `"name" is not a schema keyword`},
		{"tsconfig.json", "3:3", `"compilerOptions" is not a schema keyword`},
		{"values.yaml", "2:1", `"replicaCount" is not a schema keyword`},
		{"overlay.yaml", "1:1", `"overlay" is not a schema keyword`},
		{"asyncapi.yaml", "1:1", `"asyncapi" is not a schema keyword`},
		{"dependabot.yml", "1:1", `"version" is not a schema keyword`},
		{"renovate.json", "3:3", `"extends" is not a schema keyword`},
		{"items.yaml", "1:1", `none of type, properties, $defs, definitions, allOf, anyOf, oneOf or $ref at the top level`},
	}
	// Each invocation names the file as F.
	invocations := [][]string{
		{"refs", "F"},
		{"regex", "F"},
		{"parity", "F", "schema.json"},
		{"parity", "schema.json", "F"},
		{"diffcheck", "F", "schema.json"},
		{"diffcheck", "schema.json", "F"},
		{"fixtures", "fixtures", "F"},
		{"fixtures", "fixtures", "schema.json", "F"},
		{"routes", "--spec", "F", "--server", "server"},
		{"compat", "F", "schema.json"},
		{"compat", "schema.json", "F"},
		{"check", "--config", "mirror.wirelint.yaml"},
		{"check", "--config", "refs.wirelint.yaml"},
		{"baseline", "--config", "mirror.wirelint.yaml", "--output", "b.json"},
	}
	for _, k := range kinds {
		body, err := os.ReadFile(filepath.Join("testdata", "kind", k.file))
		if err != nil {
			t.Fatal(err)
		}
		dir := t.TempDir()
		writeFiles(t, dir, map[string]string{
			k.file:                   string(body),
			"schema.json":            `{"$schema": "https://json-schema.org/draft/2020-12/schema", "$defs": {"Frame": {"type": "object"}}}`,
			"fixtures/Frame/ok.json": `{}`,
			"server/main.go":         "package main\n",
			"mirror.wirelint.yaml":   "parity:\n  - canonical: schema.json\n    mirror: " + k.file + "\n",
			"refs.wirelint.yaml":     "refs:\n  documents: [" + k.file + "]\n",
		})
		for _, inv := range invocations {
			args := make([]string, len(inv))
			for i, a := range inv {
				args[i] = a
				if a == "F" {
					args[i] = k.file
				}
			}
			name := k.file + "/" + strings.Join(inv, "_")
			t.Run(name, func(t *testing.T) {
				t.Chdir(dir)
				var stdout, stderr bytes.Buffer
				code := run(args, &env{stdout: &stdout, stderr: &stderr, getenv: func(string) string { return "" }})
				want := k.file + ":" + k.at + ": neither a JSON Schema nor an OpenAPI document: "
				line := strings.TrimSuffix(stderr.String(), "\n")
				if code != exitError || !strings.HasPrefix(line, "wirelint "+inv[0]+": ") || !strings.Contains(line, want) ||
					!strings.Contains(line, k.reason) || strings.Contains(line, "\n") || stdout.Len() != 0 {
					t.Errorf("wirelint %s: exit %d, stderr %q, stdout %q; want exit 2 and one line with %q and %q",
						strings.Join(args, " "), code, line, stdout.String(), want, k.reason)
				}
			})
		}
	}
}
