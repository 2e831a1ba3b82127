package main

import (
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/wirelint/wirelint/internal/casetest"
	"github.com/wirelint/wirelint/report"
	"github.com/wirelint/wirelint/runner"
)

// updating reports -update, the one flag casetest declares for every
// package's goldens.
func updating() bool { return casetest.Update() }

const readmePath = "../../README.md"

// TestReadmeRules fails when README.md's rule table differs from the rules
// registered in the binary; -update rewrites it (creating the section in a
// README that has none).
func TestReadmeRules(t *testing.T) {
	data, err := os.ReadFile(readmePath)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		t.Fatal(err)
	}
	readme := string(data)
	if updating() && !strings.Contains(readme, rulesBegin) {
		if readme != "" {
			readme += "\n"
		}
		readme += "## Rules\n\n" + rulesBegin + "\n" + rulesEnd + "\n"
	}
	want, err := replaceRulesSection(readme, rulesTable(runner.Rules()))
	if err != nil {
		t.Fatalf("%v; run go test ./cmd/wirelint -run TestReadmeRules -update", err)
	}
	if want == string(data) {
		return
	}
	if updating() {
		if err := os.WriteFile(readmePath, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("README.md's rule table is stale: run go test ./cmd/wirelint -run TestReadmeRules -update")
}

// TestRulesDocumented pins that every registered rule carries the docs
// explain prints: a family/name id, a title, why, and both examples.
func TestRulesDocumented(t *testing.T) {
	for _, r := range runner.Rules() {
		fam, name, ok := strings.Cut(r.ID, "/")
		if !ok || fam == "" || name == "" || strings.Contains(name, "/") {
			t.Errorf("rule id %q is not family/name", r.ID)
		}
		if r.Title == "" || r.Why == "" || r.Bad == "" || r.Good == "" {
			t.Errorf("rule %s lacks docs: title %q, why %d bytes, bad %d bytes, good %d bytes", r.ID, r.Title, len(r.Why), len(r.Bad), len(r.Good))
		}
		if r.Severity == report.SeverityOff {
			t.Errorf("rule %s is off by default", r.ID)
		}
	}
}

// TestReplaceRulesSection pins the marker handling the README test relies on.
func TestReplaceRulesSection(t *testing.T) {
	got, err := replaceRulesSection("intro\n"+rulesBegin+"\nold\n"+rulesEnd+"\noutro\n", "| t |\n")
	if err != nil || !strings.HasPrefix(got, "intro\n"+rulesBegin+"\n<!--") || !strings.HasSuffix(got, "| t |\n"+rulesEnd+"\noutro\n") || strings.Contains(got, "old") {
		t.Errorf("got %q, %v", got, err)
	}
	if _, err := replaceRulesSection(rulesEnd+rulesBegin, ""); err == nil {
		t.Error("markers out of order accepted")
	}
}
