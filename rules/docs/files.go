package docs

import (
	"fmt"
	"io/fs"
	"path"
	"path/filepath"
	"slices"
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
	routeOf := map[string][]string{} // a page file a missing route would be → the routes' keys
	for _, r := range results {
		for _, ct := range r.citations {
			if explained[ct] {
				continue
			}
			v := c.cachedJudge(ct)
			if v.problem == problemMissingFile && !seen[v.resolved] {
				seen[v.resolved] = true
				missing = append(missing, v.resolved)
			}
			if (v.problem == problemMissingRoute || v.problem == problemUnverified) && v.site != nil {
				key := routeKey(v)
				for _, f := range pageSources(v.site, v.resolved) {
					if !slices.Contains(routeOf[f], key) {
						routeOf[f] = append(routeOf[f], key)
					}
					if !seen[f] {
						seen[f] = true
						missing = append(missing, f)
					}
				}
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
	c.ignoredRoutes = map[string]string{}
	for i, m := range missing {
		if why := ignored[rels[i]]; why != "" {
			c.ignored[m] = why
			for _, key := range routeOf[m] {
				if c.ignoredRoutes[key] == "" {
					c.ignoredRoutes[key] = fmt.Sprintf("%s, the page it would be, is ignored by git (%s): a build makes it, so whether it is there is not checked", c.shown(m), why)
				}
			}
		}
	}
}

// routeKey names a missing route of a site: its site and the route.
func routeKey(v verdict) string {
	return v.site.where + "\x00" + strings.Trim(v.resolved, "/")
}

// pageSources are the files a site would serve route from (route without
// its leading slash): below each content folder mounted above it, the route's
// path as a page (.md, .mdx) or as a folder's index. A build that writes
// reference pages into the content folder (TypeDoc, a CLI's generator) and
// ignores them in git makes the route, unseen in the tree.
func pageSources(s *site, route string) []string {
	route = "/" + strings.Trim(route, "/")
	if base := "/" + strings.Trim(s.BaseURL, "/"); base != "/" && strings.HasPrefix(route, base+"/") {
		route = strings.TrimPrefix(route, base)
	}
	var out []string
	for _, m := range s.Content {
		mr := "/" + strings.Trim(mountRoute(m), "/")
		rel, ok := strings.CutPrefix(route, mr)
		if !ok || mr != "/" && rel != "" && rel[0] != '/' {
			continue
		}
		rel = strings.Trim(rel, "/")
		if rel == "" || escapes(path.Join(m.Dir, rel)) {
			continue
		}
		for _, ext := range []string{".md", ".mdx"} {
			out = append(out, path.Join(m.Dir, rel+ext), path.Join(m.Dir, rel, "index"+ext))
		}
	}
	return out
}
