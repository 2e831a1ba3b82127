package golang

import (
	"fmt"
	"go/ast"
	"go/parser"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestDecodePatternRoundTrip generates path templates of every form
// protoc-gen-grpc-gateway compiles (literals, {var}, {var=**}, a variable
// over several segments, a custom verb), compiles each as the generator
// does (httprule: a variable's segments, OpConcatN of their count, then
// OpCapture; the pool holds each literal and variable name once, in order
// of first use), and holds decodePattern to the template it came from; the
// same operations with one operand changed decode to another template or
// to none.
func TestDecodePatternRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(42, 27))
	words := []string{"v1", "items", "shelves", "books", "api", "users", "name", "parent"}
	for i := range 3000 {
		var segs []string
		var ops []int
		var pool []string
		intern := func(s string) int {
			for j, p := range pool {
				if p == s {
					return j
				}
			}
			pool = append(pool, s)
			return len(pool) - 1
		}
		n := 1 + rng.IntN(5)
		for k := range n {
			switch r := rng.IntN(6); {
			case r < 3:
				w := words[rng.IntN(len(words))]
				segs = append(segs, w)
				ops = append(ops, 2, intern(w))
			case r == 3 && k == n-1:
				v := fmt.Sprintf("path%d", k)
				segs = append(segs, "{"+v+"=**}")
				ops = append(ops, 3, 0, 4, 1, 5, intern(v))
			case r == 4:
				v := fmt.Sprintf("id%d", k)
				segs = append(segs, "{"+v+"}")
				ops = append(ops, 1, 0, 4, 1, 5, intern(v))
			default:
				// {name=shelves/*} or {name=shelves/*/books/*}
				lit := words[rng.IntN(len(words))]
				sub := []string{lit, "*"}
				ops = append(ops, 2, intern(lit), 1, 0)
				if rng.IntN(2) == 0 {
					lit2 := words[rng.IntN(len(words))]
					sub = append(sub, lit2, "*")
					ops = append(ops, 2, intern(lit2), 1, 0)
				}
				v := fmt.Sprintf("res%d", k)
				segs = append(segs, "{"+v+"="+strings.Join(sub, "/")+"}")
				ops = append(ops, 4, len(sub), 5, intern(v))
			}
		}
		verb := ""
		if rng.IntN(4) == 0 {
			verb = "cancel"
		}
		want := "/" + strings.Join(segs, "/")
		if verb != "" {
			want += ":" + verb
		}
		got, ok := decodeSrc(t, ops, pool, verb)
		if !ok || got != want {
			t.Fatalf("%d: ops %v pool %q decode to %q (%v), want %q", i, ops, pool, got, ok, want)
		}
		// one literal operand pointing elsewhere in the pool: another template
		for j := 0; j < len(ops); j += 2 {
			if ops[j] == 2 && len(pool) > 1 {
				bad := append([]int(nil), ops...)
				bad[j+1] = (bad[j+1] + 1) % len(pool)
				if pool[bad[j+1]] == pool[ops[j+1]] {
					continue
				}
				if got, ok := decodeSrc(t, bad, pool, verb); ok && got == want {
					t.Fatalf("%d: operations changed at %d decode to the same %q", i, j, got)
				}
				break
			}
		}
	}
	// operations the generator never writes decode to nothing
	for _, ops := range [][]int{{9, 0}, {2, 7}, {4, 2}, {5, 0}, {2, 0, 4}} {
		if got, ok := decodeSrc(t, ops, []string{"a"}, ""); ok {
			t.Errorf("ops %v decode to %q", ops, got)
		}
	}
}

// decodeSrc writes ops, pool and verb as the Go literals the generator
// writes and decodes them.
func decodeSrc(t *testing.T, ops []int, pool []string, verb string) (string, bool) {
	t.Helper()
	var o, p []string
	for _, n := range ops {
		o = append(o, fmt.Sprint(n))
	}
	for _, s := range pool {
		p = append(p, fmt.Sprintf("%q", s))
	}
	parse := func(src string) any {
		e, err := parser.ParseExpr(src)
		if err != nil {
			t.Fatal(err)
		}
		return e
	}
	opsE := parse("[]int{" + strings.Join(o, ", ") + "}")
	poolE := parse("[]string{" + strings.Join(p, ", ") + "}")
	verbE := parse(fmt.Sprintf("%q", verb))
	return decodePattern(opsE.(ast.Expr), poolE.(ast.Expr), verbE.(ast.Expr))
}
