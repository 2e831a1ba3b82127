// Package gitrev reads the files of one git revision straight from the
// project repository's objects (`git ls-tree`, `git cat-file --batch`, run by
// internal/gitx): never from the work tree, never over the network. Extract writes a set of files, and every
// file their $refs reach inside the repository, into a folder that mirrors the
// repository's layout, so the revision loads as any project does.
package gitrev

import (
	"bufio"
	"bytes"
	"fmt"
	"github.com/wirelint/wirelint/internal/fsroot"
	"github.com/wirelint/wirelint/internal/lazyre"
	"io"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/wirelint/wirelint/internal/gitx"
)

// MaxFileSize bounds the blobs Extract writes, in bytes (larger ones are
// left out; loading them then fails as a missing file would).
const MaxFileSize = 64 << 20

// Revision is one commit of a repository.
type Revision struct {
	// Rev is the revision as the user named it (origin/main, a tag, a hash).
	Rev string
	// Commit is the full commit hash it names.
	Commit string
	// Top is the absolute root of the repository's work tree.
	Top string

	repo  *gitx.Repo
	blobs map[string]blob // by slash-separated path from Top
}

type blob struct {
	id   string
	size int64
}

// Open resolves rev in the project's repository and lists its files.
func Open(repo *gitx.Repo, rev string) (*Revision, error) {
	if rev == "" || strings.HasPrefix(rev, "-") || strings.ContainsAny(rev, "\x00\n") {
		return nil, fmt.Errorf("revision %q: want a branch, tag or commit", rev)
	}
	commit, err := repo.Run(nil, "rev-parse", "--verify", "--quiet", "--end-of-options", rev+"^{commit}")
	if err != nil {
		return nil, repo.NoCommit("revision", rev)
	}
	r := &Revision{Rev: rev, Commit: strings.TrimSpace(string(commit)), Top: repo.Top, repo: repo, blobs: map[string]blob{}}
	list, err := repo.Run(nil, "ls-tree", "-r", "-z", "--long", "--full-tree", r.Commit)
	if err != nil {
		return nil, fmt.Errorf("list %s: %w", rev, err)
	}
	for _, entry := range bytes.Split(list, []byte{0}) {
		// <mode> SP <type> SP <object> SP+ <size> TAB <path>
		meta, name, ok := bytes.Cut(entry, []byte{'\t'})
		if !ok {
			continue
		}
		fields := strings.Fields(string(meta))
		if len(fields) != 4 || fields[1] != "blob" || fields[0] == "120000" {
			continue // submodules, symlinks
		}
		size, _ := strconv.ParseInt(fields[3], 10, 64)
		r.blobs[string(name)] = blob{id: fields[2], size: size}
	}
	return r, nil
}

// Has reports whether the revision holds a file at path (slash-separated,
// from Top).
func (r *Revision) Has(p string) bool {
	_, ok := r.blobs[p]
	return ok
}

// Rel returns the path of abs from the repository root, slash-separated,
// and whether abs is inside the repository.
func (r *Revision) Rel(abs string) (string, bool) {
	rel, err := filepath.Rel(r.Top, abs)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", false
	}
	return filepath.ToSlash(rel), true
}

// refPath finds the file part of $ref values in JSON or YAML text. It may
// also match a $ref quoted in a description: the file is then extracted for
// nothing, never followed wrongly.
var refPath = lazyre.New(`["']?\$ref["']?\s*:\s*["']?([^"'#\s,}\]]*)`)

// Extract writes the files at paths (slash-separated, from Top) and every
// file their $refs reach inside the revision into dst, which mirrors the
// repository layout. It returns the files written. A path the revision does
// not hold is skipped.
func (r *Revision) Extract(dst string, paths []string) ([]string, error) {
	seen := map[string]bool{}
	var written []string
	frontier := append([]string(nil), paths...)
	for len(frontier) > 0 {
		var batch []string
		for _, p := range frontier {
			p = path.Clean(p)
			if seen[p] || !r.Has(p) || r.blobs[p].size > MaxFileSize {
				continue
			}
			seen[p] = true
			batch = append(batch, p)
		}
		frontier = nil
		if len(batch) == 0 {
			break
		}
		contents, err := r.cat(batch)
		if err != nil {
			return written, err
		}
		for i, p := range batch {
			out := filepath.Join(dst, filepath.FromSlash(p))
			if err := os.MkdirAll(filepath.Dir(out), 0o700); err != nil {
				return written, err
			}
			if err := fsroot.New(dst).WriteFile(out, contents[i], 0o600); err != nil {
				return written, err
			}
			written = append(written, p)
			for _, m := range refPath().FindAllSubmatch(contents[i], -1) {
				ref := string(m[1])
				if ref == "" || strings.Contains(ref, "://") || strings.HasPrefix(ref, "/") {
					continue
				}
				next := path.Join(path.Dir(p), ref)
				if next == ".." || strings.HasPrefix(next, "../") {
					continue // leaves the repository
				}
				frontier = append(frontier, next)
			}
		}
	}
	return written, nil
}

// cat reads blobs through one `git cat-file --batch`.
func (r *Revision) cat(paths []string) ([][]byte, error) {
	var in bytes.Buffer
	for _, p := range paths {
		in.WriteString(r.blobs[p].id + "\n")
	}
	out, err := r.repo.Run(&in, "cat-file", "--batch")
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", r.Rev, err)
	}
	br := bufio.NewReader(bytes.NewReader(out))
	contents := make([][]byte, len(paths))
	for i, p := range paths {
		header, err := br.ReadString('\n')
		if err != nil {
			return nil, fmt.Errorf("read %s:%s: %w", r.Rev, p, err)
		}
		f := strings.Fields(header)
		if len(f) != 3 || f[1] != "blob" {
			return nil, fmt.Errorf("read %s:%s: unexpected %q", r.Rev, p, strings.TrimSpace(header))
		}
		size, err := strconv.Atoi(f[2])
		if err != nil {
			return nil, fmt.Errorf("read %s:%s: %w", r.Rev, p, err)
		}
		contents[i] = make([]byte, size)
		if _, err := io.ReadFull(br, contents[i]); err != nil {
			return nil, fmt.Errorf("read %s:%s: %w", r.Rev, p, err)
		}
		if _, err := br.ReadByte(); err != nil { // the newline after each blob
			return nil, fmt.Errorf("read %s:%s: %w", r.Rev, p, err)
		}
	}
	return contents, nil
}
