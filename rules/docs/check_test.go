package docs

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/wirelint/wirelint/report"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// TestCheck runs Check over each small repository in testdata and compares
// its findings, printed as text, with the repository's .golden file: the noisy
// repository holds each kind of drift and each construct that must stay silent;
// testdata/silent must produce nothing.
func TestCheck(t *testing.T) {
	for _, name := range []string{"repo", "silent"} {
		t.Run(name, func(t *testing.T) {
			root := filepath.Join("testdata", name)
			fs, err := Check(root, Options{})
			if err != nil {
				t.Fatal(err)
			}
			fs = report.Finalize(fs)
			var got bytes.Buffer
			if err := report.WriteText(&got, fs, report.TextOptions{}); err != nil {
				t.Fatal(err)
			}
			golden := root + ".golden"
			if *update {
				if err := os.WriteFile(golden, got.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got.Bytes(), want) {
				t.Errorf("findings differ from %s (run with -update to accept):\n--- got\n%s--- want\n%s", golden, got.Bytes(), want)
			}
		})
	}
}
