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
	"github.com/wirelint/wirelint/rules/compat"
)

// Compat configures the breaking-change comparison of every group's
// documents with their version at a git revision.
type Compat struct {
	// Against is the git revision (branch, tag, commit).
	Against string
	// Role is the side standalone JSON Schema definitions are used on.
	Role compat.Side
	// Schemas names OpenAPI components compared as contracts of their own
	// even where no operation reaches them.
	Schemas []string
	// Documents are compared besides every group's documents (`wirelint
	// compat --against REV FILE...` names them; a check run needs none).
	Documents []string
	// Old and New, when New is set, are compared with each other instead of
	// with a revision: two files, or every document of folder New with the
	// file at the same place in folder Old (paths as the command line gives
	// them, from the working directory).
	Old, New string
}

// comparePaths is the group-free task of a Compat with Old and New: their
// comparison, and the head documents whose inline ignores apply.
func (r *run) comparePaths() groupResult {
	c := r.cfg.Compat
	var heads []*reduce.Document
	fs, err := r.task("compat", func() ([]report.Finding, error) {
		fs, hs, err := compareOldNew(r.workspaceAt(c.Old), r.workspaceAt(c.New), c.Old, c.New, c.options())
		heads = hs
		return fs, err
	})
	if err != nil {
		return groupResult{err: err}
	}
	byPath := map[string]*reduce.Document{}
	for _, d := range heads {
		byPath[d.Path] = d
	}
	inline, invalid := suppress.ScanInline(heads, KnownRule)
	return r.finish(append(fs, invalid...), nil, inline, byPath)
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

// options are the comparison's options for compat.Check.
func (c *Compat) options() compat.Options {
	return compat.Options{Role: c.Role, Schemas: c.Schemas, Paired: map[string]string{}}
}

// ParseRole reads a role as .wirelint.yaml and --role write it: produced,
// consumed or both ("" = both).
func ParseRole(s string) (compat.Side, error) {
	switch s {
	case "produced":
		return compat.Produced, nil
	case "consumed":
		return compat.Consumed, nil
	case "both", "":
		return compat.Both, nil
	}
	return 0, fmt.Errorf("role %q: want produced, consumed or both", s)
}

// ErrMixedPaths is Run's error for a Compat whose Old and New are a file and
// a folder.
var ErrMixedPaths = errors.New("OLD and NEW must both be files or both folders")

// compareAgainst compares each loaded document with its version at git
// revision rev, read from the repository's objects into a temporary folder
// mirroring the repository (with the files its $refs reach), so cross-file
// references resolve inside that revision. A document the revision lacks is
// new: nothing in it can break.
func compareAgainst(headWS *reduce.Workspace, docs []*reduce.Document, rev string, opts compat.Options) ([]report.Finding, error) {
	if len(docs) == 0 {
		return nil, nil
	}
	repo, err := gitx.Find(headWS.Root)
	if err != nil {
		return nil, fmt.Errorf("compare with %s: %w", rev, err)
	}
	r, err := gitrev.Open(repo, rev)
	if err != nil {
		return nil, err
	}
	rels := make([]string, len(docs))
	for i, d := range docs {
		rel, ok := r.Rel(d.Abs)
		if !ok {
			return nil, fmt.Errorf("%s is outside the repository at %s", d.Path, r.Top)
		}
		rels[i] = rel
	}
	tmp, err := os.MkdirTemp("", "wirelint-compat-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	if _, err := r.Extract(tmp, rels); err != nil {
		return nil, err
	}
	// the base side is named as git names a file at a revision, REV:PATH
	// from the repository's top, wherever the run started
	baseWS := reduce.NewWorkspace(tmp)
	baseWS.Cwd = tmp
	// each file is compared on its own: a $ref from one into another is
	// reported where the other is compared (opts.Paired names the run's
	// documents, in every group; their key is their path in the revision)
	paired := map[string]string{}
	for abs := range opts.Paired {
		if rel, ok := r.Rel(abs); ok && r.Has(rel) {
			paired[abs] = rel
			paired[filepath.Join(tmp, filepath.FromSlash(rel))] = rel
		}
	}
	for i, head := range docs {
		if r.Has(rels[i]) {
			paired[head.Abs] = rels[i]
			paired[filepath.Join(tmp, filepath.FromSlash(rels[i]))] = rels[i]
		}
	}
	opts.Paired = paired
	var findings []report.Finding
	for i, head := range docs {
		if !r.Has(rels[i]) {
			continue
		}
		base, err := baseWS.Load(filepath.Join(tmp, filepath.FromSlash(rels[i])), "")
		if err != nil {
			return nil, fmt.Errorf("%s at %s: %w", head.Path, rev, err)
		}
		opts.BaseLabel = rev + ":"
		findings = append(findings, compat.Check(baseWS, headWS, base, head, opts)...)
	}
	return findings, nil
}

// compareOldNew compares two files, or every document of folder newPath with
// the file at the same place in folder oldPath, loading them through baseWS
// and headWS. It returns the findings and the head documents compared.
func compareOldNew(baseWS, headWS *reduce.Workspace, oldPath, newPath string, opts compat.Options) ([]report.Finding, []*reduce.Document, error) {
	oldInfo, err := baseWS.FS.Stat(oldPath)
	if err != nil {
		return nil, nil, &reduce.LoadError{File: filepath.ToSlash(oldPath), Msg: "no such file or folder"}
	}
	newInfo, err := headWS.FS.Stat(newPath)
	if err != nil {
		return nil, nil, &reduce.LoadError{File: filepath.ToSlash(newPath), Msg: "no such file or folder"}
	}
	if oldInfo.IsDir() != newInfo.IsDir() {
		return nil, nil, ErrMixedPaths
	}
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
			return nil, nil, baseErr
		}
		if err != nil {
			return nil, nil, err
		}
		return compat.Check(baseWS, headWS, base, head, opts), []*reduce.Document{head}, nil
	}
	rels, err := documentFiles(headWS.FS, newPath)
	if err != nil {
		return nil, nil, err
	}
	oldRels, err := documentFiles(baseWS.FS, oldPath)
	if err != nil {
		return nil, nil, err
	}
	var findings []report.Finding
	var heads []*reduce.Document
	// each file is compared on its own: a $ref from one into another is
	// reported where the other is compared
	opts.Paired = map[string]string{}
	for _, rel := range rels {
		oldAbs, err1 := filepath.Abs(filepath.Join(oldPath, rel))
		newAbs, err2 := filepath.Abs(filepath.Join(newPath, rel))
		if _, err := baseWS.FS.Stat(oldAbs); err == nil && err1 == nil && err2 == nil {
			opts.Paired[oldAbs], opts.Paired[newAbs] = rel, rel
		}
	}
	for _, rel := range oldRels {
		if _, err := headWS.FS.Stat(filepath.Join(newPath, rel)); err == nil {
			continue
		}
		// a document NEW no longer has
		base, err := baseWS.Load(filepath.Join(oldPath, rel), "")
		if errors.Is(err, reduce.ErrNotDocument) {
			continue
		}
		if err != nil {
			return nil, nil, err
		}
		findings = append(findings, compat.Removed(baseWS, base, headWS.Display(filepath.Join(newPath, rel)), opts)...)
	}
	for _, rel := range rels {
		oldFile := filepath.Join(oldPath, rel)
		if _, err := baseWS.FS.Stat(oldFile); err != nil {
			continue // a new file
		}
		head, err := headWS.Load(filepath.Join(newPath, rel), "")
		if errors.Is(err, reduce.ErrNotDocument) {
			continue // a piece of a document, compared where it is referenced
		}
		if err != nil {
			return nil, nil, err
		}
		base, err := baseWS.Load(oldFile, "")
		if errors.Is(err, reduce.ErrNotDocument) {
			continue
		}
		if err != nil {
			return nil, nil, err
		}
		heads = append(heads, head)
		findings = append(findings, compat.Check(baseWS, headWS, base, head, opts)...)
	}
	return findings, heads, nil
}

// documentFiles lists the JSON and YAML files under dir (hidden folders
// skipped) through confine, relative to it and sorted.
func documentFiles(confine *fsroot.Root, dir string) ([]string, error) {
	var rels []string
	err := confine.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && strings.HasPrefix(d.Name(), ".") && p != dir {
			return filepath.SkipDir
		}
		switch strings.ToLower(filepath.Ext(p)) {
		case ".json", ".yaml", ".yml":
			rel, _ := filepath.Rel(dir, p)
			rels = append(rels, rel)
		}
		return nil
	})
	sort.Strings(rels)
	return rels, err
}
