package routes

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/wirelint/wirelint/internal/fsroot"
)

// Budgets that bound what route extraction reads and builds, so a hostile
// source tree answers with one clear error or an unresolved route, never a
// hang or gigabytes of memory.
const (
	// MaxSourceBytes is the largest source file read, in bytes (8 MiB).
	MaxSourceBytes = 8 << 20
	// MaxFoldedBytes is the longest string constant folding builds, in
	// bytes; a longer one is left unresolved with the budget named.
	MaxFoldedBytes = 8 << 10
	// MaxCalls bounds the function bodies one analysis runs: a call tree
	// that builds a fresh router at every level would otherwise grow
	// exponentially.
	MaxCalls = 10_000
)

// OverBudget is the reason given for a folded string past MaxFoldedBytes.
var OverBudget = fmt.Sprintf("folded string exceeds the %d-byte budget of route extraction", MaxFoldedBytes)

// ReadSource reads one source file through confine: inside the project root
// (symlinks followed), a regular file (no FIFO or device, which could block)
// of at most MaxSourceBytes. A nil confine admits any regular file.
func ReadSource(confine *fsroot.Root, path string, display func(string) string) ([]byte, error) {
	st, err := confine.Stat(path)
	if err != nil {
		return nil, sourceError(path, display, err)
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: not a regular file; route extraction reads only regular files", display(path))
	}
	if st.Size() > MaxSourceBytes {
		return nil, fmt.Errorf("%s: %d bytes exceed the source-file budget of route extraction (%d MiB per file); move generated code out of the server folder", display(path), st.Size(), MaxSourceBytes>>20)
	}
	data, err := confine.ReadFile(path, MaxSourceBytes)
	if errors.Is(err, fsroot.ErrTooLarge) { // grew since the stat
		return nil, fmt.Errorf("%s: more than %d MiB, the source-file budget of route extraction", display(path), MaxSourceBytes>>20)
	}
	if err != nil {
		return nil, sourceError(path, display, err)
	}
	return data, nil
}

// sourceError names the file a read failed on, and says so plainly when it
// lies outside the project or is no regular file.
func sourceError(path string, display func(string) string, err error) error {
	switch {
	case errors.Is(err, fsroot.ErrOutside):
		return fmt.Errorf("%s: resolves outside the project root; route extraction does not read it (remove the link, or widen the root with --root)", display(path))
	case errors.Is(err, fsroot.ErrNotRegular):
		return fmt.Errorf("%s: not a regular file; route extraction reads only regular files", display(path))
	}
	return fmt.Errorf("read %s: %w", display(path), err)
}

// SourceFiles lists the files under root with one of exts, sorted, skipping
// vendor, node_modules, testdata, hidden and virtual-environment directories.
// A root that is a file is returned as is. The root must lie inside confine
// (nil = anywhere); files below it are checked as they are read.
func SourceFiles(confine *fsroot.Root, root string, exts ...string) ([]string, error) {
	st, err := confine.Stat(root)
	if err != nil {
		if os.IsNotExist(err) {
			return nil, fmt.Errorf("%s: no such file or directory", root)
		}
		if errors.Is(err, fsroot.ErrOutside) {
			return nil, fmt.Errorf("%s: resolves outside the project root; route extraction does not read it (widen the root with --root)", root)
		}
		return nil, err
	}
	if !st.IsDir() {
		return []string{root}, nil
	}
	var out []string
	err = filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			name := d.Name()
			if path != root && (strings.HasPrefix(name, ".") || name == "vendor" || name == "node_modules" || name == "testdata" || name == "__pycache__" || name == "venv" || name == "site-packages" || name == "dist") {
				return filepath.SkipDir
			}
			return nil
		}
		for _, e := range exts {
			if strings.HasSuffix(path, e) && !strings.HasSuffix(path, ".d.ts") {
				out = append(out, path)
				break
			}
		}
		return nil
	})
	sort.Strings(out)
	return out, err
}
