package docs

import (
	"io/fs"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/wirelint/wirelint/internal/fsroot"
	"github.com/wirelint/wirelint/internal/gitx"
)

// listFiles returns the files under root, slash-separated and relative to it,
// sorted. Inside the project's git work tree it asks git (through gitx,
// pinned to the project's repository), so ignored files are skipped (tracked
// files plus untracked ones not ignored); without git, or outside a
// repository, it walks the tree and skips only .git directories. Either way
// only regular files confine admits are listed.
func listFiles(confine *fsroot.Root, root string) ([]string, error) {
	if files, ok := gitFiles(confine, root); ok {
		return files, nil
	}
	var files []string
	err := confine.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if p == root {
				return err
			}
			return nil // an unreadable subdirectory is skipped, not fatal
		}
		if d.IsDir() || !d.Type().IsRegular() {
			return nil
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		files = append(files, filepath.ToSlash(rel))
		return nil
	})
	sort.Strings(files)
	return files, err
}

// gitFiles lists root's files through the project's repository; ok is false
// when git is not installed or the project is not inside a work tree.
func gitFiles(confine *fsroot.Root, root string) (files []string, ok bool) {
	repo, err := gitx.Find(confine.Dir())
	if err != nil {
		return nil, false
	}
	abs, err := filepath.Abs(root)
	if err != nil {
		return nil, false
	}
	rel, err := filepath.Rel(repo.Top, abs)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return nil, false // root lies outside the repository: walk it
	}
	rel = filepath.ToSlash(rel)
	out, err := repo.Run(nil, "ls-files", "-z", "--cached", "--others", "--exclude-standard", "--", rel)
	if err != nil {
		return nil, false // git refused: walk instead
	}
	seen := map[string]bool{}
	for _, f := range strings.Split(string(out), "\x00") {
		if rel != "." {
			var below bool
			if f, below = strings.CutPrefix(f, rel+"/"); !below {
				continue
			}
		}
		if f == "" || seen[f] {
			continue
		}
		seen[f] = true
		info, err := confine.Stat(filepath.Join(root, filepath.FromSlash(f)))
		if err != nil || !info.Mode().IsRegular() {
			continue // deleted in the work tree, a submodule, a symlink leaving the project or into .git
		}
		files = append(files, f)
	}
	sort.Strings(files)
	return files, true
}

// ignoredTargets notes which of the files the citations name and the tree
// lacks a .gitignore of the project's repository excludes (c.ignored): one
// git call for all of them. Outside a work tree, or without git, none is.
func (c *checker) ignoredTargets(results []scanned, explained map[citation]bool) {
	var missing []string
	seen := map[string]bool{}
	for _, r := range results {
		for _, ct := range r.citations {
			if explained[ct] {
				continue
			}
			if v := c.cachedJudge(ct); v.problem == problemMissingFile && !seen[v.resolved] {
				seen[v.resolved] = true
				missing = append(missing, v.resolved)
			}
		}
	}
	if len(missing) == 0 {
		return
	}
	repo, err := gitx.Find(c.fs.Dir())
	if err != nil {
		return
	}
	abs, err := filepath.Abs(c.root)
	if err != nil {
		return
	}
	base, err := filepath.Rel(repo.Top, abs)
	if err != nil || base == ".." || strings.HasPrefix(base, ".."+string(filepath.Separator)) {
		return
	}
	rels := make([]string, len(missing))
	for i, m := range missing {
		rels[i] = path.Join(filepath.ToSlash(base), m)
	}
	ignored, err := repo.Ignored(rels)
	if err != nil || len(ignored) == 0 {
		return
	}
	c.ignored = map[string]string{}
	for i, m := range missing {
		if why := ignored[rels[i]]; why != "" {
			c.ignored[m] = why
		}
	}
}
