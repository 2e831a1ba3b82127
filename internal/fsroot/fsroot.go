// Package fsroot is the one place wirelint opens files through. A Root
// confines every read and write to the project directory (and any directory
// the user adds explicitly, or names on the command line): a path is resolved
// with its symlinks followed and must land inside, never in a .git folder, and
// only regular files are opened — a FIFO, device or socket is refused before
// it is opened, so nothing a pull request commits can make wirelint read
// outside the repository, read the repository's own git data (its
// credentials), or block forever. Writes never follow a symlink: a file is
// written new beside its target and renamed over it.
package fsroot

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"

	"github.com/wirelint/wirelint/internal/limits"
)

// DefaultMaxFileSize is the largest file ReadFile reads unless told otherwise,
// in bytes.
const DefaultMaxFileSize = limits.DefaultFileSize

// Errors a caller may test for with errors.Is.
var (
	// ErrOutside marks a path that resolves outside the root.
	ErrOutside = errors.New("outside the project root")
	// ErrNotRegular marks a path that is not a regular file (a FIFO, a
	// device, a socket, a folder).
	ErrNotRegular = errors.New("not a regular file")
	// ErrTooLarge marks a file larger than the size budget.
	ErrTooLarge = errors.New("file too large")
	// ErrGit marks a path in a .git folder: the repository's own data
	// (its configuration holds the checkout's credentials) is never input.
	ErrGit = errors.New("inside a .git folder")
	// ErrNoRoot is the error of every method of the nil *Root: a caller
	// that was given no root reads nothing.
	ErrNoRoot = errors.New("no project root given (internal error)")
	// ErrSymlink marks a write refused because its target is a symlink.
	ErrSymlink = errors.New("is a symlink")
)

// Root is a set of directories no path outside of which is read or written.
// There is no nil meaning "anywhere": every method of the nil *Root fails
// with ErrNoRoot; Unconfined, for tests, admits every directory.
type Root struct {
	// dirs are absolute, cleaned and symlink-resolved; dirs[0] is the project.
	dirs []string
	// anywhere admits every path but .git folders (Unconfined).
	anywhere bool
	// folders remembers each folder's symlink-resolved form (nil = none
	// remembered); shared with the roots Widen makes.
	folders *realFolders
}

// realFolders maps an absolute folder to the folder it is with every
// symlink followed, for the folders that exist. A run reads files that do
// not change under it, so a folder's symlinks are followed once, not once per
// file read in it (a tree of thousands of $ref'd files resolves the same few
// folders again and again). The file's own name is still looked at on every
// Resolve.
type realFolders struct{ m sync.Map }

// Unconfined returns a root that admits every directory. It is for tests
// only: TestConfinedReads (in runner) fails when code outside a _test.go
// file calls it.
func Unconfined() *Root {
	wd, _ := os.Getwd()
	return &Root{dirs: []string{canonical(wd)}, anywhere: true, folders: &realFolders{}}
}

// New returns a root made of dir and the directories in widen, each made
// absolute with its symlinks resolved.
func New(dir string, widen ...string) *Root {
	r := &Root{folders: &realFolders{}}
	for _, d := range append([]string{dir}, widen...) {
		r.dirs = append(r.dirs, canonical(d))
	}
	return r
}

// Dir returns the project directory ("" for the nil root).
func (r *Root) Dir() string {
	if r == nil {
		return ""
	}
	return r.dirs[0]
}

// Widen returns a root that also admits the directories in dirs.
func (r *Root) Widen(dirs ...string) *Root {
	if r == nil || len(dirs) == 0 {
		return r
	}
	out := &Root{dirs: append([]string(nil), r.dirs...), anywhere: r.anywhere, folders: r.folders}
	for _, d := range dirs {
		out.dirs = append(out.dirs, canonical(d))
	}
	return out
}

// canonical makes dir absolute and resolves the symlinks of its longest
// existing prefix.
func canonical(dir string) string {
	abs, err := filepath.Abs(dir)
	if err != nil {
		abs = filepath.Clean(dir)
	}
	return resolve(abs)
}

// resolve follows the symlinks of abs; when abs does not exist, those of its
// longest existing prefix, so a missing file still resolves to where it would be.
func resolve(abs string) string {
	if r, err := filepath.EvalSymlinks(abs); err == nil {
		return r
	}
	parent := filepath.Dir(abs)
	if parent == abs {
		return abs
	}
	return filepath.Join(resolve(parent), filepath.Base(abs))
}

// ProjectDir returns the git work tree containing dir; outside git, the
// working directory when it contains dir (a config in a subfolder of the
// folder wirelint runs in may name files beside it), else dir itself;
// absolute.
func ProjectDir(dir string) string {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return dir
	}
	for d := abs; ; {
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			return d
		}
		parent := filepath.Dir(d)
		if parent == d {
			break
		}
		d = parent
	}
	if wd, err := os.Getwd(); err == nil {
		if rel, err := filepath.Rel(wd, abs); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return wd
		}
	}
	return abs
}

// ForArgument returns the root a path typed on the command line is read or
// written through: r itself when the path, as written, lies inside one of
// r's directories (a symlink there is the tree's, and must stay inside), else
// r widened by the path's own folder — the person typing the command chose
// it, and what the file references may sit beside it.
func (r *Root) ForArgument(path string) *Root {
	if r == nil || r.anywhere {
		return r
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return r
	}
	for _, d := range r.dirs {
		if within(d, abs) || within(d, canonical(filepath.Dir(abs))) {
			return r
		}
	}
	return r.Widen(filepath.Dir(abs))
}

// Contains reports whether path, with its symlinks followed, lies inside the
// root and outside every .git folder.
func (r *Root) Contains(path string) bool {
	_, err := r.Resolve(path)
	return err == nil
}

// Resolve returns path made absolute with every symlink followed, or an error
// wrapping ErrOutside when that lies outside the root, ErrGit when it or the
// path as written passes through a .git folder, ErrNoRoot for the nil root.
func (r *Root) Resolve(path string) (string, error) {
	real, _, err := r.resolveInfo(path)
	return real, err
}

// resolveInfo is Resolve, also returning the information of the file at
// path when path itself is not a symlink (nil otherwise, or when it does
// not exist): what Open would otherwise ask the file system again.
func (r *Root) resolveInfo(path string) (string, fs.FileInfo, error) {
	if r == nil {
		return "", nil, &fs.PathError{Op: "resolve", Path: path, Err: ErrNoRoot}
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", nil, &fs.PathError{Op: "resolve", Path: path, Err: err}
	}
	real, info, dangling := r.follow(abs)
	if dangling {
		// a symlink that does not resolve (dangling, or a /proc magic
		// link such as /dev/stdin) could lead anywhere
		return "", nil, &OutsideError{Path: path, Root: r.Dir()}
	}
	if inGit(abs) || inGit(real) {
		return "", nil, &fs.PathError{Op: "read", Path: path, Err: fmt.Errorf("%w: the repository's own data is never read or written; name a file of the work tree", ErrGit)}
	}
	if r.admits(real) {
		return real, info, nil
	}
	return "", nil, &OutsideError{Path: path, Root: r.dirs[0]}
}

// admits reports whether the symlink-resolved absolute path real lies in
// one of the root's directories.
func (r *Root) admits(real string) bool {
	if r.anywhere {
		return true
	}
	for _, d := range r.dirs {
		if within(d, real) {
			return true
		}
	}
	return false
}

// follow returns the absolute path abs with every symlink followed, as
// resolve does (a missing file resolves to where it would be), the
// information of the file when abs is not a symlink (nil when it is or
// does not exist), and whether abs is itself a symlink that does not
// resolve. Its folder is resolved once per Root (realFolders); its own name
// is looked at every time.
func (r *Root) follow(abs string) (real string, info fs.FileInfo, dangling bool) {
	parent := filepath.Dir(abs)
	if parent == abs {
		return abs, nil, false
	}
	p := filepath.Join(r.realFolder(parent), filepath.Base(abs))
	st, err := os.Lstat(p)
	if err != nil {
		return p, nil, false
	}
	if st.Mode()&fs.ModeSymlink == 0 {
		return p, st, false
	}
	t, err := filepath.EvalSymlinks(p)
	if err != nil {
		return p, nil, true
	}
	return t, nil, false
}

// realFolder returns the absolute folder dir with its symlinks followed
// (those of its longest existing prefix when it does not exist), remembering
// the folders that exist.
func (r *Root) realFolder(dir string) string {
	if r.folders == nil {
		return resolve(dir)
	}
	if real, ok := r.folders.m.Load(dir); ok {
		return real.(string)
	}
	// the parent is remembered (or resolved and remembered now): only the
	// folder's own name is looked at, not every folder above it again
	real := dir
	if parent := filepath.Dir(dir); parent != dir {
		real = filepath.Join(r.realFolder(parent), filepath.Base(dir))
	}
	st, err := os.Lstat(real)
	switch {
	case err != nil:
		return resolve(dir)
	case st.Mode()&fs.ModeSymlink != 0:
		if real, err = filepath.EvalSymlinks(real); err != nil {
			return resolve(dir)
		}
	}
	r.folders.m.Store(dir, real)
	return real
}

// inGit reports whether the absolute path p has a .git element (any case:
// some file systems fold it).
func inGit(p string) bool {
	p = filepath.ToSlash(p)
	for p != "" {
		e, rest, _ := strings.Cut(p, "/")
		if len(e) == 4 && strings.EqualFold(e, ".git") {
			return true
		}
		p = rest
	}
	return false
}

// OutsideError names a path that resolves outside the root.
type OutsideError struct {
	// Path is the path as given.
	Path string
	// Root is the project directory.
	Root string
}

func (e *OutsideError) Error() string {
	return fmt.Sprintf("%s resolves outside the project root %s; not read (widen the root explicitly with --root or widen-root: in .wirelint.yaml)", filepath.ToSlash(e.Path), filepath.ToSlash(e.Root))
}

// Unwrap returns ErrOutside.
func (e *OutsideError) Unwrap() error { return ErrOutside }

// Within reports whether the absolute path p lies lexically inside the
// absolute folder dir, without following symlinks: where a path is written,
// not where it leads.
func Within(dir, p string) bool { return within(filepath.Clean(dir), filepath.Clean(p)) }

func within(dir, p string) bool {
	if p == dir {
		return true
	}
	if filepath.IsAbs(dir) && strings.HasPrefix(p, dir) && (p[len(dir)] == filepath.Separator || strings.HasSuffix(dir, string(filepath.Separator))) &&
		!strings.Contains(p, string(filepath.Separator)+"..") {
		return true // a clean path below dir, decided without filepath.Rel's allocations
	}
	rel, err := filepath.Rel(dir, p)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

// Stat returns the file information of path's target, after checking that it
// lies inside the root. It never opens the file.
func (r *Root) Stat(path string) (fs.FileInfo, error) {
	real, err := r.Resolve(path)
	if err != nil {
		return nil, err
	}
	return os.Stat(real)
}

// Open opens path for reading when it resolves inside the root to a regular
// file. The kind is checked before the file is opened, and again on the open
// file (opened without blocking), so a FIFO or device never blocks the run.
func (r *Root) Open(path string) (*os.File, error) {
	f, _, err := r.open(path)
	return f, err
}

// open is Open, also returning the open file's information.
func (r *Root) open(path string) (*os.File, fs.FileInfo, error) {
	real, st, err := r.resolveInfo(path)
	if err != nil {
		return nil, nil, err
	}
	if st == nil {
		// a symlink: its target's kind is looked at (a path that is no
		// symlink was looked at by resolveInfo)
		if st, err = os.Stat(real); err != nil {
			return nil, nil, err
		}
	}
	if !st.Mode().IsRegular() {
		return nil, nil, notRegular(path, st)
	}
	f, err := os.OpenFile(real, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, nil, err
	}
	st, err = f.Stat()
	if err != nil || !st.Mode().IsRegular() {
		_ = f.Close() // opened read-only and refused: nothing to lose
		if err != nil {
			return nil, nil, err
		}
		return nil, nil, notRegular(path, st)
	}
	return f, st, nil
}

func notRegular(path string, st fs.FileInfo) error {
	kind := "not a regular file"
	switch m := st.Mode(); {
	case m.IsDir():
		kind = "a directory, not a file"
	case m&fs.ModeNamedPipe != 0:
		kind = "a named pipe (FIFO), not a regular file; not read"
	case m&fs.ModeDevice != 0 || m&fs.ModeCharDevice != 0:
		kind = "a device, not a regular file; not read"
	case m&fs.ModeSocket != 0:
		kind = "a socket, not a regular file; not read"
	}
	return &fs.PathError{Op: "open", Path: path, Err: fmt.Errorf("%w: is %s", ErrNotRegular, kind)}
}

// ReadFile reads the regular file at path inside the root, refusing one larger
// than max bytes (0 = DefaultMaxFileSize) with an error wrapping ErrTooLarge.
func (r *Root) ReadFile(path string, max int64) ([]byte, error) {
	if max <= 0 {
		max = DefaultMaxFileSize
	}
	if data, ok := r.readPlain(path, max); ok {
		return data, nil
	}
	f, st, err := r.open(path)
	if err != nil {
		return nil, err
	}
	defer func() { _ = f.Close() }() // read-only: closing cannot lose data
	if st.Size() > max {
		return nil, sizeError(path, max)
	}
	// read in one go: the size is known (a file growing meanwhile is still
	// read whole, up to the budget)
	var buf bytes.Buffer
	buf.Grow(int(st.Size()) + bytes.MinRead)
	if _, err := buf.ReadFrom(io.LimitReader(f, max+1)); err != nil {
		return nil, err
	}
	data := buf.Bytes()
	if int64(len(data)) > max {
		return nil, sizeError(path, max)
	}
	return data, nil
}

// readPlain reads the file at path in the common case, with the fewest
// system calls: a regular file inside the root whose own name is no
// symlink, within max bytes. Its folder is resolved as Resolve resolves it
// (remembered) and judged the same way; the file is opened without
// following its own name and without blocking (readNoFollow), so a symlink,
// FIFO or device is never read here. Anything else (a symlink, a missing
// file, another kind, a file over max, any error) gives ok false, and
// ReadFile's careful path decides and words the error.
func (r *Root) readPlain(path string, max int64) (data []byte, ok bool) {
	if r == nil {
		return nil, false
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, false
	}
	parent := filepath.Dir(abs)
	if parent == abs {
		return nil, false
	}
	real := filepath.Join(r.realFolder(parent), filepath.Base(abs))
	if inGit(abs) || inGit(real) || !r.admits(real) {
		return nil, false
	}
	return readNoFollow(real, max)
}

func sizeError(path string, max int64) error {
	return &fs.PathError{Op: "read", Path: path, Err: fmt.Errorf("%w: over the %s file-size budget (%s)", ErrTooLarge, FormatSize(max), limits.Hint("max-file-size"))}
}

// FormatSize prints a byte count the way the size flags take it.
func FormatSize(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// ReadDir lists the folder at path after checking that it resolves inside
// the root.
func (r *Root) ReadDir(path string) ([]fs.DirEntry, error) {
	real, err := r.Resolve(path)
	if err != nil {
		return nil, err
	}
	return os.ReadDir(real)
}

// Exists reports whether anything (a file, a folder, a symlink, dangling or
// not) is at path, which must lie inside the root as written. It reads
// nothing and follows no link.
func (r *Root) Exists(path string) bool {
	if r == nil {
		return false
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return false
	}
	if _, err := r.Resolve(filepath.Dir(abs)); err != nil {
		return false
	}
	_, err = os.Lstat(abs)
	return err == nil
}

// WalkDir walks the folder dir as filepath.WalkDir does, after checking that
// it resolves inside the root. Symlinks are reported, never followed; .git
// folders are skipped. Paths given to fn start with dir as written.
func (r *Root) WalkDir(dir string, fn fs.WalkDirFunc) error {
	if _, err := r.Resolve(dir); err != nil {
		return err
	}
	return filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if d != nil && d.IsDir() && p != dir && strings.EqualFold(d.Name(), ".git") {
			return filepath.SkipDir
		}
		return fn(p, d, err)
	})
}

// WriteFile writes data to path when it lies inside the root and is a
// regular file or does not exist yet. It never writes through a symlink: an
// existing symlink (or other non-regular file) at path is refused, and the
// data goes to a new file created beside path (O_EXCL, so no symlink planted
// there is followed either) which is then renamed over it.
func (r *Root) WriteFile(path string, data []byte, perm fs.FileMode) error {
	return r.write(path, data, perm, false)
}

// CreateFile writes data to path as WriteFile does, but only when nothing
// (no file, no symlink) is there yet: the new file is linked into place,
// which fails with an error wrapping fs.ErrExist when a name got there first.
func (r *Root) CreateFile(path string, data []byte, perm fs.FileMode) error {
	return r.write(path, data, perm, true)
}

// write writes data to a new file beside path and renames it over path or,
// when create, links it there, failing if anything is there.
func (r *Root) write(path string, data []byte, perm fs.FileMode, create bool) error {
	abs, err := filepath.Abs(path)
	if err != nil {
		return &fs.PathError{Op: "write", Path: path, Err: err}
	}
	if st, err := os.Lstat(abs); err == nil {
		switch {
		case create:
			return &fs.PathError{Op: "write", Path: path, Err: fs.ErrExist}
		case st.Mode()&fs.ModeSymlink != 0:
			return &fs.PathError{Op: "write", Path: path, Err: fmt.Errorf("%w; not written through it (remove it, or name another file)", ErrSymlink)}
		case !st.Mode().IsRegular():
			return notRegular(path, st)
		}
	}
	// the folder, its symlinks followed, must lie inside; the file's own
	// name is then replaced or created, never followed
	dir, err := r.Resolve(filepath.Dir(abs))
	if err != nil {
		return err
	}
	if inGit(abs) {
		return &fs.PathError{Op: "write", Path: path, Err: ErrGit}
	}
	tmp, err := writeTemp(dir, filepath.Base(abs), data, perm)
	if err != nil {
		return err
	}
	defer func() { _ = os.Remove(tmp) }() // gone already once renamed; else a leftover temporary file, not the target
	target := filepath.Join(dir, filepath.Base(abs))
	if !create {
		return os.Rename(tmp, target)
	}
	if err := os.Link(tmp, target); err != nil {
		if errors.Is(err, fs.ErrExist) {
			return &fs.PathError{Op: "write", Path: path, Err: fs.ErrExist}
		}
		return err
	}
	return nil
}

// writeTemp writes data to a new file in dir named after base and returns
// its path.
func writeTemp(dir, base string, data []byte, perm fs.FileMode) (string, error) {
	f, err := os.CreateTemp(dir, "."+base+".wirelint-*")
	if err != nil {
		return "", err
	}
	_, err = f.Write(data)
	if err == nil {
		err = f.Chmod(perm)
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		_ = os.Remove(f.Name()) // the write failed: that is the error to report
		return "", err
	}
	return f.Name(), nil
}
