package codetypes_test

import (
	"strings"
	"testing"

	"github.com/wirelint/wirelint/codetypes/golang"
	"github.com/wirelint/wirelint/codetypes/python"
	"github.com/wirelint/wirelint/codetypes/rust"
	"github.com/wirelint/wirelint/codetypes/typescript"
)

// The readers take any source: an error or declarations, never a panic or
// a hang. Seeds hold each language's constructs and nesting past MaxDepth.
var seeds = []string{
	"export interface A extends B { a?: string | null; b: \"x\" | \"y\"; [k: string]: number }\nexport enum E { A = \"a\", B }\n",
	"type T = { a: (string)[] } & B; namespace N { type k = \"a\"; }\nexport type X = components[\"schemas\"][\"y\"];",
	"class A(BaseModel):\n    model_config = ConfigDict(alias_generator=to_camel)\n    a: Optional[list[int]] = Field(alias=\"b\")\n",
	"#[derive(Serialize)]\n#[serde(rename_all = \"camelCase\", tag = \"t\")]\npub enum E { A { x: i32 }, B(String) }\npub struct S(Vec<Option<u8>>);\n",
	"package p\ntype A struct { B `json:\"b,omitempty\"`; C *[]map[string]D `json:\"c\"` }\nconst ( X K = iota; Y )\n",
	"type T = " + strings.Repeat("(", 5000) + "string" + strings.Repeat(")", 5000) + ";",
	"x: " + strings.Repeat("List[", 3000) + "int" + strings.Repeat("]", 3000) + "\nclass A(BaseModel):\n    a: " + strings.Repeat("List[", 3000) + "int" + strings.Repeat("]", 3000) + "\n",
	"#[derive(Serialize)]\npub struct A { a: " + strings.Repeat("Vec<", 3000) + "u8" + strings.Repeat(">", 3000) + " }",
	"interface A { a: " + strings.Repeat("{ b: ", 3000) + "string" + strings.Repeat(" }", 3000) + " }",
}

func FuzzTypeScript(f *testing.F) {
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) { _, _ = typescript.Read(src, "x.ts") })
}

func FuzzPython(f *testing.F) {
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) { _, _ = python.Read(src, "x.py") })
}

func FuzzRust(f *testing.F) {
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) { _, _ = rust.Read(src, "x.rs") })
}

func FuzzGo(f *testing.F) {
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) { _, _ = golang.Read([]golang.Source{{Path: "x.go", Data: []byte(src)}}) })
}
