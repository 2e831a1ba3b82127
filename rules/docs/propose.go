package docs

import (
	"path"
	"sort"
	"strings"

	"github.com/wirelint/wirelint/internal/fsroot"
)

// lifecycleWords are folder names that say a record's state: a level made of
// them is called lifecycle in a proposal.
var lifecycleWords = map[string]bool{
	"draft": true, "drafts": true, "proposed": true, "accepted": true, "implemented": true, "superseded": true,
	"rejected": true, "withdrawn": true, "deprecated": true, "active": true, "final": true, "archived": true,
}

// ProposeTaxonomies looks under root for trees a taxonomy would describe: a
// folder holding an index (README.md or index.md) that links at least half
// of the Markdown records below it, where every record sits exactly two
// folders down and the first level has at least two folders. It returns one
// Taxonomy per such folder, with each level's values the folders found,
// sorted by root. Excluded trees (testdata, vendor, node_modules) are skipped.
// Only files confine admits are read.
func ProposeTaxonomies(confine *fsroot.Root, root string) ([]Taxonomy, error) {
	files, err := listFiles(confine, root)
	if err != nil {
		return nil, err
	}
	exclude, err := parseGlobs(nil, DefaultExclude)
	if err != nil {
		return nil, err
	}
	c := &checker{fs: confine, root: root, docs: map[string]*Markdown{}}
	indexes := map[string]string{} // folder → its index file
	var records []string
	for _, f := range files {
		if !isMarkdown(f) || anyMatch(exclude, f) {
			continue
		}
		if name := strings.ToLower(path.Base(f)); name == "readme.md" || name == "index.md" {
			if _, seen := indexes[path.Dir(f)]; !seen || name == "readme.md" {
				indexes[path.Dir(f)] = f
			}
			continue
		}
		records = append(records, f)
	}
	var out []Taxonomy
	dirs := make([]string, 0, len(indexes))
	for d := range indexes {
		dirs = append(dirs, d)
	}
	sort.Strings(dirs)
	for _, dir := range dirs {
		if dir == "." {
			continue // the whole repository is not a record tree
		}
		var below []string
		ok := true
		levels := [2]map[string]bool{{}, {}}
		for _, r := range records {
			if !strings.HasPrefix(r, dir+"/") {
				continue
			}
			folders := strings.Split(strings.TrimPrefix(r, dir+"/"), "/")
			if len(folders) != 3 {
				ok = false
				break
			}
			levels[0][folders[0]], levels[1][folders[1]] = true, true
			below = append(below, r)
		}
		if !ok || len(below) < 3 || len(levels[0]) < 2 {
			continue
		}
		doc := c.doc(indexes[dir])
		if doc == nil {
			continue
		}
		linked := 0
		targets := map[string]bool{}
		for _, l := range doc.Links {
			targets[indexTarget(indexes[dir], l.Target)] = true
		}
		for _, r := range below {
			if targets[r] {
				linked++
			}
		}
		if linked*2 < len(below) {
			continue
		}
		t := Taxonomy{Root: dir, Index: indexes[dir]}
		for i, names := range [2][2]string{{"lifecycle", "group"}, {"class", "kind"}} {
			values := make([]string, 0, len(levels[i]))
			life := false
			for v := range levels[i] {
				values = append(values, v)
				life = life || lifecycleWords[strings.ToLower(v)]
			}
			sort.Strings(values)
			name := names[1]
			if i == 0 && life || i == 1 {
				name = names[0]
			}
			t.Levels = append(t.Levels, Level{Name: name, Values: values})
		}
		out = append(out, t)
	}
	return out, nil
}
