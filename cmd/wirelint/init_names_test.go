package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wirelint/wirelint/internal/config"
)

// TestInitEscapesFileNames: a file's name is input a pull request chooses,
// and init writes names into the configuration's comments and onto standard
// output. A name holding line breaks must not end its comment: committed as
// stub/`evil⏎rules:⏎  "*": off⏎#.yaml`, it once wrote a rules section that
// switched every rule off, and the configuration validated. Now the line
// breaks are escapes inside one comment line, and no rule is configured.
func TestInitEscapesFileNames(t *testing.T) {
	dir := t.TempDir()
	spec := []byte("openapi: 3.0.3\ninfo: {title: t, version: \"1\"}\npaths: {}\n")
	if err := os.WriteFile(filepath.Join(dir, "openapi.yaml"), spec, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(dir, "stub"), 0o755); err != nil {
		t.Fatal(err)
	}
	evil := "evil\nrules:\n  \"*\": off\n\x1b[2J#.yaml"
	if err := os.WriteFile(filepath.Join(dir, "stub", evil), spec, 0o644); err != nil {
		t.Skipf("this file system refuses such a name: %v", err)
	}
	written, stdout := initWithoutForgedLines(t, dir)
	if !strings.Contains(written, `#   stub/evil\nrules:\n  "*": off\n\e[2J#.yaml: `) {
		t.Errorf("the left-out file is not one escaped comment line:\n%s", written)
	}
	if strings.Contains(stdout, "\x1b") || strings.Count(stdout, "\n") != 1 {
		t.Errorf("standard output carries the name raw: %q", stdout)
	}
}

// TestInitEscapesScriptNames: the swagger-jsdoc script init names beside the
// versions entry and the routes entry's base path is a file too, and its
// name is written into those comments escaped like any other.
func TestInitEscapesScriptNames(t *testing.T) {
	dir := t.TempDir()
	evil := "docs\nrules:\n  \"*\": off\n\x1b[2J#.ts"
	files := map[string]string{
		"package.json": `{"name": "lamps", "dependencies": {"express": "4"}}`,
		evil: "import swaggerJSDoc from 'swagger-jsdoc'\n" +
			"export const docs = swaggerJSDoc({\n" +
			"  definition: { openapi: '3.0.3', info: { title: 'Lamps', version: '1' }, servers: [{ url: 'http://localhost/api/v1' }] },\n" +
			"  apis: ['./api.yml'],\n" +
			"})\n",
		"api.yml": "paths:\n  /lamps:\n    get:\n      responses:\n        '200': {description: the lamps}\n",
		"server.js": "const express = require('express')\nconst app = express()\n" +
			"app.get('/api/v1/lamps', (req, res) => res.json([]))\napp.listen(3000)\n",
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Skipf("this file system refuses such a name: %v", err)
		}
	}
	written, _ := initWithoutForgedLines(t, dir)
	for _, want := range []string{
		`openapi: "3.0.3"  # docs\nrules:\n  "*": off\n\e[2J#.ts`,
		`base_path: "/api/v1"  # the definition's server URL, in docs\nrules:\n  "*": off\n\e[2J#.ts`,
	} {
		if !strings.Contains(written, want) {
			t.Errorf("no line %q in\n%s", want, written)
		}
	}
}

// initWithoutForgedLines runs init in dir and returns the configuration it
// wrote and its standard output, failing the test where a line of the
// configuration is a rules section or carries an escape character: what a
// file's name written raw would make.
func initWithoutForgedLines(t *testing.T, dir string) (written, stdout string) {
	t.Helper()
	var out, stderr bytes.Buffer
	if code := run([]string{"init", dir}, &env{stdout: &out, stderr: &stderr, getenv: func(string) string { return "" }}); code != 0 {
		t.Fatalf("init exited %d: %s", code, stderr.String())
	}
	text, err := os.ReadFile(filepath.Join(dir, config.FileName))
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(text), "\n") {
		if strings.HasPrefix(line, "rules:") || strings.Contains(line, "\x1b") {
			t.Errorf("a file's name wrote a line of its own: %q", line)
		}
	}
	return string(text), out.String()
}
