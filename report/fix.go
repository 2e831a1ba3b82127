package report

// Fix is a suggested change that mends a finding: text edits, as `wirelint
// fix` applies them. The JSON printer writes a finding's fixes under
// "fixes"; SARIF as result fixes (§3.55).
type Fix struct {
	// Description says what the edits do.
	Description string `json:"description"`
	// Edits change one file each; they never overlap.
	Edits []Edit `json:"edits"`
}

// Edit replaces Length bytes at byte Offset of File with Text.
type Edit struct {
	// File is the path from the repository root, slash-separated.
	File string `json:"file"`
	// Offset and Length are in bytes of the file as read (Length 0 inserts).
	Offset int `json:"offset"`
	Length int `json:"length"`
	// Text is what replaces them ("" deletes).
	Text string `json:"text"`
}
