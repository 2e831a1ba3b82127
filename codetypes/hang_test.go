package codetypes_test

import (
	"math/rand"
	"testing"
	"time"

	"github.com/wirelint/wirelint/codetypes/golang"
	"github.com/wirelint/wirelint/codetypes/python"
	"github.com/wirelint/wirelint/codetypes/rust"
	"github.com/wirelint/wirelint/codetypes/typescript"
)

// TestNoHang feeds every reader 5,000 deterministic mutations of the fuzz seeds
// (truncations, byte changes, insertions of brackets and separators) and
// fails when one takes longer than two seconds: an unclosed construct must
// never leave a reader looping.
func TestNoHang(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	readers := map[string]func(string){
		"ts": func(s string) { typescript.Read(s, "x") },
		"py": func(s string) { python.Read(s, "x") },
		"rs": func(s string) { rust.Read(s, "x") },
		"go": func(s string) { golang.Read([]golang.Source{{Path: "x.go", Data: []byte(s)}}) },
	}
	alphabet := []byte("(){}[]<>:;,=|&?\"'#@\n    abcXYZ_.-0123456789/*!")
	for i := 0; i < 5000; i++ {
		s := []byte(seeds[r.Intn(5)])
		for k := 0; k < 1+r.Intn(4); k++ {
			switch r.Intn(3) {
			case 0:
				if len(s) > 0 {
					s = s[:r.Intn(len(s))]
				}
			case 1:
				if len(s) > 0 {
					s[r.Intn(len(s))] = alphabet[r.Intn(len(alphabet))]
				}
			case 2:
				p := r.Intn(len(s) + 1)
				s = append(s[:p], append([]byte{alphabet[r.Intn(len(alphabet))]}, s[p:]...)...)
			}
		}
		for name, read := range readers {
			done := make(chan struct{})
			go func() { read(string(s)); close(done) }()
			select {
			case <-done:
			case <-time.After(2 * time.Second):
				t.Fatalf("%s hangs on %q", name, s)
			}
		}
	}
}
