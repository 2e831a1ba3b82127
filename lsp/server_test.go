package lsp

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// copyTree copies the folder src into dst.
func copyTree(tb testing.TB, src, dst string) {
	tb.Helper()
	err := filepath.Walk(src, func(p string, info os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if info.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), data, 0o644)
	})
	if err != nil {
		tb.Fatal(err)
	}
}

// exampleServer is a server initialised on a copy of the bundled example,
// with its repository configuration for the parity pair.
func exampleServer(tb testing.TB) (*Server, string) {
	tb.Helper()
	dir := tb.TempDir()
	copyTree(tb, filepath.Join("..", "examples", "frame-wire"), dir)
	if err := os.Mkdir(filepath.Join(dir, ".git"), 0o755); err != nil {
		tb.Fatal(err)
	}
	cfg := "parity:\n  - canonical: schemas/frame_wire.json\n    mirror: openapi.yaml\nregex:\n  dialects: [go, rust]\n"
	if err := os.WriteFile(filepath.Join(dir, ".wirelint.yaml"), []byte(cfg), 0o644); err != nil {
		tb.Fatal(err)
	}
	s := &Server{out: io.Discard, open: map[string]string{}, shown: map[string]bool{}}
	tb.Cleanup(s.close)
	if err := s.initialize(initializeParams{RootURI: "file://" + filepath.ToSlash(dir)}); err != nil {
		tb.Fatal(err)
	}
	s.checkAll()
	return s, dir
}

// TestEditRechecksItsPair pins that an unsaved edit of the mirror changes
// its findings (one more maxLength difference), and that the file on disk
// is left as it was.
func TestEditRechecksItsPair(t *testing.T) {
	s, dir := exampleServer(t)
	before := len(s.findings)
	mirror, err := os.ReadFile(filepath.Join(dir, "openapi.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	edited := strings.Replace(string(mirror), "maxLength: 128", "maxLength: 129", 1)
	if edited == string(mirror) {
		t.Fatal("the example's mirror has no maxLength: 128 to edit")
	}
	s.setText("openapi.yaml", edited)
	s.checkDocument("openapi.yaml")
	if len(s.findings) != before+1 {
		t.Errorf("%d findings after the edit, want %d", len(s.findings), before+1)
	}
	if onDisk, _ := os.ReadFile(filepath.Join(dir, "openapi.yaml")); !bytes.Equal(onDisk, mirror) {
		t.Error("the unsaved edit was written to the file on disk")
	}
	s.setText("openapi.yaml", string(mirror))
	s.checkDocument("openapi.yaml")
	if len(s.findings) != before {
		t.Errorf("%d findings after undoing the edit, want %d", len(s.findings), before)
	}
}

// BenchmarkDidChange times the diagnostics update after one edit of the
// example's mirror: its parity pair, refs and patterns re-checked and
// published (the target: under 100 ms).
func BenchmarkDidChange(b *testing.B) {
	s, dir := exampleServer(b)
	mirror, err := os.ReadFile(filepath.Join(dir, "openapi.yaml"))
	if err != nil {
		b.Fatal(err)
	}
	texts := []string{strings.Replace(string(mirror), "maxLength: 128", "maxLength: 129", 1), string(mirror)}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s.setText("openapi.yaml", texts[i%2])
		s.checkDocument("openapi.yaml")
	}
}
