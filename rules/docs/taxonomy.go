package docs

import (
	"fmt"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"unicode"

	"github.com/wirelint/wirelint/internal/textdist"
	"github.com/wirelint/wirelint/report"
)

// Taxonomy is a tree of records filed by path: every Markdown file under Root
// sits at one folder per level, each folder a value of its level.
type Taxonomy struct {
	// Root is the folder holding the records, slash-separated, relative to
	// the checked directory.
	Root string
	// Index is the Markdown file that lists the records under headings
	// naming their folders, relative to the checked directory ("" = none).
	Index string
	// Levels are the folder levels, outermost first.
	Levels []Level
	// Exclude are globs (relative to the checked directory) of Markdown
	// files under Root that are not records (templates, guides).
	Exclude []string
	// Records says what a record is: "file" (default: a Markdown file) or
	// "folder" (NAME/README.md or NAME/index.md, whose other files are
	// companions, not records).
	Records string
}

// Level is one folder level of a taxonomy.
type Level struct {
	// Name names the level in messages (lifecycle, class).
	Name string
	// Values is the level's closed set of folder names.
	Values []string
	// Status is a regular expression (Go syntax) whose first capture, on the
	// first line of a record that matches it, must equal the record's folder
	// for this level ("" = not checked).
	Status string
	// From says where the level's value is read: "" or "path" (a folder),
	// "front-matter:KEY" (the record's front matter), "sidecar:FILE:KEY" (a
	// YAML, TOML or JSON file beside the record, such as a KEP's
	// kep.yaml:status). Only path levels are folders.
	From string
	// Column names the index's table column that gives the level's value
	// for the record linked in the same row ("Year"), instead of the
	// headings above the link ("" = headings).
	Column string
}

// source is where a level's value is read, parsed from Level.From.
type source struct {
	kind      string // "path", "front-matter" or "sidecar"
	file, key string
}

func parseSource(from string) (source, error) {
	kind, rest, _ := strings.Cut(from, ":")
	switch kind {
	case "", "path":
		return source{kind: "path"}, nil
	case "front-matter":
		if rest == "" {
			return source{}, fmt.Errorf("from %q names no key: front-matter:KEY", from)
		}
		return source{kind: kind, key: rest}, nil
	case "sidecar":
		file, key, ok := strings.Cut(rest, ":")
		if !ok || file == "" || key == "" || strings.Contains(file, "/") {
			return source{}, fmt.Errorf("from %q must be sidecar:FILE:KEY, FILE a name beside the record", from)
		}
		return source{kind: kind, file: file, key: key}, nil
	}
	return source{}, fmt.Errorf("from %q is not path, front-matter:KEY or sidecar:FILE:KEY", from)
}

// landingPages are Markdown files that introduce a folder rather than file a
// record in it.
var landingPages = map[string]bool{"readme.md": true, "index.md": true, "_index.md": true}

// normalizeLabel folds a heading or value for comparison: lower case, letters
// and digits only ("Bug fix", "bug-fix" and "Bug_Fix" are equal). A trailing
// parenthesised count or note ("Accepted (3)") is dropped.
func normalizeLabel(s string) string {
	s = strings.TrimSpace(s)
	if strings.HasSuffix(s, ")") {
		if i := strings.LastIndexByte(s, '('); i > 0 {
			s = s[:i]
		}
	}
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// closestValue returns the value of values closest in spelling to got, or ""
// when none is close (more than a third of the longer name differs).
func closestValue(got string, values []string) string {
	best, bestDist := "", 0
	g := normalizeLabel(got)
	for _, v := range values {
		d := textdist.Levenshtein(g, normalizeLabel(v))
		if best == "" || d < bestDist {
			best, bestDist = v, d
		}
	}
	if best == "" || bestDist*3 > max(len(g), len(normalizeLabel(best))) {
		return ""
	}
	return best
}

// record is one Markdown file under a taxonomy root.
type record struct {
	file   string   // root-relative path
	values []string // folder per level; nil when misfiled
}

// taxonomyResult is what checking the taxonomies found, plus the index links
// they explained (a link to a record that moved is an index mismatch, not
// also a broken link).
type taxonomyResult struct {
	findings  []report.Finding
	explained map[citation]bool
}

// checkTaxonomies runs the four taxonomy rules over every configured taxonomy.
func (c *checker) checkTaxonomies(taxonomies []Taxonomy) (taxonomyResult, error) {
	res := taxonomyResult{explained: map[citation]bool{}}
	for i, t := range taxonomies {
		if err := c.checkTaxonomy(t, &res); err != nil {
			return res, fmt.Errorf("taxonomy[%d] (%s): %w", i, t.Root, err)
		}
	}
	return res, nil
}

func (c *checker) checkTaxonomy(t Taxonomy, res *taxonomyResult) error {
	root := path.Clean(strings.Trim(t.Root, "/"))
	if escapes(root) {
		return fmt.Errorf("root %q must name a folder in the checked folder", t.Root)
	}
	prefix := root + "/"
	if root == "." {
		prefix = ""
	}
	sources := make([]source, len(t.Levels))
	var pathLevels []Level
	for i, l := range t.Levels {
		src, err := parseSource(l.From)
		if err != nil {
			return fmt.Errorf("level %s: %w", l.Name, err)
		}
		sources[i] = src
		if src.kind == "path" {
			pathLevels = append(pathLevels, l)
		}
	}
	folderRecords := t.Records == "folder"
	if t.Records != "" && t.Records != "file" && !folderRecords {
		return fmt.Errorf("records %q must be file or folder", t.Records)
	}
	exclude, err := parseGlobs(t.Exclude, nil)
	if err != nil {
		return fmt.Errorf("exclude: %w", err)
	}
	statuses := make([]*regexp.Regexp, len(t.Levels))
	for i, l := range t.Levels {
		if l.Status == "" {
			continue
		}
		re, err := regexp.Compile(l.Status)
		if err != nil {
			return fmt.Errorf("level %s: status: %v", l.Name, err)
		}
		if re.NumSubexp() < 1 {
			return fmt.Errorf("level %s: status %q has no capture group", l.Name, l.Status)
		}
		statuses[i] = re
	}
	index := ""
	if t.Index != "" {
		index = path.Clean(strings.TrimLeft(t.Index, "/"))
	}
	var records []record
	for _, f := range c.included {
		if !isMarkdown(f) || f == index || !strings.HasPrefix(f, prefix) || anyMatch(exclude, f) {
			continue
		}
		parts := strings.Split(strings.TrimPrefix(f, prefix), "/")
		folders := parts[:len(parts)-1]
		landing := landingPages[strings.ToLower(path.Base(f))]
		switch {
		case folderRecords && landing && len(folders) == len(pathLevels)+1:
			folders = folders[:len(pathLevels)] // NAME/README.md: the folder is the record
		case folderRecords && len(folders) > len(pathLevels):
			continue // a companion inside a record's folder
		case len(folders) > len(pathLevels) && c.companionOf(f) != "":
			continue // NAME/appendix.md beside the record NAME.md
		case landing && len(folders) < len(pathLevels)+boolInt(folderRecords):
			continue
		}
		r := record{file: f}
		if fs := c.misfiled(t, pathLevels, r.file, folders); len(fs) > 0 {
			res.findings = append(res.findings, fs...)
		} else if folderRecords && !landing {
			res.findings = append(res.findings, report.Finding{
				Rule: RuleMisfiled, Severity: misfiledRule.Severity,
				Message:   fmt.Sprintf("%s is a file where %s's records are folders: move it to %s/README.md with its companions beside it", f, t.Root, strings.TrimSuffix(f, path.Ext(f))),
				Locations: []report.Location{{File: c.display(f), Line: 1, Column: 1}},
				Fields:    map[string]any{"record": "file"},
			})
		} else if values, fs := c.recordValues(t, sources, f, folders); len(fs) > 0 {
			res.findings = append(res.findings, fs...)
		} else {
			r.values = values
			res.findings = append(res.findings, c.statusMismatch(t, statuses, r)...)
		}
		records = append(records, r)
	}
	if len(records) == 0 {
		what := "Markdown files"
		if folderRecords {
			what = "folders holding a README.md or index.md"
		}
		return fmt.Errorf("root %s holds no records (%s): fix the root, or the records are in another format the taxonomy cannot read", t.Root, what)
	}
	if index != "" {
		res.findings = append(res.findings, c.checkIndex(t, root, index, records, res)...)
	}
	return nil
}

// companionOf returns the record file a file accompanies: the NAME.md beside
// a folder NAME/ holding it ("" = none), as Rust RFCs keep a record's
// appendices and translations in text/NNNN-name/.
func (c *checker) companionOf(file string) string {
	for d := path.Dir(file); d != "." && d != "/"; d = path.Dir(d) {
		for _, ext := range []string{".md", ".markdown"} {
			if c.files[d+ext] {
				return d + ext
			}
		}
	}
	return ""
}

// boolInt is 1 for true.
func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// recordValues reads a record's value for every level: its folders for path
// levels, its front matter or sidecar file for the others. A value missing
// or outside its level's set is a docs/misfiled finding naming where it was
// read.
func (c *checker) recordValues(t Taxonomy, sources []source, file string, folders []string) ([]string, []report.Finding) {
	values := make([]string, len(t.Levels))
	var out []report.Finding
	next := 0
	for i, l := range t.Levels {
		src := sources[i]
		var got, where string
		at := report.Location{File: c.display(file), Line: 1, Column: 1}
		switch src.kind {
		case "path":
			values[i] = folders[next]
			next++
			continue
		case "front-matter":
			where = "its front matter's " + src.key
			got = frontMatterValue(c.readText(file), src.key)
		case "sidecar":
			side := path.Join(path.Dir(file), src.file)
			where = side + "'s " + src.key
			if c.exists(side) {
				at.File = c.display(side)
			}
			if top := decodeConfig(side, c.readText(side)); top != nil {
				got, _ = field(top, src.key).(string)
			}
		}
		values[i] = got
		if contains(l.Values, got) {
			continue
		}
		msg := fmt.Sprintf("%s has no %s in %s (want one of %s): add it", file, l.Name, where, strings.Join(l.Values, ", "))
		fields := map[string]any{"level": l.Name, "value": got}
		if got != "" {
			msg = fmt.Sprintf("%s's %s is %s in %s, which is not one of %s", file, l.Name, got, where, strings.Join(l.Values, ", "))
			if v := closestValue(got, l.Values); v != "" {
				msg += ": did you mean " + v
				fields["suggestion"] = v
			} else {
				msg += ": correct it"
			}
		}
		out = append(out, report.Finding{Rule: RuleMisfiled, Severity: misfiledRule.Severity, Message: msg, Locations: []report.Location{at}, Fields: fields})
	}
	return values, out
}

// readText returns a file's contents (nil when unreadable).
func (c *checker) readText(name string) []byte {
	src, err := c.fs.ReadFile(filepath.Join(c.root, filepath.FromSlash(name)), 0)
	if err != nil {
		return nil
	}
	return src
}

// frontMatterValue reads a top-level scalar of YAML (---) or TOML (+++)
// front matter ("" = absent).
func frontMatterValue(src []byte, key string) string {
	text := string(src)
	fence := ""
	switch {
	case strings.HasPrefix(text, "---"):
		fence = "---"
	case strings.HasPrefix(text, "+++"):
		fence = "+++"
	default:
		return ""
	}
	for _, line := range strings.Split(text, "\n")[1:] {
		line = strings.TrimRight(line, "\r")
		if strings.TrimSpace(line) == fence {
			break
		}
		sep := ":"
		if fence == "+++" {
			sep = "="
		}
		k, v, ok := strings.Cut(line, sep)
		if ok && strings.TrimSpace(k) == key {
			return unquote(strings.TrimSpace(v))
		}
	}
	return ""
}

// misfiled reports a record whose folders do not name one value per path
// level.
func (c *checker) misfiled(t Taxonomy, levels []Level, file string, folders []string) []report.Finding {
	at := []report.Location{{File: c.display(file), Line: 1, Column: 1}}
	names := make([]string, len(levels))
	for i, l := range levels {
		names[i] = l.Name
	}
	want := strings.Join(append(names, "name.md"), "/")
	var out []report.Finding
	for i := 0; i < min(len(folders), len(levels)); i++ {
		l := levels[i]
		if contains(l.Values, folders[i]) {
			continue
		}
		msg := fmt.Sprintf("%s is filed under %s/, which is not a %s (want one of %s)", file, folders[i], l.Name, strings.Join(l.Values, ", "))
		fields := map[string]any{"level": l.Name, "folder": folders[i]}
		if s := closestValue(folders[i], l.Values); s != "" {
			msg += ": did you mean " + s
			fields["suggestion"] = s
		} else {
			msg += ": move it into one of them"
		}
		out = append(out, report.Finding{Rule: RuleMisfiled, Severity: misfiledRule.Severity, Message: msg, Locations: at, Fields: fields})
	}
	if len(folders) != len(levels) {
		missing := ""
		if len(folders) < len(levels) {
			l := levels[len(folders)]
			missing = fmt.Sprintf(": move it into a %s folder (one of %s)", l.Name, strings.Join(l.Values, ", "))
		} else if len(levels) == 0 {
			missing = ": move it into " + t.Root
		} else {
			missing = ": move it up to the last level"
		}
		msg := fmt.Sprintf("%s sits %d folder%s below %s, want %d (%s)%s", file, len(folders), plural(len(folders)), t.Root, len(levels), want, missing)
		out = append(out, report.Finding{Rule: RuleMisfiled, Severity: misfiledRule.Severity, Message: msg, Locations: at,
			Fields: map[string]any{"depth": len(folders)}})
	}
	return out
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

func contains(list []string, s string) bool {
	for _, e := range list {
		if e == s {
			return true
		}
	}
	return false
}

// statusMismatch reads a well-filed record's status lines.
func (c *checker) statusMismatch(t Taxonomy, statuses []*regexp.Regexp, r record) []report.Finding {
	var out []report.Finding
	var lines []string
	for i, re := range statuses {
		if re == nil {
			continue
		}
		if lines == nil {
			src, err := c.fs.ReadFile(filepath.Join(c.root, filepath.FromSlash(r.file)), 0)
			if err != nil {
				return nil // unreadable: listFiles saw it, so it went away
			}
			lines = strings.Split(string(src), "\n")
		}
		for n, line := range lines {
			m := re.FindStringSubmatchIndex(strings.TrimSuffix(line, "\r"))
			if m == nil || m[2] < 0 {
				continue
			}
			got := line[m[2]:m[3]]
			if normalizeLabel(got) != normalizeLabel(r.values[i]) {
				l := t.Levels[i]
				msg := fmt.Sprintf("%s says its %s is %s but it is filed under %s/: move the record or update the status line", r.file, l.Name, got, r.values[i])
				if contains(l.Values, strings.ToLower(got)) || closestValue(got, l.Values) != "" {
					target := append([]string(nil), r.values...)
					if v := closestValue(got, l.Values); v != "" {
						target[i] = v
					}
					msg = fmt.Sprintf("%s says its %s is %s but it is filed under %s/: move it to %s or update the status line", r.file, l.Name, got, r.values[i],
						path.Join(t.Root, strings.Join(target, "/"), path.Base(r.file)))
				}
				out = append(out, report.Finding{
					Rule: RuleStatusMismatch, Severity: statusMismatchRule.Severity, Message: msg,
					Locations: []report.Location{{File: c.display(r.file), Line: n + 1, Column: len([]rune(line[:m[2]])) + 1}},
					Fields:    map[string]any{"level": l.Name, "status": got, "folder": r.values[i]},
				})
			}
			break
		}
	}
	return out
}

// indexRows reads every table of an index: for each row's line, its cells
// by normalized column header.
func indexRows(src []byte) map[int]map[string]string {
	out := map[int]map[string]string{}
	lines := strings.Split(string(src), "\n")
	for i := 0; i+1 < len(lines); i++ {
		head := strings.TrimRight(lines[i], "\r")
		if !strings.Contains(head, "|") || !delimiterRow().MatchString(strings.TrimSpace(strings.TrimRight(lines[i+1], "\r"))) {
			continue
		}
		header := splitRow(head, i+1)
		j := i + 2
		for ; j < len(lines); j++ {
			row := strings.TrimRight(lines[j], "\r")
			if strings.TrimSpace(row) == "" || !strings.Contains(row, "|") {
				break
			}
			cells := map[string]string{}
			for k, c := range splitRow(row, j+1) {
				if k < len(header) {
					cells[normalizeLabel(header[k].text)] = c.text
				}
			}
			out[j+1] = cells
		}
		i = j - 1
	}
	return out
}

// indexHeading is a heading of the index, with its position.
type indexHeading struct {
	text         string
	level        int
	line, column int
}

// checkIndex compares the index's links with the records' folders.
func (c *checker) checkIndex(t Taxonomy, root, index string, records []record, res *taxonomyResult) []report.Finding {
	doc := c.doc(index)
	if doc == nil {
		return []report.Finding{report.Finding{
			Rule: RuleUnindexed, Severity: unindexedRule.Severity,
			Message:   fmt.Sprintf("the index %s of %s does not exist: create it or fix docs.taxonomy", index, t.Root),
			Locations: []report.Location{{File: c.display(index), Line: 1, Column: 1}},
		}}
	}
	byFile := map[string]*record{}
	byName := map[string][]*record{}
	for i := range records {
		byFile[records[i].file] = &records[i]
		byName[path.Base(records[i].file)] = append(byName[path.Base(records[i].file)], &records[i])
	}
	// Headings and links in document order.
	type event struct {
		line, column int
		heading      *indexHeading
		link         *Link
	}
	var events []event
	for _, a := range doc.Anchors {
		if a.Level > 0 {
			events = append(events, event{line: a.Line, column: a.Column, heading: &indexHeading{a.Heading, a.Level, a.Line, a.Column}})
		}
	}
	for i := range doc.Links {
		l := &doc.Links[i]
		events = append(events, event{line: l.Line, column: l.Column, link: l})
	}
	sort.SliceStable(events, func(i, j int) bool {
		if events[i].line != events[j].line {
			return events[i].line < events[j].line
		}
		return events[i].column < events[j].column
	})
	rows := indexRows(c.readText(index))
	linked := map[string]bool{}
	for _, e := range events {
		if e.link != nil {
			linked[indexTarget(index, e.link.Target)] = true
		}
	}
	var out, outside []report.Finding
	indexed := map[string]bool{}
	listed := map[string]bool{} // records linked under their own headings
	renamed := map[*indexHeading]bool{}
	var stack []*indexHeading
	var all []*indexHeading
	for _, e := range events {
		if h := e.heading; h != nil {
			for len(stack) > 0 && stack[len(stack)-1].level >= h.level {
				stack = stack[:len(stack)-1]
			}
			stack = append(stack, h)
			all = append(all, h)
			continue
		}
		l := e.link
		if external(l.Target) || strings.HasPrefix(l.Target, "#") {
			continue
		}
		target := indexTarget(index, l.Target)
		if root != "." && !strings.HasPrefix(target, root+"/") || !isMarkdown(target) {
			continue
		}
		at := report.Location{File: c.display(index), Line: l.Line, Column: l.Column}
		r := byFile[target]
		if r == nil && !c.files[target] {
			// A link to a record that is not there: if exactly one unlinked
			// record of that name exists, the record moved.
			moved := byName[path.Base(target)]
			if len(moved) != 1 || moved[0].values == nil || linked[moved[0].file] {
				continue // docs/broken-link reports it
			}
			r = moved[0]
			res.explained[citation{rule: brokenLinkRule, kind: l.Kind, file: index, line: l.Line, col: l.Column, target: l.Target}] = true
			indexed[r.file] = true
			out = append(out, c.indexFinding(at, r, fmt.Sprintf("the index links %s, which moved to %s: update the link and list it under %s",
				target, r.file, headingPath(t, r.values)), map[string]any{"target": l.Target, "record": r.file}))
			continue
		}
		if r == nil {
			continue // a landing page or excluded file
		}
		indexed[r.file] = true
		if r.values == nil {
			continue // misfiled: docs/misfiled says where it should go
		}
		// Match each level's value against the headings above the link,
		// outermost first.
		from, ok := 0, true
		for i, lv := range t.Levels {
			if lv.Column != "" {
				// The value sits in the link's row, under the level's column.
				got, has := rows[l.Line][normalizeLabel(lv.Column)]
				if has && normalizeLabel(got) == normalizeLabel(r.values[i]) {
					continue
				}
				ok = false
				msg := fmt.Sprintf("the index lists %s with %s %s but its %s is %s: correct the row or move the record", r.file, lv.Column, got, lv.Name, r.values[i])
				if !has {
					msg = fmt.Sprintf("the index lists %s outside a table with a %s column: list it in a row whose %s is %s", r.file, lv.Column, lv.Column, r.values[i])
				}
				out = append(out, c.indexFinding(at, r, msg, map[string]any{"target": l.Target, "record": r.file, "level": lv.Name}))
				break
			}
			found, other := -1, -1
			for k := from; k < len(stack); k++ {
				norm := normalizeLabel(stack[k].text)
				if norm == normalizeLabel(r.values[i]) {
					found = k
					break
				}
				for _, v := range lv.Values {
					if norm == normalizeLabel(v) && other < 0 {
						other = k
					}
				}
			}
			if found >= 0 {
				from = found + 1
				continue
			}
			ok = false
			if other >= 0 {
				h := stack[other]
				out = append(out, c.indexFinding(at, r, fmt.Sprintf("the index lists %s under %s %q but it is filed under %s/: list it under %s",
					r.file, lv.Name, h.text, r.values[i], headingPath(t, r.values)), map[string]any{"target": l.Target, "record": r.file, "level": lv.Name}))
				break
			}
			// No heading names a value of this level: a renamed heading
			// when one above the link is close to the record's value.
			var near *indexHeading
			for k := len(stack) - 1; k >= from; k-- {
				if closestValue(stack[k].text, []string{r.values[i]}) != "" {
					near = stack[k]
					break
				}
			}
			if near != nil {
				if !renamed[near] {
					renamed[near] = true
					out = append(out, report.Finding{
						Rule: RuleIndexMismatch, Severity: indexMismatchRule.Severity,
						Message: fmt.Sprintf("index heading %q names no %s (want one of %s): rename it to %s",
							near.text, lv.Name, strings.Join(lv.Values, ", "), titleLabel(r.values[i])),
						Locations: []report.Location{{File: c.display(index), Line: near.line, Column: near.column}},
						Fields:    map[string]any{"heading": near.text, "level": lv.Name, "suggestion": r.values[i]},
					})
				}
				break
			}
			// A mention outside the level's headings (prose, a "see also")
			// is drift only when the record is listed nowhere else.
			outside = append(outside, c.indexFinding(at, r, fmt.Sprintf("the index lists %s outside any %s heading: list it under %s",
				r.file, lv.Name, headingPath(t, r.values)), map[string]any{"target": l.Target, "record": r.file, "level": lv.Name}))
			break
		}
		if ok {
			listed[r.file] = true
		}
	}
	for _, f := range outside {
		if !listed[f.Fields["record"].(string)] {
			out = append(out, f)
		}
	}
	for _, r := range records {
		if indexed[r.file] {
			continue
		}
		f := report.Finding{
			Rule: RuleUnindexed, Severity: unindexedRule.Severity,
			Locations: []report.Location{{File: c.display(r.file), Line: 1, Column: 1}},
			Fields:    map[string]any{"index": index},
		}
		if r.values == nil {
			f.Message = fmt.Sprintf("%s is not linked from %s: file it, then add it to the index", r.file, index)
		} else {
			f.Message = fmt.Sprintf("%s is not linked from %s: add it under %s", r.file, index, headingPath(t, r.values))
			if len(t.Levels) == 0 {
				f.Message = fmt.Sprintf("%s is not linked from %s: add it to the index", r.file, index)
			}
			second := report.Location{File: c.display(index), Line: 1, Column: 1}
			if h := deepestHeading(t, all, r.values); h != nil {
				second.Line, second.Column = h.line, h.column
			}
			f.Locations = append(f.Locations, second)
		}
		out = append(out, f)
	}
	return out
}

// indexTarget is the root-relative path an index link names.
func indexTarget(index, target string) string {
	p, _, _ := splitTarget(target)
	if strings.HasPrefix(p, "/") {
		return path.Clean(strings.TrimLeft(p, "/"))
	}
	return path.Join(path.Dir(index), p)
}

// indexFinding is an index mismatch at an index link, with the record as the
// second location.
func (c *checker) indexFinding(at report.Location, r *record, msg string, fields map[string]any) report.Finding {
	return report.Finding{
		Rule: RuleIndexMismatch, Severity: indexMismatchRule.Severity, Message: msg,
		Locations: []report.Location{at, {File: c.display(r.file), Line: 1, Column: 1}},
		Fields:    fields,
	}
}

// headingPath writes the headings a record belongs under: "Accepted → Feature".
func headingPath(t Taxonomy, values []string) string {
	parts := make([]string, len(values))
	for i, v := range values {
		parts[i] = titleLabel(v)
	}
	return strings.Join(parts, " → ")
}

// titleLabel spells a folder value as a heading: "bug-fix" → "Bug fix".
func titleLabel(v string) string {
	s := strings.NewReplacer("-", " ", "_", " ").Replace(v)
	if s == "" {
		return s
	}
	r := []rune(s)
	r[0] = unicode.ToUpper(r[0])
	return string(r)
}

// deepestHeading finds the index heading that the record's entry belongs
// under: the heading matching its last value, under headings matching the
// values before it. Nil when the index has no such heading.
func deepestHeading(t Taxonomy, headings []*indexHeading, values []string) *indexHeading {
	var best *indexHeading
	level := 0
	var stack []*indexHeading
	for _, h := range headings {
		for len(stack) > 0 && stack[len(stack)-1].level >= h.level {
			stack = stack[:len(stack)-1]
		}
		stack = append(stack, h)
		matched := 0
		for _, s := range stack {
			if matched < len(values) && normalizeLabel(s.text) == normalizeLabel(values[matched]) {
				matched++
			}
		}
		if matched > level {
			best, level = h, matched
		}
	}
	return best
}
