package docs

import (
	"fmt"

	"github.com/wirelint/wirelint/report"
)

// RuleBrokenLink is the id of the rule for Markdown links that do not resolve.
const RuleBrokenLink = "docs/broken-link"

// brokenlinkRules are the rules this file's findings come from; they take their
// default severity from these values.
var brokenlinkRules = []report.Rule{
	report.Rule{
		ID:       RuleBrokenLink,
		Severity: report.SeverityError,
		Title:    "a relative Markdown link or image points at a file or #anchor that does not exist",
		Why: "Design records are part of the contract: a link that no longer resolves sends the reader nowhere, " +
			"usually because a file moved or a heading was renamed. Relative links ([x](../y.md), [x](y.md#anchor), " +
			"reference definitions, <a href> and <img src>) are resolved against the linking file, and anchors against " +
			"the target's headings as GitHub slugs them (duplicates get -1, -2). External URLs are not fetched; links in " +
			"code blocks and code spans are not links.",
		Bad:  "See [folding](design/frame_wire.md#fold) (the file moved to docs/wire/ and the heading is now \"Folding\").",
		Good: "See [folding](wire/frame_wire.md#folding).",
	},
}

// missingFileMessage names the target as written, where it resolves to when
// that is not what was written (resolved = ""), and the suggestion if any.
func missingFileMessage(ct citation, resolved, suggestion string) string {
	var msg string
	switch {
	case ct.rule == RuleBrokenLink && resolved == "":
		msg = fmt.Sprintf("link target %s does not exist", ct.target)
	case ct.rule == RuleBrokenLink:
		msg = fmt.Sprintf("link target %s resolves to %s, which does not exist", ct.target, resolved)
	case resolved == "":
		msg = fmt.Sprintf("comment cites %s, which does not exist", ct.target)
	default:
		msg = fmt.Sprintf("comment cites %s: %s does not exist", ct.target, resolved)
	}
	switch {
	case suggestion != "":
		return msg + ": did you mean " + suggestion
	case ct.rule == RuleBrokenLink:
		return msg + ": fix the link or restore the file"
	}
	return msg + ": update the comment or restore the file"
}

func missingAnchorMessage(ct citation, resolved, fragment, suggestion string) string {
	subject := fmt.Sprintf("comment cites %s", ct.target)
	if ct.rule == RuleBrokenLink {
		subject = fmt.Sprintf("link target %s", ct.target)
	}
	msg := fmt.Sprintf("%s: %s has no heading with anchor #%s", subject, resolved, fragment)
	if suggestion != "" {
		return msg + ": did you mean #" + suggestion
	}
	return msg + ": point it at an existing heading"
}
