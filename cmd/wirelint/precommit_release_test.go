package main

import (
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestPreCommitReleaseHook runs scripts/pre-commit/wirelint.sh, the hook that
// runs the released binary instead of building, against a fake release
// server: the source's version's binary is downloaded, checked against
// checksums.txt and run with the hook's arguments; the next run uses the
// cache without a request; a tampered cache, a checksum that does not match
// and a missing release are refused with exit 2.
func TestPreCommitReleaseHook(t *testing.T) {
	if _, err := exec.LookPath("curl"); err != nil {
		t.Skip("curl is not installed")
	}
	if runtime.GOOS != "linux" && runtime.GOOS != "darwin" {
		t.Skip("the hook script runs on Linux and macOS")
	}
	asset := "wirelint_" + runtime.GOOS + "_" + runtime.GOARCH
	binary := "#!/bin/sh\necho released wirelint \"$@\"\n"
	sum := sha256.Sum256([]byte(binary))
	tag := "v" + releaseVersion
	checksums := hex.EncodeToString(sum[:]) + "  " + asset + "\n"
	var requests pathLog
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		requests.add(r.URL.Path)
		// a failed write is the hook's to see: it reads a short body
		switch r.URL.Path {
		case "/good/" + tag + "/checksums.txt":
			_, _ = w.Write([]byte(checksums))
		case "/good/" + tag + "/" + asset, "/bad/" + tag + "/" + asset:
			_, _ = w.Write([]byte(binary))
		case "/bad/" + tag + "/checksums.txt":
			_, _ = w.Write([]byte(strings.Repeat("0", 64) + "  " + asset + "\n"))
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()
	cache := t.TempDir()
	hook := func(base string) (string, int) {
		t.Helper()
		requests.reset()
		return runBash(t, t.TempDir(), `exec bash "$1" check --fail-on warning`, map[string]string{
			"XDG_CACHE_HOME": cache, "WIRELINT_DOWNLOAD_BASE": srv.URL + base,
		}, mustAbs("../../scripts/pre-commit/wirelint.sh"))
	}

	out, code := hook("/good")
	if code != 0 || !strings.Contains(out, "released wirelint check --fail-on warning") || !strings.Contains(out, "SHA-256 verified") {
		t.Fatalf("first run: exit %d\n%s", code, out)
	}
	out, code = hook("/good")
	if code != 0 || requests.String() != "" || !strings.Contains(out, "released wirelint check") {
		t.Errorf("cached run: exit %d, requests %v\n%s", code, &requests, out)
	}
	bin := filepath.Join(cache, "wirelint", tag, asset)
	if err := os.WriteFile(bin, []byte("#!/bin/sh\necho evil\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	out, code = hook("/good")
	if code != 2 || strings.Contains(out, "evil") || !strings.Contains(out, "refusing to run it") {
		t.Errorf("tampered cache: exit %d\n%s", code, out)
	}
	if err := os.RemoveAll(filepath.Join(cache, "wirelint")); err != nil {
		t.Fatal(err)
	}
	out, code = hook("/bad")
	if code != 2 || strings.Contains(out, "released wirelint") || !strings.Contains(out, "refusing to run it") {
		t.Errorf("bad checksum: exit %d\n%s", code, out)
	}
	out, code = hook("/none")
	if code != 2 || !strings.Contains(out, "no release "+tag) {
		t.Errorf("no release: exit %d\n%s", code, out)
	}
}
