package reduce

import (
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/wirelint/wirelint/internal/fsroot"
)

// Workspace is the set of documents one run reads: each file is parsed once,
// whoever asks for it, and references are followed only inside Root.
type Workspace struct {
	// Root is the absolute project directory; no file outside it is read.
	Root string
	// Cwd is the absolute directory display paths are made relative to.
	Cwd string
	// FS opens every file the workspace reads: inside Root (and the
	// directories it was explicitly widened to), regular files only.
	FS *fsroot.Root
	// MaxFileSize is the file-size budget of one document in bytes
	// (0 = MaxFileSize).
	MaxFileSize int64
	// MaxNodes is the nodes-per-document budget, YAML aliases expanded
	// (0 = MaxNodes).
	MaxNodes int
	// MaxDepth is the nesting budget of one document (0 = MaxDepth).
	MaxDepth int
	// MaxEnum is the most members one enum lists (0 = MaxEnum).
	MaxEnum int
	// Rev is the git revision the workspace's files were read at, stamped
	// on each Document it loads ("" = the working tree).
	Rev string
	// Trees, when set, shares parsed trees with the other workspaces given
	// the same Trees: a file whose bytes one of them parsed is not parsed
	// again (nil = every file parsed here).
	Trees *Trees
	// Versions maps an absolute file to the OpenAPI version it is read as
	// when it has no openapi or swagger key of its own (a swagger-jsdoc
	// fragment, whose version its definition gives); nil = none.
	Versions map[string]string
	// Shared, when set, holds what the workspaces of one run share (see
	// Shared; nil = nothing is shared): values built from the project's
	// files, and the trees of files several workspaces parse.
	Shared *Shared

	mu   sync.Mutex
	docs map[string]*wsEntry
	// cached holds the trees of Shared's cache this workspace took
	cached map[*cachedTree]bool
}

type wsEntry struct {
	once sync.Once
	doc  *Document
	err  error
	// tree is the parsed file when it is not a whole document (err wraps
	// ErrNotDocument); frag is it read as a fragment, in the dialect of the
	// first referrer (one Document per file, so its $refs are indexed once).
	tree *Document
	mu   sync.Mutex
	frag *Document
	// scanOnly marks a file read only while searching for the document
	// declaring an $id (LoadScanned), which no $ref has reached and no
	// path named: Documents leaves it out
	scanOnly bool
}

// NewWorkspace returns a workspace rooted at root ("" = ProjectRoot of the
// working directory), also admitting the directories in widen.
func NewWorkspace(root string, widen ...string) *Workspace {
	cwd, _ := os.Getwd()
	if root == "" {
		root = ProjectRoot(cwd)
	}
	if abs, err := filepath.Abs(root); err == nil {
		root = abs
	}
	return &Workspace{Root: filepath.Clean(root), Cwd: cwd, FS: fsroot.New(root, widen...), docs: map[string]*wsEntry{}}
}

// ProjectRoot returns the git work tree containing dir, or dir itself outside git.
func ProjectRoot(dir string) string { return fsroot.ProjectDir(dir) }

// Display returns the path wirelint prints for an absolute path: relative to
// the working directory when inside it, slash-separated.
func (w *Workspace) Display(abs string) string {
	if rel, err := filepath.Rel(w.Cwd, abs); err == nil && !strings.HasPrefix(rel, "..") {
		return filepath.ToSlash(rel)
	}
	return filepath.ToSlash(abs)
}

// Inside reports whether abs, with its symlinks followed, is inside the
// workspace root.
func (w *Workspace) Inside(abs string) bool { return w.FS.Contains(abs) }

// Load parses the file at path once per workspace; later calls return the
// same document (or error). display is used in output ("" = Display(abs)).
func (w *Workspace) Load(path, display string) (*Document, error) {
	return w.load(path, display, false)
}

// LoadScanned is Load for a file read while searching the project for the
// document that declares an $id: unless a $ref reaches it (Reach) or a
// path names it (Load), it is not one of Documents, so the rules that read
// every document do not check files the search merely opened.
func (w *Workspace) LoadScanned(path string) (*Document, error) {
	return w.load(path, "", true)
}

// Reach marks doc as reached by a $ref: one of Documents even when only a
// search read it.
func (w *Workspace) Reach(doc *Document) {
	if doc == nil {
		return
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if e := w.docs[doc.Abs]; e != nil {
		e.scanOnly = false
	}
}

func (w *Workspace) load(path, display string, scan bool) (*Document, error) {
	e, err := w.entry(path, display, scan)
	if err != nil {
		return nil, err
	}
	return e.doc, e.err
}

func (w *Workspace) entry(path, display string, scan ...bool) (*wsEntry, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	scanning := len(scan) > 0 && scan[0]
	w.mu.Lock()
	e, ok := w.docs[abs]
	if !ok {
		e = &wsEntry{scanOnly: scanning}
		w.docs[abs] = e
	} else if !scanning {
		e.scanOnly = false // named by a path or a $ref, whoever read it first
	}
	w.mu.Unlock()
	e.once.Do(func() {
		if display == "" {
			display = w.Display(abs) // named once, when first read
		}
		b := treeBudgets{nodes: w.MaxNodes, depth: w.MaxDepth, enum: w.MaxEnum}
		tree, err := readTree(w.FS, w.MaxFileSize, abs, display, func(data []byte, file string) (*Document, error) {
			if w.Trees != nil {
				return w.Trees.parse(w, data, file, b)
			}
			if w.Shared != nil && w.Shared.trees != nil {
				return w.Shared.trees.parse(w, data, file, b)
			}
			return parseTree(data, file, b)
		})
		if err != nil {
			e.err = err
			return
		}
		tree.Rev = w.Rev
		tree.givenVersion = w.Versions[abs]
		if err := tree.classify(); err != nil {
			e.err = err
			if errors.Is(err, ErrNotDocument) {
				e.tree = tree
			}
			return
		}
		e.doc = tree
	})
	return e, nil
}

// LoadFragment reads the file at path as LoadFile does, and also when it is
// only a piece of a document (a path item, a response, a bare schema, as split
// specs keep in files of their own): then its schemas are read in dialect,
// the first referrer's. A file that is a schema of its own but names no
// dialect is read in dialect too when that is an OpenAPI one: a split
// OpenAPI 3.0 spec keeps its Schema Objects (nullable and all) in such files.
// Each file is still parsed once, and read as one fragment whoever refers to
// it.
func (w *Workspace) LoadFragment(path, display string, dialect Dialect) (*Document, error) {
	e, err := w.entry(path, display)
	if err != nil {
		return nil, err
	}
	tree := e.tree
	if tree == nil {
		if e.doc == nil || !e.doc.DialectGuessed || !dialect.IsOpenAPI() || e.doc.Dialect == dialect {
			return e.doc, e.err
		}
		tree = e.doc
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.frag == nil {
		e.frag = &Document{Path: tree.Path, Rev: tree.Rev, Abs: tree.Abs, Root: tree.Root, Format: tree.Format, Dialect: dialect, source: tree.source, schemaFile: tree == e.doc}
		e.frag.indexDefinitions()
	}
	return e.frag, nil
}

// SchemaFiles returns the files an argument names, listed through confine:
// the file itself, or for a folder every .json, .yaml and .yml file under it
// (hidden folders skipped), sorted by path; isDir says which.
func SchemaFiles(confine *fsroot.Root, arg string) (files []string, isDir bool, err error) {
	info, err := confine.Stat(arg)
	if err != nil || !info.IsDir() {
		return []string{arg}, false, nil // a missing file fails when loaded, with its own message
	}
	err = confine.WalkDir(arg, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if p != arg && strings.HasPrefix(d.Name(), ".") {
				return filepath.SkipDir
			}
			return nil
		}
		switch strings.ToLower(filepath.Ext(p)) {
		case ".json", ".yaml", ".yml":
			files = append(files, p)
		}
		return nil
	})
	if err != nil {
		return nil, true, fmt.Errorf("read folder %s: %w", arg, err)
	}
	sort.Strings(files)
	return files, true, nil
}

// Documents returns every document loaded so far, sorted by path.
func (w *Workspace) Documents() []*Document {
	w.mu.Lock()
	defer w.mu.Unlock()
	var out []*Document
	for _, e := range w.docs {
		if e.doc != nil && !e.scanOnly {
			out = append(out, e.doc)
		}
	}
	sortDocs(out)
	return out
}

func sortDocs(ds []*Document) {
	for i := 1; i < len(ds); i++ {
		for j := i; j > 0 && ds[j].Path < ds[j-1].Path; j-- {
			ds[j], ds[j-1] = ds[j-1], ds[j]
		}
	}
}

// Target is where a reference lands.
type Target struct {
	// Doc is the document holding the target.
	Doc *Document
	// Pointer is the target's absolute JSON pointer in Doc.
	Pointer string
	// Node is the target node.
	Node *Node
}

// Definition returns the named definition the target is, or nil.
func (t Target) Definition() *Definition {
	if t.Doc == nil {
		return nil
	}
	return t.Doc.DefinitionAt(t.Pointer)
}

// RefErrorKind classifies why a reference did not resolve.
type RefErrorKind int

// Reasons a reference does not resolve.
const (
	// RefUnresolved: the file or the fragment names nothing.
	RefUnresolved RefErrorKind = iota + 1
	// RefRemote: an http(s) or other URL reference, never fetched.
	RefRemote
	// RefOutsideRoot: the file lies outside the project directory, never read.
	RefOutsideRoot
	// RefBadPath: the reference is not a usable path (backslashes, bad escapes).
	RefBadPath
	// RefBadFile: the referenced file exists but cannot be loaded.
	RefBadFile
)

// RefError explains a reference that did not resolve.
type RefError struct {
	Kind RefErrorKind
	Msg  string
}

func (e *RefError) Error() string { return e.Msg }

// SplitRef splits a reference into its (percent-decoded) path part and its
// (percent-decoded) fragment.
func SplitRef(ref string) (path, fragment string, err error) {
	path, fragment, _ = strings.Cut(ref, "#")
	if path, err = url.PathUnescape(path); err != nil {
		return "", "", fmt.Errorf("bad percent-encoding in %q", ref)
	}
	if fragment, err = url.PathUnescape(fragment); err != nil {
		return "", "", fmt.Errorf("bad percent-encoding in %q", ref)
	}
	return path, fragment, nil
}

// ResolveOnDisk resolves ref as a consumer that reads files does: the path part
// relative to the referring file's directory, the fragment as a JSON pointer or
// a plain-name $anchor. It never fetches URLs or reads outside Root.
func (w *Workspace) ResolveOnDisk(from *Document, ref string) (Target, error) {
	p, frag, err := SplitRef(ref)
	if err != nil {
		return Target{}, &RefError{Kind: RefBadPath, Msg: err.Error()}
	}
	doc := from
	if p != "" {
		// a URL names its scheme before a colon: most paths have none
		if strings.IndexByte(p, ':') >= 0 {
			if u, err := url.Parse(p); err == nil && u.Scheme != "" && len(u.Scheme) > 1 {
				return Target{}, &RefError{Kind: RefRemote, Msg: fmt.Sprintf("%s is a remote reference; wirelint never fetches URLs", ref)}
			}
		}
		if strings.Contains(p, `\`) {
			return Target{}, &RefError{Kind: RefBadPath, Msg: fmt.Sprintf("%q uses backslashes; $ref paths are URI references and take forward slashes", ref)}
		}
		abs := refPath(from.Abs, p)
		if strings.HasPrefix(p, "/") {
			abs = filepath.Clean(filepath.FromSlash(p))
		}
		// a file holding a piece of a document is read in the referrer's
		// dialect; reading it confines it (a path outside the root or in .git
		// is refused before the file system is asked anything else), so it is
		// not asked first whether abs lies inside
		d, err := w.LoadFragment(abs, "", from.Dialect)
		if err != nil {
			var outside *fsroot.OutsideError
			if errors.As(err, &outside) || errors.Is(err, fsroot.ErrGit) {
				return Target{}, &RefError{Kind: RefOutsideRoot, Msg: fmt.Sprintf("%s leaves the project directory; not followed", ref)}
			}
			if errors.Is(err, fs.ErrNotExist) {
				return Target{}, &RefError{Kind: RefUnresolved, Msg: fmt.Sprintf("%s: no file %s", ref, w.Display(abs))}
			}
			var le *LoadError
			if errors.As(err, &le) {
				return Target{}, &RefError{Kind: RefBadFile, Msg: fmt.Sprintf("%s: %v", ref, err)}
			}
			return Target{}, &RefError{Kind: RefBadFile, Msg: err.Error()}
		}
		doc = d
	}
	return ResolveFragment(doc, frag, ref)
}

// ResolveFragment resolves a fragment (already percent-decoded) in doc: a JSON
// pointer, or a plain name matched against $anchor / draft-04..07 "#name" ids.
func ResolveFragment(doc *Document, frag, ref string) (Target, error) {
	if frag == "" || strings.HasPrefix(frag, "/") {
		n := doc.Lookup(frag)
		if n == nil {
			return Target{}, &RefError{Kind: RefUnresolved, Msg: fmt.Sprintf("%s: %s has nothing at %s", ref, doc.Path, frag)}
		}
		return Target{Doc: doc, Pointer: frag, Node: n}, nil
	}
	if ptr, n := FindAnchor(doc, frag); n != nil {
		return Target{Doc: doc, Pointer: ptr, Node: n}, nil
	}
	return Target{}, &RefError{Kind: RefUnresolved, Msg: fmt.Sprintf("%s: %s declares no anchor %q", ref, doc.Path, frag)}
}

// FindAnchor finds the schema declaring $anchor (or a draft-04..07 id/$id of
// "#name") equal to name.
func FindAnchor(doc *Document, name string) (string, *Node) {
	var ptr string
	var found *Node
	doc.WalkSchemas(func(s SchemaSite) {
		if found != nil || !IsMap(s.Node) {
			return
		}
		for _, k := range []string{"$anchor", "$dynamicAnchor"} {
			if v := Value(s.Node, k); v != nil && v.Value == name {
				ptr, found = s.Pointer, s.Node
				return
			}
		}
		for _, k := range []string{"$id", "id"} {
			if v := Value(s.Node, k); v != nil && IsString(v) && v.Value == "#"+name {
				ptr, found = s.Pointer, s.Node
				return
			}
		}
	})
	return ptr, found
}

// refPath is filepath.Join(filepath.Dir(from), filepath.FromSlash(p)): the
// file a relative $ref path p names from the file from. When from is
// absolute and clean (as a loaded document's Abs is) and p is plain names
// after any leading ./ and ../ (what a split spec writes thousands of
// times), it is put together without cleaning the whole path again;
// anything else is left to Join. FuzzRefPath holds the two equal.
func refPath(from, p string) string {
	if filepath.Separator != '/' || !cleanAbs(from) {
		return filepath.Join(filepath.Dir(from), filepath.FromSlash(p))
	}
	dir, rest := parentOf(from), p
	for {
		if r, ok := strings.CutPrefix(rest, "./"); ok {
			rest = r
		} else if r, ok := strings.CutPrefix(rest, "../"); ok {
			dir, rest = parentOf(dir), r
		} else {
			break
		}
	}
	if !plainNames(rest) {
		return filepath.Join(filepath.Dir(from), p)
	}
	if dir == "/" {
		return "/" + rest
	}
	return dir + "/" + rest
}

// cleanAbs reports whether p is an absolute slash-separated path that
// filepath.Clean leaves as it is.
func cleanAbs(p string) bool {
	if p == "/" {
		return true
	}
	return strings.HasPrefix(p, "/") && !strings.HasSuffix(p, "/") && plainNames(p[1:])
}

// parentOf is filepath.Dir of a clean absolute slash-separated path.
func parentOf(p string) string {
	i := strings.LastIndexByte(p, '/')
	if i <= 0 {
		return "/"
	}
	return p[:i]
}

// plainNames reports whether p is one or more names joined by single
// slashes, none of them . or ..: a relative path Clean leaves as it is.
func plainNames(p string) bool {
	if p == "" || p == "." || p == ".." || strings.HasPrefix(p, "/") || strings.HasSuffix(p, "/") ||
		strings.HasPrefix(p, "./") || strings.HasPrefix(p, "../") || strings.HasSuffix(p, "/.") || strings.HasSuffix(p, "/..") {
		return false
	}
	return !strings.Contains(p, "//") && !strings.Contains(p, "/./") && !strings.Contains(p, "/../")
}

// Resolve implements Resolver by resolving on disk (see ResolveOnDisk).
func (w *Workspace) Resolve(from *Document, ref string) (Target, error) {
	return w.ResolveOnDisk(from, ref)
}
