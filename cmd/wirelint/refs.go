package main

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"
	"github.com/wirelint/wirelint/rules/ref"
	"github.com/wirelint/wirelint/runner"
)

func newRefsCmd(e *env, code *int) *cobra.Command {
	var root string
	var maps listFlag
	c, out, in := findingsCommand("refs FILE...", "resolve every $ref reachable from the files, on disk and under $id, and report the ones that break", false)
	c.Flags().StringVar(&root, "root", "", "project directory no reference may leave (default: the git work tree holding the first FILE, or its folder outside git)")
	c.Flags().Var(&maps, "map", "resolve URLs under a prefix from a local folder: URL_PREFIX=DIR (repeatable)")
	c.RunE = func(_ *cobra.Command, pos []string) error {
		if len(pos) == 0 {
			return usageErrorf("want at least one FILE")
		}
		refs := &runner.Refs{Documents: pos}
		for _, m := range maps {
			prefix, dir, ok := strings.Cut(m, "=")
			if !ok || dir == "" || !strings.HasPrefix(prefix, "http://") && !strings.HasPrefix(prefix, "https://") {
				return usageErrorf("--map %q: want URL_PREFIX=DIR with an http(s) prefix", m)
			}
			abs, err := filepath.Abs(dir)
			if err != nil {
				return fmt.Errorf("--map %q: %v", m, err)
			}
			refs.Mappings = append(refs.Mappings, ref.Mapping{Prefix: prefix, Dir: abs})
		}
		if root != "" {
			abs, err := filepath.Abs(root)
			if err != nil {
				return fmt.Errorf("--root %q: %v", root, err)
			}
			root = abs
		}
		return out.runAndEmit(e, code, runner.Config{Root: root, Refs: refs, Arguments: pos}, in)
	}
	return c
}
