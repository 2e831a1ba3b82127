package reduce

import (
	"errors"
	"math/big"
	"testing"
)

// FormatNumber spells every number exactly: the shortest float64 form when
// it holds the value, else exact scientific notation, so two numbers render
// alike only when they are equal.
func TestFormatNumber(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"0", "0"},
		{"-7", "-7"},
		{"0.1", "0.1"},
		{"1e21", "1000000000000000000000"},
		{"123456789012345678901234567890", "123456789012345678901234567890"},
		{"1e41", "1e+41"},
		{"1e400", "1e+400"},
		{"-2.5e400", "-2.5e+400"},
		{"1e-400", "1e-400"},
		{"1.25e-400", "1.25e-400"},
		{"0.30000000000000000001", "3.0000000000000000001e-01"},
	} {
		r, ok := new(big.Rat).SetString(c.in)
		if !ok {
			t.Fatalf("bad literal %s", c.in)
		}
		if got := FormatNumber(r); got != c.want {
			t.Errorf("FormatNumber(%s) = %s, want %s", c.in, got, c.want)
		}
		back, ok := new(big.Rat).SetString(FormatNumber(r))
		if !ok || back.Cmp(r) != 0 {
			t.Errorf("FormatNumber(%s) = %s does not read back as the same value", c.in, FormatNumber(r))
		}
	}
	if got := FormatNumber(big.NewRat(1, 3)); got != "1/3" {
		t.Errorf("FormatNumber(1/3) = %s, want 1/3", got)
	}
}

// A number past float64 is still a number, with its exact value, in JSON and
// in plain YAML; a quoted one stays a string; one past the number budget is
// Unrepresentable and Decode says where it is.
func TestExactNumbers(t *testing.T) {
	doc, err := Parse([]byte(`{"$schema": "https://json-schema.org/draft/2020-12/schema", "$defs": {
  "A": {"maximum": 1e400, "minimum": 1e-400, "enum": [1e-400, 0, 2e400]}}}`), "a.json")
	if err != nil {
		t.Fatal(err)
	}
	a := doc.Lookup("/$defs/A")
	max, ok := Number(Value(a, "maximum"))
	if !ok || FormatNumber(max) != "1e+400" {
		t.Fatalf("maximum 1e400 reads as %v, %v", max, ok)
	}
	if min, ok := Number(Value(a, "minimum")); !ok || min.Sign() == 0 {
		t.Fatalf("minimum 1e-400 reads as %v, %v", min, ok)
	}
	if got := Canonical(Value(a, "enum")); got != "[1e-400,0,2e+400]" {
		t.Errorf("Canonical(enum) = %s", got)
	}
	if got := NumberText(Value(a, "maximum")); got != "1e400" {
		t.Errorf("NumberText(1e400) = %s, want it as written", got)
	}

	y, err := Parse([]byte("openapi: 3.1.0\ninfo: {title: t, version: '1'}\npaths: {}\ncomponents:\n  schemas:\n    A: {maximum: 1e400, description: '1e400', minimum: 1e99999}\n"), "o.yaml")
	if err != nil {
		t.Fatal(err)
	}
	ya := y.Lookup("/components/schemas/A")
	if _, ok := Number(Value(ya, "maximum")); !ok {
		t.Error("plain YAML 1e400 is not a number")
	}
	if !IsString(Value(ya, "description")) {
		t.Error("quoted '1e400' became a number")
	}
	huge := Value(ya, "minimum")
	if _, ok := Number(huge); ok || !Unrepresentable(huge) {
		t.Errorf("1e99999: Number ok=%v, Unrepresentable=%v; want false, true", ok, Unrepresentable(huge))
	}
	_, err = Decode(ya)
	var ne *NumberError
	if !errors.As(err, &ne) || ne.Line != 6 || ne.Column != 56 || ne.Literal != "1e99999" {
		t.Errorf("Decode = %v (%+v), want a NumberError at 6:56", err, ne)
	}
}

// isPlainNumber answers as plainNumber does on every string of up to four
// characters over the alphabet numbers are written in, plus a letter and a
// non-ASCII rune.
func TestIsPlainNumberIsTheRegexp(t *testing.T) {
	alphabet := []string{"", "+", "-", ".", "0", "9", "e", "E", "x", "é"}
	n := 0
	for _, a := range alphabet {
		for _, b := range alphabet {
			for _, c := range alphabet {
				for _, d := range alphabet {
					s := a + b + c + d
					if got, want := isPlainNumber(s), plainNumber().MatchString(s); got != want {
						t.Errorf("isPlainNumber(%q) = %v, the regexp says %v", s, got, want)
					}
					if plainNumber().MatchString(s) {
						n++
					}
				}
			}
		}
	}
	if n == 0 {
		t.Fatal("no string matched: the test compares nothing")
	}
}
