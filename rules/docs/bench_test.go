package docs

import (
	"fmt"
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
	writeTree(b, dir, files)
}

// BenchmarkCheck measures Check over the 5,000 source + 500 Markdown file
// tree, listed by walking (no git) and through git ls-files. The issue's
// budget is under a second per run on this machine. cpu-ms/op is the CPU
// time (all threads) per run: on a shared, loaded machine it shows the work
// done when wall time mostly shows the wait.
//
//	go test -run '^$' -bench Check ./rules/docs/
func BenchmarkCheck(b *testing.B) {
	dir := b.TempDir()
	benchTree(b, dir)
	run := func(b *testing.B) {
		cpu0, ok := processCPU()
		for b.Loop() {
			fs, err := Check(dir, Options{})
			if err != nil {
				b.Fatal(err)
			}
			if len(fs) != 110 { // 10 stale anchors + 100 moved-file refs
				b.Fatalf("got %d findings, want 110", len(fs))
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
