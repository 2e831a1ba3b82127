package routes

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/wirelint/wirelint/internal/fsroot"
	"github.com/wirelint/wirelint/internal/limits"
)

// The default budgets that bound what route extraction reads and builds, so
// a hostile source tree answers with one clear error or an unresolved route,
// never a hang or gigabytes of memory; Budget sets them per run.
const (
	// MaxSourceBytes is the largest source file read, in bytes (8 MiB).
	MaxSourceBytes = limits.DefaultSourceSize
	// MaxFoldedBytes is the longest string constant folding builds, in
	// bytes; a longer one is left unresolved with the budget named.
	MaxFoldedBytes = limits.DefaultFoldedLength
	// MaxCalls bounds the function bodies one analysis runs: a call tree
	// that builds a fresh router at every level would otherwise grow
	// exponentially.
	MaxCalls = limits.DefaultCalls
)

// Budget bounds one route extraction: --max-source-size,
// --max-folded-length and --max-calls (limits: in .wirelint.yaml).
type Budget struct {
	// SourceBytes is the largest source file read, in bytes.
	SourceBytes int64
	// FoldedBytes is the longest string constant folding builds, in bytes.
	FoldedBytes int
	// Calls bounds the function bodies one analysis runs.
	Calls int
}

// BudgetOf returns the extraction budget of l, its defaults for unset
// fields.
func BudgetOf(l limits.Limits) Budget {
	l = l.WithDefaults()
	return Budget{SourceBytes: l.SourceSize, FoldedBytes: int(l.FoldedLength), Calls: int(l.Calls)}
}

// OverFolded is the reason given for a folded string past b.FoldedBytes.
func (b Budget) OverFolded() string {
	return fmt.Sprintf("folded string exceeds the %d-byte budget of route extraction (%s)", b.FoldedBytes, limits.Hint("max-folded-length"))
}

// OverCalls is the reason given, once per extraction, at the first function
// left unanalysed because b.Calls bodies already ran: the routes it would
// register are unknown, so it may serve any spec route.
func (b Budget) OverCalls() string {
	return fmt.Sprintf("function bodies past the %d-call budget of route extraction are not analysed, so the routes they register are unknown (%s)", b.Calls, limits.Hint("max-calls"))
}

// ReadSource reads one source file through confine: inside the project root
// (symlinks followed), a regular file (no FIFO or device, which could block)
// of at most max bytes (0 = MaxSourceBytes), never in a .git folder. confine
// is required: a nil one reads nothing.
func ReadSource(confine *fsroot.Root, path string, display func(string) string, max int64) ([]byte, error) {
	if max <= 0 {
		max = MaxSourceBytes
	}
	st, err := confine.Stat(path)
	if err != nil {
		return nil, sourceError(path, display, err)
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: not a regular file; route extraction reads only regular files", display(path))
	}
	if st.Size() > max {
		return nil, fmt.Errorf("%s: %d bytes exceed the %s source-file budget of route extraction; move generated code out of the server folder or %s", display(path), st.Size(), fsroot.FormatSize(max), limits.Hint("max-source-size"))
	}
	data, err := confine.ReadFile(path, max)
	if errors.Is(err, fsroot.ErrTooLarge) { // grew since the stat
		return nil, fmt.Errorf("%s: more than %s, the source-file budget of route extraction (%s)", display(path), fsroot.FormatSize(max), limits.Hint("max-source-size"))
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
	case errors.Is(err, fsroot.ErrGit):
		return fmt.Errorf("%s: lies in a .git folder, the repository's own data, which route extraction never reads (remove the link, or name the server's source)", display(path))
	}
	return fmt.Errorf("read %s: %w", display(path), err)
}

// SourceFiles lists the files under root with one of exts, sorted, skipping
// vendor, node_modules, testdata, __tests__, hidden and virtual-environment
// directories, and test files (IsTestFile): the routes a test registers are
// its fixtures, not the server's.
// A root that is a file is returned as is. The root must lie inside confine
// (required); files below it are checked as they are read.
func SourceFiles(confine *fsroot.Root, root string, exts ...string) ([]string, error) {
	st, err := confine.Stat(root)
	if err != nil {
		if os.IsNotExist(err) {
			return nil, fmt.Errorf("%s: no such file or directory", root)
		}
		if errors.Is(err, fsroot.ErrOutside) {
			return nil, fmt.Errorf("%s: resolves outside the project root; route extraction does not read it (widen the root with --root)", root)
		}
		if errors.Is(err, fsroot.ErrGit) {
			return nil, fmt.Errorf("%s: lies in a .git folder, the repository's own data, which route extraction never reads", root)
		}
		return nil, err
	}
	if !st.IsDir() {
		return []string{root}, nil
	}
	var out []string
	err = confine.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			name := d.Name()
			if path != root && (strings.HasPrefix(name, ".") || name == "vendor" || name == "node_modules" || name == "testdata" || name == "__pycache__" || name == "venv" || name == "site-packages" || name == "dist" || name == "__tests__") {
				return filepath.SkipDir
			}
			return nil
		}
		if IsTestFile(path) {
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

// IsTestFile reports whether path names a test file by its language's
// convention: x_test.go, x.test.ts, x.spec.js, test_x.py, x_test.py,
// conftest.py.
func IsTestFile(path string) bool {
	base := filepath.Base(path)
	if strings.HasSuffix(base, "_test.go") || base == "conftest.py" {
		return true
	}
	stem := strings.TrimSuffix(base, filepath.Ext(base))
	if strings.HasSuffix(base, ".py") {
		return strings.HasPrefix(stem, "test_") || strings.HasSuffix(stem, "_test")
	}
	return strings.HasSuffix(stem, ".test") || strings.HasSuffix(stem, ".spec") || strings.HasSuffix(stem, ".e2e-spec")
}
