package regex

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"
	"github.com/wirelint/wirelint/internal/casetest"
	"github.com/wirelint/wirelint/reduce"
	"github.com/wirelint/wirelint/report"
)

// TestCases runs every testdata/cases/*.txtar: its documents are checked
// (with the dialects of its optional "dialects" section) and the text
// output must equal its "want" section. -update rewrites the wants.
func TestCases(t *testing.T) {
	files, err := filepath.Glob("testdata/cases/*.txtar")
	if err != nil || len(files) == 0 {
		t.Fatalf("no cases: %v", err)
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			ar, err := txtar.ParseFile(file)
			if err != nil {
				t.Fatal(err)
			}
			opts := Options{}
			wantAt := -1
			var findings []report.Finding
			for i, f := range ar.Files {
				switch f.Name {
				case "want":
					wantAt = i
				case "dialects":
					if opts.Dialects, err = ParseDialects(strings.TrimSpace(string(f.Data))); err != nil {
						t.Fatal(err)
					}
				case "max-pattern-length":
					if opts.MaxPatternLength, err = strconv.Atoi(strings.TrimSpace(string(f.Data))); err != nil {
						t.Fatal(err)
					}
				}
			}
			for _, f := range ar.Files {
				if f.Name == "want" || f.Name == "dialects" || f.Name == "max-pattern-length" {
					continue
				}
				doc, err := reduce.Parse(f.Data, f.Name)
				if err != nil {
					t.Fatalf("%s: %v", f.Name, err)
				}
				findings = append(findings, Check(doc, opts)...)
			}
			var got bytes.Buffer
			if err := report.WriteText(&got, report.Finalize(findings), report.TextOptions{}); err != nil {
				t.Fatal(err)
			}
			if casetest.Update() {
				if wantAt < 0 {
					ar.Files = append(ar.Files, txtar.File{Name: "want"})
					wantAt = len(ar.Files) - 1
				}
				ar.Files[wantAt].Data = got.Bytes()
				if err := os.WriteFile(file, txtar.Format(ar), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			if wantAt < 0 {
				t.Fatal("no want section (run with -update)")
			}
			if want := string(ar.Files[wantAt].Data); got.String() != want {
				t.Errorf("output differs\n--- got\n%s--- want\n%s", got.String(), want)
			}
		})
	}
}
