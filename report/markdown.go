package report

import (
	"fmt"
	"io"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Markdown output is a pull-request report in GitHub Flavored Markdown
// (https://github.github.com/gfm/), for a job summary ($GITHUB_STEP_SUMMARY) or
// a PR comment: the counts per rule, then the findings grouped by the
// definition or the route they are about, each with a link to every location.
// Text from the documents is escaped so it stays text: ASCII punctuation is
// backslash-escaped (GFM §2.4 "Backslash escapes": "Any ASCII punctuation
// character may be backslash-escaped"), and the characters GitHub acts on
// beyond GFM ($ for math, @ for mentions, # for issue references) are split
// from what follows them with <span>, as GitHub's own documentation on
// mathematical expressions advises for a literal $. Code spans and fences are
// longer than any run of backticks or tildes in their content (GFM §6.1 "Code
// spans", §4.5 "Fenced code blocks").

// MarkdownOptions controls the Markdown printer.
type MarkdownOptions struct {
	// LinkBase prefixes the repository-relative path in each location's link,
	// such as "https://github.com/OWNER/REPO/blob/SHA/" ("" = links relative to
	// the repository root).
	LinkBase string
	// MaxBytes bounds the report (0 = markdownMaxBytes); findings past it are
	// counted, not listed, so a PR comment stays under GitHub's size limit.
	MaxBytes int
}

// markdownMaxBytes keeps a report under GitHub's 65,536-character limit on a
// comment body, with room for the marker the Action adds.
const markdownMaxBytes = 60000

// Limits past which a report folds content into <details>.
const (
	markdownGroupShown  = 10  // findings shown per group before the rest fold
	markdownMessageRune = 300 // message length shown in full in the list
)

// WriteMarkdown prints the report: a summary line, a table of counts per
// rule, then the findings by definition, by route, and the rest by file.
func WriteMarkdown(w io.Writer, fs []Finding, opt MarkdownOptions) error {
	if opt.MaxBytes == 0 {
		opt.MaxBytes = markdownMaxBytes
	}
	var b strings.Builder
	b.WriteString("## wirelint\n\n")
	if len(fs) == 0 {
		b.WriteString("No findings.\n")
		_, err := io.WriteString(w, b.String())
		return err
	}
	s := Summarize(fs)
	fmt.Fprintf(&b, "**%d error(s), %d warning(s), %d info**\n\n", s.Error, s.Warning, s.Info)
	writeRuleCounts(&b, fs)

	var byDef, byRoute, byFile []markdownGroup
	index := map[string]int{}
	add := func(groups *[]markdownGroup, kind, key string, f Finding) {
		k := kind + "\x00" + key
		i, ok := index[k]
		if !ok {
			i = len(*groups)
			index[k] = i
			*groups = append(*groups, markdownGroup{key: key})
		}
		(*groups)[i].findings = append((*groups)[i].findings, f)
	}
	for _, f := range fs {
		switch route := f.Route(); {
		case f.Definition != "":
			add(&byDef, "definition", f.Definition, f)
		case route != "":
			add(&byRoute, "route", route, f)
		default:
			add(&byFile, "file", f.Primary().Name(), f)
		}
	}
	listed := 0
	for _, section := range []struct {
		title  string
		groups []markdownGroup
	}{
		{"By definition", byDef},
		{"By route", byRoute},
		{"Other findings, by file", byFile},
	} {
		if len(section.groups) == 0 {
			continue
		}
		sort.SliceStable(section.groups, func(i, j int) bool { return section.groups[i].key < section.groups[j].key })
		fmt.Fprintf(&b, "\n### %s\n", section.title)
		for _, g := range section.groups {
			if b.Len() > opt.MaxBytes {
				break
			}
			fmt.Fprintf(&b, "\n#### %s (%d)\n\n", markdownCode(g.key), len(g.findings))
			for i, f := range g.findings {
				if i == markdownGroupShown {
					fmt.Fprintf(&b, "\n<details><summary>%d more</summary>\n\n", len(g.findings)-markdownGroupShown)
				}
				item := markdownFinding(f, opt.LinkBase)
				if b.Len()+len(item) > opt.MaxBytes {
					break
				}
				b.WriteString(item)
				listed++
			}
			if len(g.findings) > markdownGroupShown {
				b.WriteString("\n</details>\n")
			}
		}
	}
	if listed < len(fs) {
		fmt.Fprintf(&b, "\n%d more finding(s) are not listed, to keep this report within GitHub's size limit; see the annotations or the SARIF log.\n", len(fs)-listed)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// markdownGroup is the findings about one definition, route or file.
type markdownGroup struct {
	key      string
	findings []Finding
}

// writeRuleCounts writes the table of findings per rule, by rule id, with
// the severity they were reported at.
func writeRuleCounts(b *strings.Builder, fs []Finding) {
	type row struct {
		rule     string
		severity Severity
	}
	counts := map[row]int{}
	for _, f := range fs {
		counts[row{f.Rule, f.Severity}]++
	}
	rows := make([]row, 0, len(counts))
	for r := range counts {
		rows = append(rows, r)
	}
	sort.Slice(rows, func(i, j int) bool {
		if rows[i].rule != rows[j].rule {
			return rows[i].rule < rows[j].rule
		}
		return rows[i].severity > rows[j].severity
	})
	b.WriteString("| rule | severity | findings |\n|---|---|---:|\n")
	for _, r := range rows {
		fmt.Fprintf(b, "| %s | %s | %d |\n", markdownCode(r.rule), r.severity, counts[r])
	}
}

// markdownFinding renders one finding as a list item: severity, rule,
// message, a link per location, then its detail folded.
func markdownFinding(f Finding, linkBase string) string {
	var b strings.Builder
	msg, long := f.Message, false
	if utf8.RuneCountInString(msg) > markdownMessageRune {
		msg, long = string([]rune(msg)[:markdownMessageRune])+"…", true
	}
	fmt.Fprintf(&b, "- **%s** %s %s", f.Severity, markdownCode(f.Rule), markdownEscape(msg))
	var links []string
	for _, l := range f.Locations {
		links = append(links, markdownLocation(l, linkBase))
	}
	if len(links) > 0 {
		b.WriteString("<br>" + strings.Join(links, " ↔ "))
	}
	b.WriteString("\n")
	if long {
		b.WriteString(markdownDetails("full message", f.Message))
	}
	if f.Detail != "" {
		b.WriteString(markdownDetails(detailLabel(f), strings.TrimRight(f.Detail, "\n")))
	}
	return b.String()
}

func detailLabel(f Finding) string {
	switch {
	case f.Fields["payload"] != nil:
		return "payload"
	case f.Fields["diff"] != nil:
		return "word diff"
	}
	return "detail"
}

// markdownLocation is a link to a location, labelled file:line:col, with
// the pointer beside it in a code span.
func markdownLocation(l Location, linkBase string) string {
	var target strings.Builder
	target.WriteString(linkBase)
	for i, seg := range strings.Split(l.Name(), "/") {
		if i > 0 {
			target.WriteString("/")
		}
		target.WriteString(url.PathEscape(seg))
	}
	if l.Line > 0 {
		target.WriteString("#L" + strconv.Itoa(l.Line))
	}
	s := "[" + markdownEscape(l.String()) + "](" + markdownEscapeURL(target.String()) + ")"
	if l.Pointer != "" {
		s += " " + markdownCode(l.Pointer)
	}
	return s
}

// markdownEscapeURL escapes what would end a link destination (GFM §6.3):
// parentheses, spaces and control characters; PathEscape has done the rest.
func markdownEscapeURL(s string) string {
	return strings.NewReplacer("(", "%28", ")", "%29", " ", "%20", "<", "%3C", ">", "%3E").Replace(s)
}

// markdownDetails folds text into a <details> block holding a fenced code
// block, so nothing in it is read as Markdown or HTML.
func markdownDetails(summary, text string) string {
	lines := VisibleLines(text)
	for i, l := range lines {
		// a report printed in a CI step is read by the runner too
		lines[i] = GuardLine(l)
	}
	text = strings.Join(lines, "\n")
	fence := strings.Repeat("~", max(3, longestRun(text, '~')+1))
	return "\n  <details><summary>" + summary + "</summary>\n\n  " + fence + "\n" +
		indent(text, "  ") + "\n  " + fence + "\n\n  </details>\n\n"
}

func indent(text, prefix string) string {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		lines[i] = prefix + l
	}
	return strings.Join(lines, "\n")
}

// markdownCode puts s in a code span whose backtick string is longer than
// any run of backticks in s, padded with spaces when s starts or ends with a
// backtick (GFM §6.1). Line breaks become spaces.
func markdownCode(s string) string {
	s = Visible(strings.NewReplacer("\r\n", " ", "\n", " ", "\r", " ").Replace(s))
	ticks := strings.Repeat("`", longestRun(s, '`')+1)
	if strings.HasPrefix(s, "`") || strings.HasSuffix(s, "`") || s == "" {
		s = " " + s + " "
	}
	return ticks + s + ticks
}

func longestRun(s string, c byte) int {
	best, run := 0, 0
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			run++
			best = max(best, run)
		} else {
			run = 0
		}
	}
	return best
}

// markdownEscape makes text from the documents literal inline text: line
// breaks become spaces, the ASCII punctuation that can open emphasis, code,
// links, images, HTML, entities, strikethrough or a table cell is
// backslash-escaped (the text never starts a line, so list and heading
// markers need none), as are the ":" of "://" and the "." of "www." that
// start an autolink, and $, @ and # are wrapped in <span> so GitHub reads no
// math, mention, e-mail link or issue reference into them.
func markdownEscape(s string) string {
	s = Visible(strings.NewReplacer("\r\n", " ", "\n", " ", "\r", " ").Replace(s))
	var b strings.Builder
	for i, r := range s {
		switch r {
		case '\r', '\n':
			b.WriteByte(' ')
		case ':', '.':
			// GFM's extended autolinks (§6.9) start at "www." and "scheme://";
			// an escape breaks the literal text they look for.
			if r == ':' && strings.HasPrefix(s[i+1:], "//") || r == '.' && i >= 3 && strings.EqualFold(s[i-3:i], "www") {
				b.WriteByte('\\')
			}
			b.WriteRune(r)
		case '$', '@', '#':
			b.WriteString("<span>" + string(r) + "</span>")
		case '\\', '`', '*', '_', '[', ']', '<', '>', '(', ')', '!', '|', '~', '&':
			b.WriteByte('\\')
			b.WriteRune(r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
