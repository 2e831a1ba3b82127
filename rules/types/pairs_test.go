package types

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/wirelint/wirelint/codetypes/read"
	"github.com/wirelint/wirelint/internal/fsroot"
	"github.com/wirelint/wirelint/reduce"
	"github.com/wirelint/wirelint/report"
)

// construct is one projection the family claims: a property schema and, per
// language, a field that mirrors it (equal) and the same field with one
// leaf changed (unequal), which must report exactly the rules in want.
type construct struct {
	name string
	// prop is the property p's schema; required and closed shape Thing.
	prop             string
	required, closed bool
	// fields maps a language to its equal and unequal field declarations.
	fields map[string][2]string
	// want maps a language to the rules its unequal field reports (default:
	// the construct's rule).
	rule string
	want map[string][]string
	// whole marks fields holding whole declarations (Thing and what it
	// needs) rather than one field of Thing.
	whole bool
	// property names the property ("" = p).
	property string
	// info are the information rules the equal pair reports too (what it
	// documents as not compared); the unequal pair is held to want alone.
	info []string
	// files maps a language to further mirror files (name → source) read
	// with gen.EXT, such as a module it imports from.
	files map[string]map[string]string
	// emptiness runs the opt-in types/emptiness rule.
	emptiness bool
}

// pairPrelude declares, per language, the types every generated mirror
// holds besides Thing: Kind (enum a, b), Other (x: integer) and Another
// (y: string), each equal to the schema.
var pairPrelude = map[string]string{
	"go": "package gen\n\ntype Kind string\n\nconst (\n\tKindA Kind = \"a\"\n\tKindB Kind = \"b\"\n)\n\n" +
		"type Other struct {\n\tX int `json:\"x,omitempty\"`\n}\n\ntype Another struct {\n\tY string `json:\"y,omitempty\"`\n}\n\n",
	"typescript": "export enum Kind {\n  A = \"a\",\n  B = \"b\",\n}\n\nexport interface Other {\n  x?: number;\n}\n\nexport interface Another {\n  y?: string;\n}\n\n",
	"python": "from enum import Enum\nfrom typing import Annotated, Any, Literal, NotRequired, Optional, Required, TypedDict\nfrom dataclasses import dataclass\nfrom datetime import datetime\nfrom pydantic import BaseModel, ConfigDict, Field\nfrom pydantic.alias_generators import to_camel\n\n\n" +
		"class Kind(str, Enum):\n    A = \"a\"\n    B = \"b\"\n\n\nclass Other(BaseModel):\n    x: Optional[int] = None\n\n\nclass Another(BaseModel):\n    y: Optional[str] = None\n\n\n",
	"rust": "use serde::{Deserialize, Serialize};\nuse std::collections::HashMap;\n\n" +
		"#[derive(Serialize, Deserialize)]\n#[serde(rename_all = \"lowercase\")]\npub enum Kind {\n    A,\n    B,\n}\n\n" +
		"#[derive(Serialize, Deserialize)]\npub struct Other {\n    #[serde(default)]\n    pub x: i32,\n}\n\n" +
		"#[derive(Serialize, Deserialize)]\npub struct Another {\n    #[serde(default)]\n    pub y: String,\n}\n\n",
}

// thing wraps a field declaration into the language's Thing type.
func thing(lang, field string) string {
	switch lang {
	case "go":
		return "type Thing struct {\n\t" + field + "\n}\n"
	case "typescript":
		return "export interface Thing {\n  " + field + "\n}\n"
	case "python":
		return "class Thing(BaseModel):\n    " + field + "\n"
	case "rust":
		return "#[derive(Serialize, Deserialize)]\npub struct Thing {\n    " + field + "\n}\n"
	}
	panic(lang)
}

var pairExt = map[string]string{"go": "gen.go", "typescript": "gen.ts", "python": "gen.py", "rust": "gen.rs"}

// goStruct, tsDecl, pyModel and rsStruct write a Thing of one field for
// the language-specific constructs.
func goStruct(body string) string { return "type Thing struct {\n\t" + body + "\n}\n" }

var constructs = []construct{
	{name: "string", prop: `{"type": "string"}`, required: true, rule: RuleType, fields: map[string][2]string{
		"go":         {"P string `json:\"p\"`", "P int `json:\"p\"`"},
		"typescript": {"p: string;", "p: number;"},
		"python":     {"p: str", "p: int"},
		"rust":       {"pub p: String,", "pub p: i64,"},
	}},
	{name: "integer", prop: `{"type": "integer"}`, required: true, rule: RuleType, fields: map[string][2]string{
		"go":         {"P int64 `json:\"p\"`", "P string `json:\"p\"`"},
		"typescript": {"p: number;", "p: string;"},
		"python":     {"p: int", "p: str"},
		"rust":       {"pub p: u32,", "pub p: String,"},
	}},
	{name: "number", prop: `{"type": "number"}`, required: true, rule: RuleType, fields: map[string][2]string{
		"go":         {"P float64 `json:\"p\"`", "P int `json:\"p\"`"},
		"typescript": {"p: number;", "p: boolean;"},
		"python":     {"p: float", "p: int"},
		"rust":       {"pub p: f64,", "pub p: i32,"},
	}},
	{name: "boolean", prop: `{"type": "boolean"}`, required: true, rule: RuleType, fields: map[string][2]string{
		"go":         {"P bool `json:\"p\"`", "P string `json:\"p\"`"},
		"typescript": {"p: boolean;", "p: string;"},
		"python":     {"p: bool", "p: str"},
		"rust":       {"pub p: bool,", "pub p: String,"},
	}},
	{name: "date-time", prop: `{"type": "string", "format": "date-time"}`, required: true, rule: RuleType, fields: map[string][2]string{
		"go":         {"P time.Time `json:\"p\"`", "P int64 `json:\"p\"`"},
		"typescript": {"p: Date;", "p: number;"},
		"python":     {"p: datetime", "p: int"},
		"rust":       {"pub p: chrono::DateTime<chrono::Utc>,", "pub p: i64,"},
	}},
	{name: "format", prop: `{"type": "string", "format": "date-time"}`, required: true, rule: RuleType, fields: map[string][2]string{
		// a date type where the schema says date-time (Go and TypeScript
		// have no date-only type)
		"python": {"p: str", "p: date"},
		"rust":   {"pub p: String,", "pub p: chrono::NaiveDate,"},
	}},
	{name: "optional", prop: `{"type": "string"}`, rule: RuleRequired, fields: map[string][2]string{
		"typescript": {"p?: string;", "p: string;"},
		"python":     {"p: Optional[str] = None", "p: str"},
		"rust":       {"pub p: Option<String>,", "pub p: String,"},
	}},
	{name: "required", prop: `{"type": "string"}`, required: true, rule: RuleRequired, fields: map[string][2]string{
		"go":         {"P string `json:\"p\"`", "P string `json:\"p,omitempty\"`"},
		"typescript": {"p: string;", "p?: string;"},
		"python":     {"p: str", "p: str = \"\""},
		"rust":       {"pub p: String,", "#[serde(default)]\n    pub p: String,"},
	}},
	{name: "nullable", prop: `{"type": ["string", "null"]}`, required: true, rule: RuleNullable, fields: map[string][2]string{
		"go":         {"P *string `json:\"p\"`", "P string `json:\"p\"`"},
		"typescript": {"p: string | null;", "p: string;"},
		"python":     {"p: Optional[str]", "p: str"},
		"rust":       {"pub p: Option<String>,", "pub p: String,"},
	}},
	{name: "not-nullable", prop: `{"type": "string"}`, required: true, rule: RuleNullable, fields: map[string][2]string{
		"go":         {"P string `json:\"p\"`", "P *string `json:\"p\"`"},
		"typescript": {"p: string;", "p: string | null;"},
		"python":     {"p: str", "p: Optional[str]"},
	}},
	{name: "enum", prop: `{"enum": ["a", "b"]}`, required: true, rule: RuleEnum, fields: map[string][2]string{
		"go":         {"P Kind `json:\"p\"`", "P Other `json:\"p\"`"},
		"typescript": {"p: \"a\" | \"b\";", "p: \"a\" | \"c\";"},
		"python":     {"p: Literal[\"a\", \"b\"]", "p: Literal[\"a\"]"},
		"rust":       {"pub p: Kind,", "pub p: Other,"},
	}, want: map[string][]string{"go": {RuleType}, "rust": {RuleType}}},
	{name: "items", prop: `{"type": "array", "items": {"type": "string"}}`, required: true, rule: RuleType, fields: map[string][2]string{
		"go":         {"P []string `json:\"p\"`", "P []int `json:\"p\"`"},
		"typescript": {"p: string[];", "p: number[];"},
		"python":     {"p: list[str]", "p: list[int]"},
		"rust":       {"pub p: Vec<String>,", "pub p: Vec<i32>,"},
	}},
	{name: "map", prop: `{"type": "object", "additionalProperties": {"type": "string"}}`, required: true, rule: RuleType, fields: map[string][2]string{
		"go":         {"P map[string]string `json:\"p\"`", "P map[string]bool `json:\"p\"`"},
		"typescript": {"p: Record<string, string>;", "p: Record<string, boolean>;"},
		"python":     {"p: dict[str, str]", "p: dict[str, bool]"},
		"rust":       {"pub p: HashMap<String, String>,", "pub p: HashMap<String, bool>,"},
	}},
	{name: "ref", prop: `{"$ref": "#/$defs/Other"}`, required: true, rule: RuleRefTarget, fields: map[string][2]string{
		"go":         {"P Other `json:\"p\"`", "P Another `json:\"p\"`"},
		"typescript": {"p: Other;", "p: Another;"},
		"python":     {"p: Other", "p: Another"},
		"rust":       {"pub p: Other,", "pub p: Another,"},
	}},
	{name: "rename", prop: `{"type": "string"}`, required: true, rule: RuleMissingField, fields: map[string][2]string{
		"go":         {"Q string `json:\"p\"`", "P string `json:\"-\"`"},
		"typescript": {"\"p\": string;", "q?: never;"},
		"python":     {"q: str = Field(alias=\"p\")", "q: str = Field(alias=\"q\")"},
		"rust":       {"#[serde(rename = \"p\")]\n    pub q: String,", "#[serde(skip)]\n    pub p: String,"},
	}, want: map[string][]string{"typescript": {RuleExtraField, RuleMissingField}, "python": {RuleExtraField, RuleMissingField}}},
	{name: "go-embedded", prop: `{"type": "string"}`, required: true, rule: RuleMissingField, whole: true, fields: map[string][2]string{
		"go": {"type Base struct {\n\tP string `json:\"p\"`\n}\n\n" + goStruct("Base"), "type Base struct {\n\tP string `json:\"-\"`\n}\n\n" + goStruct("Base")},
	}},
	{name: "go-omitzero", prop: `{"type": "string"}`, required: true, rule: RuleRequired, fields: map[string][2]string{
		"go": {"P string `json:\"p\"`", "P string `json:\"p,omitzero\"`"},
	}},
	{name: "go-string-tag", prop: `{"type": "string"}`, required: true, rule: RuleType, fields: map[string][2]string{
		"go": {"P int64 `json:\"p,string\"`", "P int64 `json:\"p\"`"},
	}},
	{name: "go-untagged", prop: `{"type": "string"}`, required: true, rule: RuleType, property: "Name", fields: map[string][2]string{
		"go": {"Name string", "Name int"},
	}},
	{name: "alias", prop: `{"type": "string"}`, required: true, rule: RuleType, whole: true, fields: map[string][2]string{
		"go":         {"type Name = string\n\n" + goStruct("P Name `json:\"p\"`"), "type Name = int\n\n" + goStruct("P Name `json:\"p\"`")},
		"typescript": {"export type Name = string;\nexport interface Thing {\n  p: Name;\n}\n", "export type Name = number;\nexport interface Thing {\n  p: Name;\n}\n"},
		"python":     {"Name = Annotated[str, 1]\n\nclass Thing(BaseModel):\n    p: Name\n", "Name = Annotated[int, 1]\n\nclass Thing(BaseModel):\n    p: Name\n"},
		"rust":       {"pub type Name = String;\n\n#[derive(Serialize, Deserialize)]\npub struct Thing {\n    pub p: Name,\n}\n", "pub type Name = i64;\n\n#[derive(Serialize, Deserialize)]\npub struct Thing {\n    pub p: Name,\n}\n"},
	}},
	{name: "named-enum", prop: `{"$ref": "#/$defs/Kind"}`, required: true, rule: RuleEnum, whole: true, fields: map[string][2]string{
		"go":         {goStruct("P Kind `json:\"p\"`"), goStruct("P Kind `json:\"p\"`") + "\nconst KindC Kind = \"c\"\n"},
		"typescript": {"export interface Thing {\n  p: Kind;\n}\n", "export const enum Kind2 {\n  A = \"a\",\n}\nexport interface Thing {\n  p: Kind2;\n}\n"},
		"python":     {"class Thing(BaseModel):\n    p: Kind\n", "class Kind2(str, Enum):\n    A = \"a\"\n\n\nclass Thing(BaseModel):\n    p: Kind2\n"},
		"rust":       {"#[derive(Serialize, Deserialize)]\npub struct Thing {\n    pub p: Kind,\n}\n", "#[derive(Serialize, Deserialize)]\n#[serde(rename_all = \"UPPERCASE\")]\npub enum Kind2 {\n    A,\n    B,\n}\n\n#[derive(Serialize, Deserialize)]\npub struct Thing {\n    pub p: Kind2,\n}\n"},
	}},
	{name: "extends", prop: `{"type": "string"}`, required: true, rule: RuleType, whole: true, fields: map[string][2]string{
		"typescript": {"interface Base {\n  p: string;\n}\nexport interface Thing extends Base {}\n", "interface Base {\n  p: number;\n}\nexport interface Thing extends Base {}\n"},
		"python":     {"class Base(BaseModel):\n    p: str\n\n\nclass Thing(Base):\n    pass\n", "class Base(BaseModel):\n    p: int\n\n\nclass Thing(Base):\n    pass\n"},
		"rust":       {"#[derive(Serialize, Deserialize)]\npub struct Base {\n    pub p: String,\n}\n\n#[derive(Serialize, Deserialize)]\npub struct Thing {\n    #[serde(flatten)]\n    pub base: Base,\n}\n", "#[derive(Serialize, Deserialize)]\npub struct Base {\n    pub p: i32,\n}\n\n#[derive(Serialize, Deserialize)]\npub struct Thing {\n    #[serde(flatten)]\n    pub base: Base,\n}\n"},
	}, want: map[string][]string{"rust": {RuleType}}},
	{name: "intersection", prop: `{"type": "string"}`, required: true, rule: RuleType, whole: true, fields: map[string][2]string{
		"typescript": {"interface Base {\n  p: string;\n}\nexport type Thing = Base & {};\n", "interface Base {\n  p: boolean;\n}\nexport type Thing = Base & {};\n"},
	}},
	{name: "undefined", prop: `{"type": "string"}`, rule: RuleRequired, fields: map[string][2]string{
		"typescript": {"p: string | undefined;", "p: string;"},
	}},
	{name: "index-signature", prop: `{"type": "object", "additionalProperties": {"type": "integer"}}`, required: true, rule: RuleType, fields: map[string][2]string{
		"typescript": {"p: { [key: string]: number };", "p: { [key: string]: string };"},
	}},
	{name: "declare", prop: `{"type": "string"}`, required: true, rule: RuleType, whole: true, fields: map[string][2]string{
		"typescript": {"declare interface Thing {\n  readonly p: string;\n}\n", "declare interface Thing {\n  readonly p: number;\n}\n"},
	}},
	{name: "alias-generator", prop: `{"type": "string"}`, required: true, rule: RuleMissingField, property: "pQ", whole: true, fields: map[string][2]string{
		"python": {"class Thing(BaseModel):\n    model_config = ConfigDict(alias_generator=to_camel)\n    p_q: str\n", "class Thing(BaseModel):\n    p_q: str\n"},
		"rust":   {"#[derive(Serialize, Deserialize)]\n#[serde(rename_all = \"camelCase\")]\npub struct Thing {\n    pub p_q: String,\n}\n", "#[derive(Serialize, Deserialize)]\npub struct Thing {\n    pub p_q: String,\n}\n"},
	}, want: map[string][]string{"python": {RuleExtraField, RuleMissingField}, "rust": {RuleExtraField, RuleMissingField}}},
	{name: "dataclass", prop: `{"type": "string"}`, required: true, rule: RuleType, whole: true, fields: map[string][2]string{
		"python": {"@dataclass\nclass Thing:\n    p: str\n", "@dataclass\nclass Thing:\n    p: int\n"},
	}},
	{name: "typeddict-total", prop: `{"type": "string"}`, rule: RuleRequired, whole: true, fields: map[string][2]string{
		"python": {"class Thing(TypedDict, total=False):\n    p: str\n", "class Thing(TypedDict):\n    p: str\n"},
	}},
	{name: "typeddict-required", prop: `{"type": "string"}`, required: true, rule: RuleRequired, whole: true, fields: map[string][2]string{
		"python": {"class Thing(TypedDict, total=False):\n    p: Required[str]\n", "class Thing(TypedDict):\n    p: NotRequired[str]\n"},
	}},
	// oneOf accepts null when exactly one branch does: a null-only branch
	// beside branches that each reject null is nullable; beside a branch
	// that accepts null too, null matches two branches and is rejected.
	{name: "oneof-null", prop: `{"oneOf": [{"type": "string"}, {"type": "integer"}, {"type": "null"}]}`, required: true, rule: RuleNullable, fields: map[string][2]string{
		"typescript": {"p: string | number | null;", "p: string | number;"},
		"python":     {"p: str | int | None", "p: str | int"},
	}},
	{name: "oneof-null-twice", prop: `{"oneOf": [{"type": ["string", "null"]}, {"type": "integer"}, {"type": "null"}]}`, required: true, rule: RuleNullable, fields: map[string][2]string{
		"typescript": {"p: string | number;", "p: string | number | null;"},
		"python":     {"p: str | int", "p: str | int | None"},
	}},
	{name: "union-none", prop: `{"type": ["integer", "null"]}`, required: true, rule: RuleNullable, fields: map[string][2]string{
		"python": {"p: int | None", "p: int"},
	}},
	{name: "skip-serializing-if", prop: `{"type": "string"}`, required: true, rule: RuleRequired, fields: map[string][2]string{
		"rust": {"pub p: String,", "#[serde(skip_serializing_if = \"String::is_empty\")]\n    pub p: String,"},
	}},
	{name: "newtype", prop: `{"type": "string"}`, required: true, rule: RuleType, whole: true, fields: map[string][2]string{
		"rust": {"#[derive(Serialize, Deserialize)]\npub struct Name(String);\n\n#[derive(Serialize, Deserialize)]\npub struct Thing {\n    pub p: Name,\n}\n", "#[derive(Serialize, Deserialize)]\npub struct Name(u64);\n\n#[derive(Serialize, Deserialize)]\npub struct Thing {\n    pub p: Name,\n}\n"},
	}},
	{name: "any", prop: `{"type": "object"}`, required: true, rule: RuleType, fields: map[string][2]string{
		"go":         {"P json.RawMessage `json:\"p\"`", "P []string `json:\"p\"`"},
		"typescript": {"p: unknown;", "p: string[];"},
		"python":     {"p: Any", "p: list[str]"},
		"rust":       {"pub p: serde_json::Value,", "pub p: Vec<String>,"},
	}},
	{name: "tuple", prop: `{"type": "array", "prefixItems": [{"type": "string"}, {"type": "integer"}]}`, required: true, rule: RuleType, fields: map[string][2]string{
		"typescript": {"p: [string, number];", "p: [string, string];"},
		"python":     {"p: tuple[str, int]", "p: tuple[str, str]"},
		"rust":       {"pub p: (String, i64),", "pub p: (String, String),"},
	}},
	{name: "closed", prop: `{"type": "string"}`, required: true, closed: true, rule: RuleExtraField, fields: map[string][2]string{
		"go":         {"P string `json:\"p\"`", "P string `json:\"p\"`\n\tZ int `json:\"z\"`"},
		"typescript": {"p: string;", "p: string;\n  z?: number;"},
		"python":     {"p: str", "p: str\n    z: int = 0"},
		"rust":       {"pub p: String,", "pub p: String,\n    #[serde(default)]\n    pub z: i32,"},
	}},
	{name: "one-value-enum", prop: `{"type": "string", "enum": ["a"]}`, required: true, rule: RuleEnum, whole: true, fields: map[string][2]string{
		// SARIF's version "2.1.0": a plain string writes any value
		"go":         {"type One string\n\nconst OneA One = \"a\"\n\n" + goStruct("P One `json:\"p\"`"), goStruct("P string `json:\"p\"`")},
		"typescript": {"export interface Thing {\n  p: \"a\";\n}\n", "export interface Thing {\n  p: string;\n}\n"},
		"python":     {"class Thing(BaseModel):\n    p: Literal[\"a\"]\n", "class Thing(BaseModel):\n    p: str\n"},
		"rust":       {"#[derive(Serialize, Deserialize)]\n#[serde(rename_all = \"lowercase\")]\npub enum One {\n    A,\n}\n\n#[derive(Serialize, Deserialize)]\npub struct Thing {\n    pub p: One,\n}\n", "#[derive(Serialize, Deserialize)]\npub struct Thing {\n    pub p: String,\n}\n"},
	}},
	{name: "const-discriminator", prop: `{"const": "a"}`, required: true, rule: RuleEnum, whole: true, fields: map[string][2]string{
		// a const on a plain string is silent (how Go holds a
		// discriminator); a type allowing another value is not
		"go":         {goStruct("P string `json:\"p\"`"), "type One string\n\nconst OneB One = \"b\"\n\n" + goStruct("P One `json:\"p\"`")},
		"typescript": {"export interface Thing {\n  p: string;\n}\n", "export interface Thing {\n  p: \"b\";\n}\n"},
	}},
	{name: "go-marshal-json", prop: `{"type": "string"}`, required: true, rule: RuleType, whole: true, info: []string{RuleOpaque}, fields: map[string][2]string{
		// the method is the leaf: with it the type is opaque (information
		// only), without it the struct is compared and is no string
		"go": {"type Stamp struct {\n\tN int\n}\n\nfunc (s Stamp) MarshalJSON() ([]byte, error) { return json.Marshal(s.N) }\n\n" + goStruct("P Stamp `json:\"p\"`"),
			"type Stamp struct {\n\tN int\n}\n\nfunc (s Stamp) Marshal() ([]byte, error) { return json.Marshal(s.N) }\n\n" + goStruct("P Stamp `json:\"p\"`")},
	}},
	{name: "go-unmarshal-json", prop: `{"type": "string"}`, required: true, rule: RuleType, whole: true, info: []string{RuleOpaque}, fields: map[string][2]string{
		"go": {"type Stamp struct {\n\tN int\n}\n\nfunc (s *Stamp) UnmarshalJSON(b []byte) error { return json.Unmarshal(b, &s.N) }\n\n" + goStruct("P Stamp `json:\"p\"`"),
			"type Stamp struct {\n\tN int\n}\n\nfunc (s *Stamp) Unmarshal(b []byte) error { return json.Unmarshal(b, &s.N) }\n\n" + goStruct("P Stamp `json:\"p\"`")},
	}},
	{name: "generic-instance", prop: `{"type": "object", "properties": {"v": {"type": "string"}}, "required": ["v"]}`, required: true, rule: RuleType, whole: true, fields: map[string][2]string{
		"go":         {"type Wrap[T any] struct {\n\tV T `json:\"v\"`\n}\n\n" + goStruct("P Wrap[string] `json:\"p\"`"), "type Wrap[T any] struct {\n\tV T `json:\"v\"`\n}\n\n" + goStruct("P Wrap[int] `json:\"p\"`")},
		"typescript": {"interface Wrap<T> {\n  v: T;\n}\nexport interface Thing {\n  p: Wrap<string>;\n}\n", "interface Wrap<T> {\n  v: T;\n}\nexport interface Thing {\n  p: Wrap<number>;\n}\n"},
		"rust":       {"#[derive(Serialize, Deserialize)]\npub struct Wrap<T> {\n    pub v: T,\n}\n\n#[derive(Serialize, Deserialize)]\npub struct Thing {\n    pub p: Wrap<String>,\n}\n", "#[derive(Serialize, Deserialize)]\npub struct Wrap<T> {\n    pub v: T,\n}\n\n#[derive(Serialize, Deserialize)]\npub struct Thing {\n    pub p: Wrap<bool>,\n}\n"},
	}},
	{name: "ts-import", prop: `{"type": "object", "properties": {"v": {"type": "string"}}, "required": ["v"]}`, required: true, rule: RuleType, fields: map[string][2]string{
		// the imported module is the one changed: the finding points into it
		"typescript": {"p: Shared;", "p: Shifted;"},
	}, files: map[string]map[string]string{
		"typescript": {"shared.ts": "export interface Shared {\n  v: string;\n}\n\nexport interface Shifted {\n  v: number;\n}\n"},
	}},
	{name: "ts-import-as", prop: `{"type": "object", "properties": {"v": {"type": "string"}}, "required": ["v"]}`, required: true, rule: RuleType, whole: true, fields: map[string][2]string{
		"typescript": {"import type { Shared as Local } from \"./shared\";\n\nexport interface Thing {\n  p: Local;\n}\n",
			"import type { Shifted as Local } from \"./shared\";\n\nexport interface Thing {\n  p: Local;\n}\n"},
	}, files: map[string]map[string]string{
		"typescript": {"shared.ts": "export interface Shared {\n  v: string;\n}\n\nexport interface Shifted {\n  v: number;\n}\n"},
	}},
	{name: "rust-internally-tagged", prop: `{"type": "string", "const": "thing"}`, required: true, rule: RuleEnum, property: "type", whole: true, fields: map[string][2]string{
		"rust": {"#[derive(Serialize, Deserialize)]\n#[serde(tag = \"type\")]\npub enum Message {\n    #[serde(rename = \"thing\")]\n    Thing(Thing),\n}\n\n#[derive(Serialize, Deserialize)]\npub struct Thing {}\n",
			"#[derive(Serialize, Deserialize)]\n#[serde(tag = \"type\")]\npub enum Message {\n    #[serde(rename = \"thin\")]\n    Thing(Thing),\n}\n\n#[derive(Serialize, Deserialize)]\npub struct Thing {}\n"},
	}},
	{name: "closed-mirror-closed-schema", prop: `{"type": "string"}`, required: true, closed: true, rule: RuleExtraField, whole: true, fields: map[string][2]string{
		// a closed type for a closed schema is silent; the leaf is a field
		// the schema lacks
		"python": {"class Thing(BaseModel):\n    model_config = ConfigDict(extra=\"forbid\")\n    p: str\n", "class Thing(BaseModel):\n    model_config = ConfigDict(extra=\"forbid\")\n    p: str\n    z: int = 0\n"},
		"rust":   {"#[derive(Serialize, Deserialize)]\n#[serde(deny_unknown_fields)]\npub struct Thing {\n    pub p: String,\n}\n", "#[derive(Serialize, Deserialize)]\n#[serde(deny_unknown_fields)]\npub struct Thing {\n    pub p: String,\n    #[serde(default)]\n    pub z: i32,\n}\n"},
	}},
	{name: "closed-mirror-open-schema", prop: `{"type": "string"}`, required: true, rule: RuleClosed, whole: true, fields: map[string][2]string{
		// the leaf is the rejection of unknown members: v2 model_config,
		// v1 Config and serde's attribute
		"python": {"class Thing(BaseModel):\n    model_config = ConfigDict(extra=\"ignore\")\n    p: str\n", "class Thing(BaseModel):\n    model_config = ConfigDict(extra=\"forbid\")\n    p: str\n"},
		"rust":   {"#[derive(Serialize, Deserialize)]\npub struct Thing {\n    pub p: String,\n}\n", "#[derive(Serialize, Deserialize)]\n#[serde(deny_unknown_fields)]\npub struct Thing {\n    pub p: String,\n}\n"},
	}},
	{name: "closed-mirror-open-schema-v1", prop: `{"type": "string"}`, required: true, rule: RuleClosed, whole: true, fields: map[string][2]string{
		"python": {"class Thing(BaseModel):\n    p: str\n\n    class Config:\n        extra = \"allow\"\n", "class Thing(BaseModel):\n    p: str\n\n    class Config:\n        extra = \"forbid\"\n"},
	}},
	{name: "emptiness-slice", prop: `{"type": "array", "items": {"type": "string"}}`, emptiness: true, rule: RuleEmptiness, fields: map[string][2]string{
		"go": {"P []string `json:\"p,omitempty\"`", "P []string `json:\"p\"`"},
	}},
	{name: "emptiness-map", prop: `{"type": "object", "additionalProperties": {"type": "string"}}`, emptiness: true, rule: RuleEmptiness, fields: map[string][2]string{
		"go": {"P map[string]string `json:\"p,omitempty\"`", "P map[string]string `json:\"p\"`"},
	}},
	{name: "emptiness-constructor", prop: `{"type": "array", "items": {"type": "string"}}`, required: true, emptiness: true, rule: RuleEmptiness, whole: true, fields: map[string][2]string{
		"go": {goStruct("P []string `json:\"p\"`") + "\nfunc NewThing() *Thing {\n\treturn &Thing{P: []string{}}\n}\n",
			goStruct("P []string `json:\"p\"`") + "\nfunc NewThing() *Thing {\n\treturn &Thing{P: nil}\n}\n"},
	}},
}

// TestPairs generates, for every construct and language, a schema and a
// mirror that agree (silent) and one with a single leaf changed, which must
// report exactly the expected rules, each with a position in the schema and
// one in the code.
func TestPairs(t *testing.T) {
	for _, k := range constructs {
		for _, lang := range []string{"go", "typescript", "python", "rust"} {
			fields, ok := k.fields[lang]
			if !ok {
				continue
			}
			t.Run(k.name+"/"+lang, func(t *testing.T) {
				schema := pairSchema(k)
				equal := runPair(t, k, schema, lang, fields[0])
				var noted []string
				for _, f := range equal {
					noted = append(noted, f.Rule)
				}
				if strings.Join(noted, ",") != strings.Join(k.info, ",") {
					t.Errorf("equal pair reports %v, want %v:\n%s", noted, k.info, dump(equal))
				}
				want := []string{k.rule}
				if w, ok := k.want[lang]; ok && w != nil {
					want = w
				}
				unequal := runPair(t, k, schema, lang, fields[1])
				var got []string
				for _, f := range unequal {
					got = append(got, f.Rule)
					if len(f.Locations) < 2 || f.Locations[0].Line == 0 || f.Locations[1].Line == 0 || !inMirror(f.Locations[1].File, k.files[lang]) {
						t.Errorf("%s is not located in both documents: %+v", f.Rule, f.Locations)
					}
				}
				if strings.Join(got, ",") != strings.Join(want, ",") {
					t.Errorf("unequal pair reports %v, want %v:\n%s", got, want, dump(unequal))
				}
			})
		}
	}
}

func pairSchema(k construct) string {
	var prop any
	if err := json.Unmarshal([]byte(k.prop), &prop); err != nil {
		panic(err)
	}
	name := k.property
	if name == "" {
		name = "p"
	}
	thing := map[string]any{"type": "object", "properties": map[string]any{name: prop}}
	if k.required {
		thing["required"] = []string{name}
	}
	if k.closed {
		thing["additionalProperties"] = false
	}
	doc := map[string]any{
		"$schema": "https://json-schema.org/draft/2020-12/schema",
		"$defs": map[string]any{
			"Thing":   thing,
			"Kind":    map[string]any{"type": "string", "enum": []string{"a", "b"}},
			"Other":   map[string]any{"type": "object", "properties": map[string]any{"x": map[string]any{"type": "integer"}}},
			"Another": map[string]any{"type": "object", "properties": map[string]any{"y": map[string]any{"type": "string"}}},
		},
	}
	out, _ := json.MarshalIndent(doc, "", "  ")
	return string(out)
}

// inMirror reports whether file is one of a pair's mirror files.
func inMirror(file string, more map[string]string) bool {
	_, ok := more[file]
	return ok || strings.HasPrefix(file, "gen.")
}

func runPair(t *testing.T, k construct, schema, lang, field string) []report.Finding {
	t.Helper()
	dir := t.TempDir()
	src := pairPrelude[lang] + thing(lang, field)
	if k.whole {
		src = pairPrelude[lang] + field
	}
	if lang == "go" {
		src = strings.Replace(src, "package gen\n", "package gen\n\nimport (\n\t\"encoding/json\"\n\t\"time\"\n)\n", 1)
	}
	if lang == "python" {
		src = strings.Replace(src, "from datetime import datetime", "from datetime import date, datetime", 1)
	}
	files := map[string]string{"schema.json": schema, pairExt[lang]: src}
	paths := []string{filepath.Join(dir, pairExt[lang])}
	for name, data := range k.files[lang] {
		files[name] = data
		paths = append(paths, filepath.Join(dir, name))
	}
	if len(k.files[lang]) > 0 && lang == "typescript" {
		var names []string
		for name := range k.files[lang] {
			names = append(names, name)
		}
		sort.Strings(names)
		for _, name := range names {
			files[pairExt[lang]] = importAll(k.files[lang][name], strings.TrimSuffix(name, ".ts")) + files[pairExt[lang]]
		}
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ws := reduce.NewWorkspace(dir)
	doc, err := ws.Load(filepath.Join(dir, "schema.json"), "schema.json")
	if err != nil {
		t.Fatal(err)
	}
	set, err := read.Files(paths, read.Options{FS: fsroot.New(dir), Display: func(p string) string { return filepath.Base(p) }})
	if err != nil {
		t.Fatalf("%v\n%s", err, src)
	}
	return report.Finalize(Check(Input{Canonical: doc, Resolver: ws, Mirror: set, Options: Options{Emptiness: k.emptiness}}))
}

// importAll writes the TypeScript import of every interface a module
// declares.
func importAll(module, name string) string {
	var names []string
	for _, line := range strings.Split(module, "\n") {
		if rest, ok := strings.CutPrefix(line, "export interface "); ok {
			names = append(names, strings.Fields(rest)[0])
		}
	}
	return "import type { " + strings.Join(names, ", ") + " } from \"./" + name + "\";\n\n"
}

func dump(fs []report.Finding) string {
	var b strings.Builder
	for _, f := range fs {
		fmt.Fprintf(&b, "%s %v: %s\n", f.Rule, f.Locations, f.Message)
	}
	return b.String()
}
