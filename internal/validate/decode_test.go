package validate

import (
	"bytes"
	"encoding/json"
)

// decodeJSON decodes test-suite JSON with exact numbers, as documentValue
// renders a document's.
func decodeJSON(b []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	return v, nil
}
