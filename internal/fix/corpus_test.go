package fix

import (
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"testing"

	"github.com/wirelint/wirelint/reduce"
	"github.com/wirelint/wirelint/runner"
)

// corpusSpecs are the large real specs of the shared corpus the round trip
// runs on, relative to it (see bench/README.md for their sources).
var corpusSpecs = []string{
	"perf/github/api.github.com.json",
	"perf/stripe/spec3.json",
	"perf/twilio/twilio_api_v2010.json",
	"perf/adyen/ManagementService-v3.json",
	"perf/discord/openapi.json",
}

// TestCorpusRoundTrip seeds eight mutations into each large real spec of the
// corpus (a keyword removed, changed or added inside its component schemas),
// runs parity of the original against the mutated copy, mends the mutated
// copy with Plan and Apply, and requires parity to find the two equal after,
// with every changed line of the mended copy at a mutated place. 40
// mutations over five specs; it skips without the corpus or with -short.
func TestCorpusRoundTrip(t *testing.T) {
	if testing.Short() {
		t.Skip("reads the corpus's large specs")
	}
	dir := os.Getenv("WIRELINT_CORPUS")
	if dir == "" {
		dir = filepath.Join("..", "..", "..", "shared", "corpus")
	}
	for _, rel := range corpusSpecs {
		t.Run(filepath.Base(rel), func(t *testing.T) {
			original, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(rel)))
			if err != nil {
				t.Skipf("corpus file %s not present (bench/README.md, \"Where the corpus comes from\"; set WIRELINT_CORPUS)", rel)
			}
			roundTrip(t, original, int64(len(rel)), 8)
		})
	}
}

// roundTrip mutates n places of original, mends them, and checks the mend.
func roundTrip(t *testing.T, original []byte, seed int64, n int) {
	tmp := t.TempDir()
	src, err := newSource("mirror.json", original)
	if err != nil {
		t.Fatal(err)
	}
	edits, objects, sites := mutations(t, src, seed, n)
	mutated, err := Apply(original, edits)
	if err != nil {
		t.Fatal(err)
	}
	write := func(name string, data []byte) {
		if err := os.WriteFile(filepath.Join(tmp, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("canonical.json", original)
	write("mirror.json", original)
	cfg := runner.Config{Dir: tmp, Parity: []runner.Parity{{Canonical: "canonical.json", Mirror: "mirror.json"}}}
	res, err := runner.Run(cfg)
	if err != nil {
		t.Fatal(err)
	}
	// What the spec says of itself (a 3.1 spec's nullable, say) is there
	// before any mutation: only findings beyond those count.
	baseline := map[string]bool{}
	for _, f := range res.Findings {
		baseline[f.Fingerprint] = true
	}
	write("mirror.json", mutated)
	res, err = runner.Run(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Findings) == 0 {
		t.Fatalf("parity found none of the %d mutations: %v", n, sites)
	}
	read := func(p string) ([]byte, error) { return os.ReadFile(filepath.Join(tmp, filepath.FromSlash(p))) }
	fixes, skipped := Plan(res.Findings, read, TowardsCanonical)
	for _, s := range skipped {
		t.Errorf("not mended: %s %s: %s", s.Finding.Rule, s.Finding.Message, s.Reason)
	}
	if len(fixes) < n {
		t.Errorf("%d fixes for %d mutations", len(fixes), n)
	}
	var all []Edit
	for _, f := range fixes {
		all = append(all, f.Edits...)
	}
	mended, err := Apply(mutated, all)
	if err != nil {
		t.Fatal(err)
	}
	write("mirror.json", mended)
	res, err = runner.Run(cfg)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range res.Findings {
		if !baseline[f.Fingerprint] {
			t.Errorf("after the mend: %s %s at %s", f.Rule, f.Message, f.Primary())
		}
	}
	// Every fix edits the schema object a mutation edited, and nothing
	// else: in the mutated copy, each fix lies between the first line of a
	// mutated object and two lines past the mutation.
	starts := lineStarts(string(mutated))
	type span struct{ from, to int }
	var spans []span
	delta := 0
	for i, e := range edits {
		objLine := lineOf(starts, objects[i]+delta)
		to := lineOf(starts, e.Start+delta+max(len(e.Text)-1, 0))
		spans = append(spans, span{objLine - 2, to + 2})
		delta += len(e.Text) - (e.End - e.Start)
	}
	for _, e := range all {
		line := lineOf(starts, e.Start)
		ok := false
		for _, sp := range spans {
			ok = ok || line >= sp.from && line <= sp.to
		}
		if !ok {
			t.Errorf("a fix edits line %d, away from every mutated object (%v): %+v", line+1, sites, e)
		}
	}
}

// mutations picks n keywords of distinct schema objects under the
// document's definitions, by seed, and returns the edits that remove,
// change or add one at each (sorted by offset), the offset where each edited
// object starts, and the 1-based lines of the edits.
func mutations(t *testing.T, s *source, seed int64, n int) ([]Edit, []int, []int) {
	type site struct {
		obj       *reduce.Node
		key, val  *reduce.Node
		name      string
		stringish bool
	}
	var sites []site
	var walk func(node *reduce.Node, depth int)
	walk = func(node *reduce.Node, depth int) {
		if node == nil || depth > 40 || node.Kind == reduce.AliasNode {
			return
		}
		if node.Kind == reduce.MappingNode {
			typ := reduce.Value(node, "type")
			for i := 0; i+1 < len(node.Content); i += 2 {
				k, v := node.Content[i], node.Content[i+1]
				if keywords[k.Value] && k.Value != "additionalProperties" && len(node.Content) > 2 && (v.Kind == reduce.ScalarNode || k.Value == "enum" || k.Value == "required") {
					sites = append(sites, site{obj: node, key: k, val: v, name: k.Value, stringish: typ != nil && typ.Value == "string"})
				}
			}
		}
		for _, c := range node.Content {
			walk(c, depth+1)
		}
	}
	for _, container := range []string{"/components/schemas", "/definitions"} {
		walk(reduce.Lookup(s.doc.Root, container), 0)
	}
	if len(sites) < n {
		t.Fatalf("only %d candidate keywords", len(sites))
	}
	rng := rand.New(rand.NewSource(seed))
	rng.Shuffle(len(sites), func(i, j int) { sites[i], sites[j] = sites[j], sites[i] })
	used := map[*reduce.Node]bool{}
	var edits []Edit
	var objects, lines []int
	for _, st := range sites {
		if len(edits) == n {
			break
		}
		if used[st.obj] {
			continue
		}
		var e Edit
		var err error
		m := member{parent: st.obj, key: st.key, value: st.val}
		switch len(edits) % 3 {
		case 0:
			e, err = s.remove(m)
		case 1:
			e, err = s.set(m, changed(st.val))
		default:
			if reduce.Value(st.obj, "maxProperties") != nil {
				continue
			}
			e, err = s.insert(st.obj, "maxProperties", &reduce.Node{Kind: reduce.ScalarNode, Tag: "!!int", Value: "7"})
		}
		if err != nil {
			continue
		}
		used[st.obj] = true
		edits = append(edits, e)
		objects = append(objects, s.nodeStart(st.obj))
		lines = append(lines, lineOf(s.starts, e.Start)+1)
	}
	if len(edits) < n {
		t.Fatalf("made %d of %d mutations", len(edits), n)
	}
	order := make([]int, len(edits))
	for i := range order {
		order[i] = i
	}
	sort.Slice(order, func(a, b int) bool { return edits[order[a]].Start < edits[order[b]].Start })
	sortedEdits, sortedObjects := make([]Edit, len(edits)), make([]int, len(edits))
	for i, o := range order {
		sortedEdits[i], sortedObjects[i] = edits[o], objects[o]
	}
	sort.Ints(lines)
	return sortedEdits, sortedObjects, lines
}

// changed is a value unlike v: a number one larger, a string with a suffix,
// a list without its last element (or with one more), a boolean flipped.
func changed(v *reduce.Node) *reduce.Node {
	switch {
	case v.Kind == reduce.SequenceNode && len(v.Content) > 1:
		return &reduce.Node{Kind: reduce.SequenceNode, Content: v.Content[:len(v.Content)-1]}
	case v.Kind == reduce.SequenceNode:
		return &reduce.Node{Kind: reduce.SequenceNode, Content: append(append([]*reduce.Node(nil), v.Content...), &reduce.Node{Kind: reduce.ScalarNode, Tag: "!!str", Value: "zz-added"})}
	case v.Tag == "!!int":
		n, _ := strconv.ParseInt(v.Value, 10, 64)
		return &reduce.Node{Kind: reduce.ScalarNode, Tag: "!!int", Value: strconv.FormatInt(n+1, 10)}
	case v.Tag == "!!float":
		return &reduce.Node{Kind: reduce.ScalarNode, Tag: "!!float", Value: fmt.Sprint(v.Value, "1")}
	case v.Tag == "!!bool":
		flip := "true"
		if v.Value == "true" {
			flip = "false"
		}
		return &reduce.Node{Kind: reduce.ScalarNode, Tag: "!!bool", Value: flip}
	}
	return &reduce.Node{Kind: reduce.ScalarNode, Tag: "!!str", Value: v.Value + "-changed"}
}
