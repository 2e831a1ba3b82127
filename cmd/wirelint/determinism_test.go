package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// Five runs of parity, diffcheck and check on the bundled example give the
// same JSON, byte for byte: the runner's parallel groups and tasks, map
// iteration and the differential probes must not show in the output. The
// example has planted findings, so an empty report cannot pass.
func TestFiveRunsByteIdentical(t *testing.T) {
	example := filepath.Join("..", "..", "examples", "frame-wire")
	canonical := filepath.Join(example, "schemas", "frame_wire.json")
	mirror := filepath.Join(example, "openapi.yaml")
	for _, args := range [][]string{
		{"parity", canonical, mirror, "--format", "json"},
		{"diffcheck", canonical, mirror, "--format", "json"},
		{"check", "--config", filepath.Join(example, ".wirelint.yaml"), "--format", "json"},
	} {
		t.Run(args[0], func(t *testing.T) {
			var first []byte
			for i := 0; i < 5; i++ {
				var stdout, stderr bytes.Buffer
				code := run(args, &env{stdout: &stdout, stderr: &stderr, getenv: os.Getenv})
				if code != 1 || !bytes.Contains(stdout.Bytes(), []byte(`"rule"`)) {
					t.Fatalf("run %d: exit %d, want 1 with findings (the example's planted ones)\nstderr: %s", i+1, code, stderr.String())
				}
				if i == 0 {
					first = stdout.Bytes()
					continue
				}
				if !bytes.Equal(stdout.Bytes(), first) {
					t.Fatalf("run %d differs from run 1 (%d vs %d bytes)", i+1, stdout.Len(), len(first))
				}
			}
		})
	}
}
