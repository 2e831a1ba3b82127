package runner

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/wirelint/wirelint/internal/fsroot"
	"github.com/wirelint/wirelint/internal/gitrev"
	"github.com/wirelint/wirelint/internal/gitx"
	"github.com/wirelint/wirelint/internal/suppress"
	"github.com/wirelint/wirelint/reduce"
	"github.com/wirelint/wirelint/report"
	"github.com/wirelint/wirelint/rules/family"
)

// comparePaths is the group-free task of the comparing family f when the
// configuration's compat section has Old and New: the two revisions
// prepared from the two paths, their comparison, and the ignores of the head
// documents compared.
func (r *run) comparePaths(f *family.Family) groupResult {
	c := r.cfg.Compat
	var heads []*reduce.Document
	fs, err := r.task(f.Name, func() ([]report.Finding, error) {
		baseWS, headWS := r.revisionWorkspaces(c.Old, c.New)
		rv, err := pathRevisions(baseWS, headWS, c.Old, c.New)
		if err != nil {
			return nil, err
		}
		for _, pair := range rv.Pairs {
			if pair.Head != nil {
				heads = append(heads, pair.Head)
			}
		}
		out, err := f.Run(&family.Pass{
			Family: f, Entries: r.entries[f], Workspace: rv.Head, Resolver: rv.Head, Documents: heads,
			Doc: func(string) *reduce.Document { return nil }, Dir: r.cfg.Dir, Root: r.root, FS: rv.Head.FS, Limits: r.limits,
			Display: rv.Head.Display, FromRepo: fromRepo(reduce.ProjectRoot(r.cfg.Dir)), Parallel: r.parallel,
			ResultOf: map[string]any{}, Revisions: rv,
		})
		return out.Findings, err
	})
	if err != nil {
		return groupResult{err: err}
	}
	byPath := map[string]*reduce.Document{}
	for _, d := range heads {
		byPath[d.Path] = d
	}
	inline, invalid := suppress.ScanInline(heads, KnownRule)
	return r.finish(append(fs, invalid...), inline, byPath)
}

// revisionWorkspaces returns the workspaces the revisions at oldPath and
// newPath are read in, sharing their trees: a file both revisions hold
// unchanged is parsed once.
func (r *run) revisionWorkspaces(oldPath, newPath string) (base, head *reduce.Workspace) {
	base, head = r.workspaceAt(oldPath), r.workspaceAt(newPath)
	base.Trees = reduce.NewTrees()
	head.Trees = base.Trees
	return base, head
}

// workspaceAt returns a workspace for the file or folder p outside any group:
// rooted at the run's root when p is inside it, else at the project holding p.
func (r *run) workspaceAt(p string) *reduce.Workspace {
	root := r.root
	if abs, err := filepath.Abs(p); err == nil && !fsroot.Within(root, abs) {
		root = reduce.ProjectRoot(filepath.Dir(abs))
	}
	return r.workspace(root)
}

// comparePass runs the pass of a family that Compares in a group: the
// group's documents are read at the compat section's git revision into a
// temporary folder, removed when the pass returns, and the family compares
// them (nothing when the section names no revision).
func (r *run) comparePass(p *family.Pass) (family.Output, error) {
	c := r.cfg.Compat
	if c == nil || c.Against == "" || len(p.Documents) == 0 {
		return family.Output{}, nil
	}
	var out family.Output
	_, err := r.task(p.Family.Name, func() ([]report.Finding, error) {
		// every document the run compares is compared on its own, in
		// whichever group it is: a $ref from one into another is not
		// followed
		paired := map[string]string{}
		for _, d := range r.docs {
			if abs, err := filepath.Abs(r.cfg.path(d)); err == nil {
				paired[abs] = ""
			}
		}
		rv, cleanup, err := revisionAt(p.Workspace, p.Documents, c.Against, paired)
		if err != nil {
			return nil, err
		}
		defer cleanup()
		p.Revisions = rv
		out, err = p.Family.Run(p)
		p.Revisions = nil
		return nil, err
	})
	return out, err
}

// ErrMixedPaths is Run's error for a Compat whose Old and New are a file and
// a folder.
var ErrMixedPaths = errors.New("OLD and NEW must both be files or both folders")

// revisionAt reads each of a group's documents at git revision rev from the
// repository's objects into a temporary folder mirroring the repository
// (with the files its $refs reach), so cross-file references resolve inside
// that revision, and pairs it with its version there; a document the
// revision lacks is new: nothing in it can break. paired holds the run's
// documents by absolute path (in every group); the revisions' Paired keys
// those and their copies in the folder by their path in the revision.
// cleanup removes the folder.
func revisionAt(headWS *reduce.Workspace, docs []*reduce.Document, rev string, paired map[string]string) (rv *family.Revisions, cleanup func(), err error) {
	repo, err := gitx.Find(headWS.Root)
	if err != nil {
		return nil, nil, fmt.Errorf("compare with %s: %w", rev, err)
	}
	r, err := gitrev.Open(repo, rev)
	if err != nil {
		return nil, nil, err
	}
	rels := make([]string, len(docs))
	for i, d := range docs {
		rel, ok := r.Rel(d.Abs)
		if !ok {
			return nil, nil, fmt.Errorf("%s is outside the repository at %s", d.Path, r.Top)
		}
		rels[i] = rel
	}
	tmp, err := os.MkdirTemp("", "wirelint-compat-")
	if err != nil {
		return nil, nil, err
	}
	cleanup = func() { _ = os.RemoveAll(tmp) } // a leftover temporary folder changes no finding
	defer func() {
		if err != nil {
			cleanup()
		}
	}()
	if _, err := r.Extract(tmp, rels); err != nil {
		return nil, nil, err
	}
	// the base side is named from the repository's top, wherever the run
	// started, and carries the revision (output names it REV:PATH)
	baseWS := reduce.NewWorkspace(tmp)
	baseWS.Cwd, baseWS.Rev = tmp, rev
	// a file the configuration gives its OpenAPI version is read so at the
	// revision too
	for abs, v := range headWS.Versions {
		if rel, ok := r.Rel(abs); ok {
			if baseWS.Versions == nil {
				baseWS.Versions = map[string]string{}
			}
			baseWS.Versions[filepath.Join(tmp, filepath.FromSlash(rel))] = v
		}
	}
	// a file the revision holds unchanged is not parsed again
	baseWS.Trees = headWS.Trees
	// each file is compared on its own: a $ref from one into another is
	// reported where the other is compared (their key is their path in the
	// revision)
	rv = &family.Revisions{Base: baseWS, Head: headWS, Paired: map[string]string{}}
	for abs := range paired {
		if rel, ok := r.Rel(abs); ok && r.Has(rel) {
			rv.Paired[abs] = rel
			rv.Paired[filepath.Join(tmp, filepath.FromSlash(rel))] = rel
		}
	}
	for i, head := range docs {
		if r.Has(rels[i]) {
			rv.Paired[head.Abs] = rels[i]
			rv.Paired[filepath.Join(tmp, filepath.FromSlash(rels[i]))] = rels[i]
		}
	}
	for i, head := range docs {
		if !r.Has(rels[i]) {
			continue
		}
		base, err := baseWS.Load(filepath.Join(tmp, filepath.FromSlash(rels[i])), "")
		if err != nil {
			return nil, nil, fmt.Errorf("%s at %s: %w", head.Path, rev, err)
		}
		rv.Pairs = append(rv.Pairs, family.RevisionPair{Base: base, Head: head})
	}
	return rv, cleanup, nil
}

// pathRevisions pairs two files, or every document of folder newPath with
// the file at the same place in folder oldPath, loading them through baseWS
// and headWS: first the documents newPath no longer has, then those both
// have.
func pathRevisions(baseWS, headWS *reduce.Workspace, oldPath, newPath string) (*family.Revisions, error) {
	oldInfo, err := baseWS.FS.Stat(oldPath)
	if err != nil {
		return nil, &reduce.LoadError{File: filepath.ToSlash(oldPath), Msg: "no such file or folder"}
	}
	newInfo, err := headWS.FS.Stat(newPath)
	if err != nil {
		return nil, &reduce.LoadError{File: filepath.ToSlash(newPath), Msg: "no such file or folder"}
	}
	if oldInfo.IsDir() != newInfo.IsDir() {
		return nil, ErrMixedPaths
	}
	rv := &family.Revisions{Base: baseWS, Head: headWS, Paired: map[string]string{}}
	if !oldInfo.IsDir() {
		// the two revisions parse in parallel
		var base *reduce.Document
		var baseErr error
		done := make(chan struct{})
		go func() {
			defer close(done)
			base, baseErr = baseWS.Load(oldPath, "")
		}()
		head, err := headWS.Load(newPath, "")
		<-done
		if baseErr != nil {
			return nil, baseErr
		}
		if err != nil {
			return nil, err
		}
		rv.Pairs = []family.RevisionPair{{Base: base, Head: head}}
		return rv, nil
	}
	rels, newListed, err := documentFiles(headWS.FS, newPath)
	if err != nil {
		return nil, err
	}
	oldRels, oldListed, err := documentFiles(baseWS.FS, oldPath)
	if err != nil {
		return nil, err
	}
	oldHas := func(rel string) bool { return oldListed.has(baseWS.FS, oldPath, rel) }
	// each file is compared on its own: a $ref from one into another is
	// reported where the other is compared
	for _, rel := range rels {
		oldAbs, err1 := filepath.Abs(filepath.Join(oldPath, rel))
		newAbs, err2 := filepath.Abs(filepath.Join(newPath, rel))
		if err1 == nil && err2 == nil && oldHas(rel) {
			rv.Paired[oldAbs], rv.Paired[newAbs] = rel, rel
		}
	}
	for _, rel := range oldRels {
		if newListed.has(headWS.FS, newPath, rel) {
			continue
		}
		// a document NEW no longer has
		base, err := baseWS.Load(filepath.Join(oldPath, rel), "")
		if errors.Is(err, reduce.ErrNotDocument) {
			continue
		}
		if err != nil {
			return nil, err
		}
		rv.Pairs = append(rv.Pairs, family.RevisionPair{Base: base, Removed: headWS.Display(filepath.Join(newPath, rel))})
	}
	for _, rel := range rels {
		oldFile := filepath.Join(oldPath, rel)
		if !oldHas(rel) {
			continue // a new file
		}
		head, err := headWS.Load(filepath.Join(newPath, rel), "")
		if errors.Is(err, reduce.ErrNotDocument) {
			continue // a piece of a document, compared where it is referenced
		}
		if err != nil {
			return nil, err
		}
		base, err := baseWS.Load(oldFile, "")
		if errors.Is(err, reduce.ErrNotDocument) {
			continue
		}
		if err != nil {
			return nil, err
		}
		rv.Pairs = append(rv.Pairs, family.RevisionPair{Base: base, Head: head})
	}
	return rv, nil
}

// documentFiles lists the JSON and YAML files under dir (hidden folders
// skipped) through confine, relative to it and sorted, and what the listing
// saw of each.
func documentFiles(confine *fsroot.Root, dir string) ([]string, listing, error) {
	var rels []string
	seen := listing{plain: map[string]bool{}}
	err := confine.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		link := d.Type()&fs.ModeSymlink != 0
		seen.symlinks = seen.symlinks || link
		if d.IsDir() && strings.HasPrefix(d.Name(), ".") && p != dir {
			return filepath.SkipDir
		}
		switch strings.ToLower(filepath.Ext(p)) {
		case ".json", ".yaml", ".yml":
			rel, _ := filepath.Rel(dir, p)
			rels = append(rels, rel)
			seen.plain[rel] = !link
		}
		return nil
	})
	sort.Strings(rels)
	return rels, seen, err
}

// listing is what documentFiles saw of a folder: each path it listed, and
// whether that path is no symlink (such an entry is there, in the confined
// folder, for certain); and whether it met any symlink at all (the walk
// does not follow one, so a path it did not list may still lie behind one).
type listing struct {
	plain    map[string]bool
	symlinks bool
}

// has reports whether the folder dir the listing was taken of holds rel (a
// path documentFiles named in the other revision: a document's extension,
// no hidden folder), as confine.Stat would answer: at once for an entry the listing saw that
// is no symlink, and no for one it did not see when it met no symlink (it
// would have named the file); anything else, which a symlink may lead
// outside or nowhere, is asked of the file system. Comparing two trees of
// thousands of files asked it three times a file before.
func (l listing) has(confine *fsroot.Root, dir, rel string) bool {
	plain, listed := l.plain[rel]
	if plain {
		return true
	}
	if !listed && !l.symlinks {
		return false
	}
	_, err := confine.Stat(filepath.Join(dir, rel))
	return err == nil
}
