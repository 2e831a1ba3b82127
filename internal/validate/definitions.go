package validate

import (
	"path/filepath"
	"strings"

	"github.com/wirelint/wirelint/internal/idref"
	"github.com/wirelint/wirelint/reduce"
)

// NamedDefinition is a definition, the document holding it, and the $ref
// that reaches it from the document it was indexed for ("" when it lives
// there).
type NamedDefinition struct {
	Doc *reduce.Document
	Def *reduce.Definition
	Ref string
}

// Key identifies the definition across documents: absolute path # pointer.
func (d *NamedDefinition) Key() string { return d.Doc.Abs + "#" + d.Def.Pointer }

// Compile compiles the definition in set, the Set of the document it was
// indexed for.
func (d *NamedDefinition) Compile(set *Set) (*Schema, error) {
	if d.Ref == "" {
		return set.Schema(d.Def.Pointer)
	}
	return set.SchemaRef(d.Ref)
}

// Definitions lists a document's definitions by name.
type Definitions struct {
	ByName map[string]*NamedDefinition
	// Order is the names in document order, then those of other files in
	// the order references reach them.
	Order []string
}

// List returns the definitions in Order.
func (d *Definitions) List() []*reduce.Definition {
	out := make([]*reduce.Definition, 0, len(d.Order))
	for _, name := range d.Order {
		out = append(out, d.ByName[name].Def)
	}
	return out
}

// IndexDefinitions lists doc's definitions — its root first when the root
// is a schema, named by the file's stem (reduce.FileStem) — then the
// definitions and schema roots of other files its schemas reach through a
// $ref (a cross-file ref names a definition too, by path or by $id), as
// parity lists them. The first definition of a name wins.
func IndexDefinitions(ws *reduce.Workspace, doc *reduce.Document) *Definitions {
	idx := &Definitions{ByName: map[string]*NamedDefinition{}}
	add := func(nd *NamedDefinition) {
		if _, taken := idx.ByName[nd.Def.Name]; taken {
			return
		}
		idx.ByName[nd.Def.Name] = nd
		idx.Order = append(idx.Order, nd.Def.Name)
	}
	if def := doc.RootDefinition(); def != nil {
		add(&NamedDefinition{Doc: doc, Def: def})
	}
	for _, def := range doc.Definitions {
		add(&NamedDefinition{Doc: doc, Def: def})
	}
	if ws == nil {
		return idx
	}
	res := idref.NewResolver(ws, idref.Options{}) // as parity resolves: on disk, then by $id
	queue := []*reduce.Document{doc}
	visited := map[*reduce.Document]bool{doc: true}
	for len(queue) > 0 && len(visited) < 1000 {
		d := queue[0]
		queue = queue[1:]
		d.WalkSchemas(func(s reduce.SchemaSite) {
			v := reduce.Value(s.Node, "$ref")
			if v == nil || !reduce.IsString(v) || d == doc && strings.HasPrefix(v.Value, "#") {
				return
			}
			t, err := res.Resolve(d, v.Value)
			if err != nil || t.Doc == nil || t.Doc == doc {
				return
			}
			def := t.Definition()
			if def == nil && t.Pointer == "" {
				def = t.Doc.RootDefinition() // a ref to a file's root names the file's stem
			}
			if def != nil {
				// the ref as the indexed document would write it, so each
				// file is reached under one URL whatever the hop
				if rel, err := filepath.Rel(filepath.Dir(doc.Abs), t.Doc.Abs); err == nil {
					add(&NamedDefinition{Doc: t.Doc, Def: def, Ref: "./" + filepath.ToSlash(rel) + "#" + def.Pointer})
				}
			}
			if !visited[t.Doc] {
				visited[t.Doc] = true
				queue = append(queue, t.Doc)
			}
		})
	}
	return idx
}
