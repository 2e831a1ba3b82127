package docs

import (
	"fmt"
	"strings"

	"github.com/wirelint/wirelint/report"
)

// missingFileMessage names the target as written, where it resolves to when
// that is not what was written (resolved = ""), and the suggestion if any.
func missingFileMessage(ct citation, resolved, suggestion string) string {
	var msg string
	switch {
	case ct.rule.ID == RuleBrokenLink && resolved == "":
		msg = fmt.Sprintf("link target %s does not exist", ct.target)
	case ct.rule.ID == RuleBrokenLink:
		msg = fmt.Sprintf("link target %s resolves to %s, which does not exist", ct.target, resolved)
	case resolved == "":
		msg = fmt.Sprintf("comment cites %s, which does not exist", ct.target)
	default:
		msg = fmt.Sprintf("comment cites %s: %s does not exist", ct.target, resolved)
	}
	switch {
	case suggestion != "":
		return msg + ": did you mean " + suggestion
	case ct.rule.ID == RuleBrokenLink:
		return msg + ": fix the link or restore the file"
	}
	return msg + ": update the comment or restore the file"
}

func missingAnchorMessage(ct citation, resolved, fragment, suggestion string) string {
	subject := fmt.Sprintf("comment cites %s", ct.target)
	if ct.rule.ID == RuleBrokenLink {
		subject = fmt.Sprintf("link target %s", ct.target)
	}
	msg := fmt.Sprintf("%s: %s has no heading with anchor #%s", subject, resolved, fragment)
	if suggestion != "" {
		return msg + ": did you mean #" + suggestion
	}
	return msg + ": point it at an existing heading"
}

// commitLink reports a link whose target is a bare commit id (c580d51,
// or all forty digits) naming no file: a changelog generator that is not
// given the repository's address writes each commit's link that way, and
// the page renders it relative to itself, where no such file is.
func (c *checker) commitLink(ct citation) bool {
	if ct.rule.ID != RuleBrokenLink || !commitID(ct.target) {
		return false
	}
	v := c.cachedJudge(ct)
	return v.problem == problemMissingFile && c.fragmentFile(ct.file) == "" && c.inSubmodule(v.resolved) == ""
}

// commitID reports 7 to 40 lowercase hexadecimal digits, letters and
// digits both, as git abbreviates a commit's name.
func commitID(s string) bool {
	if len(s) < 7 || len(s) > 40 {
		return false
	}
	letters, digits := false, false
	for i := 0; i < len(s); i++ {
		switch b := s[i]; {
		case b >= '0' && b <= '9':
			digits = true
		case b >= 'a' && b <= 'f':
			letters = true
		default:
			return false
		}
	}
	return letters && digits
}

// commitLinks is the one finding for the commit-id links of one file (see
// commitLink), in source order: one cause, the generator's link template,
// however many commits the file lists. It is located at the first link and
// names how many there are and the first few.
func (c *checker) commitLinks(cts []citation) report.Finding {
	first := cts[0]
	var shown []string
	for _, ct := range cts[:min(len(cts), 3)] {
		shown = append(shown, ct.target)
	}
	if len(cts) > 3 {
		shown = append(shown, "...")
	}
	msg := fmt.Sprintf("link target %s is a bare commit id, which names no file beside %s: the page resolves it as a path; link the commit's URL", first.target, c.shown(first.file))
	if len(cts) > 1 {
		msg = fmt.Sprintf("%d link targets (%s) are bare commit ids, which name no file beside %s: the page resolves them as paths; link each commit's URL",
			len(cts), strings.Join(shown, ", "), c.shown(first.file))
	}
	return report.Finding{
		Rule:      first.rule.ID,
		Severity:  first.rule.Severity,
		Message:   msg + " (a changelog generator writes it when given the repository's address)",
		Locations: []report.Location{c.location(first)},
		Fields:    map[string]any{"target": first.target, "commit_links": len(cts)},
	}
}

// contributorAnchor reports a link of an all-contributors table (between
// the bot's ALL-CONTRIBUTORS-LIST START and END comments) to a fragment of
// its own page that names no heading: the bot links each contribution kind
// it has no page for to #KIND-LOGIN, which nothing declares, by design.
func (c *checker) contributorAnchor(doc *Markdown, ct citation) bool {
	if doc == nil || ct.rule.ID != RuleBrokenLink || !strings.HasPrefix(ct.target, "#") || !doc.inContributors(ct.line) {
		return false
	}
	return c.cachedJudge(ct).problem == problemMissingAnchor
}

// contributorAnchors is the one finding for a file's all-contributors
// anchors (see contributorAnchor): the table is the bot's, rewritten on its
// next run, so they are not reported one by one as broken.
func (c *checker) contributorAnchors(cts []citation) report.Finding {
	first := cts[0]
	reason := fmt.Sprintf("the all-contributors bot writes the %d links to #KIND-LOGIN of its table in %s (%s...), which name no heading by its design", len(cts), c.shown(first.file), first.target)
	f := c.unverified(first, reason)
	f.Fields["contributor_links"] = len(cts)
	return f
}
