package main

import (
	"bytes"
	"path/filepath"
	"testing"
)

// Azure's resource manager schemas (testdata/azure-arm, real files) refer to
// their shared definitions by the URL the project publishes them under:
// every reference resolves to the file the referrer's own id places the URL
// at, which declares it, so `wirelint refs` reports nothing (3 ref/remote
// errors before, 383,946 on the whole repository).
func TestAzureResourceManagerSchemasAreSilent(t *testing.T) {
	dir, err := filepath.Abs(filepath.Join("..", "..", "testdata", "azure-arm"))
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	var stdout, stderr bytes.Buffer
	code := run([]string{"refs", "schemas/2015-01-01/Microsoft.Authorization.json", "--color", "never"}, &env{stdout: &stdout, stderr: &stderr, getenv: func(string) string { return "" }})
	if code != exitClean {
		t.Errorf("exit %d, want %d:\n%s%s", code, exitClean, stdout.String(), stderr.String())
	}
}
