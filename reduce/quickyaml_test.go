package reduce

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// treeDiff describes the first difference between the trees a and b (kind,
// style, tag, value, anchor, alias, comments, line, column, children), or ""
// when they are the same.
func treeDiff(a, b *Node, at string) string {
	switch {
	case a == nil || b == nil:
		if a != b {
			return fmt.Sprintf("%s: one tree has no node", at)
		}
		return ""
	case a.Kind != b.Kind, a.Style != b.Style, a.Tag != b.Tag, a.Value != b.Value, a.Anchor != b.Anchor,
		(a.Alias == nil) != (b.Alias == nil), a.HeadComment != b.HeadComment, a.LineComment != b.LineComment,
		a.FootComment != b.FootComment, a.Line != b.Line, a.Column != b.Column, len(a.Content) != len(b.Content):
		return fmt.Sprintf("%s:\n quick  kind %d style %d tag %s value %q at %d:%d, %d children\n go-yaml kind %d style %d tag %s value %q at %d:%d, %d children (comments %q %q %q)",
			at, a.Kind, a.Style, a.Tag, a.Value, a.Line, a.Column, len(a.Content),
			b.Kind, b.Style, b.Tag, b.Value, b.Line, b.Column, len(b.Content), b.HeadComment, b.LineComment, b.FootComment)
	}
	for i := range a.Content {
		if d := treeDiff(a.Content[i], b.Content[i], fmt.Sprintf("%s/%d", at, i)); d != "" {
			return d
		}
	}
	return ""
}

// quickAgrees checks that what quickYAML reads of data, go-yaml (through
// libopenapi, as parseTree calls it) reads alike, and reports whether
// quickYAML read it.
func quickAgrees(t *testing.T, name string, data []byte) bool {
	t.Helper()
	quick, ok := quickYAML(data)
	if !ok {
		return false
	}
	slow, err := libopenapiTree(data, name, "yaml")
	if err != nil {
		t.Fatalf("%s: quickYAML read what go-yaml refuses (%v):\n%s", name, err, data)
	}
	if d := treeDiff(quick, slow, ""); d != "" {
		t.Fatalf("%s: quickYAML and go-yaml differ at %s\ninput:\n%s", name, d, data)
	}
	return true
}

// quickCases are documents quickYAML reads (true) or leaves to go-yaml
// (false); either way what it reads must be what go-yaml reads.
var quickCases = []struct {
	yaml  string
	quick bool
}{
	{"a: 1\nb: x\n", true},
	{"a:\nb: 1\n", true},
	{"\n\na: x   \n\n", true},
	{"a:\n- x\n-\n- y\nb:\n  - 1\n  -   2\n", true},
	{"- a: 1\n  b: 2\n-\n- x\n- 'q'\n", true},
	{"a:\n  b:\n    c: d\n  e: f\ng: h", true},
	{"a: |\n  x\n  y\n\nb: >-\n  p\n  q\n\n  r\nc: |+\n  k\n\n\nd: >\n  m\n    n\n  o\n\n", true},
	{"a: |-\n  x\n     \n  y\n", true},
	{"a: >\n\n  x\n   y\n  z\n", true},
	{"- |\n  x\n- >-\n  y\n", true},
	{"a: [x, 'y', \"z\", 1, [], {}]\nb: {}\nc: {k: v, 'q': [1]}\n", true},
	{"a: 2001-01-01\nb: 0x1F\nc: 1_0\nd: .5\ne: yes\nf: ~\ng: -0\nh: +.inf\ni: 1e3\nj: 08\nk: true\n", true},
	{"a: 'it''s'\nb: \"q\\\"\\\\\\n\\t\\u00e9\"\n\"k\": v\n'l': w\n", true},
	{"a: \"\\/\"\n", false},
	{"é: ü\nx: é b: c\n", false},
	{"é: ü\nnaïve: ça va\n", true},
	{"a: http://x/y#z\nb: a:b\nc: -1\nd: -x\n", true},
	{"$ref: '#/components/schemas/A'\n", true},
	{"a: x # c\n", false},
	{"# c\na: x\n", false},
	{"a: &x 1\nb: *x\n", false},
	{"a: !!str 1\n", false},
	{"---\na: 1\n", false},
	{"a: b\n  c\n", true},
	{"a: 'b\n  c'\n", true},
	{"a: b  \n\n   c [d] - e\n\n\n  f\ng: h\n", true},
	{"a:\n  text\n  more\nb:\n  'q\n\n   r  '\n", true},
	{"- foo\n  bar\n- \"x\\ty \n  z\"\n- a: b\n   c\n", true},
	{"a: foo\n  - bar\n", true},
	{"a: 'b\nc'\n", false},
	{"a: b\n  # c\n", false},
	{"a: b\n  c: d\n", false},
	{"- a: b\n  c\n", false},
	{"a: \"b\\\n  c\"\n", false},
	{"a: [b,\n  c]\n", false},
	{"a: |2\n   x\n", false},
	{"a:\tb\n", false},
	{"a: b\r\n", false},
	{"? a\n: b\n", false},
	{"a: b: c\n", false},
	{"- - a\n  - b\n- - - c\n    -\n  - d: e\n    f: g\n", true},
	{"a:\n- - a\n  - b\n", true},
	{"<<: {a: 1}\n", false},
	{"a: [b, ]\n", false},
	{"a: \"\\x41\"\n", false},
	{"a: |\nb: 1\n", false},
	{"x\n", false},
}

// TestQuickYAMLCases pins what quickYAML reads and what it leaves to
// go-yaml, and that what it reads agrees with go-yaml node for node.
func TestQuickYAMLCases(t *testing.T) {
	for _, c := range quickCases {
		if got := quickAgrees(t, "case.yaml", []byte(c.yaml)); got != c.quick {
			t.Errorf("quickYAML read %q: %v, want %v", c.yaml, got, c.quick)
		}
	}
}

// TestQuickYAMLCorpus reads every YAML file of the repository's testdata,
// and of the folder WIRELINT_QUICKYAML_CORPUS names when set (a real tree,
// such as DigitalOcean's: bench/compat-corpus.md), with quickYAML and
// go-yaml: the trees must agree wherever quickYAML reads a file.
func TestQuickYAMLCorpus(t *testing.T) {
	roots := []string{".."}
	if dir := os.Getenv("WIRELINT_QUICKYAML_CORPUS"); dir != "" {
		roots = append(roots, dir)
	}
	read, all := 0, 0
	for _, root := range roots {
		err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && (d.Name() == ".git" || d.Name() == "node_modules") {
				return filepath.SkipDir
			}
			ext := strings.ToLower(filepath.Ext(p))
			if d.IsDir() || ext != ".yaml" && ext != ".yml" || root == ".." && !strings.Contains(filepath.ToSlash(p), "/testdata/") {
				return nil
			}
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			all++
			if quickAgrees(t, p, data) {
				read++
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("quickYAML read %d of %d YAML files", read, all)
}

// FuzzQuickYAML holds quickYAML to go-yaml: whatever it reads, go-yaml
// reads alike, node for node.
func FuzzQuickYAML(f *testing.F) {
	for _, c := range quickCases {
		f.Add([]byte(c.yaml))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		quickAgrees(t, "fuzz.yaml", data)
	})
}

// BenchmarkQuickYAML reads the GitHub spec from the corpus written out as
// block YAML (as BenchmarkYAMLPreScan does; it skips without the corpus)
// with quickYAML and with go-yaml through libopenapi, the parse it stands in
// for; it fails when quickYAML gives the text up.
func BenchmarkQuickYAML(b *testing.B) {
	text := githubBlockYAML(b)
	b.Run("quick", func(b *testing.B) {
		b.SetBytes(int64(len(text)))
		for b.Loop() {
			if _, ok := quickYAML(text); !ok {
				b.Fatal("quickYAML gave the text up")
			}
		}
	})
	b.Run("go-yaml", func(b *testing.B) {
		b.SetBytes(int64(len(text)))
		for b.Loop() {
			if _, err := libopenapiTree(text, "api.github.com.yaml", "yaml"); err != nil {
				b.Fatal(err)
			}
		}
	})
}
