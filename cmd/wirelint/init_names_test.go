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
	var stdout, stderr bytes.Buffer
	if code := run([]string{"init", dir}, &env{stdout: &stdout, stderr: &stderr, getenv: func(string) string { return "" }}); code != 0 {
		t.Fatalf("init exited %d: %s", code, stderr.String())
	}
	written, err := os.ReadFile(filepath.Join(dir, config.FileName))
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(written), "\n") {
		if strings.HasPrefix(line, "rules:") || strings.Contains(line, "\x1b") {
			t.Errorf("a file's name wrote a line of its own: %q", line)
		}
	}
	if !strings.Contains(string(written), `#   stub/evil\nrules:\n  "*": off\n\e[2J#.yaml: `) {
		t.Errorf("the left-out file is not one escaped comment line:\n%s", written)
	}
	if strings.Contains(stdout.String(), "\x1b") || strings.Count(stdout.String(), "\n") != 1 {
		t.Errorf("standard output carries the name raw: %q", stdout.String())
	}
}
