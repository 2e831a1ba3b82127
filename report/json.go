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
		switch k {
		case "rule", "severity", "message", "definition", "pointer", "locations", "fingerprint":
			continue
		}
		keys = append(keys, k)
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
	type core Finding
	var c core
	if err := json.Unmarshal(b, &c); err != nil {
		return err
	}
	var all map[string]json.RawMessage
	if err := json.Unmarshal(b, &all); err != nil {
		return err
	}
	*f = Finding(c)
	for k, v := range all {
		switch k {
		case "rule", "severity", "message", "definition", "pointer", "locations", "fingerprint":
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
