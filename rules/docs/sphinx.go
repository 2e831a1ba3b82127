package docs

import (
	"bufio"
	"bytes"
	"fmt"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/wirelint/wirelint/internal/lazyre"
)

// A Sphinx site whose Markdown pages MyST reads (its conf.py loads
// myst_parser or myst_nb) resolves a link that names no file as a Sphinx
// cross-reference: a label written (label)= or .. _label:, a document
// without its extension, an object autodoc documents. Of those wirelint
// reads the labels; the rest it cannot resolve, so such a link is
// unverified, never broken. A target that is a path (a slash, or a file's
// extension) is still a file link. Before session 44 jupyterhub/jupyterhub's
// docs gave 150 false errors: [authenticator](PAMAuthenticator),
// [API only mode](#howto:api-only).

// mystLabel matches a MyST target line, (label)=, and an reStructuredText
// one, .. _label:.
var mystLabel = lazyre.New(`^\s*\(([^()\s]+)\)=\s*$|^\s*\.\. _([^:]+):\s*$`)

// sphinxLabels returns the labels of the Sphinx site s, read on first use
// from every Markdown and reStructuredText file below its content folder.
func (c *checker) sphinxLabels(s *site) map[string]bool {
	if s.labels != nil {
		return s.labels
	}
	s.labels = map[string]bool{}
	var files []string
	for f := range c.files {
		if ext := strings.ToLower(path.Ext(f)); (ext == ".md" || ext == ".rst") && within(f, s.Content[0].Dir) {
			files = append(files, f)
		}
	}
	sort.Strings(files)
	for _, f := range files {
		src, err := c.fs.ReadFile(filepath.Join(c.root, filepath.FromSlash(f)), 4<<20)
		if err != nil {
			continue
		}
		sc := bufio.NewScanner(bytes.NewReader(src))
		sc.Buffer(make([]byte, 64<<10), 1<<20)
		for sc.Scan() {
			if m := mystLabel().FindStringSubmatch(sc.Text()); m != nil {
				s.labels[strings.ToLower(m[1]+m[2])] = true
			}
		}
	}
	return s.labels
}

// sphinxLabel returns the Sphinx site serving file (nil: none) and whether
// name is one of its labels.
func (c *checker) sphinxLabel(file, name string) (*site, bool) {
	s := c.siteFor(file)
	if s == nil || s.Generator != "sphinx" {
		return nil, false
	}
	return s, c.sphinxLabels(s)[strings.ToLower(name)]
}

// sphinxReference judges a link target p from file, a Sphinx page, that names
// no file: a label the site writes is met; a document named without its
// extension is that document; a path (a slash, a file's extension) is a
// missing file (ok false); anything else is a reference wirelint does not
// resolve (an autodoc object, a label of another project), unverified.
func (c *checker) sphinxReference(file, p string) (verdict, bool) {
	s, label := c.sphinxLabel(file, p)
	if s == nil || label {
		return verdict{}, label
	}
	// a document named without its extension, or by the page Sphinx
	// builds from it (api/auth.html for api/auth.md)
	stem := path.Join(path.Dir(file), strings.TrimSuffix(p, ".html"))
	for _, ext := range []string{".md", ".rst", ".ipynb"} {
		if doc := stem + ext; !escapes(doc) && c.exists(doc) {
			return verdict{}, true
		}
	}
	if strings.Contains(p, "/") || knownExtension(path.Ext(p)) {
		return verdict{}, false
	}
	return verdict{problem: problemUnverified, reason: fmt.Sprintf("the Sphinx site of %s reads %s, which names no file, as a cross-reference (a label, a document, a documented object), which wirelint resolves only to the labels its pages write", s.where, p)}, true
}

// sphinxAnchor judges a fragment resolved's headings do not hold, on a
// Sphinx page: a label of the site is met; a fragment not spelled as a
// heading's slug (#Spawner, #howto:api-only) names a reference target
// wirelint does not resolve, unverified; ok is false for a slug, missing.
func (c *checker) sphinxAnchor(resolved, fragment string) (verdict, bool) {
	s, label := c.sphinxLabel(resolved, fragment)
	if s == nil || label {
		return verdict{}, label
	}
	if !headingSlug().MatchString(fragment) {
		return verdict{problem: problemUnverified, reason: fmt.Sprintf("the Sphinx site of %s reads #%s as a cross-reference target (a label or a documented object) no page of it writes", s.where, fragment)}, true
	}
	return verdict{}, false
}

// headingSlug matches a fragment spelled as a heading's anchor is (lower
// case, digits, hyphens): on a Sphinx page one no heading holds is missing;
// any other spelling (#Spawner, #howto:api-only, #HubAuth.allow_token) is a
// reference target.
var headingSlug = lazyre.New(`^[a-z0-9]+(-[a-z0-9]+)*$`)

// knownExtension reports whether ext is a file extension a link to a file
// carries (a Sphinx reference has none; an autodoc object's dotted name has
// what would be one, which is not among these).
func knownExtension(ext string) bool {
	switch strings.ToLower(ext) {
	case ".md", ".rst", ".ipynb", ".txt", ".html", ".png", ".svg", ".jpg", ".jpeg", ".gif", ".pdf", ".py", ".json", ".yaml", ".yml", ".toml", ".cfg", ".sh":
		return true
	}
	return false
}
