package docs

import (
	"fmt"
	"github.com/wirelint/wirelint/internal/fsroot"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// benchTree writes the benchmark repository: 5,000 source files in
// the eight languages (each about 60 lines, citing documentation in comments
// and in strings) and 500 Markdown files (each with headings, a code fence and
// links to other documents' anchors), one file in fifty holding a broken
// citation.
func benchTree(b testing.TB, dir string) {
	files := map[string]string{}
	exts := []string{".go", ".py", ".ts", ".rs", ".dart", ".swift", ".sh", ".yaml"}
	for i := range 500 {
		var md strings.Builder
		next := (i + 1) % 500
		fmt.Fprintf(&md, "# Document %d\n\nIntro linking [next](../g%d/doc%d.md#usage) and [readme](../../README.md).\n\n", i, next/50, next)
		for s := range 8 {
			fmt.Fprintf(&md, "## Section %d\n\nText with `code [x](nope.md)` and a [link](../g%d/doc%d.md#section-%d).\n\n", s, (i+7)%500/50, (i+7)%500, s)
			md.WriteString("```go\n// [fenced](missing.md)\nfunc f() {}\n```\n\n")
		}
		md.WriteString("## Usage\n\n## Usage\n\nSee [the second usage](#usage-1).\n")
		if i%50 == 0 {
			fmt.Fprintf(&md, "A [stale link](doc%d.md#section-99).\n", i+3)
		}
		files[fmt.Sprintf("docs/g%d/doc%d.md", i/50, i)] = md.String()
	}
	for i := range 5000 {
		ext := exts[i%len(exts)]
		hash := ext == ".py" || ext == ".sh" || ext == ".yaml"
		var src strings.Builder
		for l := range 30 {
			doc := fmt.Sprintf("docs/g%d/doc%d.md#section-%d", (i+l)%500/50, (i+l)%500, l%8)
			if i%50 == 0 && l == 0 {
				doc = "docs/moved.md"
			}
			if hash {
				fmt.Fprintf(&src, "# line %d follows %s closely\nvalue_%d = \"docs/not-a-comment.md\"\n", l, doc, l)
			} else {
				fmt.Fprintf(&src, "// line %d follows %s closely\nlet value_%d = \"docs/not-a-comment.md\"; /* block */\n", l, doc, l)
			}
		}
		files[fmt.Sprintf("src/p%d/f%d%s", i/100, i, ext)] = src.String()
	}
	files["README.md"] = "# Readme\n\n[docs](docs/g0/doc0.md#document-0)\n"
	benchContract(files)
	writeTree(b, dir, files)
}

// benchLifecycles and benchClasses are the benchmark taxonomy's levels.
var (
	benchLifecycles = []string{"draft", "accepted", "implemented", "superseded"}
	benchClasses    = []string{"feature", "bug-fix", "simplification", "architecture", "process", "testing"}
)

// benchContract adds what the taxonomy and the tables check: 48 records
// under docs/rfc (two per lifecycle and class) listed by an index, and ten
// Markdown files each holding one table marked with a schema's set — five
// enums of 40 values, five unions of 20 branches — one table in five
// missing a value.
func benchContract(files map[string]string) {
	var index strings.Builder
	index.WriteString("# RFCs\n")
	for _, l := range benchLifecycles {
		fmt.Fprintf(&index, "\n## %s\n", l)
		for _, c := range benchClasses {
			fmt.Fprintf(&index, "\n### %s\n\n", c)
			for n := range 2 {
				name := fmt.Sprintf("%s/%s/rfc-%d.md", l, c, n)
				files["docs/rfc/"+name] = fmt.Sprintf("# RFC %d\n\nStatus: %s\n", n, l)
				fmt.Fprintf(&index, "- [RFC %d](%s)\n", n, name)
			}
		}
	}
	files["docs/rfc/README.md"] = index.String()
	var schema strings.Builder
	schema.WriteString(`{"$schema": "https://json-schema.org/draft/2020-12/schema", "$defs": {`)
	for t := range 5 {
		fmt.Fprintf(&schema, `"Enum%d": {"enum": [`, t)
		for v := range 40 {
			if v > 0 {
				schema.WriteString(", ")
			}
			fmt.Fprintf(&schema, `"code_%d_%d"`, t, v)
		}
		fmt.Fprintf(&schema, `]}, "Union%d": {"oneOf": [`, t)
		for v := range 20 {
			if v > 0 {
				schema.WriteString(", ")
			}
			fmt.Fprintf(&schema, `{"$ref": "#/$defs/Event%d_%d"}`, t, v)
		}
		schema.WriteString("]}, ")
		for v := range 20 {
			fmt.Fprintf(&schema, `"Event%d_%d": {"type": "object", "properties": {"type": {"const": "event_%d_%d"}, "seq": {"type": "integer"}}}, `, t, v, t, v)
		}
	}
	schema.WriteString(`"End": {}}}`)
	files["schemas/contract.json"] = schema.String()
	for t := range 10 {
		var md strings.Builder
		def, n, value := fmt.Sprintf("Enum%d", t/2), 40, "code_%d_%d"
		if t%2 == 1 {
			def, n, value = fmt.Sprintf("Union%d", t/2), 20, "event_%d_%d"
		}
		fmt.Fprintf(&md, "# Table %d\n\n<!-- wirelint: values schemas/contract.json#/$defs/%s -->\n| value | meaning |\n|---|---|\n", t, def)
		for v := range n {
			if t%5 == 0 && v == n-1 {
				continue // the planted drift
			}
			fmt.Fprintf(&md, "| `"+value+"` | meaning %d |\n", t/2, v, v)
		}
		files[fmt.Sprintf("docs/tables/t%d.md", t)] = md.String()
	}
}

// benchMaxLinks is the link budget the benchmark raises: its 5,000 source
// files cite documentation on every other line, about 155,000 citations,
// three times the default budget.
const benchMaxLinks = 200_000

// benchConfig is benchOptions as a configuration file.
const benchConfig = `limits:
  max-docs-links: 200000
docs:
  taxonomy:
    - root: docs/rfc
      index: docs/rfc/README.md
      levels:
        - name: lifecycle
          values: [draft, accepted, implemented, superseded]
          status: '^Status:\s*(\w+)'
        - name: class
          values: [feature, bug-fix, simplification, architecture, process, testing]
`

// BenchmarkSuggestion looks a missing file's name up among the distinct
// names of trees of 1,000 and 10,000 files: the cost of one suggestion does
// not grow with the tree (the index is built before timing).
func BenchmarkSuggestion(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		b.Run(fmt.Sprintf("files=%d", n), func(b *testing.B) {
			files := make([]string, n)
			for i := range files {
				files[i] = fmt.Sprintf("docs/g%d/page-%d-%s.md", i/100, i, benchClasses[i%len(benchClasses)])
			}
			index := newFileIndex(files)
			index.near("docs/g0/page-0-featur.md")
			for b.Loop() {
				if got := closestFile("docs/g9/page-7-featur.md", "README.md", index.near("docs/g9/page-7-featur.md")); got != "docs/g0/page-6-feature.md" && got != "docs/g0/page-7-bug-fix.md" && got == "" {
					b.Fatal("no suggestion")
				}
			}
		})
	}
}

// benchOptions configures the benchmark's taxonomy.
func benchOptions() Options {
	return benchTaxonomy("docs/rfc", "docs/rfc/README.md", benchLifecycles)
}

// BenchmarkCheck measures Check over the 5,000 source + 500 Markdown file
// tree, with a taxonomy of 48 records and ten marked tables configured,
// listed by walking (no git) and through git ls-files. The issue's
// budget is under a second per run on this machine. cpu-ms/op is the CPU
// time (all threads) per run: on a shared, loaded machine it shows the work
// done when wall time mostly shows the wait.
//
//	go test -run '^$' -bench Check ./rules/docs/
//
// With WIRELINT_DOCS_TREE set to a folder, the tree is written there and
// kept, with a .wirelint.yaml configuring the same taxonomy, for timing the
// command on it (bench/docs-speed.sh).
func BenchmarkCheck(b *testing.B) {
	dir := b.TempDir()
	if keep := os.Getenv("WIRELINT_DOCS_TREE"); keep != "" {
		dir = keep
	}
	benchTree(b, dir)
	writeTree(b, dir, map[string]string{".wirelint.yaml": benchConfig})
	run := func(b *testing.B) {
		cpu0, ok := processCPU()
		for b.Loop() {
			opts := benchOptions()
			opts.FS = fsroot.New(dir)
			opts.MaxLinks = benchMaxLinks
			fs, err := Check(dir, opts)
			if err != nil {
				b.Fatal(err)
			}
			if len(fs) != 112 { // 10 stale anchors + 100 moved-file refs + 2 tables missing a value
				b.Fatalf("got %d findings, want 112:\n%s", len(fs), strings.Join(citingFiles(fs), "\n"))
			}
		}
		if cpu1, _ := processCPU(); ok {
			b.ReportMetric(float64(cpu1-cpu0)/float64(b.N)/1e6, "cpu-ms/op")
		}
	}
	b.Run("walk", func(b *testing.B) {
		b.Setenv("PATH", "")
		run(b)
	})
	b.Run("git", func(b *testing.B) {
		git, err := exec.LookPath("git")
		if err != nil {
			b.Skip("git not installed")
		}
		if out, err := exec.Command(git, "-C", dir, "init", "-q").CombinedOutput(); err != nil {
			b.Fatalf("git init: %v\n%s", err, out)
		}
		run(b)
	})
}
