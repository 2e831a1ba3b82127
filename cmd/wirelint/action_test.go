package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The Action (action.yml) is a composite action whose logic is bash: these
// tests run that bash as GitHub would, with the runner's variables faked and
// the test binary on PATH as wirelint (testscript.Main puts it there). The
// workflow .github/workflows/action.yml runs the whole action on GitHub.

// actionFile is action.yml as far as the tests read it.
type actionFile struct {
	Inputs  map[string]struct{ Default string } `yaml:"inputs"`
	Outputs map[string]struct{ Value string }   `yaml:"outputs"`
	Runs    struct {
		Using string       `yaml:"using"`
		Steps []actionStep `yaml:"steps"`
	} `yaml:"runs"`
}

type actionStep struct {
	ID    string            `yaml:"id"`
	Name  string            `yaml:"name"`
	If    string            `yaml:"if"`
	Uses  string            `yaml:"uses"`
	Run   string            `yaml:"run"`
	Shell string            `yaml:"shell"`
	Env   map[string]string `yaml:"env"`
	With  map[string]string `yaml:"with"`
}

func readAction(t *testing.T) actionFile {
	t.Helper()
	var a actionFile
	readYAML(t, "../../action.yml", &a)
	return a
}

// step returns the action's step named name.
func (a actionFile) step(t *testing.T, name string) actionStep {
	t.Helper()
	for _, s := range a.Runs.Steps {
		if s.Name == name {
			return s
		}
	}
	t.Fatalf("action.yml has no step %q", name)
	return actionStep{}
}

var (
	exprInputs  = regexp.MustCompile(`inputs\.([a-z-]+)`)
	exprOutputs = regexp.MustCompile(`steps\.([a-z-]+)\.outputs\.([a-z-]+)`)
	stepOutput  = regexp.MustCompile(`echo "([a-z-]+)=`)
)

// TestActionFile pins the action's shape: a composite action of bash steps
// (no node), scripts that read expressions only through env, every input and
// step output it uses declared, and a SARIF upload only when asked.
func TestActionFile(t *testing.T) {
	a := readAction(t)
	if a.Runs.Using != "composite" {
		t.Errorf("action runs using %q, want composite", a.Runs.Using)
	}
	for _, in := range []string{"args", "config", "working-directory", "sarif-file", "comment", "summary", "fail-on", "upload-sarif"} {
		if _, ok := a.Inputs[in]; !ok {
			t.Errorf("action has no input %q", in)
		}
	}
	ids := map[string]bool{}
	// written[id] holds the outputs a bash step writes (echo "name=...") or
	// that an action step is known to set.
	written := map[string]map[string]bool{"cache": {"cache-hit": true}}
	for _, s := range a.Runs.Steps {
		if s.ID != "" {
			ids[s.ID] = true
			if written[s.ID] == nil {
				written[s.ID] = map[string]bool{}
			}
			for _, m := range stepOutput.FindAllStringSubmatch(s.Run, -1) {
				written[s.ID][m[1]] = true
			}
		}
		if s.Run != "" && s.Shell != "bash" {
			t.Errorf("step %q runs in shell %q, want bash", s.Name, s.Shell)
		}
		if strings.Contains(s.Run, "${{") {
			t.Errorf("step %q interpolates an expression into its script; pass it through env", s.Name)
		}
		if s.Uses != "" && !strings.HasPrefix(s.Uses, "actions/") && !strings.HasPrefix(s.Uses, "github/codeql-action/") {
			t.Errorf("step %q uses %s: only GitHub's own actions", s.Name, s.Uses)
		}
	}
	// The step outputs of steps.check and steps.install are written by the
	// bash itself (install.sh for install): read them from the script.
	install, err := os.ReadFile("../../scripts/action/install.sh")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range regexp.MustCompile(`output ([a-z-]+) `).FindAllStringSubmatch(string(install), -1) {
		written["install"][m[1]] = true
	}
	text, err := os.ReadFile("../../action.yml")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range exprInputs.FindAllStringSubmatch(string(text), -1) {
		if _, ok := a.Inputs[m[1]]; !ok {
			t.Errorf("action.yml uses inputs.%s, which it does not declare", m[1])
		}
	}
	for _, m := range exprOutputs.FindAllStringSubmatch(string(text), -1) {
		if !ids[m[1]] {
			t.Errorf("action.yml reads steps.%s, which no step is", m[1])
		} else if !written[m[1]][m[2]] {
			t.Errorf("action.yml reads steps.%s.outputs.%s, which that step never writes", m[1], m[2])
		}
	}
	upload := a.step(t, "Upload SARIF")
	if !strings.HasPrefix(upload.Uses, "github/codeql-action/upload-sarif@") || !strings.Contains(upload.If, "inputs.upload-sarif == 'true'") {
		t.Errorf("SARIF upload: uses %q if %q; want codeql-action/upload-sarif only when upload-sarif is true", upload.Uses, upload.If)
	}
}

// TestWorkflowFiles parses every workflow and checks the keys GitHub requires,
// and that the workflow running the action passes only inputs it declares.
func TestWorkflowFiles(t *testing.T) {
	files, err := filepath.Glob("../../.github/workflows/*.yml")
	if err != nil || len(files) == 0 {
		t.Fatalf("no workflows: %v", err)
	}
	a := readAction(t)
	usesSelf := false
	for _, f := range files {
		var wf struct {
			Name string `yaml:"name"`
			On   any    `yaml:"on"`
			Jobs map[string]struct {
				RunsOn any `yaml:"runs-on"`
				Steps  []struct {
					Uses string            `yaml:"uses"`
					Run  string            `yaml:"run"`
					With map[string]string `yaml:"with"`
				} `yaml:"steps"`
			} `yaml:"jobs"`
		}
		readYAML(t, f, &wf)
		if wf.Name == "" || wf.On == nil || len(wf.Jobs) == 0 {
			t.Errorf("%s: name %q, on %v, %d jobs; want all three", f, wf.Name, wf.On, len(wf.Jobs))
		}
		for name, job := range wf.Jobs {
			if job.RunsOn == nil || len(job.Steps) == 0 {
				t.Errorf("%s: job %s has no runs-on or no steps", f, name)
			}
			for i, s := range job.Steps {
				if (s.Uses == "") == (s.Run == "") {
					t.Errorf("%s: job %s step %d needs exactly one of uses and run", f, name, i)
				}
				if s.Uses != "./" {
					continue
				}
				usesSelf = true
				for in := range s.With {
					if _, ok := a.Inputs[in]; !ok {
						t.Errorf("%s: job %s passes input %q, which action.yml does not declare", f, name, in)
					}
				}
			}
		}
	}
	if !usesSelf {
		t.Error("no workflow runs the action (uses: ./)")
	}
}

// runBash runs script with bash in dir with env added to the test's own, and
// returns its combined output and exit code.
func runBash(t *testing.T, dir, script string, env map[string]string, args ...string) (string, int) {
	t.Helper()
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("bash is not installed")
	}
	cmd := exec.Command(bash, append([]string{"-c", script, "bash"}, args...)...)
	cmd.Dir = dir
	cmd.Env = os.Environ()
	for k, v := range env {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	out, err := cmd.CombinedOutput()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("bash: %v", err)
	}
	return string(out), code
}

// readOutputs parses a $GITHUB_OUTPUT file of name=value lines.
func readOutputs(t *testing.T, file string) map[string]string {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if k, v, ok := strings.Cut(line, "="); ok {
			out[k] = v
		}
	}
	return out
}

// TestActionCheck runs the action's Check, Job summary and Result steps in a
// repository whose configuration is two folders down, from that folder as
// working-directory: one wirelint run must print annotations named from the
// repository root, write SARIF and the markdown report, and the step outputs
// must say where; Result fails the job on exit 1 only.
func TestActionCheck(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	a := readAction(t)
	repo := t.TempDir()
	writeFiles(t, repo, map[string]string{
		"services/shop/.wirelint.yaml":     "parity:\n  - canonical: api/canonical.json\n    mirror: api/mirror.json\n",
		"services/shop/api/canonical.json": `{"$schema": "https://json-schema.org/draft/2020-12/schema", "$defs": {"A": {"type": "string", "maxLength": 3}}}`,
		"services/shop/api/mirror.json":    `{"$schema": "https://json-schema.org/draft/2020-12/schema", "$defs": {"A": {"type": "string", "maxLength": 4}}}`,
	})
	gitCommitAll(t, repo)
	shop := filepath.Join(repo, "services", "shop")

	runStep := func(name string, env map[string]string) (string, int, map[string]string) {
		t.Helper()
		s := a.step(t, name)
		outputs := filepath.Join(t.TempDir(), "output")
		// Links in the report would name the CI run's commit: none here.
		all := map[string]string{"GITHUB_OUTPUT": outputs, "RUNNER_TEMP": t.TempDir(), "NO_COLOR": "1", "GITHUB_SHA": ""}
		for k, v := range s.Env {
			if !strings.Contains(v, "${{") {
				all[k] = v
			}
		}
		for k, v := range env {
			all[k] = v
		}
		out, code := runBash(t, shop, s.Run, all)
		return out, code, readOutputs(t, outputs)
	}

	inputs := map[string]string{
		"WIRELINT_CONFIG": "", "WIRELINT_BASELINE": "", "WIRELINT_COMPAT_AGAINST": "", "WIRELINT_ARGS": "",
		"WIRELINT_FAIL_ON": "error", "WIRELINT_SARIF": "wirelint.sarif", "WIRELINT_LINK_BASE": "",
	}
	out, code, outputs := runStep("Check", inputs)
	if code != 0 {
		t.Fatalf("Check step exited %d (it records wirelint's exit code and leaves failing to Result):\n%s", code, out)
	}
	if !strings.Contains(out, "::error file=services/shop/api/canonical.json,line=1") {
		t.Errorf("annotations not named from the repository root:\n%s", out)
	}
	sarif := filepath.Join(shop, "wirelint.sarif")
	if outputs["exit-code"] != "1" || outputs["sarif-file"] != sarif || outputs["report"] == "" {
		t.Fatalf("outputs %v; want exit-code 1, sarif-file %s and a report", outputs, sarif)
	}
	var log struct {
		Version string `json:"version"`
		Runs    []struct {
			Results []struct {
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct{ URI string } `json:"artifactLocation"`
					} `json:"physicalLocation"`
				} `json:"locations"`
			} `json:"results"`
		} `json:"runs"`
	}
	data, err := os.ReadFile(sarif)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &log); err != nil {
		t.Fatalf("SARIF is not JSON: %v", err)
	}
	if log.Version != "2.1.0" || len(log.Runs) != 1 || len(log.Runs[0].Results) != 1 {
		t.Fatalf("SARIF version %q, %d runs; want 2.1.0 with one result", log.Version, len(log.Runs))
	}
	if uri := log.Runs[0].Results[0].Locations[0].PhysicalLocation.ArtifactLocation.URI; uri != "services/shop/api/canonical.json" {
		t.Errorf("SARIF uri %q, want it from the repository root", uri)
	}
	report, err := os.ReadFile(outputs["report"])
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(report), "## wirelint\n") || !strings.Contains(string(report), "services/shop/api/canonical.json") {
		t.Errorf("markdown report:\n%s", report)
	}

	summary := filepath.Join(t.TempDir(), "summary.md")
	if out, code, _ := runStep("Job summary", map[string]string{"WIRELINT_REPORT": outputs["report"], "GITHUB_STEP_SUMMARY": summary}); code != 0 {
		t.Fatalf("Job summary: exit %d\n%s", code, out)
	}
	if got, _ := os.ReadFile(summary); string(got) != string(report) {
		t.Errorf("job summary differs from the report:\n%s", got)
	}

	for exit, want := range map[string]int{"0": 0, "1": 1, "2": 2} {
		if out, code, _ := runStep("Result", map[string]string{"WIRELINT_EXIT": exit, "WIRELINT_FAIL_ON": "error"}); code != want {
			t.Errorf("Result with wirelint exit %s: exit %d, want %d\n%s", exit, code, want, out)
		}
	}

	// --config wins; fail-on off passes; no SARIF when sarif-file is empty.
	inputs["WIRELINT_CONFIG"] = ".wirelint.yaml"
	inputs["WIRELINT_FAIL_ON"] = "off"
	inputs["WIRELINT_SARIF"] = ""
	if err := os.Remove(sarif); err != nil {
		t.Fatal(err)
	}
	out, _, outputs = runStep("Check", inputs)
	if outputs["exit-code"] != "0" || outputs["sarif-file"] != "" {
		t.Errorf("fail-on off without sarif-file: outputs %v\n%s", outputs, out)
	}
	if _, err := os.Stat(sarif); err == nil {
		t.Error("SARIF written although sarif-file is empty")
	}

	// A usage error is exit 2 with no report to publish.
	inputs["WIRELINT_ARGS"] = "--no-such-flag"
	out, _, outputs = runStep("Check", inputs)
	if outputs["exit-code"] != "2" || outputs["report"] != "" {
		t.Errorf("bad args: outputs %v\n%s", outputs, out)
	}
	// args splits like shell words with quotes kept, and nothing in it is
	// expanded: a glob matching a file here stays the word it is, so
	// wirelint sees "*.json" (no such rule) rather than the files.
	if err := os.WriteFile(filepath.Join(shop, "a.json"), []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	inputs["WIRELINT_ARGS"] = `--fail-on "warning" *.json $HOME`
	out, _, outputs = runStep("Check", inputs)
	if outputs["exit-code"] != "2" || !strings.Contains(out, `*.json`) || strings.Contains(out, "a.json") {
		t.Errorf("args with a glob: outputs %v\n%s", outputs, out)
	}
	inputs["WIRELINT_ARGS"] = `--fail-on "off`
	out, _, outputs = runStep("Check", inputs)
	if outputs["exit-code"] != "2" || !strings.Contains(out, "does not split into words") {
		t.Errorf("args with an unmatched quote: outputs %v\n%s", outputs, out)
	}
	inputs["WIRELINT_ARGS"] = `--fail-on 'off'`
	out, _, outputs = runStep("Check", inputs)
	if outputs["exit-code"] != "0" {
		t.Errorf("quoted args: outputs %v\n%s", outputs, out)
	}
}

// TestActionPlan pins how the action finds its own ref and repository when
// the runner leaves github.action_ref empty (actions/runner#2473): from the
// folder it checked the action out into.
func TestActionPlan(t *testing.T) {
	s := readAction(t).step(t, "Find the release for the action's ref")
	for _, c := range []struct {
		ref, repo, path   string
		wantRef, wantRepo string
	}{
		{"v0.2.0", "wirelint/wirelint", "/x", "v0.2.0", "wirelint/wirelint"},
		{"", "", "/home/runner/work/_actions/acme/wirelint/v1.4.0", "v1.4.0", "acme/wirelint"},
		{"", "", "/home/runner/work/shop/shop", "", ""},
	} {
		outputs := filepath.Join(t.TempDir(), "output")
		out, code := runBash(t, t.TempDir(), s.Run, map[string]string{
			"ACTION_REF": c.ref, "ACTION_REPOSITORY": c.repo, "GITHUB_ACTION_PATH": c.path,
			"GITHUB_OUTPUT": outputs, "RUNNER_TOOL_CACHE": "/cache", "RUNNER_OS": "Linux", "RUNNER_ARCH": "X64",
		})
		got := readOutputs(t, outputs)
		if code != 0 || got["ref"] != c.wantRef || got["repository"] != c.wantRepo {
			t.Errorf("ref %q repo %q path %s: outputs %v, want ref %q repository %q\n%s", c.ref, c.repo, c.path, got, c.wantRef, c.wantRepo, out)
		}
		if c.wantRef != "" && got["key"] != "wirelint-"+c.wantRef+"-Linux-X64" {
			t.Errorf("cache key %q", got["key"])
		}
	}
}

// TestActionInstall runs scripts/action/install.sh against a fake release
// server: a release's binary is installed once its SHA-256 matches the
// checksums.txt fetched fresh from the release, and refused otherwise; no
// release, or a commit pin, means building from source; a cached binary is
// used only when it matches the fresh checksums.txt, and a poisoned cache (a
// forged binary with a checksums.txt written to match, and a fake gh beside
// it) is replaced, with nothing but the verified binary put on PATH.
func TestActionInstall(t *testing.T) {
	if _, err := exec.LookPath("curl"); err != nil {
		t.Skip("curl is not installed")
	}
	binary := "#!/bin/sh\necho wirelint v9.9.9\n"
	sum := sha256.Sum256([]byte(binary))
	checksums := hex.EncodeToString(sum[:]) + "  wirelint_linux_arm64\n"
	var requests pathLog
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		requests.add(r.URL.Path)
		switch r.URL.Path {
		// a failed write is the test client's to see: it reads a short body
		case "/v9.9.9/checksums.txt":
			_, _ = w.Write([]byte(checksums))
		case "/v9.9.9/wirelint_linux_arm64":
			_, _ = w.Write([]byte(binary))
		case "/v6.6.6/checksums.txt":
			_, _ = w.Write([]byte(strings.Repeat("0", 64) + "  wirelint_linux_arm64\n"))
		case "/v6.6.6/wirelint_linux_arm64":
			_, _ = w.Write([]byte(binary))
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()

	install := func(ref, dir string) (string, int, map[string]string) {
		t.Helper()
		requests.reset()
		outputs := filepath.Join(t.TempDir(), "output")
		out, code := runBash(t, t.TempDir(), `exec bash "$1"`, map[string]string{
			"WIRELINT_REF": ref, "WIRELINT_REPOSITORY": "acme/wirelint", "WIRELINT_DIR": dir, "RUNNER_TEMP": t.TempDir(),
			"WIRELINT_DOWNLOAD_BASE": srv.URL, "RUNNER_OS": "Linux", "RUNNER_ARCH": "ARM64", "GITHUB_OUTPUT": outputs,
		}, mustAbs("../../scripts/action/install.sh"))
		return out, code, readOutputs(t, outputs)
	}
	// onPath lists the folder put on PATH and runs its wirelint.
	onPath := func(got map[string]string) (string, string) {
		t.Helper()
		entries, _ := os.ReadDir(got["bin"])
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		v, _ := exec.Command(filepath.Join(got["bin"], "wirelint")).Output()
		return strings.Join(names, " "), string(v)
	}

	dir := filepath.Join(t.TempDir(), "cache")
	out, code, got := install("v9.9.9", dir)
	if code != 0 || got["release"] != "true" || got["bin"] == "" {
		t.Fatalf("release v9.9.9: exit %d outputs %v\n%s", code, got, out)
	}
	if !strings.Contains(out, "SHA-256 verified against the release's checksums.txt; wirelint v9.9.9") {
		t.Errorf("no verification line:\n%s", out)
	}
	if names, v := onPath(got); names != "wirelint" || v != "wirelint v9.9.9\n" {
		t.Errorf("on PATH: %q running %q", names, v)
	}

	// The cache restored the folder: only checksums.txt is asked for, fresh.
	out, code, got = install("v9.9.9", dir)
	if code != 0 || got["release"] != "true" || requests.String() != "/v9.9.9/checksums.txt" || !strings.Contains(out, "using the cached") {
		t.Errorf("cached: exit %d outputs %v requests %v\n%s", code, got, &requests, out)
	}
	// A poisoned cache: a forged binary, a checksums.txt written to match
	// it, and a gh that would see the token. It is replaced by the release.
	evil := "#!/bin/sh\necho evil\n"
	evilSum := sha256.Sum256([]byte(evil))
	writeFiles(t, dir, map[string]string{
		"wirelint_linux_arm64": evil,
		"checksums.txt":        hex.EncodeToString(evilSum[:]) + "  wirelint_linux_arm64\n",
		"gh":                   "#!/bin/sh\necho stolen\n",
	})
	out, code, got = install("v9.9.9", dir)
	if code != 0 || !strings.Contains(out, "downloading it again") {
		t.Errorf("poisoned cache: exit %d\n%s", code, out)
	}
	if names, v := onPath(got); names != "wirelint" || v != "wirelint v9.9.9\n" {
		t.Errorf("poisoned cache: on PATH %q running %q, want the release's wirelint alone", names, v)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "wirelint_linux_arm64")); string(b) != binary {
		t.Errorf("poisoned binary left in the cache: %q", b)
	}
	// No release checksums.txt reachable: the cache is not trusted.
	out, code, _ = install("v9.9.9", dir)
	if code != 0 {
		t.Errorf("cached again: exit %d\n%s", code, out)
	}
	srvURL := srv.URL
	srv.Close()
	out, code, got = install("v9.9.9", dir)
	if code == 0 || got["release"] == "true" || !strings.Contains(out, "not trusted without it") {
		t.Errorf("checksums.txt unreachable: exit %d outputs %v\n%s", code, got, out)
	}
	srv = httptest.NewUnstartedServer(srv.Config.Handler)
	_ = srv.Listener.Close() // its own listener is replaced by one on the old address
	l, err := net.Listen("tcp", strings.TrimPrefix(srvURL, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	srv.Listener = l
	srv.Start()
	defer srv.Close()

	// A release whose checksum does not match: refused, not run.
	bad := filepath.Join(t.TempDir(), "bad")
	out, code, got = install("v6.6.6", bad)
	if code == 0 || got["release"] == "true" || !strings.Contains(out, "refusing to run it") {
		t.Errorf("bad checksum: exit %d outputs %v\n%s", code, got, out)
	}

	// No such release, and a commit pin (no request at all): build from source.
	out, code, got = install("main", filepath.Join(t.TempDir(), "none"))
	if code != 0 || got["release"] != "false" || !strings.Contains(out, "has no release main") || !strings.Contains(out, "go install") {
		t.Errorf("no release: exit %d outputs %v\n%s", code, got, out)
	}
	commit := strings.Repeat("ab", 20)
	out, code, got = install(commit, filepath.Join(t.TempDir(), "commit"))
	if code != 0 || got["release"] != "false" || requests.String() != "" || !strings.Contains(out, "pinned to commit") {
		t.Errorf("commit pin: exit %d outputs %v requests %v\n%s", code, got, &requests, out)
	}
}

// TestActionComment runs scripts/action/comment.sh with a fake gh that
// records its calls: the comment carrying the marker is edited, a new one is
// created only when there are findings, and a refused write (a fork's
// read-only token) is a warning, not a failed job.
func TestActionComment(t *testing.T) {
	bin := t.TempDir()
	// The fake gh prints $FAKE_COMMENTS for the listing (jq filter applied by
	// the real gh; here the ids are given ready), logs every call, and fails
	// writes when FAKE_FAIL is set.
	fake := `#!/usr/bin/env bash
echo "$*" >> "$FAKE_LOG"
case "$*" in
  *--method*) [ -z "$FAKE_FAIL" ] || exit 1; all="$*"; body=${all##*body=@}; body=${body%% *}; cp "$body" "$FAKE_BODY" ;;
  *) printf '%s' "$FAKE_COMMENTS" ;;
esac
`
	if err := os.WriteFile(filepath.Join(bin, "gh"), []byte(fake), 0o755); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	findings := filepath.Join(dir, "findings.md")
	clean := filepath.Join(dir, "clean.md")
	writeFiles(t, dir, map[string]string{"findings.md": "## wirelint\n\n1 error(s)\n", "clean.md": "## wirelint\n\nNo findings.\n"})

	comment := func(report, existing, fail string) (string, int, []string, string) {
		t.Helper()
		log, body := filepath.Join(t.TempDir(), "log"), filepath.Join(t.TempDir(), "body")
		out, code := runBash(t, dir, `exec bash "$1"`, map[string]string{
			"PATH": bin + string(os.PathListSeparator) + os.Getenv("PATH"), "FAKE_LOG": log, "FAKE_BODY": body,
			"FAKE_COMMENTS": existing, "FAKE_FAIL": fail, "GH_TOKEN": "t", "WIRELINT_COMMENT_AUTHOR": "github-actions[bot]",
			"WIRELINT_REPOSITORY": "acme/shop", "WIRELINT_PR": "7", "WIRELINT_REPORT": report,
		}, mustAbs("../../scripts/action/comment.sh"))
		calls, _ := os.ReadFile(log)
		posted, _ := os.ReadFile(body)
		return out, code, strings.Split(strings.TrimSpace(string(calls)), "\n"), string(posted)
	}

	out, code, calls, posted := comment(findings, "", "")
	if code != 0 || len(calls) != 2 || !strings.HasPrefix(calls[1], "api --method POST repos/acme/shop/issues/7/comments") {
		t.Errorf("first report: exit %d calls %q\n%s", code, calls, out)
	}
	if posted != "<!-- wirelint -->\n## wirelint\n\n1 error(s)\n" {
		t.Errorf("posted body %q: want the marker, then the report", posted)
	}
	if !strings.Contains(calls[0], `select(.user.login == "github-actions[bot]" and (.body | startswith("<!-- wirelint -->")))`) {
		t.Errorf("listing does not look for the token's own comment with the marker: %q", calls[0])
	}

	out, code, calls, _ = comment(findings, "42\n57\n", "")
	if code != 0 || len(calls) != 2 || !strings.HasPrefix(calls[1], "api --method PATCH repos/acme/shop/issues/comments/42") {
		t.Errorf("existing comment: exit %d calls %q\n%s", code, calls, out)
	}

	out, code, calls, _ = comment(clean, "", "")
	if code != 0 || len(calls) != 1 || !strings.Contains(out, "nothing to post") {
		t.Errorf("clean without a comment: exit %d calls %q\n%s", code, calls, out)
	}
	_, _, calls, posted = comment(clean, "42\n", "")
	if len(calls) != 2 || !strings.Contains(posted, "No findings.") {
		t.Errorf("clean with a comment: calls %q posted %q; want it edited to say so", calls, posted)
	}

	out, code, _, _ = comment(findings, "", "yes")
	if code != 0 || !strings.Contains(out, "::warning::wirelint: could not comment on pull request #7") {
		t.Errorf("read-only token: exit %d\n%s", code, out)
	}
}

// TestActionCommentPreempted runs scripts/action/comment.sh with a fake gh
// that applies the script's jq filter (with the real jq) to a listing in
// which the pull request's author posted a comment carrying the marker
// first: it is never edited; the token's own comment is, or a new one is
// posted. The identity is the token's user when gh can tell, else
// github-actions[bot]; a login that is not one is refused.
func TestActionCommentPreempted(t *testing.T) {
	if _, err := exec.LookPath("jq"); err != nil {
		t.Skip("jq is not installed")
	}
	bin := t.TempDir()
	fake := `#!/usr/bin/env bash
echo "$*" >> "$FAKE_LOG"
case "$*" in
  "api user --jq .login") [ -n "$FAKE_USER" ] || exit 1; echo "$FAKE_USER" ;;
  *--method*) all="$*"; body=${all##*body=@}; body=${body%% *}; cp "$body" "$FAKE_BODY" ;;
  *) filter=""; while [ $# -gt 0 ]; do [ "$1" = --jq ] && filter=$2; shift; done; printf '%s' "$FAKE_JSON" | jq -r "$filter" ;;
esac
`
	if err := os.WriteFile(filepath.Join(bin, "gh"), []byte(fake), 0o755); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"findings.md": "## wirelint\n\n1 error(s)\n"})
	attacker := `{"id": 11, "user": {"login": "mallory"}, "body": "<!-- wirelint -->\nNo findings. All good!"}`
	quoted := `{"id": 12, "user": {"login": "github-actions[bot]"}, "body": "as the bot said: <!-- wirelint -->"}`
	own := `{"id": 42, "user": {"login": "github-actions[bot]"}, "body": "<!-- wirelint -->\n## wirelint"}`
	mine := `{"id": 77, "user": {"login": "octocat"}, "body": "<!-- wirelint -->\n## wirelint"}`
	comment := func(user, author string, listing ...string) (string, []string) {
		t.Helper()
		log, body := filepath.Join(t.TempDir(), "log"), filepath.Join(t.TempDir(), "body")
		out, code := runBash(t, dir, `exec bash "$1"`, map[string]string{
			"PATH": bin + string(os.PathListSeparator) + os.Getenv("PATH"), "FAKE_LOG": log, "FAKE_BODY": body,
			"FAKE_JSON": "[" + strings.Join(listing, ",") + "]", "FAKE_USER": user, "GH_TOKEN": "t",
			"WIRELINT_COMMENT_AUTHOR": author, "WIRELINT_REPOSITORY": "acme/shop", "WIRELINT_PR": "7",
			"WIRELINT_REPORT": filepath.Join(dir, "findings.md"),
		}, mustAbs("../../scripts/action/comment.sh"))
		if code != 0 {
			t.Fatalf("exit %d\n%s", code, out)
		}
		calls, _ := os.ReadFile(log)
		return out, strings.Split(strings.TrimSpace(string(calls)), "\n")
	}
	last := func(calls []string) string { return calls[len(calls)-1] }

	// The GITHUB_TOKEN (gh api user fails): the attacker's comment is skipped.
	_, calls := comment("", "", attacker, quoted)
	if !strings.HasPrefix(last(calls), "api --method POST repos/acme/shop/issues/7/comments") {
		t.Errorf("pre-empted by another author: calls %q, want a new comment", calls)
	}
	_, calls = comment("", "", attacker, quoted, own)
	if !strings.HasPrefix(last(calls), "api --method PATCH repos/acme/shop/issues/comments/42") {
		t.Errorf("own comment after the attacker's: calls %q, want comment 42 edited", calls)
	}
	// A personal token: its user's comment, not the bot's.
	_, calls = comment("octocat", "", attacker, own, mine)
	if !strings.HasPrefix(last(calls), "api --method PATCH repos/acme/shop/issues/comments/77") {
		t.Errorf("personal token: calls %q, want comment 77 edited", calls)
	}
	// A login that would break out of the filter is refused.
	out, calls := comment("", `x") or true or ("`, attacker)
	if len(calls) != 0 && calls[0] != "" || !strings.Contains(out, "is not a GitHub login") {
		t.Errorf("hostile login: calls %q\n%s", calls, out)
	}
}

var (
	readmeRev  = regexp.MustCompile(`(?m)^\s*#?\s*rev: (\S+)`)
	readmeUses = regexp.MustCompile(`uses: wirelint/wirelint@(\S+)`)
	readmeWith = regexp.MustCompile(`(?s)uses: wirelint/wirelint@\S+[^\n]*\n\s*with:\n(.*?)\n\s*` + "```")
	withKey    = regexp.MustCompile(`(?m)^\s*([a-z-]+):`)
)

// TestReadmePins checks that the refs the README and the hook file tell users
// to pin (pre-commit's rev, the Action's uses: ...@REF) are this source's
// version tag, v + releaseVersion, which `wirelint version` prints and the
// CHANGELOG's top entry names, and that every input the README's workflow
// passes is one the action declares.
func TestReadmePins(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	hooks, err := os.ReadFile("../../.pre-commit-hooks.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var pins []string
	for _, m := range readmeRev.FindAllStringSubmatch(string(readme), -1) {
		pins = append(pins, "README rev "+m[1])
	}
	for _, m := range readmeRev.FindAllStringSubmatch(string(hooks), -1) {
		pins = append(pins, ".pre-commit-hooks.yaml rev "+m[1])
	}
	for _, m := range readmeUses.FindAllStringSubmatch(string(readme), -1) {
		pins = append(pins, "README uses "+m[1])
	}
	if len(pins) < 3 {
		t.Fatalf("found %d pins (%v); want the README's rev and uses and the hook file's rev", len(pins), pins)
	}
	for _, p := range pins {
		if !strings.HasSuffix(p, " v"+releaseVersion) {
			t.Errorf("%s: pin v%s, the version in the source", p, releaseVersion)
		}
	}

	// The inputs the README's workflow passes exist in the action.
	m := readmeWith.FindStringSubmatch(string(readme))
	if m == nil {
		t.Fatal("README has no workflow passing inputs to wirelint/wirelint")
	}
	text, err := os.ReadFile("../../action.yml")
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range withKey.FindAllStringSubmatch(m[1], -1) {
		if !regexp.MustCompile(`(?m)^  ` + regexp.QuoteMeta(k[1]) + `:$`).Match(text) {
			t.Errorf("README's workflow passes %s, which action.yml does not declare", k[1])
		}
	}
}
