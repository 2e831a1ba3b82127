package routes

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
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

// ReadSource reads one source file: a regular file (no FIFO or device, which
// could block) of at most MaxSourceBytes.
func ReadSource(path string, display func(string) string) ([]byte, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", display(path), err)
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: not a regular file; route extraction reads only regular files", display(path))
	}
	if st.Size() > MaxSourceBytes {
		return nil, fmt.Errorf("%s: %d bytes exceed the source-file budget of route extraction (%d MiB per file); move generated code out of the server folder", display(path), st.Size(), MaxSourceBytes>>20)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", display(path), err)
	}
	if len(data) > MaxSourceBytes { // grew since the stat
		return nil, fmt.Errorf("%s: more than %d MiB, the source-file budget of route extraction", display(path), MaxSourceBytes>>20)
	}
	return data, nil
}

// SourceFiles lists the files under root with one of exts, sorted, skipping
// vendor, node_modules, testdata, hidden and virtual-environment directories.
// A root that is a file is returned as is.
func SourceFiles(root string, exts ...string) ([]string, error) {
	st, err := os.Stat(root)
	if err != nil {
		if os.IsNotExist(err) {
			return nil, fmt.Errorf("%s: no such file or directory", root)
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
