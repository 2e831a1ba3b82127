package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// A command that exits 1 is timed like one that succeeds; the figures are
// three non-negative numbers of seconds with microseconds, the wall time at
// least what the command slept.
func TestRun(t *testing.T) {
	out := filepath.Join(t.TempDir(), "time")
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-o", out, "--", "sh", "-c", "sleep 0.05; echo hi; exit 1"}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if stdout.String() != "hi\n" {
		t.Errorf("the command's output %q did not pass through", stdout.String())
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	f := strings.Fields(string(b))
	if len(f) != 3 {
		t.Fatalf("%q: want wall, user and system seconds", b)
	}
	for i, s := range f {
		v, err := strconv.ParseFloat(s, 64)
		if err != nil || v < 0 || !strings.Contains(s, ".") || len(s[strings.Index(s, ".")+1:]) != 6 {
			t.Errorf("figure %d %q is not seconds to the microsecond", i, s)
		}
		if i == 0 && v < 0.05 {
			t.Errorf("wall %s s, but the command slept 0.05 s", s)
		}
	}
}

func TestUsage(t *testing.T) {
	var stdout, stderr bytes.Buffer
	for _, args := range [][]string{nil, {"--", "true"}, {"-o", "x"}} {
		if code := run(args, &stdout, &stderr); code != 2 {
			t.Errorf("%q: exit %d, want 2", args, code)
		}
	}
	if code := run([]string{"-o", filepath.Join(t.TempDir(), "t"), "--", "/no/such/command"}, &stdout, &stderr); code != 2 {
		t.Errorf("a command that cannot start: exit %d, want 2", code)
	}
}
