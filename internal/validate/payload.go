package validate

import "github.com/wirelint/wirelint/reduce"

// Payload is one golden or negative payload file: what rules/fixture checks
// against every document and rules/differential uses as a probe.
type Payload struct {
	// Definition is the canonical definition name: the payload's folder.
	Definition string
	// File is the display path.
	File string
	// Abs is the absolute path.
	Abs string
	// Negative marks a payload every document must reject.
	Negative bool
	// Doc holds the parsed payload (Root, with 1-based positions) so payload
	// positions are found as schema positions are.
	Doc *reduce.Document
	// Value is the payload as plain JSON values (json.Number numbers).
	Value any
}

// Locate returns the payload position of an instance pointer (the nearest
// enclosing value when the pointer names a missing member).
func (p *Payload) Locate(pointer string) (line, col int) {
	line, col, _ = Locate(p.Doc, pointer)
	return line, col
}
