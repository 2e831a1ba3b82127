package runner

import (
	"fmt"
	"strings"

	"github.com/wirelint/wirelint/codetypes/read"
	"github.com/wirelint/wirelint/report"
	"github.com/wirelint/wirelint/rules/types"
)

// Types is one schema and the code types that mirror it.
type Types struct {
	// Canonical is the JSON Schema or OpenAPI document.
	Canonical string
	// Mirror lists source files and folders.
	Mirror []string
	// Language forces the reader ("" = from each file's extension).
	Language string
	// Options are the family's options.
	Options types.Options
}

// checkTypes loads the canonical document in a workspace of its own, reads
// the mirror's source and compares them.
func (r *run) checkTypes(t Types) ([]report.Finding, error) {
	ws := r.workspace(r.root)
	doc, err := ws.Load(r.cfg.path(t.Canonical), "")
	if err != nil {
		return nil, err
	}
	var paths []string
	for _, m := range t.Mirror {
		paths = append(paths, r.cfg.path(m))
	}
	set, err := read.Files(paths, read.Options{Language: t.Language, FS: ws.FS, Display: ws.Display, MaxFileSize: r.limits.FileSize})
	if err != nil {
		return nil, fmt.Errorf("types: %w", err)
	}
	if len(set.Decls) == 0 {
		return nil, fmt.Errorf("types: %s: no type declarations of %s read", strings.Join(t.Mirror, ", "), languageNames(t.Language))
	}
	return types.Check(types.Input{Canonical: doc, Resolver: ws, Mirror: set, Options: t.Options}), nil
}

// languageNames names what a mirror was read as.
func languageNames(language string) string {
	if language != "" {
		return language
	}
	return strings.Join(read.Languages, ", ")
}
