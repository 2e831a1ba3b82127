package oasconv

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"
)

// encode writes v as indented JSON, objects in their remembered key order.
func encode(w io.Writer, v any) error {
	bw := bufio.NewWriter(w)
	e := &encoder{w: bw}
	e.value(v, 0)
	bw.WriteByte('\n')
	if e.err != nil {
		return e.err
	}
	return bw.Flush()
}

type encoder struct {
	w   *bufio.Writer
	buf bytes.Buffer
	err error
}

func (e *encoder) indent(depth int) {
	e.w.WriteByte('\n')
	e.w.WriteString(strings.Repeat("  ", depth))
}

func (e *encoder) value(v any, depth int) {
	switch t := v.(type) {
	case *object:
		if len(t.members) == 0 {
			e.w.WriteString("{}")
			return
		}
		e.w.WriteByte('{')
		for i, m := range t.members {
			if i > 0 {
				e.w.WriteByte(',')
			}
			e.indent(depth + 1)
			e.str(m.key)
			e.w.WriteString(": ")
			e.value(m.value, depth+1)
		}
		e.indent(depth)
		e.w.WriteByte('}')
	case []any:
		if len(t) == 0 {
			e.w.WriteString("[]")
			return
		}
		e.w.WriteByte('[')
		for i, x := range t {
			if i > 0 {
				e.w.WriteByte(',')
			}
			e.indent(depth + 1)
			e.value(x, depth+1)
		}
		e.indent(depth)
		e.w.WriteByte(']')
	case string:
		e.str(t)
	case json.Number:
		e.w.WriteString(string(t))
	case bool:
		if t {
			e.w.WriteString("true")
		} else {
			e.w.WriteString("false")
		}
	case nil:
		e.w.WriteString("null")
	default:
		if e.err == nil {
			e.err = fmt.Errorf("internal error: cannot encode %T", v)
		}
	}
}

// str writes s as a JSON string without HTML escaping, so `<` in a pattern
// stays readable.
func (e *encoder) str(s string) {
	e.buf.Reset()
	enc := json.NewEncoder(&e.buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(s); err != nil && e.err == nil {
		e.err = err
	}
	e.w.Write(bytes.TrimSuffix(e.buf.Bytes(), []byte{'\n'}))
}
