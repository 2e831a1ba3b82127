package docs

import (
	"strings"
	"unicode"
)

// Slug returns the anchor GitHub gives a heading whose rendered text is text,
// following github-slugger (https://github.com/Flet/github-slugger): lower-case,
// drop every character that is not a letter, mark, number, connector
// punctuation (such as _), hyphen or space, then turn each space into a hyphen.
// Runs of spaces are not collapsed: "a  b" becomes "a--b".
func Slug(text string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(text)) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-', unicode.IsLetter(r), unicode.IsMark(r), unicode.IsNumber(r), unicode.Is(unicode.Pc, r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// Slugger hands out unique anchors for the headings of one document in order,
// as GitHub does: the second heading that slugs to "usage" gets "usage-1", the
// third "usage-2", skipping any suffix already taken. The zero value is ready to
// use.
type Slugger struct {
	occurrences map[string]int
	flavor      *flavor // nil = GitHub's
}

// Slug returns the unique anchor for the next heading with rendered text text.
func (s *Slugger) Slug(text string) string {
	if s.occurrences == nil {
		s.occurrences = map[string]int{}
	}
	fl := s.flavor
	if fl == nil {
		fl = github
	}
	original := fl.slug(text)
	result := original
	for {
		if _, taken := s.occurrences[result]; !taken {
			break
		}
		s.occurrences[original]++
		result = fl.suffix(original, s.occurrences[original])
	}
	s.occurrences[result] = 0
	return result
}

// reserve marks id as taken by a heading that names its own, so a later
// heading slugging to it is numbered instead.
func (s *Slugger) reserve(id string) {
	if s.occurrences == nil {
		s.occurrences = map[string]int{}
	}
	if _, taken := s.occurrences[id]; !taken {
		s.occurrences[id] = 0
	}
}
