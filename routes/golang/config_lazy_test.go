package golang

import (
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/pb33f/go-yaml"
)

// TestConfigParsedOnNeed pins that a config file is parsed only when its
// text may hold the key looked up: one naming only other keys stays text,
// one naming the key in another case, or holding an escape that could
// spell it, is parsed and read.
func TestConfigParsedOnNeed(t *testing.T) {
	keys := []string{"http", "prefix"}
	for _, tc := range []struct {
		src    string
		parsed bool
		value  string
	}{
		{"ci:\n  image: golang\n", false, ""},
		{"HTTP:\n  Prefix: /api\n", true, "/api"},
		{"http:\n  \"pre\\x66ix\": /esc\n", true, "/esc"},
		{"http:\n  prefix: /é\n", true, "/é"},
	} {
		cf := yamlText("c.yaml", []byte(tc.src), func() ([]byte, error) { return []byte(tc.src), nil })
		may := cf.mayDefine(keys)
		if may != tc.parsed || (cf.yaml != nil) != tc.parsed {
			t.Errorf("%q: mayDefine = %v, parsed = %v; want %v", tc.src, may, cf.yaml != nil, tc.parsed)
			continue
		}
		if d, ok := cf.lookup(keys); ok != (tc.value != "") || d.value != tc.value {
			t.Errorf("%q: lookup = %q, %v; want %q", tc.src, d.value, ok, tc.value)
		}
	}
}

// TestSpecText checks specText against isSpec on generated pairs: the same
// random documents, in JSON and in YAML (comments, document markers, a
// second document naming openapi, the keys nested or at the root), and on
// every YAML and JSON file of the repository's test data and examples
// that parses: the text says spec exactly when the parsed document does.
func TestSpecText(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 24))
	keys := []string{"openapi", "swagger", "server", "info", "x-openapi", "openapis", "paths", "prefix"}
	type kv struct {
		k string
		v any // a string or []kv
	}
	var gen func(depth int) []kv
	gen = func(depth int) []kv {
		var out []kv
		seen := map[string]bool{}
		for range 1 + rng.IntN(4) {
			k := keys[rng.IntN(len(keys))]
			if seen[k] {
				continue
			}
			seen[k] = true
			if depth < 3 && rng.IntN(3) == 0 {
				out = append(out, kv{k, gen(depth + 1)})
			} else {
				out = append(out, kv{k, fmt.Sprintf("v%d", rng.IntN(9))})
			}
		}
		return out
	}
	var asJSON func(m []kv, indent string) string
	asJSON = func(m []kv, indent string) string {
		var parts []string
		for _, e := range m {
			v, ok := e.v.(string)
			if ok {
				v = strconv.Quote(v)
			} else {
				v = asJSON(e.v.([]kv), indent+"  ")
			}
			parts = append(parts, indent+"  "+strconv.Quote(e.k)+": "+v)
		}
		return "{\n" + strings.Join(parts, ",\n") + "\n" + indent + "}"
	}
	var asYAML func(m []kv, indent string) string
	asYAML = func(m []kv, indent string) string {
		var b strings.Builder
		for _, e := range m {
			if v, ok := e.v.(string); ok {
				b.WriteString(indent + e.k + ": " + v + "\n")
				continue
			}
			b.WriteString(indent + e.k + ":\n" + asYAML(e.v.([]kv), indent+"  "))
		}
		return b.String()
	}
	check := func(name string, src []byte) {
		var doc yaml.Node
		if yaml.Unmarshal(src, &doc) != nil || len(doc.Content) == 0 {
			return
		}
		if got, want := specText(src), isSpec(&doc); got != want {
			t.Errorf("%s: specText = %v, isSpec = %v:\n%s", name, got, want, src)
		}
	}
	specs := 0
	for i := range 400 {
		m := gen(0)
		for _, e := range m {
			specs += boolInt(e.k == "openapi" || e.k == "swagger")
		}
		check(fmt.Sprintf("json %d", i), []byte(asJSON(m, "")))
		y := asYAML(m, "")
		switch i % 4 {
		case 1:
			y = "# config\n---\n" + y
		case 2:
			y += "---\nopenapi: 3.1.0\n"
		case 3:
			y = "\ufeff" + y
		}
		check(fmt.Sprintf("yaml %d", i), []byte(y))
	}
	if specs < 50 {
		t.Fatalf("only %d generated documents are specs", specs)
	}
	for _, dir := range []string{"../../testdata", "../../examples", "../testdata"} {
		err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			if ext := filepath.Ext(p); ext == ".yaml" || ext == ".yml" || ext == ".json" {
				src, err := os.ReadFile(p)
				if err != nil {
					return err
				}
				check(p, src)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
