package regex

import (
	"bufio"
	"encoding/json"
	"os"
	"regexp"
	"testing"

	"github.com/wirelint/wirelint/internal/ecmaregex"
)

// corpusLine is one line of testdata/corpus/patterns_all.jsonl: a real
// pattern and whether real engines compiled it.
type corpusLine struct {
	Pattern    string `json:"pattern"`
	Kind       string `json:"kind"`
	GoRegexpOK bool   `json:"go_regexp_ok"`
	ECMAUOK    bool   `json:"ecma_u_ok"`
	ECMAOK     bool   `json:"ecma_ok"`
	Repo       string `json:"repo"`
	Path       string `json:"path"`
}

func readCorpus(t *testing.T) []corpusLine {
	t.Helper()
	f, err := os.Open("testdata/corpus/patterns_all.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = f.Close() }() // read-only
	var out []corpusLine
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		var l corpusLine
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			t.Fatalf("line %d: %v", len(out)+1, err)
		}
		out = append(out, l)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

var (
	ecmaU      = ecmaregex.Dialect{Name: ecmaregex.NameECMAUnicode}
	ecmaLegacy = ecmaregex.Dialect{Name: ecmaregex.NameECMALegacy}
	goDialect  = ecmaregex.Dialect{Name: ecmaregex.NameGo}
)

// TestCorpusECMA pins the parser to real JavaScript engines: on every real
// pattern, the u-mode verdict agrees with ecma_u_ok and the legacy verdict
// with ecma_ok.
func TestCorpusECMA(t *testing.T) {
	lines := readCorpus(t)
	if len(lines) != 2229 {
		t.Fatalf("corpus has %d lines, want 2229", len(lines))
	}
	for i, l := range lines {
		u := ecmaregex.JudgePattern(l.Pattern, ecmaU)
		if u.Compiles != l.ECMAUOK {
			t.Errorf("line %d %q: ecma-u compiles=%v, engine says %v (%v)", i+1, l.Pattern, u.Compiles, l.ECMAUOK, u.Err)
		}
		lg := ecmaregex.JudgePattern(l.Pattern, ecmaLegacy)
		if lg.Compiles != l.ECMAOK {
			_, err := ecmaregex.Parse(l.Pattern, ecmaregex.Legacy)
			t.Errorf("line %d %q: ecma-legacy compiles=%v, engine says %v (%v)", i+1, l.Pattern, lg.Compiles, l.ECMAOK, err)
		}
	}
}

// TestCorpusGo pins the go dialect table to Go's regexp: on every real
// pattern the go verdict (compiles as written) agrees with go_regexp_ok, and
// where a translation exists it compiles with regexp.
func TestCorpusGo(t *testing.T) {
	translated := 0
	for i, l := range readCorpus(t) {
		v := ecmaregex.JudgePattern(l.Pattern, goDialect)
		_, rawErr := regexp.Compile(l.Pattern)
		if (rawErr == nil) != l.GoRegexpOK {
			t.Fatalf("line %d: this Go's regexp disagrees with the corpus's go_regexp_ok=%v: %v", i+1, l.GoRegexpOK, rawErr)
		}
		if v.Compiles != l.GoRegexpOK {
			t.Errorf("line %d %q: go compiles=%v, regexp says %v; issues %v", i+1, l.Pattern, v.Compiles, l.GoRegexpOK, describe(v.Issues))
			continue
		}
		if v.Err != nil || ecmaregex.Worst(v.Issues) == ecmaregex.Rejected {
			continue
		}
		tr, err := ecmaregex.Translate(v.Tree, goDialect)
		if err != nil {
			t.Errorf("line %d %q: no construct is rejected in go but Translate fails: %v", i+1, l.Pattern, err)
			continue
		}
		if _, err := regexp.Compile(tr); err != nil {
			t.Errorf("line %d %q: translation %q does not compile: %v", i+1, l.Pattern, tr, err)
		}
		if !v.Compiles {
			translated++
		}
	}
	if translated == 0 {
		t.Error("no pattern needed a translation to compile in Go; the corpus has \\u escapes that do")
	}
	t.Logf("%d patterns compile in Go only after translation", translated)
}

func describe(is []ecmaregex.Issue) []string {
	var out []string
	for _, i := range is {
		out = append(out, i.Construct.ID+":"+i.Support.String())
	}
	return out
}
