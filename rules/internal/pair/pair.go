// Package pair holds what the parity, description and differential families share
// without one importing the other: the schema pairs parity visits, how
// messages name a document beside the other, how a node is located, and how
// file roots of differently named files pair (Roots).
package pair

import (
	"path/filepath"

	"github.com/wirelint/wirelint/reduce"
	"github.com/wirelint/wirelint/report"
)

// Pair is two schemas parity paired: the same place in the contract in both
// documents. Rules that compare annotations (descriptions) read the pairs
// instead of walking the documents again.
type Pair struct {
	// Definition is the canonical definition's name.
	Definition string
	// Rel is the pointer relative to the definition, canonical spelling.
	Rel string
	// Canonical and Mirror are the paired schemas.
	Canonical, Mirror *reduce.Schema
	// CanonicalVia and MirrorVia are the schemas parity reached Canonical and
	// Mirror through — a $ref it followed, a one-branch union — nil when
	// none: an annotation written there is the one in effect.
	CanonicalVia, MirrorVia *reduce.Schema
}

// Name is how messages name doc beside other: its file name, or its path
// when the two file names are the same. Locations always carry the path.
func Name(doc, other *reduce.Document) string {
	if b := filepath.Base(doc.Path); b != filepath.Base(other.Path) {
		return b
	}
	return doc.Path
}

// Location locates a node of doc (a key, a value or a schema object) at its
// absolute pointer ptr; a nil node gives the file alone.
func Location(doc *reduce.Document, n *reduce.Node, ptr string) report.Location {
	l := report.Location{File: doc.Path, Pointer: ptr}
	if n != nil {
		l.Line, l.Column = n.Line, n.Column
	}
	return l
}
