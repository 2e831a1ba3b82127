package main

import (
	"github.com/wirelint/wirelint/internal/fsroot"
	"os"
	"path/filepath"
	"strings"

	"github.com/wirelint/wirelint/reduce"
	route "github.com/wirelint/wirelint/routes"
)

// appRootMarkers are the files that mark a module or app root, by language.
var appRootMarkers = map[string][]string{
	"go":         {"go.mod"},
	"python":     {"pyproject.toml", "setup.py", "setup.cfg", "requirements.txt"},
	"javascript": {"package.json"},
}

// specOperations is each spec with operations and how many it has, in the
// order of specs: read once for every candidate server pairRoutes pairs.
func specOperations(specs []*reduce.Document) []specOps {
	var out []specOps
	for _, doc := range specs {
		set, err := route.FromSpec(doc, route.SpecOptions{})
		if err != nil || len(set.Routes) == 0 {
			continue // paths: {} documents nothing to compare
		}
		out = append(out, specOps{doc, len(set.Routes), commonPrefix(set.Routes)})
	}
	return out
}

// specOps is a spec, the number of its operations and the first segment
// they all share (see commonPrefix).
type specOps struct {
	doc    *reduce.Document
	ops    int
	prefix string
}

// pairRoutes completes a server guess for the routes section: the spec that
// documents it (one with operations, preferring a document the server's
// source names, as it does when it serves or embeds it, then one named
// openapi.* or swagger.*, then the one with most operations). A guess no
// spec documents gets no spec.
func pairRoutes(confine *fsroot.Root, dir string, server *serverGuess, specs []specOps) {
	sources := sourceText(confine, filepath.Join(dir, filepath.FromSlash(server.dir)))
	best, bestScore := (*specOps)(nil), 0
	for i, s := range specs {
		base := filepath.Base(filepath.FromSlash(s.doc.Path))
		score := 1 + min(s.ops, 999)
		if strings.Contains(sources, base) {
			score += 4000
		}
		if n := strings.ToLower(base); strings.HasPrefix(n, "openapi.") || strings.HasPrefix(n, "swagger.") {
			score += 2000
		}
		if score > bestScore {
			best, bestScore = &specs[i], score
		}
	}
	if best != nil {
		server.spec, server.specPrefix = best.doc, best.prefix
	}
}

// appRoot walks up from folder (relative to dir, slash-separated) to the
// nearest folder holding one of markers, never above dir; folder itself when
// there is none.
func appRoot(confine *fsroot.Root, dir, folder string, markers []string) string {
	cur := folder
	for {
		for _, m := range markers {
			if st, err := confine.Stat(filepath.Join(dir, filepath.FromSlash(cur), m)); err == nil && st.Mode().IsRegular() {
				return cur
			}
		}
		if cur == "." || cur == "" {
			return folder
		}
		cur = filepath.ToSlash(filepath.Dir(filepath.FromSlash(cur)))
	}
}

// sourceText concatenates the source files under root, up to 8 MiB in all,
// so a spec's file name can be looked for in it.
func sourceText(confine *fsroot.Root, root string) string {
	var b strings.Builder
	_ = confine.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil || b.Len() > 8<<20 {
			return filepath.SkipDir
		}
		if d.IsDir() {
			if n := d.Name(); p != root && (strings.HasPrefix(n, ".") || n == "node_modules" || n == "vendor" || n == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		switch strings.ToLower(filepath.Ext(p)) {
		case ".go", ".py", ".js", ".mjs", ".cjs", ".ts", ".mts", ".cts":
			if info, err := d.Info(); err == nil && info.Mode().IsRegular() && info.Size() < 1<<20 {
				if data, err := confine.ReadFile(p, 1<<20); err == nil {
					b.Write(data)
				}
			}
		}
		return nil
	})
	return b.String()
}
