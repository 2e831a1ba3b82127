package reduce

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// aliasSeeds are documents with aliases where a walk could miss them: in a
// sequence, as a mapping's value and key, deep, last, and none at all.
var aliasSeeds = []string{
	"a: &x 1\nb: *x\n",
	"a: &x [1, 2]\nb: [*x, *x]\n",
	"a: &x {k: v}\n*x : 1\n",
	"a: {b: {c: {d: &x e}}}\nz: [[[[*x]]]]\n",
	"a: 1\nb: 2\nc: &x 3\nd: *x\n",
	"a: 1\nb: [2, 3]\n",
	`{"a": {"b": [1, 2, {"c": null}]}}`,
	"- &x a\n- *x\n",
}

// parsedTree is the tree parseTree checks: quickYAML's or libopenapi's.
func parsedTree(data []byte) *Node {
	format := "yaml"
	if s := strings.TrimSpace(string(data)); s != "" && (s[0] == '{' || s[0] == '[') {
		format = "json"
	}
	if format == "yaml" {
		if top, ok := quickYAML(data); ok {
			return top
		}
	}
	top, err := libopenapiTree(data, "doc", format)
	if err != nil {
		return nil
	}
	return top
}

// The walk that checks keys also tells whether the tree holds an alias,
// exactly as hasAlias does, so the aliases' expansion is counted only when
// there are some: over the seeds above and every YAML and JSON file of the
// repository's testdata.
func TestCheckTreeSeesEveryAlias(t *testing.T) {
	docs := map[string][]byte{}
	for i, s := range aliasSeeds {
		docs["seed "+string(rune('a'+i))] = []byte(s)
	}
	_ = filepath.WalkDir("..", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() && (d.Name() == ".git" || d.Name() == "node_modules") {
			return filepath.SkipDir
		}
		if ext := filepath.Ext(p); !d.IsDir() && (ext == ".yaml" || ext == ".yml" || ext == ".json") && strings.Contains(p, "testdata") {
			if data, err := os.ReadFile(p); err == nil && len(data) < 1<<20 {
				docs[p] = data
			}
		}
		return nil
	})
	if len(docs) < 100 {
		t.Fatalf("only %d documents found", len(docs))
	}
	withAlias := 0
	for name, data := range docs {
		top := parsedTree(data)
		if top == nil {
			continue
		}
		alias, err := checkTree(name, top, 0, 0)
		if err != nil {
			continue // the walk stopped early; parseTree asks hasAlias then
		}
		if want := hasAlias(top); alias != want {
			t.Errorf("%s: checkTree saw an alias: %v, hasAlias: %v", name, alias, want)
		}
		if alias {
			withAlias++
		}
	}
	if withAlias < len(aliasSeeds)-3 {
		t.Errorf("only %d documents with aliases checked", withAlias)
	}
}

// An alias bomb is reported before a duplicate key written ahead of it,
// as when the expansion was counted first.
func TestAliasBombBeforeDuplicateKey(t *testing.T) {
	bomb := "a: &a [x, x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\ne: [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]\n"
	_, err := parseTree([]byte("k: 1\nk: 2\n"+bomb), "bomb.yaml", treeBudgets{nodes: 5000})
	if err == nil || !strings.Contains(err.Error(), "nodes") {
		t.Fatalf("got %v, want the alias expansion over the nodes budget", err)
	}
}

func FuzzCheckTreeAlias(f *testing.F) {
	for _, s := range aliasSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 4096 {
			return
		}
		top := parsedTree(data)
		if top == nil {
			return
		}
		if alias, err := checkTree("fuzz", top, 0, 0); err == nil && alias != hasAlias(top) {
			t.Fatalf("checkTree saw an alias: %v, hasAlias: %v", alias, !alias)
		}
	})
}
