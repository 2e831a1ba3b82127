// Package description compares the descriptions and titles of the schemas
// parity paired. In a contract whose normative prose lives in descriptions, a
// changed word is drift; a difference only in whitespace, line wrapping,
// trailing punctuation or Markdown emphasis is cosmetic.
package description

import (
	"fmt"
	"strings"

	"github.com/wirelint/wirelint/internal/lazyre"
	"github.com/wirelint/wirelint/reduce"
	"github.com/wirelint/wirelint/report"
	"github.com/wirelint/wirelint/rules/internal/pair"
)

// Check compares the title and description of every pair parity visited.
func Check(pairs []pair.Pair) []report.Finding {
	var out []report.Finding
	seen := make(map[[2]*reduce.Schema]bool, len(pairs))
	for _, p := range pairs {
		key := [2]*reduce.Schema{p.Canonical, p.Mirror}
		if seen[key] || p.Canonical.Node == nil || p.Mirror.Node == nil {
			continue
		}
		seen[key] = true
		for _, field := range []string{"description", "title"} {
			if f, ok := compare(p, field); ok {
				out = append(out, f)
			}
		}
	}
	return out
}

func compare(p pair.Pair, field string) (report.Finding, bool) {
	cs, ms := p.Canonical, p.Mirror
	ck, mk := cs.Annotations.Get(field), ms.Annotations.Get(field)
	// An annotation written on the schema parity reached this one through
	// (a $ref wrapper, where the dialect lets it say something) is the one in
	// effect; the wrapper is where a missing one is reported.
	rel := p.Rel
	if v := p.CanonicalVia; v != nil && v.Annotations.Get(field) != nil {
		cs, ck = v, v.Annotations.Get(field)
		rel = viaRel(p)
	}
	if v := p.MirrorVia; v != nil && v.Annotations.Get(field) != nil {
		ms, mk = v, v.Annotations.Get(field)
	}
	if ck == nil && mk == nil {
		return report.Finding{}, false
	}
	ctext, mtext := "", ""
	if ck != nil {
		ctext = ck.Text
	}
	if mk != nil {
		mtext = mk.Text
	}
	if ctext == mtext {
		return report.Finding{}, false
	}
	cl := pair.Location(cs.Doc, cs.Node, cs.Pointer())
	ml := pair.Location(ms.Doc, ms.Node, ms.Pointer())
	if ck != nil {
		cl = pair.Location(ck.Owner.Doc, ck.Key, ck.Pointer())
	}
	if mk != nil {
		ml = pair.Location(mk.Owner.Doc, mk.Key, mk.Pointer())
	}
	f := report.Finding{
		Definition: p.Definition,
		Pointer:    rel + "/" + field,
		Locations:  []report.Location{cl, ml},
		Fields:     map[string]any{"keyword": field, "canonical": ctext, "mirror": mtext},
	}
	var rule report.Rule
	switch {
	case ck == nil:
		rule = driftRule
		f.Message = fmt.Sprintf("%s is absent in %s but set in %s", field, pair.Name(cs.Doc, ms.Doc), pair.Name(ms.Doc, cs.Doc))
	case mk == nil:
		rule = driftRule
		f.Message = fmt.Sprintf("%s is set in %s but absent in %s; copy it", field, pair.Name(cs.Doc, ms.Doc), pair.Name(ms.Doc, cs.Doc))
	case len(ctext) > maxCompared || len(mtext) > maxCompared:
		// Normalize and WordDiff take seconds on megabytes of text
		rule = driftRule
		f.Message = fmt.Sprintf("%s differs between %s and %s (%d and %d bytes, past the %d bytes compared word by word); make them agree",
			field, pair.Name(cs.Doc, ms.Doc), pair.Name(ms.Doc, cs.Doc), len(ctext), len(mtext), maxCompared)
		f.Fields["canonical"], f.Fields["mirror"] = shorten(ctext, 2000), shorten(mtext, 2000)
	case Normalize(ctext) == Normalize(mtext):
		rule = cosmeticRule
		f.Message = fmt.Sprintf("%s differs only in %s between %s and %s", field, cosmeticKind(ctext, mtext), pair.Name(cs.Doc, ms.Doc), pair.Name(ms.Doc, cs.Doc))
	default:
		rule = driftRule
		diff := WordDiff(ctext, mtext)
		f.Message = fmt.Sprintf("%s differs between %s and %s: %s", field, pair.Name(cs.Doc, ms.Doc), pair.Name(ms.Doc, cs.Doc), shorten(diff, 160))
		f.Fields["diff"] = diff
		// the message holds the diff; the detail repeats it only when the
		// message had to shorten it, so text output prints it once
		if short := shorten(diff, 160); short != diff {
			f.Detail = "word diff ([-canonical-] {+mirror+}): " + diff
		}
	}
	f.Rule, f.Severity = rule.ID, rule.Severity
	return f, true
}

// maxCompared is the longest annotation text normalised and diffed word by
// word; longer texts are compared byte for byte.
const maxCompared = 64 << 10

var (
	spaceRE    = lazyre.New(`\s+`)
	emphasisRE = lazyre.New("(\\*\\*|__|\\*|`)")
	underRE    = lazyre.New(`(^|[^\pL\pN])_+|_+([^\pL\pN]|$)`)
)

// Normalize folds what does not change a description's meaning: whitespace
// and line wrapping, trailing punctuation, Markdown emphasis and code ticks.
func Normalize(s string) string {
	s = emphasisRE().ReplaceAllString(s, "")
	s = underRE().ReplaceAllString(s, "$1$2")
	s = strings.TrimSpace(spaceRE().ReplaceAllString(s, " "))
	return strings.TrimRight(s, ".;:!, ")
}

func cosmeticKind(a, b string) string {
	var kinds []string
	if spaceRE().ReplaceAllString(strings.TrimSpace(a), " ") == spaceRE().ReplaceAllString(strings.TrimSpace(b), " ") {
		return "whitespace or line wrapping"
	}
	strip := func(s string) string {
		return strings.TrimRight(strings.TrimSpace(spaceRE().ReplaceAllString(s, " ")), ".;:!, ")
	}
	if strip(a) == strip(b) {
		return "trailing punctuation"
	}
	if emphasisRE().ReplaceAllString(a, "") != a || emphasisRE().ReplaceAllString(b, "") != b || underRE().MatchString(a) || underRE().MatchString(b) {
		kinds = append(kinds, "Markdown emphasis")
	}
	if len(kinds) == 0 {
		return "formatting"
	}
	return strings.Join(kinds, ", ")
}

// WordDiff renders the difference of two texts word by word, with removed
// words as [-word-] and added words as {+word+}; equal runs are kept, long
// equal runs shortened to their ends.
func WordDiff(a, b string) string {
	aw, bw := strings.Fields(a), strings.Fields(b)
	if len(aw)*len(bw) > 250_000 {
		return "[-" + a + "-] {+" + b + "+}"
	}
	// LCS table
	lcs := make([][]int, len(aw)+1)
	for i := range lcs {
		lcs[i] = make([]int, len(bw)+1)
	}
	for i := len(aw) - 1; i >= 0; i-- {
		for j := len(bw) - 1; j >= 0; j-- {
			if aw[i] == bw[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	var parts []string
	var equal []string
	flush := func() {
		if len(equal) > 6 {
			equal = append(append(equal[:2:2], "…"), equal[len(equal)-2:]...)
		}
		parts = append(parts, equal...)
		equal = nil
	}
	i, j := 0, 0
	for i < len(aw) || j < len(bw) {
		switch {
		case i < len(aw) && j < len(bw) && aw[i] == bw[j]:
			equal = append(equal, aw[i])
			i++
			j++
		case i < len(aw) && (j == len(bw) || lcs[i+1][j] >= lcs[i][j+1]):
			flush()
			parts = append(parts, "[-"+aw[i]+"-]")
			i++
		default:
			flush()
			parts = append(parts, "{+"+bw[j]+"+}")
			j++
		}
	}
	if len(equal) > 2 {
		equal = equal[:2]
		equal = append(equal, "…")
	}
	parts = append(parts, equal...)
	return strings.Join(parts, " ")
}

func shorten(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + "…"
}

// viaRel is the pointer, relative to the definition, of the schema parity
// reached p's canonical side through: p.Rel less the steps from the via to
// the schema when the one holds the other (a description beside a
// one-branch anyOf is at /description, not /anyOf/0/description), p.Rel
// when the via is a $ref elsewhere.
func viaRel(p pair.Pair) string {
	v, s := p.CanonicalVia, p.Canonical
	if v.Doc != s.Doc || !strings.HasPrefix(s.Pointer(), v.Pointer()+"/") {
		return p.Rel
	}
	if rel, ok := strings.CutSuffix(p.Rel, s.Pointer()[len(v.Pointer()):]); ok {
		return rel
	}
	return p.Rel
}
