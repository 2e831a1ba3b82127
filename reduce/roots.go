package reduce

import (
	"path/filepath"
	"strings"
)

// FileStem names the definition a file's root schema is: the file name
// without its directory, its .json/.yaml/.yml extension and a .schema
// infix (user.schema.json → user).
func FileStem(path string) string {
	base := filepath.Base(filepath.FromSlash(path))
	for _, ext := range []string{".json", ".yaml", ".yml"} {
		if strings.HasSuffix(strings.ToLower(base), ext) {
			base = base[:len(base)-len(ext)]
			break
		}
	}
	if strings.HasSuffix(strings.ToLower(base), ".schema") && len(base) > len(".schema") {
		base = base[:len(base)-len(".schema")]
	}
	return base
}

// RootDefinition returns the definition a JSON Schema document's root is when
// the root is itself a schema — it has a constraining keyword or a $ref, or
// is a boolean — named by the file's stem (see FileStem); nil for an OpenAPI
// document and for a root that only holds $defs. A schema file read in its
// OpenAPI referrer's dialect (Workspace.LoadFragment) keeps its root
// definition. Its Key is the root node.
func (d *Document) RootDefinition() *Definition {
	if (d.Dialect.IsOpenAPI() && !d.schemaFile) || d.Root == nil {
		return nil
	}
	root := Deref(d.Root)
	if root == nil {
		return nil
	}
	isSchema := root.Kind == ScalarNode && root.Tag == "!!bool"
	Pairs(root, func(k, v *Node) bool {
		info, ok := LookupKeyword(k.Value)
		if ok && (info.Class == Constraining || k.Value == "$ref") {
			isSchema = true
			return false
		}
		return true
	})
	if !isSchema {
		return nil
	}
	return &Definition{Name: FileStem(d.Path), Pointer: "", Key: root, Node: root}
}

// DefinitionContainer returns the pointer under which d keeps (or would keep)
// its named schemas, spelt as the document does: the container it already
// uses, else its dialect's own (definitions before 2019-09, $defs after).
func (d *Document) DefinitionContainer() string {
	cs := d.DefinitionContainers()
	for _, c := range cs {
		if Lookup(d.Root, c) != nil {
			return c
		}
	}
	switch d.Dialect {
	case Draft04, Draft06, Draft07:
		return "/definitions"
	}
	return cs[0]
}

// IsSchemaNode reports whether n can be a schema: a mapping or a boolean.
func IsSchemaNode(n *Node) bool {
	n = Deref(n)
	return n != nil && (n.Kind == MappingNode || n.Kind == ScalarNode && n.Tag == "!!bool")
}
