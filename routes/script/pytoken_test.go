package script

import (
	"strings"
	"testing"
)

// TestTokenizePythonFStrings pins how f-strings are read since Python 3.12
// (PEP 701): a field over several lines, the string's own quote and a
// comment inside a field, a format spec with a field of its own, {{ }} as
// braces; and bounds their nesting, which a field may now repeat without
// end: 200,000 f-strings inside one another are one error naming the file,
// not a crash or a quadratic scan.
func TestTokenizePythonFStrings(t *testing.T) {
	for _, src := range []string{
		"x = f\"-{\n    fmt(a,  # the amount\n        b)\n}\"\n",
		"x = f\"{d[\"key\"]}/{e['k']}\"\n",
		"x = f\"{v:>{width}} {{literal}} {w!r:10}\"\n",
		"x = t\"hello {name}\"\n",
	} {
		toks, err := TokenizePython(src, "ok.py")
		if err != nil {
			t.Errorf("%q: %v", src, err)
			continue
		}
		if len(toks) < 3 || toks[2].Kind != TokString || toks[2].parts == nil {
			t.Errorf("%q: the f-string is not one templated string token: %+v", src, toks)
		}
	}
	if _, err := TokenizePython("x = f\"{a\n", "open.py"); err == nil || !strings.Contains(err.Error(), "unterminated string") {
		t.Errorf("a field the file ends in: %v, want unterminated string", err)
	}
	deep := "x = " + strings.Repeat(`f"{`, 200000) + strings.Repeat(`}"`, 200000) + "\n"
	if _, err := TokenizePython(deep, "deep.py"); err == nil || !strings.Contains(err.Error(), "deep.py:1:") || !strings.Contains(err.Error(), "nested more than") {
		t.Errorf("200,000 nested f-strings: %v, want one error naming deep.py", err)
	}
}
