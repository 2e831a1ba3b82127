package docs

import (
	"fmt"
	"sort"

	"github.com/wirelint/wirelint/report"
)

// langSpace is the routes one language of a Hugo site serves. Hugo builds
// one site per language from that language's content mounts, in the
// configuration's order: the first mount that supplies a path serves it,
// even when its page is a draft, which Hugo does not build (buildDrafts is
// false by default) and which so hides the page a later mount supplies.
type langSpace struct {
	lang   string
	routes map[string]string // normalized route → the page the first mount supplying it gives
	mount  map[string]int    // normalized route → the index in Site.Content of that mount
}

// languagesOr returns a mount's languages with the default language's
// written "" (a mount naming none, nil, serves the default language; an
// empty list, none).
func languagesOr(langs []string, defaultLang string) []string {
	if langs == nil {
		return []string{""}
	}
	out := make([]string, len(langs))
	for i, l := range langs {
		if l != defaultLang {
			out[i] = l
		}
	}
	return out
}

// fallbackMounts reports a site that mounts the default language's content
// (or a folder below it) for another language too: a translation falls back
// to the default language's page where it has none of its own, so each
// language has its own route space.
func fallbackMounts(content []Mount) bool {
	for _, own := range content {
		if own.lang != "" {
			continue
		}
		for _, other := range content {
			if other.lang != "" && (other.Dir == own.Dir || within(other.Dir, own.Dir)) {
				return true
			}
		}
	}
	return false
}

// addToSpace records that mount (an index in s.Content) supplies page at
// route in the mount's language; the first mount in the configuration's
// order keeps the route.
func (s *site) addToSpace(route, page string, mount int) {
	lang := s.Content[mount].lang
	sp := s.spaces[lang]
	if sp == nil {
		sp = &langSpace{lang: lang, routes: map[string]string{}, mount: map[string]int{}}
		s.spaces[lang] = sp
	}
	r := s.normalizeRoute(route)
	if old, seen := sp.mount[r]; !seen || mount < old {
		sp.routes[r], sp.mount[r] = page, mount
	}
}

// languagesOf returns the language spaces in which a page is served (the
// default language first, then by name): its own language's, and every
// language it is a fallback page of. Nil when the site folds its languages
// or no language serves the page.
func (c *checker) languagesOf(s *site, file string) []*langSpace {
	if s.spaces == nil {
		return nil
	}
	if s.routes == nil {
		c.buildRoutes(s)
	}
	r, ok := s.pages[file]
	if !ok {
		return nil
	}
	var out []*langSpace
	for _, sp := range s.spaces {
		if sp.routes[r] == file && !c.isDraft(file) {
			out = append(out, sp)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].lang < out[j].lang })
	return out
}

// isDraft reports a Hugo page with draft: true in its front matter.
func (c *checker) isDraft(page string) bool {
	return page != "" && c.frontMatter(page)["draft"] == "true"
}

// judgeInLanguages checks a relative link of a page at the URL u in each
// language that serves the page: the route must be served in that
// language's own space, and the fragment must be an id of the page serving
// it there. It returns the first language's problem, and false when the
// site folds its languages or no language serves u (the caller goes on as
// before).
func (c *checker) judgeInLanguages(s *site, file, u, fragment string, hasFragment bool) (verdict, bool) {
	langs := c.languagesOf(s, file)
	if len(langs) == 0 {
		return verdict{}, false
	}
	n := s.normalizeRoute(u)
	var first verdict
	found := false
	for _, sp := range langs {
		page, served := sp.routes[n]
		if !served {
			if static, seen := s.routes[n]; seen && static == "" {
				found = true // a static file, a bundle's resource, a generated page
				continue
			}
		}
		var v verdict
		switch {
		case !served:
			v = verdict{problem: problemMissingRoute, resolved: u, site: s, space: sp}
		case c.isDraft(page):
			v = verdict{problem: problemMissingRoute, resolved: u, site: s, space: sp, draft: page}
			found = true
		default:
			v = c.judgeAnchor(page, fragment, hasFragment)
			found = true
		}
		if first.problem == problemNone && v.problem != problemNone {
			first = v
		}
	}
	if !found {
		return verdict{}, false
	}
	if first.problem == problemMissingRoute {
		if reason := c.absentRoute(s, u); reason != "" {
			return verdict{problem: problemUnverified, reason: reason}, true
		}
	}
	return first, true
}

// missingInLanguage reports a relative link whose URL one language of a
// Hugo site does not serve, though another does (or a draft hides it).
func (c *checker) missingInLanguage(ct citation, v verdict) report.Finding {
	lang := v.space.lang
	if lang == "" {
		lang = v.site.defaultLang
	}
	why := "no content mount of that language supplies a page there"
	locations := []report.Location{c.location(ct)}
	fields := map[string]any{"target": ct.target, "kind": string(ct.kind), "route": v.resolved, "language": lang}
	if v.draft != "" {
		why = fmt.Sprintf("%s is a draft (draft: true), which Hugo does not build, and it hides the page later mounts supply", c.shown(v.draft))
		locations = append(locations, report.Location{File: c.display(v.draft), Line: 1, Column: 1})
		fields["draft"] = c.shown(v.draft)
	}
	return report.Finding{
		Rule:      RuleBrokenLink,
		Severity:  brokenLinkRule.Severity,
		Message:   fmt.Sprintf("link target %s is the route %s, which the %s site of %s does not serve in %s: %s: fix the link or publish the page", ct.target, v.resolved, v.site.Generator, v.site.where, lang, why),
		Locations: locations,
		Fields:    fields,
	}
}
