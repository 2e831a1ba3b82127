package reduce

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/pb33f/go-yaml"
)

// treeCounts counts a parsed tree as checkTree does: every node but aliases,
// and the members of the longest enum.
func treeCounts(top *Node) (nodes, enum int) {
	stack := []*Node{top}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		nodes++
		if n.Kind == yaml.MappingNode {
			for i := 0; i+1 < len(n.Content); i += 2 {
				if v := n.Content[i+1]; n.Content[i].Value == "enum" && v.Kind == yaml.SequenceNode {
					enum = max(enum, len(v.Content))
				}
			}
		}
		for _, c := range n.Content {
			if c.Kind != yaml.AliasNode {
				stack = append(stack, c)
			}
		}
	}
	return nodes, enum
}

// yamlLowerBound runs the pre-scan without budgets and returns its count.
func yamlLowerBound(data []byte) int {
	y := yamlCounter{data: data, maxDepth: MaxDepth, tooMany: -1, bigEnum: -1, enumKey: -1}
	y.scan()
	return y.nodes
}

// checkLowerBound fails when the pre-scan of text counts more nodes than its
// tree holds, or refuses it at budgets of exactly the tree's counts.
func checkLowerBound(t *testing.T, name string, text []byte) (scanned, exact int, ok bool) {
	t.Helper()
	doc, err := parseTree(text, name, treeBudgets{nodes: 1 << 40, enum: 1 << 40})
	if err != nil {
		return 0, 0, false // not YAML the tree would accept: nothing to hold the scan to
	}
	exact, enum := treeCounts(doc.Root)
	scanned = yamlLowerBound(text)
	if scanned > exact {
		t.Errorf("%s: the pre-scan counts %d nodes, the tree holds %d", name, scanned, exact)
	}
	if r := scanYAMLBudgets(text, jsonBudgets{depth: MaxDepth, nodes: exact, enum: max(enum, 1)}); r.tooMany >= 0 || r.bigEnum >= 0 {
		t.Errorf("%s: the pre-scan refuses it at budgets of exactly its %d nodes and %d enum members: %+v", name, exact, enum, r)
	}
	if _, err := parseTree(text, name, treeBudgets{nodes: exact, enum: max(enum, 1)}); err != nil && !hasAlias(doc.Root) {
		t.Errorf("%s: refused at budgets of exactly its counts: %v", name, err)
	}
	return scanned, exact, true
}

// TestYAMLPreScanLowerBound: the YAML pre-scan never counts a node the tree
// does not hold, over the constructs whose lines look like structure and
// are not (block scalars, multi-line plain and quoted scalars, comments,
// flow collections across lines, aliases, anchors and tags), and is exact
// on plain block and flow structure.
func TestYAMLPreScanLowerBound(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		exact      bool // the scan counts every node
	}{
		{"block", "type: object\nproperties:\n  e:\n    enum: [a, b, c, d]\n  f:\n    type: string\n", true},
		{"sequence of mappings", "a:\n  - name: id\n    in: path\n  - name: q\n    in: query\n", true},
		{"indentless", "a:\n- x\n- y\nb: 1\n", true},
		{"nested dashes", "- - a\n  - b\n- c\n", true},
		{"null values", "a:\nb:\nc: 1\n", true},
		{"flow across lines", "a: {x: 1,\n  y: [1, 2,\n   3]}\nb: [ ]\n", true},
		{"json in yaml", "{\"a\": {\"enum\": [1, 2]}, \"b\": [true, null]}\n", true},
		{"literal", "a: |\n  - not: an item\n  x: y\nb: >-\n  - folded\n", false},
		{"literal item", "- |\n  k: v\n  - i\n- x\n", false},
		{"plain continuation", "a: some text\n  - that goes on\n  #and on\nb: 1\n", false},
		{"plain after key", "a:\n  some text\n  - more\nb: 1\n", false},
		{"quoted across lines", "a: \"x\n  - y: z\n  \\\" - w\"\nb: 'it''s\n  - q: r'\n", false},
		{"quoted keys", "\"a: b\": 1\n'c # d': 2\n", true},
		{"comments", "# - a: b\na: 1 # - c: d\n  # e: f\n", true},
		{"aliases", "a: &x {p: 1}\nb: *x\nc:\n  - *x\n  - &y 2\nd:\n  *x\n<<: *x\n", true},
		{"tags", "a: !!str 1\nb: !custom\n  c: 1\n", true},
		{"flow quotes", "a: [x 'y, 'z, w', v]\nb: {\"k\":1, 'l': 'm, n'}\n", false},
		{"flow comment", "a: [1, # 2, 3\n  4]\n", true},
		{"document marker", "---\n# a comment\na: 1\n...\n", true},
		{"two documents", "a: 1\n---\nb: [1, 2, 3]\n", false},
		{"explicit key", "a: 1\n? b\n: 2\nc: [1, 2]\n", false},
		{"windows", "a: 1\r\nb:\r\n  - x\r\n", true},
		{"urls", "a: http://x.y/z\nb: [http://x, 'y']\n", true},
		{"enum block", "enum:\n  - a\n  - b: 1\n    c: 2\n  - [x, y]\nnext: 1\n", true},
	} {
		scanned, exact, ok := checkLowerBound(t, tc.name+".yaml", []byte(tc.text))
		if !ok {
			t.Errorf("%s: does not parse", tc.name)
			continue
		}
		if tc.exact && scanned != exact {
			t.Errorf("%s: the pre-scan counts %d nodes, want the tree's %d", tc.name, scanned, exact)
		}
	}
}

// TestYAMLPreScanRefuses: a YAML document over the node or enum budget is
// refused by the pre-scan, before any tree, with the message of the tree's
// check: the budget, its flag, its key, the file and the line.
func TestYAMLPreScanRefuses(t *testing.T) {
	var defs, block, flow strings.Builder
	defs.WriteString("$defs:\n")
	for i := range 1000 {
		defs.WriteString("  d" + strings.Repeat("x", i%7) + string(rune('a'+i%26)) + strconv.Itoa(i) + ":\n    type: string\n")
	}
	block.WriteString("$defs:\n  E:\n    enum:\n")
	flow.WriteString("$defs:\n  E:\n    enum: [")
	for i := range 1000 {
		block.WriteString("      - " + strconv.Itoa(i) + "\n")
		if i > 0 {
			flow.WriteString(", ")
		}
		flow.WriteString(strconv.Itoa(i))
	}
	flow.WriteString("]\n")
	for _, tc := range []struct {
		name, text string
		budgets    jsonBudgets
		want       string
		line       int
	}{
		{"defs", defs.String(), jsonBudgets{nodes: 2000}, "more than 2000 nodes: over the nodes-per-document budget (raise it with --max-nodes or limits.max-nodes)", 1001},
		{"block enum", block.String(), jsonBudgets{enum: 500}, "an enum of more than 500 members: over the enum budget (raise it with --max-enum or limits.max-enum)", 504},
		{"flow enum", flow.String(), jsonBudgets{enum: 500}, "an enum of more than 500 members: over the enum budget (raise it with --max-enum or limits.max-enum)", 3},
	} {
		r := scanYAMLBudgets([]byte(tc.text), tc.budgets)
		at := max(r.tooMany, r.bigEnum)
		if at < 0 {
			t.Errorf("%s: the pre-scan let it through", tc.name)
		} else if line, _ := lineCol([]byte(tc.text), at); line != tc.line {
			t.Errorf("%s: the pre-scan stops at line %d, want %d", tc.name, line, tc.line)
		}
		_, err := parseTree([]byte(tc.text), tc.name+".yaml", treeBudgets{nodes: tc.budgets.nodes, enum: tc.budgets.enum})
		var le *LoadError
		if !errors.As(err, &le) || le.Msg != tc.want || le.Line != tc.line || le.File != tc.name+".yaml" {
			t.Errorf("%s: got %v, want %s:%d: %s", tc.name, err, tc.name+".yaml", tc.line, tc.want)
		}
	}
}

// TestYAMLPreScanCorpus: over every .yaml and .yml file of the repository's
// testdata and of the DigitalOcean specification in the corpus
// (WIRELINT_CORPUS, default ../shared/corpus; skipped without it), and the
// corpus's GitHub specification written as block YAML, the
// pre-scan counts no more nodes than the tree holds and refuses nothing at
// budgets of exactly the tree's counts.
func TestYAMLPreScanCorpus(t *testing.T) {
	roots := []string{".."}
	corpus := filepath.Join(corpusDir(), "perf", "digitalocean")
	if _, err := os.Stat(corpus); err == nil {
		roots = append(roots, corpus)
	} else {
		t.Logf("no corpus at %s: the repository's files only", corpus)
	}
	files, scannedTotal, exactTotal := 0, 0, 0
	for _, root := range roots {
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && (d.Name() == ".git" || d.Name() == "node_modules") {
				return filepath.SkipDir
			}
			if ext := strings.ToLower(filepath.Ext(path)); d.IsDir() || ext != ".yaml" && ext != ".yml" {
				return nil
			}
			data, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			if scanned, exact, ok := checkLowerBound(t, path, data); ok {
				files++
				scannedTotal += scanned
				exactTotal += exact
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if data, err := os.ReadFile(filepath.Join(corpusDir(), "perf", "github", "api.github.com.json")); err == nil {
		// the GitHub spec written as block YAML, as BenchmarkYAMLPreScan reads it
		doc, err := parseTree(data, "api.github.com.json", treeBudgets{nodes: 1 << 30})
		if err != nil {
			t.Fatal(err)
		}
		blockStyle(doc.Root)
		text, err := yaml.Marshal(doc.Root)
		if err != nil {
			t.Fatal(err)
		}
		scanned, exact, ok := checkLowerBound(t, "api.github.com.yaml", text)
		if !ok || scanned != exact {
			t.Errorf("api.github.com.yaml: the pre-scan counts %d nodes, the tree holds %d (parsed: %v)", scanned, exact, ok)
		}
	}
	if files == 0 {
		t.Fatal("no YAML file read")
	}
	t.Logf("%d YAML files: the pre-scan counted %d of %d nodes (%.1f%%)", files, scannedTotal, exactTotal, 100*float64(scannedTotal)/float64(exactTotal))
}

// FuzzYAMLPreScan: for any UTF-8 text the YAML parser reads into a tree, the
// pre-scan counts no more nodes than the tree holds and refuses nothing at
// budgets of exactly the tree's counts; no input makes it panic.
func FuzzYAMLPreScan(f *testing.F) {
	for _, seed := range []string{
		"a:\n  - name: id\n    in: path\n  - x\n",
		"a: |\n  - not: an item\nb: >\n  x\n",
		"a: plain\n  - continued\nb: \"q\n  - r: s\"\n",
		"a: {x: [1, 2], 'y': \"z\"}\nenum: [a, *b, {c: d}]\n",
		"enum:\n- a\n- - b\n-\n  *c\n",
		"- &a [1, 2]\n- *a\n- !t {k}\n",
		"%YAML 1.2\n---\na: 1\n...\n",
		"? a\n: b\n",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		scanYAMLBudgets(data, jsonBudgets{depth: 50, nodes: 3, enum: 1})
		if !utf8.Valid(data) || bytes.IndexByte(data, 0) >= 0 {
			return // parseTree refuses it as binary before the pre-scan
		}
		var root yaml.Node
		if err := yaml.Unmarshal(data, &root); err != nil || len(root.Content) == 0 {
			return
		}
		if n := yamlLowerBound(data); n > 0 {
			exact, enum := treeCounts(root.Content[0])
			if n > exact {
				t.Fatalf("the pre-scan counts %d nodes, the tree holds %d", n, exact)
			}
			if r := scanYAMLBudgets(data, jsonBudgets{depth: MaxDepth, nodes: exact, enum: max(enum, 1)}); r.tooMany >= 0 || r.bigEnum >= 0 {
				t.Fatalf("the pre-scan refuses it at budgets of exactly its %d nodes and %d enum members: %+v", exact, enum, r)
			}
		}
	})
}
