package docs

import (
	"fmt"
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
