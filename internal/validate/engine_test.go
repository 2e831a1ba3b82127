package validate

import "testing"

// TestEngineCompilesEachPatternOnce: a document repeating a pattern (a
// generated spec writes one id format on hundreds of properties) gets one
// compiled expression per distinct pattern, in either engine, and a refused
// pattern is refused every time.
func TestEngineCompilesEachPatternOnce(t *testing.T) {
	e := engine(Options{})
	for _, p := range []string{`^AC[0-9a-fA-F]{32}$`, `^(?=a)a$`} {
		first, err := e(p)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		again, err := e(p)
		if err != nil {
			t.Fatalf("%s again: %v", p, err)
		}
		if first != again {
			t.Errorf("%s compiled twice", p)
		}
		if !again.MatchString(map[string]string{`^AC[0-9a-fA-F]{32}$`: "AC0123456789abcdef0123456789abcdef", `^(?=a)a$`: "a"}[p]) {
			t.Errorf("%s: the remembered expression no longer matches", p)
		}
	}
	for range 2 {
		if _, err := e(`(`); err == nil {
			t.Error("an unbalanced pattern compiled")
		}
	}
}
