package ref

import (
	"github.com/wirelint/wirelint/internal/idref"
	"github.com/wirelint/wirelint/reduce"
)

// Options configures reference resolution (see idref.Options).
type Options = idref.Options

// Mapping maps one URL prefix to a local folder (see idref.Mapping).
type Mapping = idref.Mapping

// Resolution is one $ref resolved both ways a consumer may (see
// idref.Resolution).
type Resolution = idref.Resolution

// Resolver is the run's reference resolver (idref.Resolver, shared with
// parity, diffcheck and compat) with what the last Check reached.
type Resolver struct {
	*idref.Resolver
	// resolved holds the references the last Check reached.
	resolved []*resolved
	// keys holds the mappings a broken $ref's suggestion was looked for in
	// (see nearestKey)
	keys map[*reduce.Node]*mappingKeys
}

// NewResolver returns a resolver over ws.
func NewResolver(ws *reduce.Workspace, opts Options) *Resolver {
	return &Resolver{Resolver: idref.NewResolver(ws, opts)}
}

// kind returns the RefError kind of err, 0 when err is nil or of another type.
func kind(err error) reduce.RefErrorKind { return idref.Kind(err) }
