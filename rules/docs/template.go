package docs

import (
	"fmt"
	"path"
	"strconv"
	"strings"

	"github.com/wirelint/wirelint/report"
)

// templatePage returns the page a GitHub issue or pull request template
// fills, "pull" or "issues", "" for any other file: its Markdown becomes an
// issue's or a pull request's description, read at /OWNER/REPO/pull/N, so
// its relative links resolve from there, not from the template's folder
// (../blob/HEAD/CONTRIBUTING.md is the repository's file).
func templatePage(file string) string {
	dir, base := path.Split(strings.ToLower(file))
	switch {
	case base == "pull_request_template.md" && (dir == "" || dir == ".github/" || dir == "docs/"):
		return "pull"
	case dir == ".github/pull_request_template/" && isMarkdown(base):
		return "pull"
	case dir == ".github/issue_template/" && isMarkdown(base):
		return "issues"
	}
	return ""
}

// judgeTemplateLink checks the relative link p (rest: its ?query and
// #fragment) of a template read on page (pull or issues): a repository
// file's blob or tree page is checked as that file; a link that stays
// below the page's own folder names a page GitHub does not serve (it
// serves pull/N only); any other page of the repository (security/policy,
// wiki, discussions) is GitHub's, not a file, and is not checked.
func (c *checker) judgeTemplateLink(page, p, rest string) verdict {
	web := path.Join(page, p) // from /OWNER/REPO/pull/N: the page's folder is pull/
	if escapes(web) {
		return verdict{} // another repository's page, or GitHub's own
	}
	if u, ok := parseRepoPage(web + rest); ok {
		return c.judgeOwnURL(citation{rule: brokenLinkRule}, u)
	}
	if first, second, _ := strings.Cut(web, "/"); first == page {
		number, _, _ := strings.Cut(second, "/")
		if _, err := strconv.Atoi(number); err != nil {
			return verdict{problem: problemTemplatePage, resolved: web}
		}
	}
	return verdict{problem: problemUnverified, reason: fmt.Sprintf("it resolves, from the %s page the template fills, to the repository's %s page on GitHub, not a file of it", pageName(page), web)}
}

// pageName names the page a template fills.
func pageName(page string) string {
	if page == "pull" {
		return "pull request"
	}
	return "issue"
}

// templatePageLink reports a template's link that resolves to a page under
// its issue or pull request, which GitHub does not serve, suggesting the
// repository file's page when the link names one from the root.
func (c *checker) templatePageLink(ct citation, v verdict) report.Finding {
	f := report.Finding{
		Rule:      ct.rule.ID,
		Severity:  ct.rule.Severity,
		Locations: []report.Location{c.location(ct)},
		Fields:    map[string]any{"target": ct.target, "resolved": "/OWNER/REPO/" + v.resolved},
	}
	if ct.kind != "" {
		f.Fields["kind"] = string(ct.kind)
	}
	page := templatePage(ct.file)
	msg := fmt.Sprintf("link target %s resolves, from the %s page the template fills (/OWNER/REPO/%s/N), to /OWNER/REPO/%s, which GitHub does not serve",
		ct.target, pageName(page), page, v.resolved)
	p, _, _ := splitTarget(ct.target)
	if file := path.Clean(p); !escapes(file) && c.exists(file) {
		suggestion := "../blob/HEAD/" + file + ct.target[len(p):]
		f.Fields["suggestion"] = suggestion
		f.Locations = append(f.Locations, report.Location{File: c.display(file), Line: 1, Column: 1})
		msg += ": did you mean " + suggestion
	} else {
		msg += ": link the file's page (../blob/HEAD/PATH)"
	}
	f.Message = msg
	return f
}
