package runner

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/wirelint/wirelint/reduce"
	"github.com/wirelint/wirelint/report"
	"github.com/wirelint/wirelint/rules/parity"
)

// corpusDir is the shared corpus: $WIRELINT_CORPUS, else ../shared/corpus
// beside the repository.
func corpusDir() string {
	if d := os.Getenv("WIRELINT_CORPUS"); d != "" {
		return d
	}
	return filepath.Join("..", "..", "shared", "corpus")
}

// TestFindingPointersExist seeds mutations into real specs — on the mirror a
// changed bound, a dropped property, description or union branch, a changed
// enum; on the canonical side a description moved beside a one-branch anyOf
// — and checks that every parity and description finding's pointer names a
// place of the canonical definition: the canonical location itself, or the
// object that lacks the keyword (its parent); a finding reached through a
// $ref the mirror inlines continues its pointer from the $ref and is located
// in the target, so only its location is checked there. The committed Kubernetes spec
// runs always; the shared corpus's GitHub and Stripe specs when present.
func TestFindingPointersExist(t *testing.T) {
	specs := []string{filepath.Join("testdata", "pointers", "kubernetes-golden.v3.json")}
	for _, p := range []string{"perf/github/api.github.com.json", "perf/stripe/spec3.json"} {
		if full := filepath.Join(corpusDir(), filepath.FromSlash(p)); fileExists(full) {
			specs = append(specs, full)
		} else {
			t.Logf("%s absent; set WIRELINT_CORPUS to check it", p)
		}
	}
	for _, spec := range specs {
		t.Run(filepath.Base(spec), func(t *testing.T) {
			for seed := uint64(1); seed <= 3; seed++ {
				checkPointers(t, spec, seed)
			}
		})
	}
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

// checkPointers writes a canonical and a mirror copy of spec with mutations
// chosen by seed, runs the parity family and checks every pointer.
func checkPointers(t *testing.T, spec string, seed uint64) {
	t.Helper()
	data, err := os.ReadFile(spec)
	if err != nil {
		t.Fatal(err)
	}
	var canonical, mirror map[string]any
	if err := json.Unmarshal(data, &canonical); err != nil {
		t.Fatal(err)
	}
	_ = json.Unmarshal(data, &mirror)
	rng := rand.New(rand.NewPCG(seed, 27))
	n := mutate(rng, canonical, mirror)
	dir := t.TempDir()
	write := func(name string, v any) string {
		b, err := json.MarshalIndent(v, "", " ")
		if err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	cp, mp := write("canonical.json", canonical), write("mirror.json", mirror)
	ws := reduce.NewWorkspace(dir)
	cd, err := ws.Load(cp, "canonical.json")
	if err != nil {
		t.Fatal(err)
	}
	md, err := ws.Load(mp, "mirror.json")
	if err != nil {
		t.Fatal(err)
	}
	fs := ParityFamily(NewResolver(ws, nil), cd, md, parity.Options{})
	if len(fs) < n/2 {
		t.Errorf("seed %d: %d mutations but only %d findings", seed, n, len(fs))
	}
	for _, f := range fs {
		if why := pointerProblem(cd, f); why != "" {
			t.Errorf("seed %d: %s %s %s: %s (%s)", seed, f.Rule, f.Definition, f.Pointer, why, f.Message)
		}
	}
}

// pointerProblem says what is wrong with f's pointer, "" when nothing is.
func pointerProblem(cd *reduce.Document, f report.Finding) string {
	if f.Definition == "" || len(f.Locations) == 0 || f.Locations[0].File != cd.Path {
		return ""
	}
	def := cd.Definition(f.Definition)
	if def == nil {
		return ""
	}
	abs := def.Pointer + f.Pointer
	at := f.Locations[0].Pointer
	parent := abs[:max(strings.LastIndexByte(abs, '/'), 0)]
	switch {
	case at != def.Pointer && !strings.HasPrefix(at, def.Pointer+"/"):
		// reached through a $ref the other side inlines: the pointer
		// continues from the $ref into its target
		return ""
	case cd.Lookup(abs) == nil && cd.Lookup(parent) == nil:
		return "neither the place nor its parent exists in the canonical document"
	case at != abs && at != parent && at != abs+"/$ref": // a reference is located at its $ref
		return fmt.Sprintf("the canonical location is %s", at)
	}
	return ""
}

// mutate edits the schemas of the two documents in place and returns how
// many edits it made.
func mutate(rng *rand.Rand, canonical, mirror map[string]any) int {
	cdefs, mdefs := schemasOf(canonical), schemasOf(mirror)
	names := make([]string, 0, len(cdefs))
	for n := range cdefs {
		names = append(names, n)
	}
	sort.Strings(names)
	edits := 0
	for _, name := range names {
		if rng.IntN(3) != 0 {
			continue
		}
		cs, ms := subschemas(cdefs[name]), subschemas(mdefs[name])
		if len(cs) == 0 || len(cs) != len(ms) {
			continue
		}
		i := rng.IntN(len(cs))
		c, m := cs[i], ms[i]
		switch rng.IntN(6) {
		case 0: // a bound changes
			m["maxLength"] = float64(7 + rng.IntN(50))
		case 1: // a property is dropped
			if props, ok := m["properties"].(map[string]any); ok && len(props) > 0 {
				delete(props, sortedKeys(props)[0])
			} else {
				m["minProperties"] = 1.0
			}
		case 2: // a description changes on the mirror
			m["description"] = "changed by the mutation test"
		case 3: // the canonical moves its description beside a one-branch anyOf
			inner := map[string]any{}
			for k, v := range c {
				if k != "description" {
					inner[k] = v
					delete(c, k)
				}
			}
			c["anyOf"] = []any{inner}
			c["description"] = "moved beside a one-branch anyOf"
		case 4: // a union branch is dropped, or a union is added
			dropped := false
			for _, u := range []string{"anyOf", "oneOf", "allOf"} {
				if l, ok := m[u].([]any); ok && len(l) > 1 {
					m[u] = l[1:]
					dropped = true
					break
				}
			}
			if !dropped {
				m["anyOf"] = []any{map[string]any{"type": "string"}, map[string]any{"type": "integer"}}
			}
		default: // an enum changes
			m["enum"] = []any{"a", "b"}
		}
		edits++
	}
	return edits
}

// schemasOf returns the named schemas of an OpenAPI document.
func schemasOf(doc map[string]any) map[string]map[string]any {
	out := map[string]map[string]any{}
	comps, _ := doc["components"].(map[string]any)
	schemas, _ := comps["schemas"].(map[string]any)
	if schemas == nil {
		schemas, _ = doc["definitions"].(map[string]any)
	}
	for k, v := range schemas {
		if m, ok := v.(map[string]any); ok {
			out[k] = m
		}
	}
	return out
}

// subschemas lists s and the schemas under its properties, items and union
// keywords, in a fixed order, skipping $ref holders (their target is
// another definition).
func subschemas(s map[string]any) []map[string]any {
	var out []map[string]any
	var walk func(m map[string]any, depth int)
	walk = func(m map[string]any, depth int) {
		if m == nil || depth > 6 {
			return
		}
		if _, ref := m["$ref"]; ref {
			return
		}
		out = append(out, m)
		if props, ok := m["properties"].(map[string]any); ok {
			for _, k := range sortedKeys(props) {
				sub, _ := props[k].(map[string]any)
				walk(sub, depth+1)
			}
		}
		if items, ok := m["items"].(map[string]any); ok {
			walk(items, depth+1)
		}
		for _, u := range []string{"allOf", "anyOf", "oneOf"} {
			if l, ok := m[u].([]any); ok {
				for _, e := range l {
					sub, _ := e.(map[string]any)
					walk(sub, depth+1)
				}
			}
		}
	}
	walk(s, 0)
	return out
}

func sortedKeys(m map[string]any) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}
