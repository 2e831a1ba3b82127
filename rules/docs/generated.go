package docs

import (
	"cmp"
	"fmt"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/wirelint/wirelint/report"
)

// maxAttributesFile bounds the .gitattributes files read for the
// linguist-generated mark, each; a larger one is not read.
const maxAttributesFile = 256 << 10

// attrRule is one line of a .gitattributes file that sets or unsets
// linguist-generated.
type attrRule struct {
	glob      Glob
	generated bool
	where     string // FILE:LINE, the file from the docs root
}

// attrFile is the rules of one .gitattributes file, in line order.
type attrFile struct {
	dir   string // its folder, from the docs root ("." = the root)
	rules []attrRule
}

// readAttributes reads the linguist-generated lines of every listed
// .gitattributes file, shallowest first, as GitHub reads them to mark
// generated files (collapsed in diffs, left out of language statistics).
func (c *checker) readAttributes() {
	c.attributes = []attrFile{}
	for f := range c.files {
		if path.Base(f) != ".gitattributes" {
			continue
		}
		src, err := c.fs.ReadFile(filepath.Join(c.root, filepath.FromSlash(f)), maxAttributesFile)
		if err != nil {
			continue
		}
		af := attrFile{dir: path.Dir(f)}
		for i, line := range strings.Split(string(src), "\n") {
			if r, ok := parseAttrLine(af.dir, line); ok {
				r.where = fmt.Sprintf("%s:%d", f, i+1)
				af.rules = append(af.rules, r)
			}
		}
		if len(af.rules) > 0 {
			c.attributes = append(c.attributes, af)
		}
	}
	slices.SortFunc(c.attributes, func(a, b attrFile) int {
		return cmp.Or(cmp.Compare(depth(a.dir), depth(b.dir)), strings.Compare(a.dir, b.dir))
	})
}

// depth counts the folders of dir below the docs root ("." = 0).
func depth(dir string) int {
	if dir == "." {
		return 0
	}
	return strings.Count(dir, "/") + 1
}

// parseAttrLine reads one .gitattributes line of the folder dir: a pattern
// and its attributes, of which only linguist-generated counts (set bare or
// =true; unset with -, !, or any other value). Comments, macro definitions,
// quoted patterns and patterns naming only folders (which attributes never
// reach through) are skipped. A pattern with a slash before its end is
// anchored at dir; one without matches a name at any depth below it, as
// gitignore patterns do.
func parseAttrLine(dir, line string) (attrRule, bool) {
	fields := strings.Fields(line)
	if len(fields) < 2 || strings.HasPrefix(fields[0], "#") || strings.HasPrefix(fields[0], "[attr]") ||
		strings.HasPrefix(fields[0], `"`) || strings.HasPrefix(fields[0], "!") || strings.HasSuffix(fields[0], "/") {
		return attrRule{}, false
	}
	found, generated := false, false
	for _, a := range fields[1:] {
		switch {
		case a == "linguist-generated" || a == "linguist-generated=true":
			found, generated = true, true
		case a == "-linguist-generated" || a == "!linguist-generated" || strings.HasPrefix(a, "linguist-generated="):
			found, generated = true, false
		}
	}
	if !found {
		return attrRule{}, false
	}
	pattern := fields[0]
	if !strings.Contains(strings.TrimPrefix(pattern, "/"), "/") && !strings.HasPrefix(pattern, "/") {
		pattern = "**/" + pattern
	}
	if dir != "." {
		pattern = dir + "/" + strings.TrimPrefix(pattern, "/")
	}
	g, err := ParseGlob(pattern)
	if err != nil {
		return attrRule{}, false
	}
	return attrRule{glob: g, generated: generated}, true
}

// generatedBy returns what marks file (from the docs root) generated, ""
// when nothing does: the .gitattributes line marking it linguist-generated
// (of the files above it, the deepest rule matching it wins, and in one
// file the last line), or else the line of an openapi-generator output's
// .openapi-generator/FILES that lists it (the generator's record of the
// files it wrote, kept beside them).
func (c *checker) generatedBy(file string) string {
	if c.attributes == nil {
		c.readAttributes()
		c.generated = map[string]string{}
	}
	if where, ok := c.generated[file]; ok {
		return where
	}
	where := c.attributeMark(file)
	if where == "" {
		where = c.generatorListed(file)
	}
	c.generated[file] = where
	return where
}

// attributeMark returns the .gitattributes line marking file
// linguist-generated, "" when none does.
func (c *checker) attributeMark(file string) string {
	where := ""
	for _, af := range c.attributes {
		if af.dir != "." && !strings.HasPrefix(file, af.dir+"/") {
			continue
		}
		for _, r := range af.rules {
			if r.glob.Match(file) {
				where = ""
				if r.generated {
					where = r.where
				}
			}
		}
	}
	return where
}

// generatedGroup is the broken links (or cited paths) of the generated files
// of one folder.
type generatedGroup struct {
	rule     report.Rule
	dir      string
	where    string // the .gitattributes line marking the first file
	first    citation
	findings []report.Finding
	files    map[string]bool
}

// generatedFindings reports each folder's broken citations in files the
// repository marks generated as one finding: a generator wrote them all
// (openapi-generator links every model type it names, those of other
// packages and String.md too), so they are one cause, mended in its
// templates or mappings and not in the files, which the next run rewrites.
// It stays an error, the links are broken where the files are read, but no
// fix is offered.
func (c *checker) generatedFindings(groups []*generatedGroup) []report.Finding {
	var out []report.Finding
	for _, g := range groups {
		counts := map[string]int{}
		for _, f := range g.findings {
			t, _ := f.Fields["resolved"].(string)
			if t == "" {
				t, _ = f.Fields["target"].(string)
			}
			if a, _ := f.Fields["anchor"].(string); a != "" {
				t += "#" + a
			}
			counts[t]++
		}
		targets := make([]string, 0, len(counts))
		for t := range counts {
			targets = append(targets, t)
		}
		slices.SortFunc(targets, func(a, b string) int { return cmp.Or(counts[b]-counts[a], strings.Compare(a, b)) })
		var shown []string
		for _, t := range targets[:min(len(targets), 3)] {
			shown = append(shown, fmt.Sprintf("%s (%d)", t, counts[t]))
		}
		if len(targets) > 3 {
			shown = append(shown, fmt.Sprintf("and %d more", len(targets)-3))
		}
		what := count(len(g.findings), "link")
		if g.rule.ID == RuleBrokenRef {
			what = count(len(g.findings), "cited path")
		}
		verb, them := "name", "them"
		if len(g.findings) == 1 {
			verb, them = "names", "it"
		}
		marks := "marks linguist-generated"
		if strings.Contains(g.where, ".openapi-generator/FILES:") {
			marks = "lists as openapi-generator's output"
		}
		attrFile, attrLine, _ := strings.Cut(g.where, ":")
		line := 1
		fmt.Sscan(attrLine, &line)
		out = append(out, report.Finding{
			Rule:     g.rule.ID,
			Severity: g.rule.Severity,
			Message: fmt.Sprintf("%s in %s of %s, which %s %s, %s what does not exist: %s; a generator wrote %s, so mend its templates or type mappings and regenerate, or exclude the folder",
				what, count(len(g.files), "file"), c.shown(g.dir), c.shown(attrFile)+":"+attrLine, marks, verb, strings.Join(shown, ", "), them),
			Locations: []report.Location{c.location(g.first), {File: c.display(attrFile), Line: line, Column: 1}},
			Fields: map[string]any{"target": g.first.target, "generated_by": c.shown(attrFile) + ":" + attrLine,
				"generated_links": len(g.findings), "generated_files": len(g.files)},
		})
	}
	return out
}

// count writes n things: "1 link", "3 links".
func count(n int, thing string) string {
	return fmt.Sprintf("%d %s%s", n, thing, plural(n))
}

// maxGeneratorFiles bounds the .openapi-generator/FILES read, each.
const maxGeneratorFiles = 1 << 20

// generatorListed returns FILES:LINE of the .openapi-generator/FILES of a
// folder above file that lists it, "" when none does.
func (c *checker) generatorListed(file string) string {
	for dir := path.Dir(file); ; dir = path.Dir(dir) {
		list := path.Join(dir, ".openapi-generator", "FILES")
		if c.files[list] {
			if c.generatorFiles == nil {
				c.generatorFiles = map[string]map[string]int{}
			}
			listed, ok := c.generatorFiles[list]
			if !ok {
				listed = map[string]int{}
				if src, err := c.fs.ReadFile(filepath.Join(c.root, filepath.FromSlash(list)), maxGeneratorFiles); err == nil {
					for i, line := range strings.Split(string(src), "\n") {
						if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") {
							listed[path.Clean(line)] = i + 1
						}
					}
				}
				c.generatorFiles[list] = listed
			}
			rel := strings.TrimPrefix(file, dir+"/")
			if dir == "." {
				rel = file
			}
			if line, ok := listed[rel]; ok {
				return fmt.Sprintf("%s:%d", list, line)
			}
		}
		if dir == "." || dir == "/" {
			return ""
		}
	}
}
