package regex

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/wirelint/wirelint/internal/ecmaregex"
)

// TestSuggestEquivalent checks every schema rewrite Suggest offers for the
// corpus's patterns against node: on each probe without a line break (the
// one place minLength and . disagree), the original pattern matches exactly
// when the suggested schema holds. Skipped where node is missing.
func TestSuggestEquivalent(t *testing.T) {
	type pair struct {
		pattern    string
		suggestion map[string]any
	}
	var pairs []pair
	extra := []string{`^/(?!type$|block_id$)[a-z_]+$`, `^(?=.*[A-Z])(?=.*\d).{8,}$`, `^[a-z0-9][-a-z0-9]*(?<!-)$`,
		`^.{0,2048}$`, `^(?!variables$).+$`, `^[a-z.]+(?<!\.git|\.)$`}
	var sources []string
	for _, l := range readCorpus(t) {
		sources = append(sources, l.Pattern)
	}
	for _, p := range append(sources, extra...) {
		tree, err := ecmaregex.Parse(p, ecmaregex.Unicode)
		if err != nil {
			continue
		}
		if s := Suggest(tree, DefaultDialects); s != nil {
			pairs = append(pairs, pair{p, s})
		}
	}
	if len(pairs) < 20 {
		t.Fatalf("only %d suggestions over the corpus", len(pairs))
	}
	// probes: the shared ones without line breaks, plus every const and enum
	// value and simple variants of them
	var local []string
	for _, s := range probes {
		if !strings.ContainsAny(s, "\n\r\u2028\u2029") {
			local = append(local, s)
		}
	}
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			for k, e := range x {
				if k == "const" {
					s := e.(string)
					local = append(local, s, s+"x", "x"+s)
				}
				walk(e)
			}
		case []any:
			for _, e := range x {
				walk(e)
			}
		case []string:
			for _, s := range x {
				local = append(local, s, s+"x", "x"+s)
			}
		}
	}
	for _, p := range pairs {
		walk(p.suggestion)
	}
	local = append(local, "-abc", "abc-", "a--b", "Abcdefg1", "abcdefgh", "ABCDEFG1", "abc.git", "abc.", "x.y", "1234",
		"aurora-x", "custom-x", "aws:x", strings.Repeat("a", 2049), strings.Repeat("a", 300))
	saved := probes
	probes = local
	defer func() { probes = saved }()

	// every pattern node must answer: the originals and all suggested ones
	index := map[string]int{}
	var all []string
	need := func(p string) {
		if _, ok := index[p]; !ok {
			index[p] = len(all)
			all = append(all, p)
		}
	}
	var collect func(v any)
	collect = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			if p, ok := x["pattern"].(string); ok {
				need(p)
			}
			for _, e := range x {
				collect(e)
			}
		case []any:
			for _, e := range x {
				collect(e)
			}
		}
	}
	for _, p := range pairs {
		need(p.pattern)
		collect(p.suggestion)
	}
	res := engines["ecma"].run(t, all)
	var holds func(v any, j int, s string) bool
	holds = func(v any, j int, s string) bool {
		m, ok := v.(map[string]any)
		if !ok {
			t.Fatalf("unexpected %T in suggestion", v)
		}
		for k, e := range m {
			switch k {
			case "pattern":
				if !res[index[e.(string)]][j] {
					return false
				}
			case "minLength":
				if utf8.RuneCountInString(s) < e.(int) {
					return false
				}
			case "maxLength":
				if utf8.RuneCountInString(s) > e.(int) {
					return false
				}
			case "const":
				if s != e.(string) {
					return false
				}
			case "enum":
				found := false
				for _, x := range e.([]string) {
					found = found || x == s
				}
				if !found {
					return false
				}
			case "not":
				if holds(e, j, s) {
					return false
				}
			case "allOf":
				for _, x := range e.([]any) {
					if !holds(x, j, s) {
						return false
					}
				}
			case "anyOf":
				some := false
				for _, x := range e.([]any) {
					some = some || holds(x, j, s)
				}
				if !some {
					return false
				}
			default:
				t.Fatalf("keyword %s not handled", k)
			}
		}
		return true
	}
	for _, p := range pairs {
		for j, s := range probes {
			if got, want := holds(p.suggestion, j, s), res[index[p.pattern]][j]; got != want {
				t.Errorf("%q on %q: pattern says %v, suggestion %v says %v", p.pattern, short(s), want, marshal(p.suggestion), got)
			}
		}
	}
	t.Logf("%d suggestions checked on %d probes", len(pairs), len(probes))
}
