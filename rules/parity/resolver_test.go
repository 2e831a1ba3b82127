package parity

import (
	"fmt"
	"testing"

	"github.com/wirelint/wirelint/report"
)

// refDialect is one JSON Schema dialect as the resolver tests spell it.
type refDialect struct {
	name, uri, container, idKey string
	// anchor declares the plain name "meta" on a schema: $anchor from
	// 2019-09, an id of "#meta" before.
	anchor func(s map[string]any)
	// dynamic reports whether $dynamicAnchor exists in the dialect.
	dynamic bool
}

var refDialects = []refDialect{
	{"draft-04", "http://json-schema.org/draft-04/schema#", "definitions", "id", func(s map[string]any) { s["id"] = "#meta" }, false},
	{"draft-06", "http://json-schema.org/draft-06/schema#", "definitions", "$id", func(s map[string]any) { s["$id"] = "#meta" }, false},
	{"draft-07", d07, "definitions", "$id", func(s map[string]any) { s["$id"] = "#meta" }, false},
	{"2019-09", "https://json-schema.org/draft/2019-09/schema", "$defs", "$id", func(s map[string]any) { s["$anchor"] = "meta" }, false},
	{"2020-12", d202, "$defs", "$id", func(s map[string]any) { s["$anchor"] = "meta" }, true},
}

// refSpelling is one way to write a $ref from main.json to the definition
// Meta of common.json, whose $id (https://example.com/s/common) has no file
// extension, so only the spellings "path" and "plain-name-on-disk" resolve
// as file paths.
type refSpelling struct {
	name string
	// ref returns the $ref for dialect d; meta edits Meta to declare what
	// the spelling needs.
	ref  func(d refDialect) string
	meta func(d refDialect, s map[string]any)
	only func(d refDialect) bool // nil = every dialect
	// relative gives main.json and common.json relative $ids ("main",
	// "common"), resolved against their file URIs, as Backstage writes them
	relative bool
}

var refSpellings = []refSpelling{
	{name: "path", ref: func(d refDialect) string { return "common.json#/" + d.container + "/Meta" }},
	{name: "id-absolute", ref: func(d refDialect) string { return "https://example.com/s/common#/" + d.container + "/Meta" }},
	{name: "id-relative", ref: func(d refDialect) string { return "common#/" + d.container + "/Meta" }},
	{name: "id-of-definition", ref: func(refDialect) string { return "meta" },
		meta: func(d refDialect, s map[string]any) { s[d.idKey] = "https://example.com/s/meta" }},
	{name: "id-of-definition-bare", ref: func(refDialect) string { return "EntityMeta" },
		meta: func(d refDialect, s map[string]any) { s[d.idKey] = "EntityMeta" }},
	{name: "anchor-by-id", ref: func(refDialect) string { return "common#meta" },
		meta: func(d refDialect, s map[string]any) { d.anchor(s) }},
	{name: "plain-name-on-disk", ref: func(refDialect) string { return "common.json#meta" },
		meta: func(d refDialect, s map[string]any) { d.anchor(s) }},
	{name: "relative-id-of-definition", ref: func(refDialect) string { return "EntityMeta" }, relative: true,
		meta: func(d refDialect, s map[string]any) { s[d.idKey] = "EntityMeta" }},
	{name: "relative-id-anchor", ref: func(refDialect) string { return "common#meta" }, relative: true,
		meta: func(d refDialect, s map[string]any) { d.anchor(s) }},
	{name: "dynamic-anchor", ref: func(refDialect) string { return "common#meta" },
		meta: func(_ refDialect, s map[string]any) { s["$dynamicAnchor"] = "meta" },
		only: func(d refDialect) bool { return d.dynamic }},
}

// TestRefSpellingsPerDialect pins that a $ref names its target whichever way
// it is written — by path, by an absolute or relative $id, by a definition's
// own $id, by $anchor, by a draft-04..07 plain-name id, by $dynamicAnchor —
// in every dialect: against a mirror that refers by path, the equal pair is
// silent and a changed maxLength is one finding at Meta.
func TestRefSpellingsPerDialect(t *testing.T) {
	for _, d := range refDialects {
		for _, sp := range refSpellings {
			if sp.only != nil && !sp.only(d) {
				continue
			}
			eq := equivalence{d.name + "/" + sp.name, func(leaf func(string) map[string]any) (map[string]any, string, string) {
				meta := leaf("c")
				if sp.meta != nil {
					sp.meta(d, meta)
				}
				mainID, commonID := "https://example.com/s/main", "https://example.com/s/common"
				if sp.relative {
					mainID, commonID = "main", "common"
				}
				main := obj("$schema", d.uri, d.idKey, mainID,
					d.container, obj("T", obj("type", "object", "properties", obj("p", obj("$ref", sp.ref(d))))))
				common := obj("$schema", d.uri, d.idKey, commonID, d.container, obj("Meta", meta))
				mirror := jsonSchemaDoc(d202, obj("T", obj("type", "object", "properties", obj("p", obj("$ref", "#/$defs/Meta"))), "Meta", leaf("m")))
				return map[string]any{"main.json": main, "common.json": common, "mirror.json": mirror}, "main.json", "mirror.json"
			}}
			t.Run(eq.name, func(t *testing.T) {
				if got := runEquivalence(t, eq, 8, 8); len(got) != 0 {
					t.Errorf("equal pair: want silence, got %s", dumpFindings(got))
				}
				got := runEquivalence(t, eq, 8, 9)
				if len(got) != 1 || got[0].Definition != "Meta" || got[0].Pointer != "/maxLength" {
					t.Errorf("unequal pair: want one maxLength finding at Meta, got %s", dumpFindings(got))
				}
			})
		}
	}
}

func dumpFindings(fs []report.Finding) string {
	s := fmt.Sprintf("%d finding(s)", len(fs))
	for _, f := range fs {
		s += fmt.Sprintf("\n  %s %s %s: %s", f.Rule, f.Definition, f.Pointer, f.Message)
	}
	return s
}
