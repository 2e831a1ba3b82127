package ecmaregex

import (
	"bufio"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"regexp"
	"strings"
	"testing"
)

// engineVerdict is one engine's recorded answer on one pattern.
type engineVerdict struct {
	OK    bool   `json:"ok"`
	Error string `json:"error"`
	// MinSize is the smallest size limit under which the Rust crate builds
	// the pattern (0 = not recorded); MinSizeOver is set instead when it
	// needs more than that many bytes.
	MinSize     float64 `json:"min_size"`
	MinSizeOver float64 `json:"min_size_over"`
}

// recordedVerdict is one line of testdata/engines/verdicts.jsonl.
type recordedVerdict struct {
	Pattern string        `json:"pattern"`
	Source  string        `json:"source"`
	Python  engineVerdict `json:"python"`
	Rust    engineVerdict `json:"rust"`
	Header  *struct {
		Engines map[string]string `json:"engines"`
	} `json:"header"`
}

// allowed is one line of testdata/engines/allowlist.jsonl: a disagreement
// between the tables and an engine that is known, with its reason.
type allowed struct {
	Engine  string `json:"engine"`
	Pattern string `json:"pattern"`
	Reason  string `json:"reason"`
}

func readJSONL[T any](t *testing.T, path string) []T {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = f.Close() }() // read only: closing cannot lose data
	var out []T
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		var v T
		if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
			t.Fatalf("%s:%d: %v", path, len(out)+1, err)
		}
		out = append(out, v)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// engineDialects reads the engines' versions from the header: "regex
// 1.7.1 (...)" and "CPython 3.11.7 re" become rust@1.7.1 and python3.11.
func engineDialects(t *testing.T, engines map[string]string) (rust, python Dialect) {
	t.Helper()
	m := regexp.MustCompile(`^regex (\d+\.\d+\.\d+) `).FindStringSubmatch(engines["rust"])
	p := regexp.MustCompile(`^CPython (\d+\.\d+)\.\d+ re$`).FindStringSubmatch(engines["python"])
	if m == nil || p == nil {
		t.Fatalf("header names no engine versions: %v", engines)
	}
	return Dialect{Name: NameRust, Version: m[1]}, Dialect{Name: NamePython, Version: p[1]}
}

// TestEngineVerdicts pins the Rust and Python tables to the engines: on
// every valid corpus pattern and every generated size-limit pattern, the
// dialect (pinned to the recorded engine's version) compiles the pattern as
// written exactly when the engine did, unless the allowlist gives a reason.
// It also checks that the unpinned rust dialect differs from the recorded
// crate only by version-gated constructs, and that the Rust size estimate
// stays within 10% of the size the crate needed.
func TestEngineVerdicts(t *testing.T) {
	records := readJSONL[recordedVerdict](t, "testdata/engines/verdicts.jsonl")
	if len(records) < 2200 || records[0].Header == nil {
		t.Fatalf("verdicts.jsonl has %d lines and header %v; want a header and at least 2,200 verdicts", len(records), records[0].Header)
	}
	rust, python := engineDialects(t, records[0].Header.Engines)
	if python.Version != DefaultPythonVersion {
		t.Errorf("verdicts recorded with CPython %s, but the python dialect defaults to %s", python.Version, DefaultPythonVersion)
	}
	allow := map[string]string{}
	for _, a := range readJSONL[allowed](t, "testdata/engines/allowlist.jsonl") {
		if a.Reason == "" {
			t.Errorf("allowlist entry %s %q gives no reason", a.Engine, a.Pattern)
		}
		allow[a.Engine+"\x00"+a.Pattern] = a.Reason
	}
	used := map[string]bool{}
	disagree := func(engine string, r recordedVerdict, v Verdict, got engineVerdict) {
		key := engine + "\x00" + r.Pattern
		if _, ok := allow[key]; ok {
			used[key] = true
			return
		}
		t.Errorf("%s %q (%s): the %s table says compiles=%v, the engine %v (%s); issues %s",
			r.Source, r.Pattern, engine, engine, v.Compiles, got.OK, got.Error, issueList(v.Issues))
	}
	gated, worstError, sized := 0, 0.0, 0
	for _, r := range records[1:] {
		tree, err := Parse(r.Pattern, Unicode)
		if err != nil {
			t.Errorf("%s %q: recorded as valid ECMA-262, but %v", r.Source, r.Pattern, err)
			continue
		}
		rv := JudgePattern(r.Pattern, rust)
		if rv.Compiles != r.Rust.OK {
			disagree("rust", r, rv, r.Rust)
		}
		if pv := JudgePattern(r.Pattern, python); pv.Compiles != r.Python.OK {
			disagree("python", r, pv, r.Python)
		}
		// the newest crate may read more, only through version-gated rows
		if cur := JudgePattern(r.Pattern, Dialect{Name: NameRust}); cur.Compiles != rv.Compiles {
			gated++
			for _, is := range rv.Issues {
				if is.Support.NonPortable() && is.Construct.Dialects[NameRust].Since == "" {
					t.Errorf("%q: rust and rust@%s differ, but %s is not version-gated", r.Pattern, rust.Version, is.Construct.ID)
				}
			}
		}
		// the size estimate against the size the crate needed
		est := RustProgramSize(tree)
		switch {
		case r.Rust.MinSize >= 1<<20:
			sized++
			e := math.Abs(est-r.Rust.MinSize) / r.Rust.MinSize
			worstError = max(worstError, e)
			if e > 0.10 {
				t.Errorf("%s %q: Rust size estimate %.0f, the crate needed %.0f (%.1f%% off)", r.Source, r.Pattern, est, r.Rust.MinSize, 100*e)
			}
		case r.Rust.MinSizeOver > 0:
			sized++
			if est < 0.9*r.Rust.MinSizeOver {
				t.Errorf("%s %q: Rust size estimate %.0f, the crate needed over %.0f", r.Source, r.Pattern, est, r.Rust.MinSizeOver)
			}
		}
	}
	for key, reason := range allow {
		if !used[key] {
			t.Errorf("allowlist entry %q (%s) matches no disagreement; remove it", strings.ReplaceAll(key, "\x00", " "), reason)
		}
	}
	if sized < 20 {
		t.Errorf("only %d patterns exercise the size estimate", sized)
	}
	t.Logf("%d verdicts; %d differ between rust@%s and rust only by version-gated constructs; size estimate within %.1f%% on %d patterns over 1 MiB",
		len(records)-1, gated, rust.Version, 100*worstError, sized)
}

func issueList(is []Issue) string {
	var out []string
	for _, i := range is {
		out = append(out, fmt.Sprintf("%s:%s", i.Construct.ID, i.Support))
	}
	return "[" + strings.Join(out, " ") + "]"
}
