package bench

import (
	"os"
	"testing"
)

func BenchmarkTmpWrite(b *testing.B) {
	c, m := realParityPair(b, githubSpec)
	data, _ := os.ReadFile(c)
	os.WriteFile("/tmp/gh_canonical.json", data, 0o644)
	_ = m
}
