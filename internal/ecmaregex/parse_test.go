package ecmaregex

import (
	"errors"
	"testing"
	"unicode/utf8"
)

// TestParse pins the tree of each construct, in both modes: input, mode,
// then the compact dump or the error code.
func TestParse(t *testing.T) {
	tests := []struct {
		src  string
		mode Mode
		dump string
		err  Code
	}{
		{"abc", Unicode, "cat{lit{a} lit{b} lit{c}}", ""},
		{"", Unicode, "empty{}", ""},
		{"a|", Unicode, "alt{lit{a} empty{}}", ""},
		{"^a+?b{2,}c{3}d{0,5}$", Unicode, "cat{bol{} lazy1,inf{lit{a}} rep2,inf{lit{b}} rep3,3{lit{c}} rep0,5{lit{d}} eol{}}", ""},
		{`(?<year>\d{4})-\k<year>`, Unicode, "cat{cap1<year>{rep4,4{esc{d}}} lit{-} bref{year}}", ""},
		{`\1(a)`, Unicode, "cat{bref{1} cap1{lit{a}}}", ""},
		{`(?<=a+)b(?<!c)(?=d)(?!e)`, Unicode, "cat{lb{rep1,inf{lit{a}}} lit{b} nlb{lit{c}} la{lit{d}} nla{lit{e}}}", ""},
		{`[^a-z\d\-]`, Unicode, "nclass{range{a-z} esc{d} lit{-}}", ""},
		{`[]`, Unicode, "class{}", ""},
		{`[^]`, Unicode, "nclass{}", ""},
		{`\p{Letter}\P{sc=Grek}\p{digit}`, Unicode, "cat{prop{Letter} nprop{sc=Grek} prop{digit}}", ""},
		{`\u{1F432}\u0041\x42\cC\0\/`, Unicode, "cat{lit{U+1F432} lit{A} lit{B} lit{U+0003} lit{U+0000} lit{/}}", ""},
		{`\uD83D\uDC32*`, Unicode, "rep0,inf{lit{U+1F432}}", ""},
		{`\uD83D\uDC32*`, Legacy, "cat{lit{U+D83D} rep0,inf{lit{U+DC32}}}", ""},
		{"🐲*", Legacy, "cat{lit{U+D83D} rep0,inf{lit{U+DC32}}}", ""},
		{`(?<a>x)|(?<a>y)\k<a>`, Unicode, "alt{cap1<a>{lit{x}} cat{cap2<a>{lit{y}} bref{a}}}", ""},
		{`(?i:a)(?-m:b)`, Unicode, "cat{mod(i){lit{a}} mod(-m){lit{b}}}", ""},
		{`[\b]\b\B`, Unicode, "cat{class{lit{U+0008}} wb{} nwb{}}", ""},
		// Annex B accepts what u mode rejects
		{`a{1-3}\_]`, Legacy, "cat{lit{a} lit{{} lit{1} lit{-} lit{3} lit{}} lit{_} lit{]}}", ""},
		{`[\w-.]`, Legacy, "class{esc{w} lit{-} lit{.}}", ""},
		{`\8\1\012\c`, Legacy, "cat{lit{8} lit{U+0001} lit{U+000A} lit{\\} lit{c}}", ""},
		{`(?=a)*`, Legacy, "rep0,inf{la{lit{a}}}", ""},
		{`\p{L}\k`, Legacy, "cat{lit{p} lit{{} lit{L} lit{}} lit{k}}", ""},
		{`\Z`, Legacy, "lit{Z}", ""},
		// errors
		{`(?i)abc`, Unicode, "", ErrInlineFlags},
		{`(?i)abc`, Legacy, "", ErrInlineFlags},
		{`a++`, Unicode, "", ErrPossessive},
		{`(?>a)`, Unicode, "", ErrAtomic},
		{`(?#c)a`, Unicode, "", ErrComment},
		{`(?P<n>x)`, Unicode, "", ErrPythonGroup},
		{`(?P<n>a)(?P=n)`, Legacy, "", ErrPythonGroup},
		{`\Z`, Unicode, "", ErrForeignAnchor},
		{`\a`, Unicode, "", ErrInvalidEscape},
		{`[\w-.]`, Unicode, "", ErrClassRangeEscape},
		{`[a-z`, Unicode, "", ErrUnterminatedClass},
		{`(a`, Unicode, "", ErrUnterminatedGroup},
		{`a)`, Unicode, "", ErrUnmatchedParen},
		{`*a`, Unicode, "", ErrNothingToRepeat},
		{`^*`, Legacy, "", ErrNothingToRepeat},
		{`(?<=a)*`, Legacy, "", ErrNothingToRepeat},
		{`(?=a)*`, Unicode, "", ErrNothingToRepeat},
		{`a{2,1}`, Unicode, "", ErrRepeatOrder},
		{`[z-a]`, Legacy, "", ErrRangeOrder},
		{`{1}`, Legacy, "", ErrNothingToRepeat},
		{`a{1-3}`, Unicode, "", ErrIncompleteQuant},
		{`}`, Unicode, "", ErrLoneBrace},
		{`]`, Unicode, "", ErrLoneBracket},
		{`\2(a)`, Unicode, "", ErrInvalidBackref},
		{`\k<x>(?<y>a)`, Unicode, "", ErrInvalidNamedRef},
		{`\k<x>(?<y>a)`, Legacy, "", ErrInvalidNamedRef},
		{`(?<a>x)(?<a>y)`, Unicode, "", ErrDuplicateGroupName},
		{`((?<a>x)|(?<a>y))(?<a>z)`, Unicode, "", ErrDuplicateGroupName},
		{`(?<1a>x)`, Unicode, "", ErrInvalidGroupName},
		{`\p{Lettre}`, Unicode, "", ErrInvalidProperty},
		{`\p{letter}`, Unicode, "", ErrInvalidProperty},
		{`\u{110000}`, Unicode, "", ErrInvalidUnicode},
		{`\x4`, Unicode, "", ErrInvalidHex},
		{`\c1`, Unicode, "", ErrInvalidControl},
		{`\00`, Unicode, "", ErrDecimalAfterZero},
		{`a\`, Legacy, "", ErrTrailingBackslash},
		{`(?ii:a)`, Unicode, "", ErrInvalidModifiers},
		{`(?x)`, Unicode, "", ErrInlineFlags},
		{`(?`, Unicode, "", ErrInvalidGroup},
		{`\-`, Unicode, "", ErrInvalidEscape},
		{`[\1]`, Unicode, "", ErrInvalidClassEscape},
	}
	for _, tt := range tests {
		n, err := Parse(tt.src, tt.mode)
		if tt.err != "" {
			var e *Error
			if !errors.As(err, &e) || e.Code != tt.err {
				t.Errorf("Parse(%q, %v) = %v, want error %q", tt.src, tt.mode, err, tt.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("Parse(%q, %v): %v", tt.src, tt.mode, err)
			continue
		}
		if got := Dump(n); got != tt.dump {
			t.Errorf("Parse(%q, %v)\n got %s\nwant %s", tt.src, tt.mode, got, tt.dump)
		}
	}
}

// TestErrorPosition pins what an error reports: the code, the character
// offset (not the byte offset) and the offending text.
func TestErrorPosition(t *testing.T) {
	_, err := Parse(`é^\.25\s*(?i)vCpu$`, Unicode)
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("want *Error, got %v", err)
	}
	if e.Code != ErrInlineFlags || e.Offset != 9 || e.Text != "(?i)" || e.Span != (Span{10, 14}) {
		t.Errorf("got code %q offset %d text %q span %v", e.Code, e.Offset, e.Text, e.Span)
	}
	if got, want := e.Error(), "inline flag group (?i) (ECMA-262 has no inline flags; use a modifier group (?i:...) or character classes) at offset 9"; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
}

// TestPrintRoundTrip pins that printing a tree and parsing the result gives
// the same tree, in both modes.
func TestPrintRoundTrip(t *testing.T) {
	for _, src := range []string{
		`^(?!-)[a-z\d-]{1,63}(?<!-)$`, `\1(a)0`, `(a)\1\x30`, `[\]\-^[]`, `\u{1F432}+`, `\uD83D\u{DC32}`,
		`(?<n>[^]|[])\k<n>`, `\p{Script_Extensions=Latin}\P{Any}`, `a{0,1000000000000}`, `\t\n\v\f\r\0\cA`,
		"\u00e9\u2028 \x00",
	} {
		for _, mode := range []Mode{Unicode, Legacy} {
			n, err := Parse(src, mode)
			if err != nil {
				continue
			}
			printed := Print(n, mode)
			m, err := Parse(printed, mode)
			if err != nil {
				t.Errorf("%v: Print(%q) = %q does not parse: %v", mode, src, printed, err)
				continue
			}
			if Dump(m) != Dump(n) {
				t.Errorf("%v: %q printed as %q:\n got %s\nwant %s", mode, src, printed, Dump(m), Dump(n))
			}
		}
	}
}

// FuzzParse checks, for any input in either mode: no panic, every span
// inside the input, and print-parse round trips to the same tree.
func FuzzParse(f *testing.F) {
	for _, s := range []string{`^(?!-)[a-z\d-]{1,63}(?<!-)$`, `(?<n>a)\k<n>`, `[\w-.]`, `a{1-3}`, `\u{1F432}*`, `🐲*`,
		`\p{Letter}`, `(?i)a`, `a++`, `[^]`, `\cA\0\x41`, `(?=a)*`, `\8\1`, `(?i-m:a)`, `[\c1]`, `\k<a`} {
		f.Add(s, false)
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, src string, legacy bool) {
		mode := Unicode
		if legacy {
			mode = Legacy
		}
		n, err := Parse(src, mode)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("error of type %T", err)
			}
			if e.Span.Start < 0 || e.Span.End > len(src) || e.Span.Start > e.Span.End {
				t.Fatalf("error span %v outside input of %d bytes", e.Span, len(src))
			}
			return
		}
		Walk(n, func(x *Node) bool {
			if x.Span.Start < 0 || x.Span.End > len(src) || x.Span.Start > x.Span.End {
				t.Fatalf("node %s span %v outside input of %d bytes", Dump(x), x.Span, len(src))
			}
			return true
		})
		if !utf8.ValidString(src) {
			return // invalid bytes read as U+FFFD and print as such
		}
		printed := Print(n, mode)
		m, err := Parse(printed, mode)
		if err != nil {
			t.Fatalf("Print(%q) = %q does not parse: %v", src, printed, err)
		}
		if Dump(m) != Dump(n) {
			t.Fatalf("%q printed as %q:\n got %s\nwant %s", src, printed, Dump(m), Dump(n))
		}
		for _, d := range []string{NameGo, NameRust, NamePython} {
			Judge(n, Dialect{Name: d})
			if mode == Unicode {
				Translate(n, Dialect{Name: d}) //nolint:errcheck // only must not panic
			}
		}
	})
}
