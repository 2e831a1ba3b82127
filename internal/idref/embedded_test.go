package idref

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/wirelint/wirelint/reduce"
)

// embeddedDialect is one JSON Schema dialect as the embedded-resource tests
// spell it: the keyword that declares a base URI, the one that does not, and
// how a plain-name anchor is declared.
type embeddedDialect struct {
	name, uri, container string
	idKey, notIDKey      string
	anchor               func(s map[string]any) // declares the plain name "tag"
	// siblingsIgnored: a $ref's sibling $id does not move the $ref's base
	// (draft-07 and earlier ignore every sibling of $ref)
	siblingsIgnored bool
	// plainNameIDs: an id of "#name" is an anchor, not a new base
	plainNameIDs bool
}

var embeddedDialects = []embeddedDialect{
	{"draft-04", "http://json-schema.org/draft-04/schema#", "definitions", "id", "$id", func(s map[string]any) { s["id"] = "#tag" }, true, true},
	{"draft-06", "http://json-schema.org/draft-06/schema#", "definitions", "$id", "id", func(s map[string]any) { s["$id"] = "#tag" }, true, true},
	{"draft-07", "http://json-schema.org/draft-07/schema#", "definitions", "$id", "id", func(s map[string]any) { s["$id"] = "#tag" }, true, true},
	{"2019-09", "https://json-schema.org/draft/2019-09/schema", "$defs", "$id", "id", func(s map[string]any) { s["$anchor"] = "tag" }, false, false},
	{"2020-12", "https://json-schema.org/draft/2020-12/schema", "$defs", "$id", "id", func(s map[string]any) { s["$anchor"] = "tag" }, false, false},
}

// embeddedCase is one reference written inside Inner, a schema of
// bundle.json at /<container>/Inner, and where it must land.
type embeddedCase struct {
	name string
	// innerID is Inner's id value (under idKey, or notIDKey when wrongKey)
	innerID  string
	wrongKey bool
	// ref is the reference, written at /<container>/Inner/properties/p
	// (or, when sibling, in an object that declares its own id beside it)
	ref     func(d embeddedDialect) string
	sibling bool
	// wantFile and wantPtr are where both ways must land (%c = container)
	wantFile, wantPtr string
	only              func(d embeddedDialect) bool
}

var embeddedCases = []embeddedCase{
	// a base URI set by the embedded resource: the reference stays inside it
	{name: "root-absolute-id", innerID: "https://example.com/inner.json", ref: func(embeddedDialect) string { return "#" },
		wantFile: "bundle.json", wantPtr: "/%c/Inner"},
	{name: "root-relative-id", innerID: "v2/inner.json", ref: func(embeddedDialect) string { return "#" },
		wantFile: "bundle.json", wantPtr: "/%c/Inner"},
	{name: "pointer-absolute-id", innerID: "https://example.com/inner.json", ref: func(d embeddedDialect) string { return "#/" + d.container + "/Name" },
		wantFile: "bundle.json", wantPtr: "/%c/Inner/%c/Name"},
	{name: "pointer-relative-id", innerID: "v2/inner.json", ref: func(d embeddedDialect) string { return "#/" + d.container + "/Name" },
		wantFile: "bundle.json", wantPtr: "/%c/Inner/%c/Name"},
	{name: "anchor", innerID: "https://example.com/inner.json", ref: func(embeddedDialect) string { return "#tag" },
		wantFile: "bundle.json", wantPtr: "/%c/Inner/%c/Tagged"},
	{name: "path-relative-id", innerID: "v2/inner.json", ref: func(d embeddedDialect) string { return "../common.json#/" + d.container + "/Id" },
		wantFile: "common.json", wantPtr: "/%c/Id"},
	{name: "path-to-bundled-sibling", innerID: "https://example.com/v2/inner.json", ref: func(d embeddedDialect) string { return "sibling.json#/" + d.container + "/Id" },
		wantFile: "bundle.json", wantPtr: "/%c/Sibling/%c/Id"},
	// no new base: the reference is the file's
	{name: "plain-name-id", innerID: "#plain", ref: func(embeddedDialect) string { return "#" },
		wantFile: "bundle.json", wantPtr: "", only: func(d embeddedDialect) bool { return d.plainNameIDs }},
	{name: "plain-name-id-pointer", innerID: "#plain", ref: func(d embeddedDialect) string { return "#/" + d.container + "/Name" },
		wantFile: "bundle.json", wantPtr: "/%c/Name", only: func(d embeddedDialect) bool { return d.plainNameIDs }},
	{name: "other-dialects-id-keyword", innerID: "https://example.com/inner.json", wrongKey: true, ref: func(embeddedDialect) string { return "#" },
		wantFile: "bundle.json", wantPtr: ""},
	// a $ref's own sibling id: ignored up to draft-07, a new base after
	{name: "sibling-id-ignored", innerID: "https://example.com/inner.json", sibling: true, ref: func(embeddedDialect) string { return "#" },
		wantFile: "bundle.json", wantPtr: "/%c/Inner", only: func(d embeddedDialect) bool { return d.siblingsIgnored }},
	{name: "sibling-id-moves-base", innerID: "https://example.com/inner.json", sibling: true, ref: func(embeddedDialect) string { return "#" },
		wantFile: "bundle.json", wantPtr: "/%c/Inner/properties/p", only: func(d embeddedDialect) bool { return !d.siblingsIgnored }},
}

// TestEmbeddedResourceBase pins the lead's ruling on references inside a
// schema embedded with its own id (AsyncAPI's bundle): per dialect — draft-04
// id, draft-06/07 $id (a "#name" id is an anchor, not a base; a $ref's
// sibling $id is ignored), 2019-09 and 2020-12 $id — a fragment-only or
// relative reference resolves against the embedded resource's base, on disk
// as under $id, so both ways of ResolveSite (the refs family) and ResolveAt
// (parity, diffcheck, compat) land on the same node; where no base is set,
// the file's root is meant.
func TestEmbeddedResourceBase(t *testing.T) {
	for _, d := range embeddedDialects {
		for _, tc := range embeddedCases {
			if tc.only != nil && !tc.only(d) {
				continue
			}
			t.Run(d.name+"/"+tc.name, func(t *testing.T) {
				dir := t.TempDir()
				c := d.container
				tagged := map[string]any{"type": "boolean"}
				d.anchor(tagged)
				key := d.idKey
				if tc.wrongKey {
					key = d.notIDKey
				}
				p := map[string]any{"$ref": tc.ref(d)}
				if tc.sibling {
					p[d.idKey] = "https://example.com/sib.json"
				}
				inner := map[string]any{
					key:          tc.innerID,
					c:            map[string]any{"Name": map[string]any{"type": "string"}, "Tagged": tagged},
					"properties": map[string]any{"p": p},
				}
				bundle := map[string]any{
					"$schema": d.uri, d.idKey: "https://example.com/bundle.json",
					c: map[string]any{
						"Name":    map[string]any{"type": "integer"},
						"Inner":   inner,
						"Sibling": map[string]any{d.idKey: "https://example.com/v2/sibling.json", c: map[string]any{"Id": map[string]any{"type": "string"}}},
					},
				}
				common := map[string]any{"$schema": d.uri, d.idKey: "https://example.com/common.json", c: map[string]any{"Id": map[string]any{"type": "string"}}}
				for name, v := range map[string]any{"bundle.json": bundle, "common.json": common} {
					b, err := json.Marshal(v)
					if err != nil {
						t.Fatal(err)
					}
					if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
						t.Fatal(err)
					}
				}
				ws := reduce.NewWorkspace(dir)
				doc, err := ws.Load(filepath.Join(dir, "bundle.json"), "bundle.json")
				if err != nil {
					t.Fatal(err)
				}
				r := NewResolver(ws, Options{})
				ix := r.Index(doc)
				obj := "/" + c + "/Inner/properties/p"
				s := ix.Site(obj)
				if s == nil {
					t.Fatalf("no $ref site at %s", obj)
				}
				wantPtr := expand(tc.wantPtr, c)
				check := func(way string, got reduce.Target, err error) {
					t.Helper()
					if err != nil {
						t.Errorf("%s: %s does not resolve: %v", way, s.Ref(), err)
						return
					}
					if filepath.Base(got.Doc.Abs) != tc.wantFile || got.Pointer != wantPtr {
						t.Errorf("%s: %s = %s#%s, want %s#%s", way, s.Ref(), filepath.Base(got.Doc.Abs), got.Pointer, tc.wantFile, wantPtr)
					}
				}
				res := *r.ResolveSite(ix, s)
				check("on disk", res.Disk, res.DiskErr)
				check("under $id", res.ID, res.IDErr)
				got, err := r.ResolveAt(doc, obj, s.Ref())
				check("ResolveAt", got, err)
			})
		}
	}
}

// expand replaces each %c of p with the container name.
func expand(p, c string) string {
	out := ""
	for i := 0; i < len(p); i++ {
		if p[i] == '%' && i+1 < len(p) && p[i+1] == 'c' {
			out += c
			i++
			continue
		}
		out += p[i : i+1]
	}
	return out
}
