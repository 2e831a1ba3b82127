package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/pflag"
)

// TestHelp pins `wirelint --help`, every command's --help and `wirelint
// completion bash` against the files in testdata/help; run with -update to
// rewrite them after an intended change.
func TestHelp(t *testing.T) {
	cases := map[string][]string{
		"wirelint":        {"--help"},
		"completion-bash": {"completion", "bash"},
		// cobra adds the completion command when it runs, so it is not
		// among newRoot's commands below.
		"completion": {"completion", "--help"},
	}
	var code int
	for _, c := range newRoot(&env{getenv: os.Getenv}, &code).Commands() {
		if !c.Hidden && c.Name() != "help" {
			cases[c.Name()] = []string{c.Name(), "--help"}
		}
	}
	for name, args := range cases {
		t.Run(name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			if code := run(args, &env{stdout: &stdout, stderr: &stderr, getenv: func(string) string { return "" }}); code != exitClean {
				t.Fatalf("exit %d: %s", code, stderr.String())
			}
			got := stdout.String()
			if !strings.Contains(got, "wirelint") {
				t.Fatalf("help does not name wirelint:\n%s", got)
			}
			file := filepath.Join("testdata", "help", name+".txt")
			if updating() {
				if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(file, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(file)
			if err != nil {
				t.Fatalf("%v (run go test ./cmd/wirelint -run TestHelp -update)", err)
			}
			if got != string(want) {
				t.Errorf("%s differs from %s (run go test ./cmd/wirelint -run TestHelp -update after an intended change):\n%s", strings.Join(args, " "), file, got)
			}
		})
	}
}

// TestEveryFlagDocumented pins that every flag of every command says what it
// does.
func TestEveryFlagDocumented(t *testing.T) {
	var code int
	for _, c := range newRoot(&env{getenv: os.Getenv}, &code).Commands() {
		if c.DisableFlagParsing {
			continue // parses its own flags
		}
		c.Flags().VisitAll(func(f *pflag.Flag) {
			if strings.TrimSpace(f.Usage) == "" {
				t.Errorf("wirelint %s --%s has no description", c.Name(), f.Name)
			}
		})
	}
}
