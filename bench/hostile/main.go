// Command hostile writes the hostile inputs of bench/budgets.sh into a folder:
// one sub-folder per budget class, each shaped as a pull request that tries to
// make wirelint run long or use much memory. Nothing it writes is committed.
//
//	go -C bench run ./hostile DIR [CLASS...]
//
// Classes (all when none is named):
//
//	redos     200 fixture payloads against ^(a+)+$, in a pair whose mirror says ^a+$
//	refgraph  250 files whose definition D is an allOf of refs to the next two files
//	defs      10^6 definitions in one 40 MB document
//	enum      one enum of 10^7 elements
//	describe  one description of 50 MB
//	docs      50,000 Markdown files holding 150,000 links
//	unfetched 20,000 $refs to https URLs no file declares, among 1,000 folders
//	typos     5,000 $refs each a transposition away from a definition's name
//	declared  2,000 schema files of 50 KB, each with an $id and $refs to an https URL none declares
//
// and, to show that what the budgets let through is answered in time too,
// the same shapes just under the default budgets:
//
//	nodes-edge     99,000 definitions (594,000 nodes, 15 MB) in each document
//	nodes-over     250,000 definitions (1.5 million nodes, 9 MB): past the node budget
//	enum-edge      an enum of 100,000 members
//	describe-edge  a description of 30 MB
//	docs-edge      9,900 Markdown files holding 29,700 links, 19,800 of them broken
//
// and the YAML forms of the reading budgets, which the pre-scan in reduce
// refuses before the YAML parser builds a tree:
//
//	yaml-nodes     250,000 definitions (1.5 million nodes, 9 MB) in block YAML
//	yaml-enum      a block-sequence enum of 3,000,000 members (18 MB)
//	yaml-flow      a flow-sequence enum of 10^7 members (20 MB)
//	yaml-edge      99,000 definitions (about 594,000 nodes) in block YAML: just under the node budget
package main

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

var classes = map[string]func(dir string) error{
	"redos":     redos,
	"refgraph":  refgraph,
	"defs":      defs,
	"enum":      enum,
	"describe":  describe,
	"docs":      docs,
	"unfetched": unfetched,
	"typos":     typos,
	"declared":  declared,

	"nodes-edge":    func(dir string) error { return manyDefs(dir, 99_000, "D%07d") },
	"nodes-over":    func(dir string) error { return manyDefs(dir, 250_000, "%x") },
	"enum-edge":     func(dir string) error { return enumOf(dir, 100_000) },
	"describe-edge": func(dir string) error { return describeOf(dir, 30<<20) },
	"docs-edge":     func(dir string) error { return docsOf(dir, 9_900) },

	"yaml-nodes": func(dir string) error { return yamlNodes(dir, 250_000) },
	"yaml-edge":  func(dir string) error { return yamlNodes(dir, 99_000) },
	"yaml-enum":  func(dir string) error { return yamlEnum(dir, 3_000_000, false) },
	"yaml-flow":  func(dir string) error { return yamlEnum(dir, 10_000_000, true) },
}

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: hostile DIR [redos|refgraph|defs|enum|describe|docs]...")
		os.Exit(2)
	}
	names := os.Args[2:]
	if len(names) == 0 {
		names = []string{"redos", "refgraph", "defs", "enum", "describe", "docs", "unfetched", "typos", "declared", "nodes-edge", "nodes-over", "enum-edge", "describe-edge", "docs-edge", "yaml-nodes", "yaml-enum", "yaml-flow", "yaml-edge"}
	}
	for _, n := range names {
		gen, ok := classes[n]
		if !ok {
			fmt.Fprintf(os.Stderr, "hostile: unknown class %q\n", n)
			os.Exit(2)
		}
		dir := filepath.Join(os.Args[1], n)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			fail(err)
		}
		if err := gen(dir); err != nil {
			fail(fmt.Errorf("%s: %w", n, err))
		}
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "hostile:", err)
	os.Exit(2)
}

func write(path, text string) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, []byte(text), 0o644)
}

// writeWith streams a large file through fill.
func writeWith(path string, fill func(w *bufio.Writer)) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriterSize(f, 1<<20)
	fill(w)
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

const config = "version: 1\nparity:\n  - canonical: canonical.json\n    mirror: mirror.json\nfixtures:\n  - folders: [fixtures]\n    schema: canonical.json\n"

// redos: the canonical pattern backtracks exponentially on "aaa…a!"; the
// mirror's ^a+$ means the same, so every verdict can be exact.
func redos(dir string) error {
	doc := func(p string) string {
		return `{"$schema": "https://json-schema.org/draft/2020-12/schema", "$defs": {"A": {"type": "string", "pattern": "` + p + `"}}}` + "\n"
	}
	if err := write(filepath.Join(dir, "canonical.json"), doc(`^(a+)+$`)); err != nil {
		return err
	}
	if err := write(filepath.Join(dir, "mirror.json"), doc(`^(a+)+b?$`)); err != nil {
		return err
	}
	if err := write(filepath.Join(dir, ".wirelint.yaml"), config); err != nil {
		return err
	}
	for i := 0; i < 200; i++ {
		a := strings.Repeat("a", 20+i%20)
		path := filepath.Join(dir, "fixtures", "A", fmt.Sprintf("p%03d.json", i))
		if i%2 == 1 {
			path = filepath.Join(dir, "fixtures", "A", "negative", fmt.Sprintf("p%03d.json", i))
			a += "!"
		}
		if err := write(path, `"`+a+`"`+"\n"); err != nil {
			return err
		}
	}
	return nil
}

// refgraph: D in file i is allOf [file i+1's D, file i+2's D], so expanding
// it naively visits a Fibonacci number of schemas.
func refgraph(dir string) error {
	const n = 250
	for _, side := range []string{"canonical", "mirror"} {
		for i := 0; i < n; i++ {
			var body string
			if i+2 < n {
				body = fmt.Sprintf(`{"allOf": [{"$ref": "g%03d.json#/$defs/D"}, {"$ref": "g%03d.json#/$defs/D"}]}`, i+1, i+2)
			} else {
				body = `{"type": "object", "properties": {"x": {"type": "string", "maxLength": 8}}}`
				if side == "mirror" {
					body = `{"type": "object", "properties": {"x": {"type": "string", "maxLength": 9}}}`
				}
			}
			text := `{"$schema": "https://json-schema.org/draft/2020-12/schema", "$defs": {"D": ` + body + `}}` + "\n"
			if err := write(filepath.Join(dir, side, fmt.Sprintf("g%03d.json", i)), text); err != nil {
				return err
			}
		}
	}
	cfg := "version: 1\nparity:\n  - canonical: canonical/g000.json\n    mirror: mirror/g000.json\nfixtures:\n  - folders: [fixtures]\n    schema: canonical/g000.json\n"
	if err := write(filepath.Join(dir, ".wirelint.yaml"), cfg); err != nil {
		return err
	}
	return write(filepath.Join(dir, "fixtures", "D", "ok.json"), `{"x": "abc"}`+"\n")
}

// unfetched: a schema at the project's root with 20,000 $refs to 500 https
// URLs no file declares, among 1,000 folders: each failing reference is
// searched for in the folders around it (until session 40, every folder
// again for every reference: 28 s for 3,000 of them among 230 folders).
func unfetched(dir string) error {
	for i := range 1000 {
		if err := os.MkdirAll(filepath.Join(dir, fmt.Sprintf("f%04d", i), "sub"), 0o755); err != nil {
			return err
		}
	}
	return writeWith(filepath.Join(dir, "schema.json"), func(w *bufio.Writer) {
		w.WriteString(`{"$schema": "https://json-schema.org/draft/2020-12/schema", "$defs": {`)
		for i := range 20_000 {
			if i > 0 {
				w.WriteString(",")
			}
			fmt.Fprintf(w, `"D%05d": {"$ref": "https://example.com/schemas/s%03d.json#/$defs/a"}`, i, i%500)
		}
		w.WriteString("}}\n")
	})
}

// typos: 5,000 $refs each one transposition away from one of 5,000
// definitions (Definitoin00042 for Definition00042): every broken reference
// gets a suggestion, looked for among all the keys (until session 40, a
// full edit distance to each: 10 s for 3,000 of them).
func typos(dir string) error {
	return writeWith(filepath.Join(dir, "schema.json"), func(w *bufio.Writer) {
		w.WriteString(`{"$schema": "https://json-schema.org/draft/2020-12/schema", "$defs": {`)
		for i := range 5_000 {
			if i > 0 {
				w.WriteString(",")
			}
			fmt.Fprintf(w, `"Definition%05d": {"$ref": "#/$defs/Definitoin%05d"}`, i, i)
		}
		w.WriteString("}}\n")
	})
}

// declared: 2,000 schema files of about 50 KB in 200 folders, each
// declaring an $id and referring 400 times to an https URL that no file
// declares, as Azure's resource manager schemas refer to common/definitions.json;
// budgets.sh checks 40 of them, each in its own group. Until session 40 the
// search for files declaring the URL parsed all 2,000 in every group (13 of
// Azure's files: 138 s and 4.5 GB).
func declared(dir string) error {
	for i := range 2000 {
		path := filepath.Join(dir, fmt.Sprintf("v%03d", i%200), fmt.Sprintf("s%04d.json", i))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		err := writeWith(path, func(w *bufio.Writer) {
			fmt.Fprintf(w, `{"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": "https://example.com/schemas/s%04d.json", "$defs": {`, i)
			for j := range 400 {
				if j > 0 {
					w.WriteString(",")
				}
				fmt.Fprintf(w, `"D%03d": {"description": "field %d", "$ref": "https://example.com/schemas/common.json#/definitions/expression"}`, j, j)
			}
			w.WriteString("}}\n")
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// defs: 10^6 definitions, about 40 bytes each.
func defs(dir string) error { return manyDefs(dir, 1_000_000, "D%07d") }

// manyDefs writes n definitions named by the format name.
func manyDefs(dir string, n int, name string) error {
	for _, side := range []string{"canonical", "mirror"} {
		err := writeWith(filepath.Join(dir, side+".json"), func(w *bufio.Writer) {
			w.WriteString(`{"$schema": "https://json-schema.org/draft/2020-12/schema", "$defs": {`)
			for i := 0; i < n; i++ {
				if i > 0 {
					w.WriteString(",\n")
				}
				fmt.Fprintf(w, `"`+name+`": {"type": "string", "maxLength": 8}`, i)
			}
			w.WriteString("}}\n")
		})
		if err != nil {
			return err
		}
	}
	return write(filepath.Join(dir, ".wirelint.yaml"), "version: 1\nparity:\n  - canonical: canonical.json\n    mirror: mirror.json\n")
}

// enum: one definition whose enum has 10^7 elements.
func enum(dir string) error { return enumOf(dir, 10_000_000) }

// enumOf writes one definition whose enum has n elements.
func enumOf(dir string, n int) error {
	for _, side := range []string{"canonical", "mirror"} {
		err := writeWith(filepath.Join(dir, side+".json"), func(w *bufio.Writer) {
			w.WriteString(`{"$schema": "https://json-schema.org/draft/2020-12/schema", "$defs": {"E": {"enum": [`)
			for i := 0; i < n; i++ {
				if i > 0 {
					w.WriteByte(',')
				}
				fmt.Fprintf(w, "%d", i%10)
			}
			w.WriteString("]}}}\n")
		})
		if err != nil {
			return err
		}
	}
	return write(filepath.Join(dir, ".wirelint.yaml"), "version: 1\nparity:\n  - canonical: canonical.json\n    mirror: mirror.json\n")
}

// describe: one definition whose description is 50 MB of prose; the mirror's
// differs in its last word.
func describe(dir string) error { return describeOf(dir, 50<<20) }

// describeOf writes a description of size bytes.
func describeOf(dir string, size int) error {
	for _, side := range []string{"canonical", "mirror"} {
		err := writeWith(filepath.Join(dir, side+".json"), func(w *bufio.Writer) {
			w.WriteString(`{"$schema": "https://json-schema.org/draft/2020-12/schema", "$defs": {"T": {"type": "string", "description": "`)
			const words = "the frame id names one frame of the wire contract "
			for i := 0; i < size/len(words); i++ {
				w.WriteString(words)
			}
			w.WriteString(side)
			w.WriteString("\"}}}\n")
		})
		if err != nil {
			return err
		}
	}
	return write(filepath.Join(dir, ".wirelint.yaml"), "version: 1\nparity:\n  - canonical: canonical.json\n    mirror: mirror.json\n")
}

// docs: 50,000 Markdown files in 500 folders, three links each: to a
// sibling, to a heading of the next file, and to one that is missing.
func docs(dir string) error { return docsOf(dir, 50_000) }

// docsOf writes files Markdown files, three links each.
func docsOf(dir string, files int) error {
	const perDir = 100
	for i := 0; i < files; i++ {
		d := fmt.Sprintf("d%03d", i/perDir)
		next := fmt.Sprintf("../d%03d/f%05d.md", (i+1)%files/perDir, (i+1)%files)
		text := fmt.Sprintf("# File %d\n\nSee [the next](%s#file-%d), [the index](../README.md) and [a gap](missing-%d.md).\n", i, next, (i+1)%files, i)
		if err := write(filepath.Join(dir, "docs", d, fmt.Sprintf("f%05d.md", i)), text); err != nil {
			return err
		}
	}
	return write(filepath.Join(dir, "docs", "README.md"), "# Index\n")
}

const yamlConfig = "version: 1\nparity:\n  - canonical: canonical.yaml\n    mirror: mirror.yaml\n"

// yamlNodes: n definitions of six nodes each in block YAML.
func yamlNodes(dir string, n int) error {
	for _, side := range []string{"canonical", "mirror"} {
		err := writeWith(filepath.Join(dir, side+".yaml"), func(w *bufio.Writer) {
			w.WriteString("$schema: https://json-schema.org/draft/2020-12/schema\n$defs:\n")
			for i := 0; i < n; i++ {
				fmt.Fprintf(w, "  %x:\n    type: string\n    maxLength: 8\n", i)
			}
		})
		if err != nil {
			return err
		}
	}
	return write(filepath.Join(dir, ".wirelint.yaml"), yamlConfig)
}

// yamlEnum: one definition whose enum has n members, as a block sequence
// or, with flow, a flow sequence.
func yamlEnum(dir string, n int, flow bool) error {
	for _, side := range []string{"canonical", "mirror"} {
		err := writeWith(filepath.Join(dir, side+".yaml"), func(w *bufio.Writer) {
			w.WriteString("$schema: https://json-schema.org/draft/2020-12/schema\n$defs:\n  E:\n    enum:")
			if flow {
				w.WriteString(" [")
			} else {
				w.WriteString("\n")
			}
			for i := 0; i < n; i++ {
				switch {
				case flow && i > 0:
					fmt.Fprintf(w, ",%d", i%10)
				case flow:
					fmt.Fprintf(w, "%d", i%10)
				default:
					fmt.Fprintf(w, "    - %d\n", i%10)
				}
			}
			if flow {
				w.WriteString("]\n")
			}
		})
		if err != nil {
			return err
		}
	}
	return write(filepath.Join(dir, ".wirelint.yaml"), yamlConfig)
}
