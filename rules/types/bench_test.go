package types

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/wirelint/wirelint/codetypes/read"
	"github.com/wirelint/wirelint/internal/fsroot"
	"github.com/wirelint/wirelint/reduce"
)

// corpusDir is the shared corpus: $WIRELINT_CORPUS, else ../shared/corpus
// relative to the repository root.
func corpusDir() string {
	if d := os.Getenv("WIRELINT_CORPUS"); d != "" {
		return d
	}
	return filepath.Join("..", "..", "..", "shared", "corpus")
}

// BenchmarkTypesStripe runs the family on Stripe's OpenAPI document (about
// 500 component schemas) against TypeScript declarations generated from it
// (emitTypeScript, in the layout of a generator's output: one exported
// interface or alias per schema) and reports, in the same run, how long the
// whole comparison takes as a multiple of parsing both sides
// (x-of-parse; the target is at most 1.5).
func BenchmarkTypesStripe(b *testing.B) {
	spec := filepath.Join(corpusDir(), "perf", "stripe", "spec3.json")
	data, err := os.ReadFile(spec)
	if err != nil {
		b.Skip("shared corpus absent; set WIRELINT_CORPUS")
	}
	dir := b.TempDir()
	ts, n := emitTypeScript(b, data)
	if err := os.WriteFile(filepath.Join(dir, "spec3.json"), data, 0o644); err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "stripe.ts"), []byte(ts), 0o644); err != nil {
		b.Fatal(err)
	}
	var parse, total time.Duration
	findings := 0
	for b.Loop() {
		runtime.GC() // each iteration starts from a collected heap; not timed below
		start := time.Now()
		ws := reduce.NewWorkspace(dir)
		doc, err := ws.Load(filepath.Join(dir, "spec3.json"), "spec3.json")
		if err != nil {
			b.Fatal(err)
		}
		set, err := read.Files([]string{filepath.Join(dir, "stripe.ts")}, read.Options{FS: fsroot.New(dir), Display: filepath.Base})
		if err != nil {
			b.Fatal(err)
		}
		parsed := time.Now()
		findings = len(Check(Input{Canonical: doc, Resolver: ws, Mirror: set}))
		parse += parsed.Sub(start)
		total += time.Since(start)
	}
	if findings > 0 {
		b.Fatalf("the generated declarations are not silent: %d findings", findings)
	}
	b.ReportMetric(float64(total)/float64(parse), "x-of-parse")
	b.ReportMetric(float64(n), "definitions")
	b.ReportMetric(float64(findings), "findings")
}

// emitTypeScript writes one declaration per component schema of an OpenAPI
// 3.0 document, as a generator would: interfaces with ? for optional
// members, literal unions for enums, | null for nullable, arrays, index
// signatures for maps and references by name.
func emitTypeScript(b *testing.B, data []byte) (string, int) {
	var doc struct {
		Components struct {
			Schemas map[string]map[string]any `json:"schemas"`
		} `json:"components"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		b.Fatal(err)
	}
	names := make([]string, 0, len(doc.Components.Schemas))
	for name := range doc.Components.Schemas {
		names = append(names, name)
	}
	sort.Strings(names)
	var out strings.Builder
	for _, name := range names {
		s := doc.Components.Schemas[name]
		if _, ok := s["properties"]; ok {
			fmt.Fprintf(&out, "export interface %s %s\n\n", tsName(name), tsObject(s))
			continue
		}
		fmt.Fprintf(&out, "export type %s = %s;\n\n", tsName(name), tsType(s))
	}
	return out.String(), len(names)
}

// tsName makes a schema name an identifier (issuing.card → issuing_card),
// as generators do; pairing ignores the separator.
func tsName(name string) string { return strings.ReplaceAll(name, ".", "_") }

func tsObject(s map[string]any) string {
	required := map[string]bool{}
	if r, ok := s["required"].([]any); ok {
		for _, n := range r {
			required[fmt.Sprint(n)] = true
		}
	}
	props, _ := s["properties"].(map[string]any)
	keys := make([]string, 0, len(props))
	for k := range props {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	b.WriteString("{\n")
	for _, k := range keys {
		p, _ := props[k].(map[string]any)
		opt := "?"
		if required[k] {
			opt = ""
		}
		fmt.Fprintf(&b, "  %q%s: %s;\n", k, opt, tsType(p))
	}
	b.WriteString("}")
	return b.String()
}

func tsType(s map[string]any) string {
	t := tsBase(s)
	if n, _ := s["nullable"].(bool); n {
		t += " | null"
	}
	return t
}

func tsBase(s map[string]any) string {
	if ref, ok := s["$ref"].(string); ok {
		return tsName(ref[strings.LastIndex(ref, "/")+1:])
	}
	if e, ok := s["enum"].([]any); ok {
		var parts []string
		for _, v := range e {
			enc, _ := json.Marshal(v)
			parts = append(parts, string(enc))
		}
		return strings.Join(parts, " | ")
	}
	for _, key := range []string{"anyOf", "oneOf"} {
		if list, ok := s[key].([]any); ok {
			var parts []string
			for _, v := range list {
				m, _ := v.(map[string]any)
				parts = append(parts, "("+tsBase(m)+")")
			}
			return strings.Join(parts, " | ")
		}
	}
	switch s["type"] {
	case "string":
		return "string"
	case "integer", "number":
		return "number"
	case "boolean":
		return "boolean"
	case "array":
		items, _ := s["items"].(map[string]any)
		return "(" + tsType(items) + ")[]"
	case "object":
		if _, ok := s["properties"]; ok {
			return tsObject(s)
		}
		if ap, ok := s["additionalProperties"].(map[string]any); ok {
			return "{ [key: string]: " + tsType(ap) + " }"
		}
		return "{ [key: string]: unknown }"
	}
	return "unknown"
}
