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
// parity pair that drifts (maxLength 3 against 4), a README and a Go comment
// citing a file that does not exist (svc/docs/wires.md is suggested), and
// a base revision (tags v1 and v1b, one commit) in
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
	write("svc/docs/wires.md", "# Wires\n")
	write("svc/main.go", "package main\n\n// Frames follow docs/wire.md#framing.\nfunc main() {}\n")
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
			for _, rule := range []string{"parity/keyword", "docs/broken-link", "docs/broken-ref", "compat/request-narrowed"} {
				if _, ok := got[rule+" svc/"+map[string]string{"parity/keyword": "c.json", "docs/broken-link": "README.md", "docs/broken-ref": "main.go", "compat/request-narrowed": "c.json"}[rule]]; !ok {
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

// TestDocsFingerprintsIgnoreTheSuggestion: a docs finding's fingerprint
// stays when the file it suggests is renamed (another suggestion, another
// second location), with the configuration in a subfolder and run from the
// root, so a baseline holds while the docs tree moves around it.
func TestDocsFingerprintsIgnoreTheSuggestion(t *testing.T) {
	root := fingerprintRepo(t)
	svc := filepath.Join(root, "svc")
	t.Chdir(root)
	fingerprints := func() map[string]string {
		t.Helper()
		res, err := Run(Config{Dir: svc, Docs: &Docs{}})
		if err != nil {
			t.Fatal(err)
		}
		got := map[string]string{}
		for _, f := range res.Findings {
			if strings.HasPrefix(f.Rule, "docs/") {
				if len(f.Locations) < 2 {
					t.Fatalf("%s at %s suggests no file: the case needs one", f.Rule, f.Primary())
				}
				got[f.Rule+" "+f.Primary().File] = f.Fingerprint
			}
		}
		return got
	}
	before := fingerprints()
	if len(before) != 2 {
		t.Fatalf("docs findings %v, want the link and the comment", keys(before))
	}
	if err := os.Rename(filepath.Join(svc, "docs", "wires.md"), filepath.Join(svc, "docs", "wired.md")); err != nil {
		t.Fatal(err)
	}
	after := fingerprints()
	for k, fp := range before {
		if after[k] != fp {
			t.Errorf("%s: fingerprint %s after the suggested file was renamed, was %s", k, after[k], fp)
		}
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
