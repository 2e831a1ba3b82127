package main

import (
	"errors"
	"flag"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/wirelint/wirelint/reduce"
	"github.com/wirelint/wirelint/rules/ref"
)

func init() {
	register(&command{
		name:    "refs",
		usage:   "refs FILE... [--root DIR] [--map URL_PREFIX=DIR]... [--format text|json|...] [--fail-on error|warning|info|off] [--color auto|always|never]",
		summary: "resolve every $ref reachable from the files, on disk and under $id, and report the ones that break",
		run:     runRefs,
	})
}

func runRefs(e *env, args []string) int {
	fs := flag.NewFlagSet("refs", flag.ContinueOnError)
	out := addOutputFlags(fs)
	root := fs.String("root", "", "project directory no reference may leave (default: the git work tree holding the first FILE, or its folder outside git)")
	var maps listFlag
	fs.Var(&maps, "map", "resolve URLs under a prefix from a local folder: URL_PREFIX=DIR (repeatable)")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return fail(e, "refs", err)
	}
	if err := out.validate(); err != nil {
		return fail(e, "refs", err)
	}
	if len(pos) == 0 {
		return fail(e, "refs", fmt.Errorf("%w: want at least one FILE", errUsage))
	}
	var opts ref.Options
	for _, m := range maps {
		prefix, dir, ok := strings.Cut(m, "=")
		if !ok || dir == "" || !strings.HasPrefix(prefix, "http://") && !strings.HasPrefix(prefix, "https://") {
			return fail(e, "refs", fmt.Errorf("%w: --map %q: want URL_PREFIX=DIR with an http(s) prefix", errUsage, m))
		}
		abs, err := filepath.Abs(dir)
		if err != nil {
			return fail(e, "refs", fmt.Errorf("--map %q: %v", m, err))
		}
		opts.Mappings = append(opts.Mappings, ref.Mapping{Prefix: prefix, Dir: abs})
	}
	ws := reduce.NewWorkspace(*root)
	if *root == "" {
		ws = workspaceFor(pos...)
	}
	r := ref.NewResolver(ws, opts)
	docs := make([]*reduce.Document, 0, len(pos))
	for _, p := range pos {
		doc, err := ws.Load(p, "")
		if errors.Is(err, reduce.ErrNotDocument) {
			// A piece of a split document (a path item, a response) is
			// checked on its own when it holds a $ref; any other file of
			// another kind (a compose file, a workflow) is not refs' input.
			if frag, ferr := r.Load(p, ""); ferr == nil && holdsRef(frag.Root) {
				doc, err = frag, nil
			}
		}
		if err != nil {
			return fail(e, "refs", err)
		}
		docs = append(docs, doc)
	}
	return out.emit(e, r.Check(docs))
}

// holdsRef reports whether a $ref key sits anywhere in the tree. Aliases are
// not followed: what they name is visited where it is anchored.
func holdsRef(root *reduce.Node) bool {
	stack := []*reduce.Node{root}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if n == nil || n.Kind == reduce.AliasNode {
			continue
		}
		if n.Kind == reduce.MappingNode {
			for i := 0; i+1 < len(n.Content); i += 2 {
				if n.Content[i].Value == "$ref" {
					return true
				}
			}
		}
		stack = append(stack, n.Content...)
	}
	return false
}
