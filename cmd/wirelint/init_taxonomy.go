package main

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/wirelint/wirelint/internal/fsroot"
	"github.com/wirelint/wirelint/rules/docs"
)

// withTaxonomy adds the taxonomies docs.ProposeTaxonomies finds under dir to
// the starter configuration text: under its docs section when it has one, as
// a docs section of its own before the rule severities otherwise. A folder
// that cannot be read proposes nothing.
func withTaxonomy(confine *fsroot.Root, text, dir string) string {
	found, err := docs.ProposeTaxonomies(confine, dir)
	if err != nil || len(found) == 0 {
		return text
	}
	var b strings.Builder
	b.WriteString("  # Records filed by path (root/{level}/{level}/name.md), each listed in the index under\n")
	b.WriteString("  # headings naming its folders. Proposed from the folders found: rename the levels, and\n")
	b.WriteString("  # add a status: '^Status:\\s*(\\w+)' pattern to a level whose records state it.\n")
	b.WriteString("  taxonomy:\n")
	q := strconv.Quote
	for _, t := range found {
		fmt.Fprintf(&b, "    - root: %s\n      index: %s\n      levels:\n", q(t.Root), q(t.Index))
		for _, l := range t.Levels {
			values := make([]string, len(l.Values))
			for i, v := range l.Values {
				values[i] = q(v)
			}
			fmt.Fprintf(&b, "        - name: %s\n          values: [%s]\n", l.Name, strings.Join(values, ", "))
		}
	}
	if i := strings.Index(text, "\ndocs:\n"); i >= 0 {
		end := i + len("\ndocs:\n")
		for end < len(text) && strings.HasPrefix(text[end:], "  ") {
			end += strings.IndexByte(text[end:], '\n') + 1
		}
		return text[:end] + b.String() + text[end:]
	}
	section := "\n# Documentation drift: links, cited paths and filed records.\ndocs:\n" + b.String()
	if i := strings.Index(text, "\n# Rule severities"); i >= 0 {
		return text[:i] + section + text[i:]
	}
	return text + section
}
