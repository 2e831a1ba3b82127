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

// TestHugoSlugs pins Hugo's three autoHeadingIDType slugs, applied to a
// heading's Markdown source, against the ids hugo v0.111.3 (Debian's) wrote
// for the same headings: the entity, the link's destination and the raw
// HTML count; github drops marks, superscripts and a tab, blackfriday keeps
// numbers of every kind.
func TestHugoSlugs(t *testing.T) {
	for _, tc := range []struct{ source, github, ascii, blackfriday string }{
		{"Q&amp;A with [links](/guide/)", "qampa-with-linksguide", "qampa-with-linksguide", "q-amp-a-with-links-guide"},
		{`Link cache <a id="refcache"></a>`, "link-cache-a-idrefcachea", "link-cache-a-idrefcachea", "link-cache-a-id-refcache-a"},
		{"`hugo server` flags", "hugo-server-flags", "hugo-server-flags", "hugo-server-flags"},
		{"!!!", "heading", "heading", "heading"},
		{"Cafe&#769; *emph* ²", "cafe769-emph-", "cafe769-emph-", "cafe-769-emph-²"},
		{"Tab\tSpace", "tabspace", "tabspace", "tab-space"},
	} {
		for _, c := range []struct {
			name string
			slug func(string) string
			want string
		}{{"github", goldmarkSlug, tc.github}, {"github-ascii", goldmarkASCIISlug, tc.ascii}, {"blackfriday", blackfridaySlug, tc.blackfriday}} {
			if got := c.slug(tc.source); got != c.want {
				t.Errorf("%s(%q) = %q, want %q", c.name, tc.source, got, c.want)
			}
		}
	}
	if got := goldmarkASCIISlug("Résumé神真美好 notes"); got != "resume-notes" {
		t.Errorf("github-ascii drops what is not ASCII after removing accents: got %q", got)
	}
}
