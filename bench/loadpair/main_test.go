package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Every file is reported in argument order; the first that fails to load ends
// the run with one line naming it and exit status 2.
func TestRun(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "schema.json")
	bad := filepath.Join(dir, "bad.json")
	if err := os.WriteFile(good, []byte(`{"$defs": {"A": {"type": "string"}, "B": true}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bad, []byte("{\n  \"$defs\": ]\n}"), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{good, good}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	want := filepath.ToSlash(good) + "\t2020-12\t2 definitions\n"
	if stdout.String() != want+want {
		t.Errorf("stdout %q, want %q twice", stdout.String(), want)
	}
	stdout.Reset()
	if code := run([]string{good, bad}, &stdout, &stderr); code != 2 {
		t.Errorf("exit %d, want 2", code)
	}
	if got := stderr.String(); strings.Count(got, "\n") != 1 || !strings.Contains(got, "bad.json:2:") {
		t.Errorf("stderr %q, want one line naming bad.json:2", got)
	}
}
