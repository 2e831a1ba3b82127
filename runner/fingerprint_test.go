package runner

import (
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// fingerprintRepo writes a repository whose configuration sits in svc/: a
// parity pair that drifts (maxLength 3 against 4), a README citing a file
// that does not exist, and a base revision (tags v1 and v1b, one commit) in
// which the pair's canonical schema allowed more (maxLength 5), so compat
// reports a narrowed request.
func fingerprintRepo(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	root := t.TempDir()
	write := func(name, body string) {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	git := func(args ...string) {
		cmd := exec.Command("git", append([]string{"-C", root, "-c", "user.email=t@example.com", "-c", "user.name=t", "-c", "commit.gpgsign=false"}, args...)...)
		cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL="+os.DevNull, "GIT_CONFIG_NOSYSTEM=1")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	schema := func(max string) string {
		return `{"$schema": "https://json-schema.org/draft/2020-12/schema", "$defs": {"A": {"type": "string", "maxLength": ` + max + `}}}` + "\n"
	}
	git("init", "-q")
	write("svc/c.json", schema("5"))
	write("svc/m.json", schema("4"))
	write("svc/README.md", "see [the wire format](docs/wire.md)\n")
	write("svc/sub/.keep", "")
	git("add", "-A")
	git("commit", "-qm", "base")
	git("tag", "v1")
	git("tag", "v1b")
	write("svc/c.json", schema("3"))
	return root
}

// TestFingerprintsIgnoreWhereTheRunStarts: the same finding has the same
// fingerprint whether wirelint runs from the repository root, from the
// configuration's folder or from a folder below it, with the configuration
// in a subfolder or at the root, and against either name of one base
// revision. Files are named from the repository root in every case.
func TestFingerprintsIgnoreWhereTheRunStarts(t *testing.T) {
	root := fingerprintRepo(t)
	svc := filepath.Join(root, "svc")
	inSvc := func(rev string) Config { // the configuration in svc/
		return Config{Dir: svc, Parity: []Parity{{Canonical: "c.json", Mirror: "m.json"}}, Docs: &Docs{}, Compat: &Compat{Against: rev}}
	}
	atRoot := func(rev string) Config { // the same checks configured at the root
		return Config{Dir: root, Parity: []Parity{{Canonical: "svc/c.json", Mirror: "svc/m.json"}}, Docs: &Docs{Root: "svc"}, Compat: &Compat{Against: rev}}
	}
	runs := []struct {
		name string
		cwd  string
		cfg  Config
	}{
		{"config in svc, run from the root", root, inSvc("v1")},
		{"config in svc, run from svc", svc, inSvc("v1")},
		{"config in svc, run from svc/sub", filepath.Join(svc, "sub"), inSvc("v1")},
		{"config at the root, run from the root", root, atRoot("v1")},
		{"config at the root, run from svc", svc, atRoot("v1")},
		{"config in svc, against v1b", svc, inSvc("v1b")},
		{"config at the root, against v1b", root, atRoot("v1b")},
	}
	var want map[string]string
	for _, run := range runs {
		t.Run(run.name, func(t *testing.T) {
			t.Chdir(run.cwd)
			res, err := Run(run.cfg)
			if err != nil {
				t.Fatal(err)
			}
			got := map[string]string{} // rule and head file → fingerprint
			for _, f := range res.Findings {
				got[f.Rule+" "+f.Primary().File] = f.Fingerprint
			}
			for _, rule := range []string{"parity/keyword", "docs/broken-link", "compat/request-narrowed"} {
				if _, ok := got[rule+" svc/"+map[string]string{"parity/keyword": "c.json", "docs/broken-link": "README.md", "compat/request-narrowed": "c.json"}[rule]]; !ok {
					t.Fatalf("no %s finding named from the repository root: %v", rule, keys(got))
				}
			}
			if want == nil {
				want = got
				return
			}
			for k, fp := range want {
				if got[k] != fp {
					t.Errorf("%s: fingerprint %s, want %s (as in %q)", k, got[k], fp, runs[0].name)
				}
			}
		})
	}
}

// keys lists m's keys, sorted.
func keys(m map[string]string) string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return strings.Join(out, ", ")
}
