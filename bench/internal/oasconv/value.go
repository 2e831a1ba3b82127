package oasconv

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/pb33f/go-yaml"
)

// A decoded document is a tree of these values:
//
//	*object      a JSON object, keys in document order
//	[]any        a JSON array
//	string, bool, nil
//	json.Number  a number, spelled as in the source (JSON) or canonically (YAML)

// member is one key/value pair of an object.
type member struct {
	key   string
	value any
}

// object is a JSON object that remembers the order its keys were written in, so
// the converted document comes out in the source's order every time.
type object struct {
	members []member
}

// get returns the value of key and whether it is present.
func (o *object) get(key string) (any, bool) {
	for _, m := range o.members {
		if m.key == key {
			return m.value, true
		}
	}
	return nil, false
}

// set replaces the value of key, or appends key when it is absent.
func (o *object) set(key string, value any) {
	for i := range o.members {
		if o.members[i].key == key {
			o.members[i].value = value
			return
		}
	}
	o.members = append(o.members, member{key, value})
}

// maxDepth bounds nesting so a hostile document cannot exhaust the stack.
const maxDepth = 10000

// decode parses data as JSON when it starts with '{' or '[', else as YAML. file
// names the input in errors, which read `file:line:col: msg`.
func decode(data []byte, file string) (any, error) {
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) == 0 {
		return nil, fmt.Errorf("%s: empty file", file)
	}
	if trimmed[0] == '{' || trimmed[0] == '[' {
		return decodeJSON(data, file)
	}
	return decodeYAML(data, file)
}

// decodeJSON reads one JSON value token by token, keeping key order and number
// spelling.
func decodeJSON(data []byte, file string) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	fail := func(err error) error {
		off := dec.InputOffset()
		var se *json.SyntaxError
		if errors.As(err, &se) {
			off = se.Offset
		}
		if errors.Is(err, io.EOF) {
			err = errors.New("unexpected end of JSON input")
		}
		line, col := lineCol(data, off)
		return fmt.Errorf("%s:%d:%d: malformed JSON: %v", file, line, col, err)
	}
	var value func(depth int) (any, error)
	value = func(depth int) (any, error) {
		if depth > maxDepth {
			return nil, fail(fmt.Errorf("nesting deeper than %d levels", maxDepth))
		}
		tok, err := dec.Token()
		if err != nil {
			return nil, fail(err)
		}
		switch t := tok.(type) {
		case json.Delim:
			switch t {
			case '{':
				obj := &object{}
				for dec.More() {
					kt, err := dec.Token()
					if err != nil {
						return nil, fail(err)
					}
					key, _ := kt.(string) // the decoder only yields string keys
					v, err := value(depth + 1)
					if err != nil {
						return nil, err
					}
					obj.set(key, v) // a repeated key keeps its first place and its last value, as encoding/json does
				}
				if _, err := dec.Token(); err != nil {
					return nil, fail(err)
				}
				return obj, nil
			case '[':
				arr := []any{}
				for dec.More() {
					v, err := value(depth + 1)
					if err != nil {
						return nil, err
					}
					arr = append(arr, v)
				}
				if _, err := dec.Token(); err != nil {
					return nil, fail(err)
				}
				return arr, nil
			}
			return nil, fail(fmt.Errorf("unexpected %q", t))
		default:
			return t, nil
		}
	}
	v, err := value(0)
	if err != nil {
		return nil, err
	}
	end := dec.InputOffset()
	if _, err := dec.Token(); err != io.EOF {
		if err != nil {
			return nil, fail(err)
		}
		for end < int64(len(data)) && strings.IndexByte(" \t\r\n", data[end]) >= 0 {
			end++
		}
		line, col := lineCol(data, end)
		return nil, fmt.Errorf("%s:%d:%d: malformed JSON: more than one value", file, line, col)
	}
	return v, nil
}

// lineCol turns a byte offset into a 1-based line and column (in runes).
func lineCol(data []byte, off int64) (int, int) {
	if off > int64(len(data)) {
		off = int64(len(data))
	}
	line, col := 1, 1
	for _, r := range string(data[:off]) {
		if r == '\n' {
			line++
			col = 1
		} else {
			col++
		}
	}
	return line, col
}

// decodeYAML reads a YAML document through its node tree, keeping key order
// and resolving aliases.
func decodeYAML(data []byte, file string) (any, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		msg := strings.TrimSpace(strings.SplitN(err.Error(), "\n", 2)[0])
		return nil, fmt.Errorf("%s: malformed YAML: %s", file, strings.TrimPrefix(msg, "yaml: "))
	}
	if doc.Kind != yaml.DocumentNode || len(doc.Content) == 0 {
		return nil, fmt.Errorf("%s: empty file", file)
	}
	budget := 5_000_000 // nodes, aliases expanded: an alias bomb stops here
	var value func(n *yaml.Node, depth int) (any, error)
	value = func(n *yaml.Node, depth int) (any, error) {
		budget--
		if budget < 0 {
			return nil, fmt.Errorf("%s:%d:%d: YAML aliases expand to more than 5000000 nodes", file, n.Line, n.Column)
		}
		if depth > maxDepth {
			return nil, fmt.Errorf("%s:%d:%d: nesting deeper than %d levels", file, n.Line, n.Column, maxDepth)
		}
		switch n.Kind {
		case yaml.AliasNode:
			if n.Alias == nil {
				return nil, fmt.Errorf("%s:%d:%d: unknown alias", file, n.Line, n.Column)
			}
			return value(n.Alias, depth+1)
		case yaml.MappingNode:
			obj := &object{}
			for i := 0; i+1 < len(n.Content); i += 2 {
				k := n.Content[i]
				if k.Kind != yaml.ScalarNode {
					return nil, fmt.Errorf("%s:%d:%d: a mapping key is not a scalar", file, k.Line, k.Column)
				}
				v, err := value(n.Content[i+1], depth+1)
				if err != nil {
					return nil, err
				}
				obj.set(k.Value, v)
			}
			return obj, nil
		case yaml.SequenceNode:
			arr := make([]any, 0, len(n.Content))
			for _, c := range n.Content {
				v, err := value(c, depth+1)
				if err != nil {
					return nil, err
				}
				arr = append(arr, v)
			}
			return arr, nil
		case yaml.ScalarNode:
			return scalar(n, file)
		}
		return nil, fmt.Errorf("%s:%d:%d: unexpected YAML node", file, n.Line, n.Column)
	}
	return value(doc.Content[0], 0)
}

// scalar turns a YAML scalar into its JSON value by its resolved tag.
func scalar(n *yaml.Node, file string) (any, error) {
	switch n.ShortTag() {
	case "!!null":
		return nil, nil
	case "!!bool":
		var b bool
		if err := n.Decode(&b); err != nil {
			return nil, fmt.Errorf("%s:%d:%d: %v", file, n.Line, n.Column, err)
		}
		return b, nil
	case "!!int":
		var i int64
		if err := n.Decode(&i); err == nil {
			return json.Number(strconv.FormatInt(i, 10)), nil
		}
		var u uint64
		if err := n.Decode(&u); err == nil {
			return json.Number(strconv.FormatUint(u, 10)), nil
		}
		return json.Number(n.Value), nil
	case "!!float":
		var f float64
		if err := n.Decode(&f); err != nil || math.IsInf(f, 0) || math.IsNaN(f) {
			return nil, fmt.Errorf("%s:%d:%d: %q is not a JSON number", file, n.Line, n.Column, n.Value)
		}
		if _, err := strconv.ParseFloat(n.Value, 64); err == nil && json.Valid([]byte(n.Value)) {
			return json.Number(n.Value), nil
		}
		return json.Number(strconv.FormatFloat(f, 'g', -1, 64)), nil
	}
	return n.Value, nil
}
