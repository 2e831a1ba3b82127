package docs

import (
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
)

// listFiles returns the files under root, slash-separated and relative to it,
// sorted. Inside a git work tree it asks git, so ignored files are skipped
// (tracked files plus untracked ones not ignored); without git, or outside a
// repository, it walks the tree and skips only .git directories.
func listFiles(root string) ([]string, error) {
	if files, ok := gitFiles(root); ok {
		return files, nil
	}
	var files []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if p == root {
				return err
			}
			return nil // an unreadable subdirectory is skipped, not fatal
		}
		if d.IsDir() {
			if d.Name() == ".git" {
				return filepath.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() {
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

// gitFiles lists root's files through git; ok is false when git is not
// installed or root is not inside a work tree.
func gitFiles(root string) (files []string, ok bool) {
	git, err := exec.LookPath("git")
	if err != nil {
		return nil, false
	}
	cmd := exec.Command(git, "-C", root, "ls-files", "-z", "--cached", "--others", "--exclude-standard")
	out, err := cmd.Output()
	if err != nil {
		return nil, false // not a work tree, or git refused: walk instead
	}
	seen := map[string]bool{}
	for _, f := range strings.Split(string(out), "\x00") {
		if f == "" || seen[f] {
			continue
		}
		seen[f] = true
		info, err := os.Stat(filepath.Join(root, filepath.FromSlash(f)))
		if err != nil || !info.Mode().IsRegular() {
			continue // deleted in the work tree, a submodule, a dangling symlink
		}
		files = append(files, f)
	}
	sort.Strings(files)
	return files, true
}
