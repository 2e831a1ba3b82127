package main

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/spf13/pflag"
	"github.com/wirelint/wirelint/internal/fsroot"
	"github.com/wirelint/wirelint/internal/validate"
	"github.com/wirelint/wirelint/reduce"
	"github.com/wirelint/wirelint/runner"
)

// input holds the flags that bound what a command reads: the folders outside
// the project it may read, and the file-size, nodes and pattern budgets.
type input struct {
	roots            listFlag
	maxFileSize      sizeFlag
	maxPatternLength sizeFlag
	maxNodes         int
}

// addInputFlags declares --max-file-size, --max-nodes, --max-pattern-length and, unless the command has a
// --root of its own (refs), the repeatable --root that widens what it reads.
func addInputFlags(fs *pflag.FlagSet, widen bool) *input {
	in := &input{maxFileSize: fsroot.DefaultMaxFileSize, maxPatternLength: validate.DefaultMaxPatternLength}
	if widen {
		fs.Var(&in.roots, "root", "also read files under this folder outside the project (repeatable; the project is the git work tree holding the files)")
	}
	fs.Var(&in.maxFileSize, "max-file-size", "largest document read, in bytes or with a KB, MB or GB suffix")
	fs.IntVar(&in.maxNodes, "max-nodes", reduce.MaxNodes, "most nodes one document may hold, YAML aliases expanded")
	fs.Var(&in.maxPatternLength, "max-pattern-length", "longest pattern checked, in bytes or with a KB suffix; a longer one is reported unchecked")
	return in
}

// configure widens c's confinement by --root and sets its file-size, nodes
// and pattern budgets.
func (in *input) configure(c *runner.Config) {
	c.Widen = append(c.Widen, in.absRoots()...)
	c.MaxFileSize = int64(in.maxFileSize)
	c.MaxPatternLength = int(in.maxPatternLength)
	c.MaxNodes = in.maxNodes
}

func (in *input) absRoots() []string {
	var out []string
	for _, r := range in.roots {
		if abs, err := filepath.Abs(r); err == nil {
			out = append(out, abs)
		}
	}
	return out
}

// sizeFlag is a byte count given as 1048576, 1MB or 64MiB.
type sizeFlag int64

func (s *sizeFlag) String() string { return strconv.FormatInt(int64(*s), 10) }

func (s *sizeFlag) Set(v string) error {
	t := strings.ToUpper(strings.TrimSpace(v))
	mult := int64(1)
	for _, u := range []struct {
		suffix string
		mult   int64
	}{{"KIB", 1 << 10}, {"MIB", 1 << 20}, {"GIB", 1 << 30}, {"KB", 1 << 10}, {"MB", 1 << 20}, {"GB", 1 << 30}, {"K", 1 << 10}, {"M", 1 << 20}, {"G", 1 << 30}, {"B", 1}} {
		if strings.HasSuffix(t, u.suffix) {
			t, mult = strings.TrimSpace(strings.TrimSuffix(t, u.suffix)), u.mult
			break
		}
	}
	n, err := strconv.ParseInt(t, 10, 64)
	if err != nil || n <= 0 || n > (1<<40)/mult {
		return fmt.Errorf("want a positive size such as 64MB, not %q", v)
	}
	*s = sizeFlag(n * mult)
	return nil
}

func (s *sizeFlag) Type() string { return "size" }
