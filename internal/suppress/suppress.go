// Package suppress decides which findings a run reports: it applies the
// configuration's severity overrides and ignores, inline
// `x-wirelint-ignore` annotations on schema nodes, the baseline of findings
// a project has accepted, and --since (only definitions and routes a git
// revision range touched). Every ignore keeps its reason, so nothing is
// silenced without one.
package suppress

import (
	"fmt"
	"path"
	"sort"
	"strings"

	"github.com/wirelint/wirelint/internal/config"
	"github.com/wirelint/wirelint/internal/pathglob"
	"github.com/wirelint/wirelint/report"
)

// Kind says what silenced a finding.
type Kind int

// What can silence a finding.
const (
	// ByConfig is an ignore entry of .wirelint.yaml.
	ByConfig Kind = iota + 1
	// ByInline is an x-wirelint-ignore annotation in a document.
	ByInline
	// ByBaseline is the baseline file.
	ByBaseline
)

// Suppressed is a finding a run does not report, and why.
type Suppressed struct {
	Finding report.Finding
	// Kind says what silenced it.
	Kind Kind
	// By names what silenced it: "file:line" of the config ignore or of the
	// inline annotation, or "baseline".
	By string
	// Reason is the reason written beside the ignore ("" for the baseline).
	Reason string
}

// Options are the inputs Apply reads besides the findings.
type Options struct {
	// Config supplies severity overrides and ignores (nil = none).
	Config *config.Config
	// Inline holds the documents' inline ignores (nil = none).
	Inline *Inline
}

// Apply returns the findings to report, with overridden severities, and those
// silenced. Severity overrides apply first (off drops a finding without
// recording it), then config ignores, then inline ignores.
func Apply(fs []report.Finding, opt Options) (kept []report.Finding, silenced []Suppressed) {
	var sevs []config.Severity
	if opt.Config != nil {
		sevs = opt.Config.SortedSeverities()
	}
	for _, f := range fs {
		for _, s := range sevs {
			if MatchRule(s.Rule, f.Rule) {
				f.Severity = s.Severity
			}
		}
		if f.Severity == report.SeverityOff {
			continue
		}
		if opt.Config != nil {
			if ig, ok := matchConfig(opt.Config, f); ok {
				silenced = append(silenced, Suppressed{Finding: f, Kind: ByConfig, By: fmt.Sprintf("%s:%d", opt.Config.File, ig.Pos.Line), Reason: ig.Reason})
				continue
			}
		}
		if by, reason, ok := opt.Inline.match(f); ok {
			silenced = append(silenced, Suppressed{Finding: f, Kind: ByInline, By: by, Reason: reason})
			continue
		}
		kept = append(kept, f)
	}
	return kept, silenced
}

// MatchRule reports whether a rule reference (an id, "family/*" or "*")
// names rule id.
func MatchRule(ref, id string) bool {
	switch {
	case ref == "*":
		return true
	case strings.HasSuffix(ref, "/*"):
		return strings.HasPrefix(id, strings.TrimSuffix(ref, "*"))
	}
	return ref == id
}

func matchConfig(c *config.Config, f report.Finding) (config.Ignore, bool) {
	for _, ig := range c.Ignores {
		if !MatchRule(ig.Rule, f.Rule) {
			continue
		}
		if ig.Definition != "" {
			if ok, _ := path.Match(ig.Definition, f.Definition); !ok {
				continue
			}
		}
		if ig.Pointer != "" && !pointerMatchesAny(ig.Pointer, f) {
			continue
		}
		if ig.Path != "" && !pathMatchesAny(ig.Path, f) {
			continue
		}
		return ig, true
	}
	return config.Ignore{}, false
}

// pointerMatchesAny reports whether pattern matches the finding's pointer or
// any location's absolute pointer.
func pointerMatchesAny(pattern string, f report.Finding) bool {
	if f.Pointer != "" && MatchPointer(pattern, f.Pointer) {
		return true
	}
	for _, l := range f.Locations {
		if MatchPointer(pattern, l.Pointer) {
			return true
		}
	}
	return false
}

// MatchPointer reports whether pointer p is the node pattern names or lies
// under it. Each token of pattern is a glob matched against the same token of
// p: "/properties/*" matches "/properties/id/maxLength".
func MatchPointer(pattern, p string) bool {
	// Tokens are compared escaped, so "*" never matches across a "/" that
	// a key holds as "~1".
	pt := strings.Split(pattern, "/")
	tt := strings.Split(p, "/")
	if pattern == "" {
		return true
	}
	if len(tt) < len(pt) {
		return false
	}
	for i, g := range pt {
		if ok, _ := path.Match(g, tt[i]); !ok {
			return false
		}
	}
	return true
}

func pathMatchesAny(pattern string, f report.Finding) bool {
	for _, l := range f.Locations {
		if MatchPath(pattern, l.File) {
			return true
		}
	}
	return false
}

// MatchPath matches a slash-separated path against a glob where "*" stays
// within one folder and a "**" segment spans any number of folders.
func MatchPath(pattern, name string) bool { return pathglob.Match(pattern, name) }

// Summary counts suppressed findings by what silenced them, for a line on
// stderr: "3 suppressed (2 by .wirelint.yaml ignores, 1 by baseline)".
func Summary(s []Suppressed) string {
	if len(s) == 0 {
		return ""
	}
	counts := map[string]int{}
	for _, x := range s {
		switch x.Kind {
		case ByBaseline:
			counts["the baseline"]++
		case ByConfig:
			counts["config ignores"]++
		case ByInline:
			counts["inline ignores"]++
		}
	}
	keys := make([]string, 0, len(counts))
	for k := range counts {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, 0, len(keys))
	for _, k := range keys {
		parts = append(parts, fmt.Sprintf("%d by %s", counts[k], k))
	}
	return fmt.Sprintf("%d suppressed (%s)", len(s), strings.Join(parts, ", "))
}
