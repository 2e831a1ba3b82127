package docs

import "testing"

// TestSlug pins GitHub's slug rules: lower-case, punctuation dropped except
// hyphen and underscore, each space a hyphen, letters of any script kept.
func TestSlug(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"Frame wire", "frame-wire"},
		{"Fold: rules & exceptions!", "fold-rules--exceptions"},
		{"snake_case and kebab-case", "snake_case-and-kebab-case"},
		{"  Trimmed  ", "trimmed"},
		{"a  b", "a--b"},
		{"Über Größe", "über-größe"},
		{"v1.2 (beta)", "v12-beta"},
		{"日本語 ヘッダー", "日本語-ヘッダー"},
		{"emoji 🎉 party", "emoji--party"},
		{"", ""},
	} {
		if got := Slug(tc.text); got != tc.want {
			t.Errorf("Slug(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
}

// TestSluggerDuplicates pins GitHub's numbering of repeated headings: the
// first keeps its slug, later ones get -1, -2, and a suffix already taken by a
// real heading is skipped.
func TestSluggerDuplicates(t *testing.T) {
	var s Slugger
	var got []string
	for _, h := range []string{"Usage", "Usage", "Usage-1", "Usage", "Other"} {
		got = append(got, s.Slug(h))
	}
	want := []string{"usage", "usage-1", "usage-1-1", "usage-2", "other"}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("slugs = %q, want %q", got, want)
		}
	}
}
