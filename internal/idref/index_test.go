package idref

import (
	"fmt"
	"net/url"
	"strings"
	"testing"

	"github.com/wirelint/wirelint/reduce"
)

// dumpIndex renders an index compactly: one line per site (pointer and base),
// resource (URI at pointer) and anchor.
func dumpIndex(ix *Index) string {
	var b strings.Builder
	for _, s := range ix.Sites {
		fmt.Fprintf(&b, "ref %s %q base=%s\n", s.Pointer, s.Ref(), s.Base)
	}
	for _, r := range ix.Resources[1:] { // [0] is the retrieval URI
		fmt.Fprintf(&b, "resource %s at %q\n", r.URI, r.Pointer)
	}
	for _, a := range ix.Anchors {
		fmt.Fprintf(&b, "anchor %s#%s at %q\n", a.Resource, a.Name, a.Pointer)
	}
	return b.String()
}

// TestNewIndex pins what a document contributes: each $ref with the base URI
// in scope, each $id resource, each anchor, and what is not a reference.
func TestNewIndex(t *testing.T) {
	tests := []struct {
		name, doc, want string
	}{{
		name: "no $id: the retrieval URI is the base",
		doc:  `{"$defs": {"A": {"$ref": "b.json"}}}`,
		want: "ref /$defs/A/$ref \"b.json\" base=file:///p/doc.json\n",
	}, {
		name: "nested scopes resolve against the enclosing base",
		doc: `{"$id": "https://x.example/s/root.json", "$defs": {"V2": {"$id": "v2/", "$anchor": "v",
			"properties": {"a": {"$ref": "../c.json"}}}}}`,
		want: "ref /$defs/V2/properties/a/$ref \"../c.json\" base=https://x.example/s/v2/\n" +
			"resource https://x.example/s/root.json at \"\"\n" +
			"resource https://x.example/s/v2/ at \"/$defs/V2\"\n" +
			"anchor https://x.example/s/v2/#v at \"/$defs/V2\"\n",
	}, {
		name: "2020-12: a sibling $id sets the $ref's base",
		doc:  `{"$id": "https://x.example/a.json", "$defs": {"A": {"$id": "sub/a.json", "$ref": "b.json"}}}`,
		want: "ref /$defs/A/$ref \"b.json\" base=https://x.example/sub/a.json\n" +
			"resource https://x.example/a.json at \"\"\n" +
			"resource https://x.example/sub/a.json at \"/$defs/A\"\n",
	}, {
		name: "draft-07: a sibling $id is ignored with the other siblings",
		doc: `{"$schema": "http://json-schema.org/draft-07/schema#", "$id": "https://x.example/a.json",
			"definitions": {"A": {"$id": "sub/a.json", "$ref": "b.json"}, "N": {"$id": "#n"}}}`,
		want: "ref /definitions/A/$ref \"b.json\" base=https://x.example/a.json\n" +
			"resource https://x.example/a.json at \"\"\n" +
			"resource https://x.example/sub/a.json at \"/definitions/A\"\n" +
			"anchor https://x.example/a.json#n at \"/definitions/N\"\n",
	}, {
		name: "data and names are not references; a string $ref in a name map is",
		doc: `{"properties": {"$ref": {"type": "string"}, "p": {"enum": [{"$ref": "x"}], "default": {"$ref": "y"},
			"examples": [{"$ref": "z"}]}}, "$defs": {"$ref": "w.json"}}`,
		want: "ref /$defs/$ref \"w.json\" base=file:///p/doc.json\n",
	}, {
		name: "OpenAPI 3.0: $id is not a keyword; refs anywhere, extensions included",
		doc: `{"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": {"/a": {"$ref": "p.yaml"}},
			"components": {"schemas": {"S": {"$id": "https://x.example/s", "$ref": "s.yaml"}},
			"examples": {"E": {"$ref": "e.yaml"}}}, "x-samples": [{"$ref": "c.yaml"}]}`,
		want: "ref /components/examples/E/$ref \"e.yaml\" base=file:///p/doc.json\n" +
			"ref /components/schemas/S/$ref \"s.yaml\" base=file:///p/doc.json\n" +
			"ref /paths/~1a/$ref \"p.yaml\" base=file:///p/doc.json\n" +
			"ref /x-samples/0/$ref \"c.yaml\" base=file:///p/doc.json\n",
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc, err := reduce.Parse([]byte(tt.doc), "doc.json")
			if err != nil {
				t.Fatal(err)
			}
			doc.Abs = "/p/doc.json"
			if got := dumpIndex(NewIndex(doc)); got != tt.want {
				t.Errorf("got\n%s\nwant\n%s", got, tt.want)
			}
		})
	}
}

// TestRegistryResolve pins lookups: JSON pointers relative to an embedded
// resource, anchors per resource, and the misses.
func TestRegistryResolve(t *testing.T) {
	doc, err := reduce.Parse([]byte(`{"$id": "https://x.example/a.json", "$defs": {
		"N": {"type": "integer"},
		"In": {"$id": "in.json", "$defs": {"N": {"type": "string"}}, "$anchor": "top"}}}`), "a.json")
	if err != nil {
		t.Fatal(err)
	}
	doc.Abs = "/p/a.json"
	reg := NewRegistry()
	reg.Add(NewIndex(doc))
	tests := []struct{ uri, want string }{
		{"https://x.example/a.json#/$defs/N", "/$defs/N"},
		{"https://x.example/in.json#/$defs/N", "/$defs/In/$defs/N"},
		{"https://x.example/in.json#top", "/$defs/In"},
		{"file:///p/a.json#/$defs/In", "/$defs/In"},
		{"https://x.example/a.json#top", `error: https://x.example/a.json declares no anchor "top"`},
		{"https://x.example/in.json#/$defs/M", "error: https://x.example/in.json has nothing at /$defs/M"},
		{"https://x.example/a", "error: no document declares https://x.example/a"},
	}
	for _, tt := range tests {
		u, err := url.Parse(tt.uri)
		if err != nil {
			t.Fatal(err)
		}
		got := ""
		if tg, _, err := reg.Resolve(u, tt.uri); err != nil {
			got = "error: " + err.Error()
		} else {
			got = tg.Pointer
		}
		if got != tt.want {
			t.Errorf("%s: got %q, want %q", tt.uri, got, tt.want)
		}
	}
}
