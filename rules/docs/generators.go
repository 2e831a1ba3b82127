package docs

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// flavor is one generator's reading of Markdown and of links: how it turns a
// heading into an anchor, which explicit ids it accepts, which anchors
// footnotes get, and how a relative link that names no file is resolved.
// Every generator wirelint knows is one value in flavors; a site's
// configuration file may adjust a copy (Hugo's autoHeadingIDType, MkDocs'
// toc slugify and use_directory_urls).
type flavor struct {
	// name is the generator as messages name it ("" = GitHub).
	name string
	// slug turns a heading's rendered text into its anchor.
	slug func(string) string
	// suffix numbers the nth (1-based) repeat of an anchor.
	suffix func(anchor string, n int) string
	// attributes: a trailing {#id .class key=value} block on a heading is
	// an attribute list, not text; #id or id="x" names the heading.
	attributes bool
	// blockAttributes: a line holding only an attribute block ({: #id },
	// { #id }) gives the block above it an id (Hugo parser.attribute.block,
	// MkDocs attr_list).
	blockAttributes bool
	// footnotes are the anchor forms of footnote label X, with %s replaced
	// by the label ("fn:%s" is #fn:note), or by the footnote's number when
	// numberedFootnotes is set.
	footnotes []string
	// numberedFootnotes: footnotes are numbered in the order of their first
	// reference ([^note] referenced first is #fn:1), as goldmark and
	// markdown-it-footnote number them; a footnote nothing references is
	// not rendered.
	numberedFootnotes bool
	// repeatedRef is the anchor of the kth (1-based) repeated reference to
	// numbered footnote n, a format with %[1]d the number and %[2]d k
	// ("" = none).
	repeatedRef string
	// rawHeadings: a heading's id is made from its Markdown source (its
	// last line, attribute block removed), not its rendered text, as
	// goldmark does: [a](b) is "ab", &amp; is "amp".
	rawHeadings bool
	// termIDs: a definition list's terms get the anchor of their text
	// (goldmark's autoDefinitionTermID).
	termIDs bool
	// pageURLs: a relative link that names no file is a URL resolved
	// against the page's own route, as the browser reads it on the built
	// site.
	pageURLs bool
	// dirURLs: every page is served as a folder (a/b.md at /a/b/), so a
	// relative URL resolves from below it; otherwise from its parent.
	dirURLs bool
	// docsRoot: a relative .md link naming no file beside the page is read
	// from the content folder's root (Docusaurus).
	docsRoot bool
	// lower: routes are lower-cased (Hugo).
	lower bool
	// unknownIDs says why the generator's heading ids are not modelled
	// ("" = they are): a missing anchor is then unverified, not broken.
	unknownIDs string
	// contentPaths: a link naming a content file (guide/x.md, /guide/x.md)
	// is looked up below each content folder, as Hugo's GetPage and the
	// link render hooks built on it do.
	contentPaths bool
	// mdxPages: .md pages are MDX too (Docusaurus 3 reads them so).
	mdxPages bool
	// tabs: a content tab (=== "Label", pymdownx.tabbed) gets the anchor
	// of its label, alone and after the heading above it.
	tabs bool
	// exactIDs: a fragment names an id only in its own case, as a browser
	// finds it on the built site; GitHub's page script alone answers any case.
	exactIDs bool
	// noH1IDs: level-1 headings get no id (Docusaurus' theme renders h1
	// without one: it is the page title and not in the table of contents).
	noH1IDs bool
}

// githubSuffix is github-slugger's, goldmark's and markdown-it-anchor's
// numbering of repeated anchors: usage, usage-1, usage-2.
func githubSuffix(anchor string, n int) string { return anchor + "-" + strconv.Itoa(n) }

// tocSuffix is Python-Markdown toc's numbering: usage, usage_1, usage_2.
func tocSuffix(anchor string, n int) string { return anchor + "_" + strconv.Itoa(n) }

// githubFootnotes are the anchors GitHub (and remark-gfm, which Docusaurus
// uses) gives footnote X: the rendered id carries a user-content- prefix
// that GitHub's page script also answers without.
var githubFootnotes = []string{"user-content-fn-%s", "user-content-fnref-%s", "fn-%s", "fnref-%s"}

// flavors is the table of generators: the key is Site.Generator.
var flavors = map[string]*flavor{
	"": {name: "", slug: Slug, suffix: githubSuffix, footnotes: githubFootnotes},
	"hugo": {name: "hugo", slug: goldmarkSlug, suffix: githubSuffix, attributes: true, rawHeadings: true,
		footnotes: []string{"fn:%s", "fnref:%s"}, numberedFootnotes: true, repeatedRef: "fnref%[2]d:%[1]d",
		pageURLs: true, dirURLs: true, lower: true, contentPaths: true, exactIDs: true},
	"mkdocs": {name: "mkdocs", slug: tocSlug, suffix: tocSuffix, attributes: true, blockAttributes: true,
		footnotes: []string{"fn:%s", "fnref:%s"}, pageURLs: true, dirURLs: true, exactIDs: true},
	"vitepress": {name: "vitepress", slug: VitePressSlug, suffix: githubSuffix, attributes: true,
		footnotes: []string{"fn%s", "fnref%s"}, numberedFootnotes: true, repeatedRef: "fnref%[1]d:%[2]d", pageURLs: true,
		exactIDs: true},
	"docusaurus": {name: "docusaurus", slug: Slug, suffix: githubSuffix, attributes: true, footnotes: githubFootnotes,
		pageURLs: true, docsRoot: true, mdxPages: true, exactIDs: true, noH1IDs: true},
	"redocly": {name: "redocly", slug: Slug, suffix: githubSuffix, attributes: true, footnotes: githubFootnotes, pageURLs: true,
		exactIDs: true},
	"sphinx": {name: "sphinx", slug: Slug, suffix: githubSuffix, attributes: true, footnotes: githubFootnotes, exactIDs: true},
	"starlight": {name: "starlight", slug: Slug, suffix: githubSuffix, footnotes: githubFootnotes, pageURLs: true,
		dirURLs: true, lower: true, exactIDs: true},
	"mintlify": {name: "mintlify", slug: Slug, suffix: githubSuffix, footnotes: githubFootnotes, pageURLs: true,
		unknownIDs: "Mintlify's heading ids are not modelled (it does not publish its slug rules)"},
}

// github is GitHub's reading, for files no site serves.
var github = flavors[""]

// flavorOf returns the flavor of generator ("" and unknown names are GitHub's).
func flavorOf(generator string) *flavor {
	if f, ok := flavors[generator]; ok {
		return f
	}
	return github
}

// tocSlug is Python-Markdown's toc slugify, MkDocs' default: decompose
// accents and drop what is not ASCII, drop every character that is not a
// word character, space or hyphen, trim, lower-case, then turn each run of
// spaces and hyphens into one hyphen ("a -- b" is a-b).
func tocSlug(text string) string { return pythonSlug(text, false) }

// tocUnicodeSlug is pymdownx.slugs.uslugify: tocSlug keeping non-ASCII
// letters.
func tocUnicodeSlug(text string) string { return pythonSlug(text, true) }

func pythonSlug(text string, keepUnicode bool) string {
	if !keepUnicode {
		text = norm.NFKD.String(text)
	}
	var b strings.Builder
	for _, r := range text {
		switch {
		case !keepUnicode && r >= unicode.MaxASCII:
		case r == '_', r == '-', unicode.IsLetter(r), unicode.IsDigit(r), unicode.IsSpace(r):
			b.WriteRune(r)
		case keepUnicode && unicode.IsMark(r):
			b.WriteRune(r)
		}
	}
	s := strings.ToLower(strings.TrimSpace(b.String()))
	b.Reset()
	run := false
	for _, r := range s {
		if r == '-' || unicode.IsSpace(r) {
			run = true
			continue
		}
		if run {
			b.WriteByte('-')
			run = false
		}
		b.WriteRune(r)
	}
	if run {
		b.WriteByte('-')
	}
	return b.String()
}

// vitePressSpecial are the characters @mdit-vue/shared's slugify turns into
// a hyphen (with whitespace).
const vitePressSpecial = "~`!@#$%^&*()-_+=[]{}|\\;:\"'“”‘’<>,.?/"

// VitePressSlug returns the anchor VitePress (@mdit-vue/shared slugify, used
// by its markdown-it-anchor) gives a heading: decompose and drop combining
// marks and control characters, turn each run of whitespace and punctuation
// into one hyphen, trim hyphens, prefix a leading digit with _, lower-case.
// "server.host" is server-host.
func VitePressSlug(text string) string {
	var b strings.Builder
	run := false
	for _, r := range norm.NFKD.String(text) {
		switch {
		case r >= 0x300 && r <= 0x36f, r <= 0x1f:
		case unicode.IsSpace(r) || strings.ContainsRune(vitePressSpecial, r):
			run = true
		default:
			if run && b.Len() > 0 {
				b.WriteByte('-')
			}
			run = false
			b.WriteRune(r)
		}
	}
	s := b.String()
	if s != "" && s[0] >= '0' && s[0] <= '9' {
		s = "_" + s
	}
	return strings.ToLower(s)
}

// goldmarkSlug is Hugo's default autoHeadingIDType, github, as its goldmark
// sanitizer writes it (gohugoio/hugo markup/goldmark/autoid.go): trim,
// turn each space and hyphen into a hyphen, keep letters, decimal digits and
// _ lower-cased, drop everything else. Unlike github-slugger it drops marks,
// non-decimal numbers and a tab. An empty id is "heading".
func goldmarkSlug(text string) string { return goldmarkSanitize(text, false) }

// goldmarkASCIISlug is Hugo's autoHeadingIDType github-ascii: accents
// removed (decomposed, non-spacing marks dropped), then goldmarkSlug keeping
// only ASCII ("Resumé" is resume, "神" disappears).
func goldmarkASCIISlug(text string) string { return goldmarkSanitize(removeAccents(text), true) }

func goldmarkSanitize(text string, asciiOnly bool) string {
	var b strings.Builder
	for _, r := range strings.TrimSpace(text) {
		switch {
		case asciiOnly && r >= utf8.RuneSelf:
		case r == ' ', r == '-':
			b.WriteByte('-')
		case r == '_', unicode.IsLetter(r), unicode.IsDigit(r):
			b.WriteRune(unicode.ToLower(r))
		}
	}
	if b.Len() == 0 {
		return "heading"
	}
	return b.String()
}

// removeAccents decomposes text, drops its non-spacing marks and composes
// it again, as Hugo's text.RemoveAccents does.
func removeAccents(text string) string {
	var b strings.Builder
	for _, r := range norm.NFD.String(text) {
		if !unicode.Is(unicode.Mn, r) {
			b.WriteRune(r)
		}
	}
	return norm.NFC.String(b.String())
}

// blackfridaySlug is Hugo's autoHeadingIDType blackfriday (Blackfriday's
// SanitizedAnchorName, kept in gohugoio/hugo markup/blackfriday): letters
// and numbers of any kind kept lower-cased, every other run one hyphen
// between them ("Let's try" is let-s-try); an empty id is "heading".
func blackfridaySlug(text string) string {
	var b strings.Builder
	run := false
	for _, r := range text {
		if unicode.IsLetter(r) || unicode.IsNumber(r) {
			if run && b.Len() > 0 {
				b.WriteByte('-')
			}
			run = false
			b.WriteRune(unicode.ToLower(r))
			continue
		}
		run = true
	}
	if b.Len() == 0 {
		return "heading"
	}
	return b.String()
}
