package main

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"wirelint": func() {
			os.Exit(run(os.Args[1:], &env{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr, getenv: os.Getenv}))
		},
	})
}

// TestScripts runs the CLI scripts in testdata/script: exit codes, every
// output format, and each kind of bad input.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:                 "testdata/script",
		RequireExplicitExec: true,
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			// exitcode N PROG ARGS... runs PROG and requires exit status N.
			"exitcode": func(ts *testscript.TestScript, neg bool, args []string) {
				if neg || len(args) < 2 {
					ts.Fatalf("usage: exitcode N PROG [ARGS...]")
				}
				want, err := strconv.Atoi(args[0])
				ts.Check(err)
				got := 0
				if err := ts.Exec(args[1], args[2:]...); err != nil {
					var ee *exec.ExitError
					if !errors.As(err, &ee) {
						ts.Fatalf("%v", err)
					}
					got = ee.ExitCode()
				}
				if got != want {
					ts.Fatalf("exit status %d, want %d", got, want)
				}
			},
			// grow PATH TEXT N rewrites PATH with every TEXT repeated N times:
			// inputs of megabytes from a few lines of txtar.
			"grow": func(ts *testscript.TestScript, neg bool, args []string) {
				if neg || len(args) != 3 {
					ts.Fatalf("usage: grow PATH TEXT N")
				}
				n, err := strconv.Atoi(args[2])
				ts.Check(err)
				data, err := os.ReadFile(ts.MkAbs(args[0]))
				ts.Check(err)
				ts.Check(os.WriteFile(ts.MkAbs(args[0]), []byte(strings.ReplaceAll(string(data), args[1], strings.Repeat(args[1], n))), 0o644))
			},
			// copyexample DIR copies the bundled example (examples/frame-wire)
			// into DIR without its .wirelint.yaml, as a project that has none yet.
			"copyexample": func(ts *testscript.TestScript, neg bool, args []string) {
				if neg || len(args) != 1 {
					ts.Fatalf("usage: copyexample DIR")
				}
				ts.Check(copyExample(ts.MkAbs(args[0])))
			},
			// lspframe IN OUT frames the JSON-RPC messages of IN, one a line, as
			// the language server reads them, with $WORK replaced by the work
			// directory; lspunframe IN OUT writes the framed messages of IN
			// (stdout: what the command printed) one a line.
			"lspframe": func(ts *testscript.TestScript, neg bool, args []string) {
				if neg || len(args) != 2 {
					ts.Fatalf("usage: lspframe IN OUT")
				}
				var b strings.Builder
				for _, line := range strings.Split(strings.ReplaceAll(ts.ReadFile(args[0]), "$WORK", ts.Getenv("WORK")), "\n") {
					if line = strings.TrimSpace(line); line != "" {
						fmt.Fprintf(&b, "Content-Length: %d\r\n\r\n%s", len(line), line)
					}
				}
				ts.Check(os.WriteFile(ts.MkAbs(args[1]), []byte(b.String()), 0o644))
			},
			"lspunframe": func(ts *testscript.TestScript, neg bool, args []string) {
				if neg || len(args) != 2 {
					ts.Fatalf("usage: lspunframe IN OUT")
				}
				in := ts.ReadFile(args[0])
				var b strings.Builder
				for {
					head, rest, ok := strings.Cut(in, "\r\n\r\n")
					if !ok {
						break
					}
					n, err := strconv.Atoi(strings.TrimSpace(strings.TrimPrefix(head, "Content-Length:")))
					ts.Check(err)
					b.WriteString(strings.ReplaceAll(rest[:n], ts.Getenv("WORK"), "$WORK") + "\n")
					in = rest[n:]
				}
				ts.Check(os.WriteFile(ts.MkAbs(args[1]), []byte(b.String()), 0o644))
			},
			// mkfifo PATH makes a named pipe, as a pull request can commit one.
			"mkfifo": func(ts *testscript.TestScript, neg bool, args []string) {
				if neg || len(args) != 1 {
					ts.Fatalf("usage: mkfifo PATH")
				}
				ts.Check(syscall.Mkfifo(ts.MkAbs(args[0]), 0o644))
			},
		},
		Setup: func(env *testscript.Env) error {
			env.Setenv("NO_COLOR", "")
			return writeHostileInputs(env.WorkDir)
		},
	})
}

// writeHostileInputs puts inputs into every script's work directory that a
// txtar archive cannot hold conveniently: binary bytes, 100 000-deep nesting
// and a YAML alias bomb.
func writeHostileInputs(dir string) error {
	bomb := "type: object\na: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n"
	prev := "a"
	for _, c := range "bcdefghijk" {
		bomb += string(c) + ": &" + string(c) + " [" + strings.Repeat("*"+prev+",", 8) + "*" + prev + "]\n"
		prev = string(c)
	}
	files := map[string]string{
		"hostile/binary.json":  "\x00\x01\x02\xff",
		"hostile/deep.json":    `{"$defs": {"A": ` + strings.Repeat("[", 100000) + strings.Repeat("]", 100000) + `}}`,
		"hostile/deepobj.yaml": strings.Repeat("{a: ", 100000) + "1" + strings.Repeat("}", 100000),
		"hostile/bomb.yaml":    bomb,
	}
	for name, body := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// copyExample copies examples/frame-wire, less its configuration, into dst.
func copyExample(dst string) error {
	src, err := filepath.Abs(filepath.Join("..", "..", "examples", "frame-wire"))
	if err != nil {
		return err
	}
	return filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, p)
		if err != nil {
			return err
		}
		target := filepath.Join(dst, rel)
		switch {
		case d.IsDir():
			return os.MkdirAll(target, 0o755)
		case rel == ".wirelint.yaml":
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(target, data, 0o644)
	})
}
