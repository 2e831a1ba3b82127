package routes

import (
	"fmt"
	"sort"
	"strings"

	"github.com/wirelint/wirelint/reduce"
)

// specMethods are the operation keys of a path item, in the order OpenAPI
// lists them.
var specMethods = []string{"get", "put", "post", "delete", "options", "head", "patch", "trace", "query"}

// SpecOptions tunes FromSpec.
type SpecOptions struct {
	// BasePath, when Override is set, replaces the servers URL path or basePath.
	BasePath string
	// Override makes BasePath win over the document's own base path ("" too).
	Override bool
	// Framework names the side in Route.Framework ("" = "openapi").
	Framework string
	// Resolver follows a path item $ref to another file (nil = only $refs
	// within the document are followed); it confines what it reads.
	Resolver reduce.Resolver
}

// FromSpec returns every path and method of an OpenAPI 3.x or Swagger 2.0
// document, the base path joined in front: Swagger's basePath, or the path of
// the first servers URL (variables expanded with their defaults), taken from
// the operation, then the path item, then the document. A path item $ref
// within the document is followed, one to another file through
// opt.Resolver; one that does not resolve is Unresolved.
func FromSpec(doc *reduce.Document, opt SpecOptions) (*Set, error) {
	if !doc.Dialect.IsOpenAPI() {
		return nil, fmt.Errorf("%s: not an OpenAPI or Swagger document (it reads as JSON Schema %s)", doc.Path, doc.Dialect)
	}
	fw := opt.Framework
	if fw == "" {
		fw = "openapi"
	}
	set := &Set{}
	bases := map[string]bool{}
	defer func() {
		for b := range bases {
			set.BasePaths = append(set.BasePaths, b)
		}
		sort.Strings(set.BasePaths)
	}()
	rootBase := ""
	if doc.Dialect == reduce.Swagger20 {
		if v := reduce.Value(doc.Root, "basePath"); reduce.IsString(v) {
			rootBase = v.Value
		}
	} else {
		rootBase, _ = serversBase(reduce.Value(doc.Root, "servers"))
	}
	pathsKey, paths := reduce.Get(doc.Root, "paths")
	if pathsKey == nil {
		return set, nil
	}
	if !reduce.IsMap(paths) {
		set.Unresolved = append(set.Unresolved, Unresolved{Pos: nodePos(doc, pathsKey), Expr: "paths", Reason: "paths is not an object"})
		return set, nil
	}
	reduce.Pairs(paths, func(k, item *reduce.Node) bool {
		if strings.HasPrefix(k.Value, "x-") {
			return true
		}
		itemPtr := reduce.JoinPointer("/paths", k.Value)
		at := doc // the document holding the operations
		if ref := reduce.Value(item, "$ref"); reduce.IsString(ref) {
			target := resolveLocal(doc, ref.Value)
			reason := "path item $ref outside this document or dangling"
			if target == nil && opt.Resolver != nil && !strings.HasPrefix(ref.Value, "#") {
				if t, err := opt.Resolver.Resolve(doc, ref.Value); err == nil && reduce.IsMap(t.Node) {
					target, at = t.Node, t.Doc
				} else if err != nil {
					reason = err.Error()
				}
			}
			if target == nil {
				set.Unresolved = append(set.Unresolved, Unresolved{Pos: nodePos(doc, ref), Expr: ref.Value, Reason: reason})
				return true
			}
			item = target
		}
		itemBase, itemHas := serversBase(reduce.Value(item, "servers"))
		for _, m := range specMethods {
			mk, op := reduce.Get(item, m)
			if mk == nil {
				continue
			}
			base := rootBase
			if itemHas {
				base = itemBase
			}
			if b, has := serversBase(reduce.Value(op, "servers")); has {
				base = b
			}
			if opt.Override {
				base = opt.BasePath
			}
			bases[strings.TrimRight(base, "/")] = true
			raw := Join(base, k.Value)
			tpl, err := ParseTemplate(raw, SyntaxOpenAPI)
			if err != nil {
				set.Unresolved = append(set.Unresolved, Unresolved{Pos: nodePos(doc, k), Method: strings.ToUpper(m), Expr: k.Value, Reason: err.Error()})
				continue
			}
			set.add(Route{
				Method: strings.ToUpper(m), Template: tpl, Raw: raw, Framework: fw,
				Pos: nodePos(at, mk), Pointer: reduce.JoinPointer(itemPtr, m),
				PathPos: nodePos(doc, k), PathPointer: itemPtr,
			})
		}
		return true
	})
	set.Finish()
	return set, nil
}

// SpecPathsPos returns the position and pointer of the document's paths
// object (the document root when it has none): where a route the spec lacks
// would go.
func SpecPathsPos(doc *reduce.Document) (Pos, string) {
	if k, _ := reduce.Get(doc.Root, "paths"); k != nil {
		return nodePos(doc, k), "/paths"
	}
	return nodePos(doc, doc.Root), ""
}

func nodePos(doc *reduce.Document, n *reduce.Node) Pos {
	if n == nil {
		return Pos{File: doc.Path}
	}
	return Pos{File: doc.Path, Line: n.Line, Column: n.Column}
}

func resolveLocal(doc *reduce.Document, ref string) *reduce.Node {
	if !strings.HasPrefix(ref, "#") {
		return nil
	}
	return reduce.Lookup(doc.Root, strings.TrimPrefix(ref, "#"))
}

// serversBase returns the URL path of the first entry of a servers array,
// variables expanded with their defaults and the trailing slash dropped, and
// whether there was an entry.
func serversBase(servers *reduce.Node) (string, bool) {
	items := reduce.Items(servers)
	if len(items) == 0 {
		return "", false
	}
	u := reduce.Value(items[0], "url")
	if !reduce.IsString(u) {
		return "", false
	}
	url := u.Value
	reduce.Pairs(reduce.Value(items[0], "variables"), func(k, v *reduce.Node) bool {
		if d := reduce.Value(v, "default"); d != nil && d.Kind == reduce.ScalarNode {
			url = strings.ReplaceAll(url, "{"+k.Value+"}", d.Value)
		}
		return true
	})
	return URLPath(url), true
}

// URLPath returns the path of an absolute or relative URL without its query,
// fragment and trailing slash: "https://api.example.com/v1/" is "/v1".
func URLPath(url string) string {
	if i := strings.IndexAny(url, "?#"); i >= 0 {
		url = url[:i]
	}
	if i := strings.Index(url, "://"); i >= 0 {
		url = url[i+3:]
		if j := strings.IndexByte(url, '/'); j >= 0 {
			url = url[j:]
		} else {
			url = ""
		}
	} else if strings.HasPrefix(url, "//") {
		url = url[2:]
		if j := strings.IndexByte(url, '/'); j >= 0 {
			url = url[j:]
		} else {
			url = ""
		}
	}
	url = strings.TrimRight(url, "/")
	if url != "" && !strings.HasPrefix(url, "/") {
		url = "/" + url
	}
	return url
}
