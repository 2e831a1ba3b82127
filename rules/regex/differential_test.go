package regex

import (
	"bytes"
	"encoding/json"
	"os/exec"
	"regexp"
	"testing"

	"github.com/wirelint/wirelint/internal/ecmaregex"
)

// probes are strings that tell the dialects apart: the spaces ECMA-262's \s
// has and others lack, line terminators, Unicode digits and letters, astral
// characters, and ordinary identifiers.
var probes = []string{
	"", "a", "abc", "ABC", "A-1", "a_b", "foo.bar", "1.2.3", "123", "0", "-", "a-", "-a", "a--b", " ", "\t", "\v",
	"\f", "\u00a0", "\ufeff", "\u2003", "\u1680", "\u0085", "\x1c", "a b", "a\u00a0b", "é", "école", "৪২", "߀", "🐲", "🐲🐲",
	"a\n", "a\r", "a\u2028", "abc\n", "\n", "\r\n", "x/y", "user@example.com", "https://example.com/a?b=c",
	"arn:aws:iam::123456789012:role/name", "Password1", "password", "PASSWORD1!", "aaaaaaaaaaaaaaaa",
	"v1.2.3-beta+exp.sha.5114f85", "2024-01-31", "12:30", "#fff", "a.b.c", "Ω", "K", "ſ", "_", "$x", "a{1}",
}

type engine struct {
	name   string
	prog   string
	args   []string
	script string
}

var engines = map[string]engine{
	"ecma": {name: "node", prog: "node", args: []string{"-e"}, script: `
let buf = ""; process.stdin.on("data", d => buf += d); process.stdin.on("end", () => {
  const {patterns, probes} = JSON.parse(buf);
  const out = patterns.map(p => { try { const re = new RegExp(p, "u"); return probes.map(s => re.test(s)); } catch (e) { return null; } });
  process.stdout.write(JSON.stringify(out));
});`},
	"python": {name: "python3", prog: "python3", args: []string{"-c"}, script: `
import json, re, sys, warnings
warnings.simplefilter("ignore")
d = json.load(sys.stdin)
out = []
for p in d["patterns"]:
    try:
        r = re.compile(p)
        out.append([r.search(s) is not None for s in d["probes"]])
    except Exception:
        out.append(None)
json.dump(out, sys.stdout)`},
}

// run asks an engine whether each pattern matches each probe (JSON Schema's
// unanchored search); a nil row means the engine rejected the pattern.
func (e engine) run(t *testing.T, patterns []string) [][]bool {
	t.Helper()
	if _, err := exec.LookPath(e.prog); err != nil {
		t.Skipf("%s not installed: the differential check needs it", e.prog)
	}
	in, _ := json.Marshal(map[string]any{"patterns": patterns, "probes": probes})
	cmd := exec.Command(e.prog, append(e.args, e.script)...)
	cmd.Stdin = bytes.NewReader(in)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	outb, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s: %v: %s", e.name, err, stderr.String())
	}
	var out [][]bool
	if err := json.Unmarshal(outb, &out); err != nil {
		t.Fatalf("%s output: %v", e.name, err)
	}
	return out
}

// TestTranslationsMatchECMA checks the translations against real engines: for
// every corpus pattern valid in u mode, the Go translation (run by regexp)
// and the Python translation (run by python3's re) match exactly the probes
// the ECMA-262 pattern matches in node. Skipped where node or python3 is
// missing. Where the tables flag nothing for go or python, the pattern
// used verbatim must match the same, so a missed divergence shows up too.
func TestTranslationsMatchECMA(t *testing.T) {
	var patterns []string
	var trees []*ecmaregex.Node
	for _, l := range readCorpus(t) {
		if tree, err := ecmaregex.Parse(l.Pattern, ecmaregex.Unicode); err == nil {
			patterns = append(patterns, l.Pattern)
			trees = append(trees, tree)
		}
	}
	extra := []string{`^\s$`, `^\S+$`, `^.$`, `^\d+$`, `^\w+$`, `\bcole`, `^abc$`, `^\p{Letter}+$`, `^\P{L}$`, `^\p{digit}+$`,
		`^\p{Script=Greek}$`, `^\p{sc=Latn}+$`, `^\p{White_Space}$`, `^\p{Any}$`, `^\p{ASCII}+$`, `^[^\s\d]+$`, `^[\S]$`,
		`^[]$`, `^[^]$`, `^\u{1F432}+$`, `^[🐲-🐳]$`, `^\cJ$`, `^\0?$`, `^[\b]$`, `^\W$`, `^\D$`, `^(?<x>a)(?<y>b)?$`}
	for _, p := range extra {
		tree, err := ecmaregex.Parse(p, ecmaregex.Unicode)
		if err != nil {
			t.Fatalf("%q: %v", p, err)
		}
		patterns, trees = append(patterns, p), append(trees, tree)
	}
	want := engines["ecma"].run(t, patterns)
	if len(want) != len(patterns) {
		t.Fatalf("node answered %d rows for %d patterns", len(want), len(patterns))
	}
	var pyPatterns []string
	var pyIndex []int
	compared := map[string]int{}
	for i, tree := range trees {
		if want[i] == nil {
			t.Errorf("%q: node rejects it but the parser accepts it", patterns[i])
			continue
		}
		if tr, err := ecmaregex.Translate(tree, goDialect); err == nil {
			re, err := regexp.Compile(tr)
			if err != nil {
				t.Errorf("%q: go translation %q: %v", patterns[i], tr, err)
				continue
			}
			compared["go"]++
			for j, s := range probes {
				if re.MatchString(s) != want[i][j] {
					t.Errorf("%q on %q: ECMA-262 says %v, go translation %q says %v", patterns[i], s, want[i][j], tr, !want[i][j])
				}
			}
		}
		// a pattern with no issue in go must mean the same verbatim
		if len(ecmaregex.Judge(tree, goDialect)) == 0 {
			re, err := regexp.Compile(patterns[i])
			if err != nil {
				t.Errorf("%q: no issue in go, but regexp rejects it: %v", patterns[i], err)
				continue
			}
			compared["go verbatim"]++
			for j, s := range probes {
				if re.MatchString(s) != want[i][j] {
					t.Errorf("%q on %q: ECMA-262 says %v, go verbatim says %v, but no construct is flagged", patterns[i], s, want[i][j], !want[i][j])
				}
			}
		}
		if len(ecmaregex.Judge(tree, ecmaregex.Dialect{Name: ecmaregex.NamePython})) == 0 {
			pyPatterns, pyIndex = append(pyPatterns, patterns[i]), append(pyIndex, -1-i)
		}
		if tr, err := ecmaregex.Translate(tree, ecmaregex.Dialect{Name: ecmaregex.NamePython}); err == nil {
			pyPatterns, pyIndex = append(pyPatterns, tr), append(pyIndex, i)
		}
	}
	got := engines["python"].run(t, pyPatterns)
	for k, row := range got {
		i, verbatim := pyIndex[k], pyIndex[k] < 0
		what := "translation"
		if verbatim {
			i, what = -1-i, "verbatim pattern (no issue flagged)"
			compared["python verbatim"]++
		} else {
			compared["python"]++
		}
		if row == nil {
			t.Errorf("%q: python rejects the %s %q", patterns[i], what, pyPatterns[k])
			continue
		}
		for j, s := range probes {
			if row[j] != want[i][j] {
				t.Errorf("%q on %q: ECMA-262 says %v, python %s %q says %v", patterns[i], s, want[i][j], what, pyPatterns[k], row[j])
			}
		}
	}
	if compared["go"] < 2000 || compared["python"] < 2000 {
		t.Errorf("compared too few patterns: %v", compared)
	}
	t.Logf("translations compared on %d probes: %v", len(probes), compared)
}
