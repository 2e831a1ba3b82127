package main

import (
	"path"
	"sort"
	"strings"

	"github.com/wirelint/wirelint/internal/lazyre"
	"github.com/wirelint/wirelint/reduce"
)

// How init pairs a canonical JSON Schema with the OpenAPI document that
// mirrors it: by the definitions they share, where a name matches up to case
// and separators (key_value_input ~ KeyValueInput, written as a rename), and
// for a schema whose root is the contract (server.json), by the mirror
// definition with the same properties. Documents that look like older copies
// kept beside the current one are never proposed, and a schema another
// schema $refs is checked through that schema, not paired on its own.

// staleFolders are folder names that hold older copies of a contract.
var staleFolders = map[string]bool{
	"compat": true, "old": true, "archive": true, "archived": true, "deprecated": true, "legacy": true,
	"previous": true, "backup": true, "backups": true, "history": true,
}

// versionedName matches a version written into a file name before its
// extension: openapi.v1.3.yaml, api-1.2.0.json, spec_v2.yaml.
var versionedName = lazyre.New(`(?i)[._-]v?\d+(?:\.\d+)+$|[._-]v\d+$`)

// versionFolder matches a folder named by a major version: v1, v2.
var versionFolder = lazyre.New(`^v(\d+)$`)

// staleCopies returns the paths among paths that look like older copies of
// another: under a folder such as compat/ or old/, named with a version
// while a document of the same name without it exists, or under vN/ while a
// folder v(N+k)/ beside it holds a document too.
func staleCopies(paths []string) map[string]bool {
	unversioned := map[string]bool{} // folder/stem of every document without a version
	versions := map[string][]int{}   // parent folder -> the vN folders under it holding documents
	for _, p := range paths {
		dir, stem := path.Split(p)
		if !versionedName().MatchString(stem[:len(stem)-len(path.Ext(stem))]) {
			unversioned[dir+strings.TrimSuffix(stem, path.Ext(stem))] = true
		}
		segs := strings.Split(p, "/")
		for i, s := range segs[:len(segs)-1] {
			if m := versionFolder().FindStringSubmatch(s); m != nil {
				parent := strings.Join(segs[:i], "/")
				versions[parent] = append(versions[parent], atoiSmall(m[1]))
			}
		}
	}
	stale := map[string]bool{}
	for _, p := range paths {
		segs := strings.Split(p, "/")
		for i, s := range segs[:len(segs)-1] {
			if staleFolders[strings.ToLower(s)] {
				stale[p] = true
			}
			if m := versionFolder().FindStringSubmatch(s); m != nil {
				n := atoiSmall(m[1])
				for _, other := range versions[strings.Join(segs[:i], "/")] {
					if other > n {
						stale[p] = true
					}
				}
			}
		}
		dir, file := path.Split(p)
		ext := path.Ext(file)
		stem := file[:len(file)-len(ext)]
		if loc := versionedName().FindStringIndex(stem); loc != nil && unversioned[dir+stem[:loc[0]]] {
			stale[p] = true
		}
	}
	return stale
}

// atoiSmall reads a short run of digits; longer runs count as 0.
func atoiSmall(s string) int {
	if len(s) > 6 {
		return 0
	}
	n := 0
	for _, c := range s {
		n = n*10 + int(c-'0')
	}
	return n
}

// foldName is a definition name up to case and separators, the key init
// matches names by: key_value_input, key-value-input and KeyValueInput fold
// alike.
func foldName(name string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(name) {
		switch r {
		case '_', '-', '.', ' ':
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// nameMatch is how many of canonical's definitions spec holds, and the
// renames needed for those whose names differ only in case or separators.
// A folded name two mirror definitions share is ambiguous and not matched.
//
// One match by a folded name alone is too weak to pair on (a configuration
// schema's duration is not an API's Duration): then shared is 0.
func nameMatch(canonical *schemaFile, spec *reduce.Document) (shared int, renames map[string]string) {
	folded := map[string][]string{}
	for _, def := range spec.Definitions {
		f := foldName(def.Name)
		folded[f] = append(folded[f], def.Name)
	}
	for _, name := range canonical.defs {
		if spec.Definition(name) != nil {
			shared++
			continue
		}
		if names := folded[foldName(name)]; len(names) == 1 {
			shared++
			if renames == nil {
				renames = map[string]string{}
			}
			renames[name] = names[0]
		}
	}
	if shared == 1 && len(renames) == 1 {
		return 0, nil
	}
	return shared, renames
}

// propertyNames lists the names under a schema's properties.
func propertyNames(schema *reduce.Node) []string {
	var names []string
	reduce.Pairs(reduce.Value(schema, "properties"), func(k, _ *reduce.Node) bool {
		names = append(names, k.Value)
		return true
	})
	return names
}

// objectProperties lists the property names an object schema of doc
// declares, its own and those of its allOf parts, following $refs within
// doc (an OpenAPI ServerDetail is often allOf: [$ref: Server, {…}]).
func objectProperties(doc *reduce.Document, schema *reduce.Node, depth int) []string {
	if schema == nil || depth > 8 {
		return nil
	}
	if ref := reduce.Value(schema, "$ref"); ref != nil && strings.HasPrefix(ref.Value, "#/") {
		return objectProperties(doc, doc.Lookup(ref.Value[1:]), depth+1)
	}
	names := propertyNames(schema)
	for _, part := range reduce.Items(reduce.Value(schema, "allOf")) {
		names = append(names, objectProperties(doc, part, depth+1)...)
	}
	return names
}

// rootMatch pairs a schema whose root is the contract (declaring the
// properties want) with the mirror definition holding the same properties:
// at least three shared and at least 80% of the union, the best overlap
// winning. It returns the definition's name and the overlap (0 = none).
func rootMatch(want []string, spec *reduce.Document) (string, float64) {
	if len(want) < 3 {
		return "", 0
	}
	set := map[string]bool{}
	for _, n := range want {
		set[n] = true
	}
	best, bestScore := "", 0.0
	for _, def := range spec.Definitions {
		got := map[string]bool{}
		for _, n := range objectProperties(spec, def.Node, 0) {
			got[n] = true
		}
		common := 0
		for n := range got {
			if set[n] {
				common++
			}
		}
		union := len(want) + len(got) - common
		if common < 3 || union == 0 {
			continue
		}
		if score := float64(common) / float64(union); score >= 0.8 && score > bestScore {
			best, bestScore = def.Name, score
		}
	}
	return best, bestScore
}

// referencedFiles returns the slash-separated paths, relative to the
// project, of the files doc's $refs name.
func referencedFiles(doc *reduce.Document) map[string]bool {
	files := map[string]bool{}
	dir := path.Dir(doc.Path)
	var walk func(n *reduce.Node, depth int)
	walk = func(n *reduce.Node, depth int) {
		if n == nil || depth > 256 || n.Kind == reduce.AliasNode {
			return
		}
		if n.Kind == reduce.MappingNode {
			for i := 0; i+1 < len(n.Content); i += 2 {
				k, v := n.Content[i], n.Content[i+1]
				if k.Value == "$ref" && v.Kind == reduce.ScalarNode {
					file, _, _ := strings.Cut(v.Value, "#")
					if file != "" && !strings.Contains(file, "://") {
						files[path.Join(dir, file)] = true
					}
				}
				walk(v, depth+1)
			}
			return
		}
		for _, c := range n.Content {
			walk(c, depth+1)
		}
	}
	walk(doc.Root, 0)
	return files
}

// pair matches each JSON Schema with the OpenAPI document that mirrors it:
// the one sharing the most definition names (up to case and separators),
// else, for a schema whose root is the contract, the one holding a
// definition with the same properties. Older copies are never proposed;
// ties go to the first by path; a schema another schema of the project $refs
// is left to that schema's pair.
func (d *discovery) pair() {
	var all []string
	for _, s := range append(append([]*schemaFile(nil), d.schemas...), d.roots...) {
		all = append(all, s.Path)
	}
	for _, doc := range d.specs {
		all = append(all, doc.Path)
	}
	stale := staleCopies(all)
	d.stale = stale
	referenced := map[string]bool{}
	d.referenced = referenced
	for _, s := range append(append([]*schemaFile(nil), d.schemas...), d.roots...) {
		for f := range s.refs {
			if f != s.Path {
				referenced[f] = true
			}
		}
	}
	specs := make([]*reduce.Document, 0, len(d.specs))
	for _, spec := range d.specs {
		if !stale[spec.Path] {
			specs = append(specs, spec)
		}
	}
	sort.Slice(specs, func(i, j int) bool { return specs[i].Path < specs[j].Path })
	for _, s := range d.schemas {
		if stale[s.Path] || referenced[s.Path] {
			continue
		}
		var best initPair
		for _, spec := range specs {
			if n, renames := nameMatch(s, spec); n > best.shared {
				best = initPair{canonical: s, mirror: spec, shared: n, renames: renames}
			}
		}
		if best.mirror == nil {
			continue
		}
		// A schema whose root is the contract beside its $defs (the
		// registry's server.json): its root pairs by its properties too.
		if s.root != "" {
			if name, _ := rootMatch(s.rootProps, best.mirror); name != "" && name != s.root && best.mirror.Definition(s.root) == nil {
				if best.renames == nil {
					best.renames = map[string]string{}
				}
				best.renames[s.root] = name
			}
		}
		d.pairs = append(d.pairs, best)
	}
	for _, s := range d.roots {
		if stale[s.Path] || referenced[s.Path] {
			continue
		}
		var best initPair
		bestScore := 0.0
		for _, spec := range specs {
			if name, score := rootMatch(s.rootProps, spec); score > bestScore {
				best, bestScore = initPair{canonical: s, mirror: spec, shared: 1, root: true}, score
				if name != s.root {
					best.renames = map[string]string{s.root: name}
				}
			}
		}
		if best.mirror != nil {
			d.pairs = append(d.pairs, best)
		}
	}
	sort.SliceStable(d.pairs, func(i, j int) bool { return d.pairs[i].canonical.Path < d.pairs[j].canonical.Path })
}
