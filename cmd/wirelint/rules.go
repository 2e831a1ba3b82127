package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/spf13/cobra"
	"github.com/wirelint/wirelint/internal/textdist"
	"github.com/wirelint/wirelint/report"
	"github.com/wirelint/wirelint/runner"
)

func newRulesCmd(e *env, code *int) *cobra.Command {
	var format string
	c := &cobra.Command{
		Use:   "rules",
		Short: "list every rule with its default severity and what it finds",
		Args:  noArgs,
	}
	c.Flags().StringVar(&format, "format", "text", "output format: text|json|markdown")
	c.RunE = func(_ *cobra.Command, _ []string) error {
		rs := runner.Rules()
		switch format {
		case "text":
			width := 0
			for _, r := range rs {
				width = max(width, len(r.ID))
			}
			for _, r := range rs {
				fmt.Fprintf(e.stdout, "%-*s  %-7s  %s\n", width, r.ID, r.Severity, r.Title)
			}
		case "json":
			type entry struct {
				ID       string          `json:"id"`
				Severity report.Severity `json:"severity"`
				Title    string          `json:"title"`
				Why      string          `json:"why"`
				Bad      string          `json:"bad"`
				Good     string          `json:"good"`
			}
			out := make([]entry, 0, len(rs))
			for _, r := range rs {
				out = append(out, entry{r.ID, r.Severity, r.Title, r.Why, r.Bad, r.Good})
			}
			enc := json.NewEncoder(e.stdout)
			enc.SetIndent("", "  ")
			enc.SetEscapeHTML(false)
			if err := enc.Encode(out); err != nil {
				return err
			}
		case "markdown":
			io.WriteString(e.stdout, rulesTable(rs))
		default:
			return usageErrorf("--format %q: want text, json or markdown", format)
		}
		*code = exitClean
		return nil
	}
	return c
}

func newExplainCmd(e *env, code *int) *cobra.Command {
	return &cobra.Command{
		Use:   "explain RULE",
		Short: "print what a rule checks, why, a bad and a good example, and its default severity",
		// The shell completes a rule id: "wirelint explain par<TAB>".
		ValidArgsFunction: func(_ *cobra.Command, args []string, prefix string) ([]string, cobra.ShellCompDirective) {
			if len(args) > 0 {
				return nil, cobra.ShellCompDirectiveNoFileComp
			}
			var ids []string
			for _, r := range runner.Rules() {
				if strings.HasPrefix(r.ID, prefix) {
					ids = append(ids, r.ID+"\t"+r.Title)
				}
			}
			return ids, cobra.ShellCompDirectiveNoFileComp
		},
		RunE: func(_ *cobra.Command, pos []string) error {
			if len(pos) != 1 {
				return usageErrorf("want one rule id, got %s", arguments(len(pos)))
			}
			r, ok := runner.Lookup(pos[0])
			if !ok {
				msg := fmt.Sprintf("unknown rule %q", pos[0])
				if near := nearRules(pos[0]); len(near) > 0 {
					msg += " (did you mean " + strings.Join(near, ", ") + "?)"
				} else {
					msg += " (run 'wirelint rules' for the list)"
				}
				return errors.New(msg)
			}
			io.WriteString(e.stdout, explainText(r))
			*code = exitClean
			return nil
		},
	}
}

// explainText renders a rule's docs for `wirelint explain`.
func explainText(r report.Rule) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s\n\ndefault severity: %s\n", r.ID, r.Title, r.Severity)
	if r.Why != "" {
		fmt.Fprintf(&b, "\n%s\n", wrap(r.Why, 100))
	}
	for _, ex := range []struct{ label, text string }{{"bad", r.Bad}, {"good", r.Good}} {
		if ex.text == "" {
			continue
		}
		fmt.Fprintf(&b, "\n%s:\n", ex.label)
		for _, line := range strings.Split(strings.TrimRight(ex.text, "\n"), "\n") {
			fmt.Fprintf(&b, "    %s\n", line)
		}
	}
	return b.String()
}

// nearRules returns the registered ids sharing a family or a name with id,
// or within a few edits of it.
func nearRules(id string) []string {
	fam, name, _ := strings.Cut(id, "/")
	var out []string
	for _, r := range runner.Rules() {
		rf, rn, _ := strings.Cut(r.ID, "/")
		if (name != "" && rn == name) || (name == "" && (rn == fam || rf == fam)) || textdist.Levenshtein(id, r.ID) <= 2 {
			out = append(out, r.ID)
		}
	}
	sort.Strings(out)
	return out
}

// wrap folds text at spaces so no line exceeds width (a longer word stands alone).
func wrap(text string, width int) string {
	var b strings.Builder
	n := 0
	for _, w := range strings.Fields(text) {
		wl := utf8.RuneCountInString(w)
		if n > 0 && n+1+wl > width {
			b.WriteByte('\n')
			n = 0
		} else if n > 0 {
			b.WriteByte(' ')
			n++
		}
		b.WriteString(w)
		n += wl
	}
	return b.String()
}

// Markers delimit the generated rule table in README.md.
const (
	rulesBegin = "<!-- rules:begin -->"
	rulesEnd   = "<!-- rules:end -->"
)

// rulesTable renders the README's rule table from the registered rules.
func rulesTable(rs []report.Rule) string {
	var b strings.Builder
	b.WriteString("| Rule | Default | What it finds |\n|---|---|---|\n")
	cell := strings.NewReplacer("|", `\|`, "\n", " ")
	for _, r := range rs {
		fmt.Fprintf(&b, "| `%s` | %s | %s |\n", r.ID, r.Severity, cell.Replace(r.Title))
	}
	return b.String()
}

// replaceRulesSection puts table between the markers of readme. It fails
// when the markers are missing or out of order.
func replaceRulesSection(readme, table string) (string, error) {
	i := strings.Index(readme, rulesBegin)
	j := strings.Index(readme, rulesEnd)
	if i < 0 || j < i {
		return "", fmt.Errorf("README.md has no %s ... %s section", rulesBegin, rulesEnd)
	}
	head := readme[:i+len(rulesBegin)]
	return head + "\n<!-- generated by `go test ./cmd/wirelint -run TestReadmeRules -update`; do not edit -->\n" + table + readme[j:], nil
}
