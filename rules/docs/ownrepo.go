package docs

import (
	"bytes"
	"net/url"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/wirelint/wirelint/internal/fsroot"
	"github.com/wirelint/wirelint/internal/gitx"
	"github.com/wirelint/wirelint/internal/lazyre"
)

// ownRepository returns the checked folder root's place below its
// repository's top ("" = the top, or unknown) and the repository as
// "owner/name": configured, else the GitHub repository the remote origin
// names ("" = none: own URLs are not checked, and that is no error).
// unknown says no name was found because nothing could give one (no git
// checkout, no remote origin), not because the origin is elsewhere.
func ownRepository(confine *fsroot.Root, root, configured string) (dir, repository string, unknown bool) {
	repo, err := gitx.Find(confine.Dir())
	if err != nil {
		return "", configured, configured == ""
	}
	if abs, err := filepath.Abs(root); err == nil {
		if rel, err := filepath.Rel(repo.Top, abs); err == nil && rel != "." && !escapes(filepath.ToSlash(rel)) {
			dir = filepath.ToSlash(rel)
		}
	}
	if configured != "" {
		return dir, configured, false
	}
	remote, err := repo.RemoteURL("origin")
	if err != nil || strings.TrimSpace(remote) == "" {
		return dir, "", true
	}
	return dir, githubRepository(remote), false
}

// githubRemote matches the forms git writes a GitHub remote in: https (with
// or without credentials), ssh (scp-like and URL), git://; the repository
// name may end in .git and a slash.
var githubRemote = lazyre.New(`(?i)^(?:(?:https?|git|ssh|git\+ssh)://(?:[^@/]+@)?github\.com(?::\d+)?/|(?:[^@/:]+@)?github\.com:)([A-Za-z0-9-]+)/([A-Za-z0-9._-]+?)(?:\.git)?/?$`)

// githubRepository reads "owner/name" from a GitHub remote URL; "" for
// any other host or form.
func githubRepository(remote string) string {
	m := githubRemote().FindStringSubmatch(strings.TrimSpace(remote))
	if m == nil {
		return ""
	}
	return m[1] + "/" + m[2]
}

// ownURL is a link to a file of the checked repository written as a GitHub
// URL: https://github.com/OWNER/REPO/blob/REF/PATH#FRAGMENT.
type ownURL struct {
	path     string // slash-separated, percent-decoded, below the root ("" = the root)
	fragment string // percent-decoded, without '#'
	tree     bool   // a /tree/ URL: a folder (or file) view
	pinned   bool   // REF is not a usual default branch: the file as it was then, not at HEAD
}

// parseOwnURL reads target as a blob or tree URL of repository
// ("owner/name", compared case-insensitively). ok is false for any other
// URL, including other repositories and other GitHub pages (issues, pulls).
func parseOwnURL(target, repository string) (ownURL, bool) {
	if repository == "" {
		return ownURL{}, false
	}
	rest, ok := githubPath(target)
	if !ok {
		return ownURL{}, false
	}
	rest, ok = cutPrefixFold(rest, repository+"/")
	if !ok {
		return ownURL{}, false
	}
	return parseRepoPage(rest)
}

// githubPath returns what follows https://github.com/ (or http://) in
// target, ok false for any other URL.
func githubPath(target string) (string, bool) {
	rest, ok := cutPrefixFold(target, "https://github.com/")
	if !ok {
		rest, ok = cutPrefixFold(target, "http://github.com/")
	}
	return rest, ok
}

// parseRepoPage reads rest, a path below a repository's pages
// (blob/REF/PATH#FRAGMENT, tree/REF/PATH), as the file or folder it shows;
// ok is false for any other page.
func parseRepoPage(rest string) (ownURL, bool) {
	var u ownURL
	switch {
	case strings.HasPrefix(rest, "blob/"):
		rest = rest[len("blob/"):]
	case strings.HasPrefix(rest, "tree/"):
		rest, u.tree = rest[len("tree/"):], true
	default:
		return ownURL{}, false
	}
	if i := strings.IndexByte(rest, '#'); i >= 0 {
		rest, u.fragment = rest[:i], rest[i+1:]
		if d, err := url.PathUnescape(u.fragment); err == nil {
			u.fragment = d
		}
	}
	if i := strings.IndexByte(rest, '?'); i >= 0 {
		rest = rest[:i]
	}
	ref, p, _ := strings.Cut(rest, "/")
	if ref == "" {
		return ownURL{}, false
	}
	u.pinned = !defaultBranches[ref]
	if d, err := url.PathUnescape(p); err == nil {
		p = d
	}
	u.path = strings.Trim(p, "/")
	return u, true
}

// defaultBranches are the refs a link means "the file as it is now" by:
// a commit id, a tag (v1.6.0) or another branch names the file as it was
// there, which the tree at HEAD cannot judge.
var defaultBranches = map[string]bool{"main": true, "master": true, "HEAD": true, "trunk": true, "develop": true}

func cutPrefixFold(s, prefix string) (string, bool) {
	if len(s) < len(prefix) || !strings.EqualFold(s[:len(prefix)], prefix) {
		return s, false
	}
	return s[len(prefix):], true
}

// lineRange reads a GitHub line fragment (L12 or L12-L20) and returns its
// last line.
func lineRange(fragment string) (int, bool) {
	if !lineAnchor(fragment) {
		return 0, false
	}
	last := fragment
	if _, to, ranged := strings.Cut(fragment, "-"); ranged {
		last = to
	}
	n, err := strconv.Atoi(last[1:])
	return n, err == nil
}

// ownURLs finds the URLs of repository's own files in the comments of src:
// each is a docs/broken-ref citation, checked whatever its path (the URL
// says plainly that it names a file of this repository).
func ownURLs(file string, src []byte, comments []Span, repository string) []citation {
	if repository == "" {
		return nil
	}
	needle := []byte("github.com/" + strings.ToLower(repository) + "/")
	var out []citation
	lines := lineIndex{src: src}
	for _, sp := range comments {
		text := src[sp.Start:sp.End]
		lower := bytes.ToLower(text)
		for from := 0; ; {
			i := bytes.Index(lower[from:], needle)
			if i < 0 {
				break
			}
			i += from
			from = i + len(needle)
			var start int
			switch {
			case i >= 8 && string(lower[i-8:i]) == "https://":
				start = i - 8
			case i >= 7 && string(lower[i-7:i]) == "http://":
				start = i - 7
			default:
				continue
			}
			end := from
			for end < len(text) && !urlStop(text[end]) {
				end++
			}
			target := strings.TrimRight(string(text[start:end]), ".,;:!?'\"")
			if _, ok := parseOwnURL(target, repository); !ok {
				continue
			}
			line, col := lines.position(sp.Start + start)
			out = append(out, citation{rule: brokenRefRule, file: file, line: line, col: col, target: target})
		}
	}
	return out
}

// urlStop reports a byte that ends a URL written in prose.
func urlStop(c byte) bool {
	switch c {
	case ' ', '\t', '\n', '\r', ')', '>', '<', '"', '\'', '`', ']', '*':
		return true
	}
	return false
}
