package report

import (
	"bytes"
	"encoding/json"
	"io"
	"sort"
)

// JSON output is wirelint's machine contract, pinned by tests:
//
//	{"findings": [...], "summary": {"error": n, "warning": n, "info": n}}
//
// Each finding carries rule, severity, message, definition (when inside a named
// definition), pointer, locations (canonical first), fingerprint and its
// rule-specific fields (keyword, canonical, mirror, payload, method, path...)
// at the top level of the finding object.

// MarshalJSON flattens Fields into the finding object. A field may not shadow a
// core member.
func (f Finding) MarshalJSON() ([]byte, error) {
	type core Finding
	b, err := json.Marshal(core(f))
	if err != nil || len(f.Fields) == 0 {
		return b, err
	}
	keys := make([]string, 0, len(f.Fields))
	for k := range f.Fields {
		if !coreMember(k) {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	var buf bytes.Buffer
	buf.Write(b[:len(b)-1])
	for _, k := range keys {
		kb, _ := json.Marshal(k)
		vb, err := json.Marshal(f.Fields[k])
		if err != nil {
			return nil, err
		}
		buf.WriteByte(',')
		buf.Write(kb)
		buf.WriteByte(':')
		buf.Write(vb)
	}
	buf.WriteByte('}')
	return buf.Bytes(), nil
}

// UnmarshalJSON reads a finding written by MarshalJSON, keeping unknown members
// in Fields.
func (f *Finding) UnmarshalJSON(b []byte) error {
	var all map[string]json.RawMessage
	if err := json.Unmarshal(b, &all); err != nil {
		return err
	}
	// encoding/json matches member names ignoring case, so a field named
	// "RULE" would overwrite the rule: the core reads its exact names only.
	members := map[string]json.RawMessage{}
	for k, v := range all {
		if coreMember(k) {
			members[k] = v
		}
	}
	exact, err := json.Marshal(members)
	if err != nil {
		return err
	}
	type core Finding
	var c core
	if err := json.Unmarshal(exact, &c); err != nil {
		return err
	}
	*f = Finding(c)
	for k, v := range all {
		if coreMember(k) {
			continue
		}
		var x any
		if err := json.Unmarshal(v, &x); err != nil {
			return err
		}
		if f.Fields == nil {
			f.Fields = map[string]any{}
		}
		f.Fields[k] = x
	}
	return nil
}

// coreMember reports whether k names a member of the finding object itself,
// which no rule-specific field may shadow.
func coreMember(k string) bool {
	switch k {
	case "rule", "severity", "message", "definition", "pointer", "locations", "fingerprint", "fixes":
		return true
	}
	return false
}

// Document is the top-level JSON output.
type Document struct {
	Findings []Finding `json:"findings"`
	Summary  Summary   `json:"summary"`
}

// WriteJSON prints findings in the JSON contract, indented, with a final newline.
func WriteJSON(w io.Writer, fs []Finding) error {
	if fs == nil {
		fs = []Finding{}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(Document{Findings: fs, Summary: Summarize(fs)})
}
