package fix

import (
	"bytes"
	"strings"

	"github.com/wirelint/wirelint/reduce"
)

// member is a key and its value in a mapping of s.
type member struct {
	parent, key, value *reduce.Node
}

// lookupMember finds the mapping entry that pointer names.
func (s *source) lookupMember(pointer string) (member, bool) {
	tokens := reduce.SplitPointer(pointer)
	if len(tokens) == 0 {
		return member{}, false
	}
	parent := reduce.Lookup(s.doc.Root, reduce.JoinPointer("", tokens[:len(tokens)-1]...))
	k, v := reduce.Get(parent, tokens[len(tokens)-1])
	if k == nil {
		return member{}, false
	}
	return member{parent: reduce.Deref(parent), key: k, value: v}, true
}

// flow reports whether mapping or sequence n is written in flow style.
func (s *source) flow(n *reduce.Node) bool {
	off := s.nodeStart(n)
	return off < len(s.data) && (s.data[off] == '{' || s.data[off] == '[')
}

// keyText renders a mapping key in s's format.
func (s *source) keyText(k string) string {
	if !s.json() && plainSafe(k) {
		return k
	}
	return quote(k)
}

// colonAfter is the offset of the ':' that ends key k.
func (s *source) colonAfter(k *reduce.Node) (int, error) {
	off := s.nodeStart(k)
	if off < len(s.data) && (s.data[off] == '"' || s.data[off] == '\'') {
		end, err := s.quoted(off, s.data[off])
		if err != nil {
			return 0, err
		}
		off = end
	}
	i := bytes.IndexByte(s.data[off:s.lineEnd(off)], ':')
	if i < 0 {
		return 0, errUnsafe
	}
	return off + i, nil
}

// set replaces the value of m with text (a value in s's format). A block
// sequence stays a block sequence when text comes from a sequence of scalars.
func (s *source) set(m member, from *reduce.Node) (Edit, error) {
	keyOff := s.nodeStart(m.key)
	end, err := s.valueEnd(m.value, keyOff)
	if err != nil {
		return Edit{}, err
	}
	if s.json() || s.flow(m.parent) {
		text, err := s.render(from)
		if err != nil {
			return Edit{}, err
		}
		return Edit{File: s.path, Start: s.nodeStart(m.value), End: end, Text: text}, nil
	}
	colon, err := s.colonAfter(m.key)
	if err != nil {
		return Edit{}, err
	}
	from = reduce.Deref(from)
	if m.value.Kind == reduce.SequenceNode && !s.flow(m.value) && from != nil && from.Kind == reduce.SequenceNode && len(m.value.Content) > 0 {
		first := s.nodeStart(m.value.Content[0])
		prefix := string(s.data[s.lineStart(first):first]) // "  - "
		if strings.TrimSpace(prefix) == "-" {
			var b strings.Builder
			for _, item := range from.Content {
				item = reduce.Deref(item)
				if item == nil || item.Kind != reduce.ScalarNode {
					return Edit{}, errUnsafe
				}
				b.WriteString("\n" + prefix + s.scalar(item))
			}
			return Edit{File: s.path, Start: colon + 1, End: end, Text: b.String()}, nil
		}
	}
	text, err := s.render(from)
	if err != nil {
		return Edit{}, err
	}
	return Edit{File: s.path, Start: colon + 1, End: end, Text: " " + text}, nil
}

// insert adds key: text (text from node from) to mapping obj as its first
// member, on a line of its own where the first member has one.
func (s *source) insert(obj *reduce.Node, key string, from *reduce.Node) (Edit, error) {
	obj = reduce.Deref(obj)
	if obj == nil || obj.Kind != reduce.MappingNode {
		return Edit{}, errUnsafe
	}
	text, err := s.render(from)
	if err != nil {
		return Edit{}, err
	}
	entry := s.keyText(key) + ": " + text
	if s.flow(obj) {
		open := s.nodeStart(obj)
		if len(obj.Content) == 0 {
			end, err := s.matchBracket(open)
			if err != nil {
				return Edit{}, err
			}
			return Edit{File: s.path, Start: open, End: end, Text: "{" + entry + "}"}, nil
		}
		first := s.nodeStart(obj.Content[0])
		if lineOf(s.starts, first) == lineOf(s.starts, open) {
			return Edit{File: s.path, Start: first, End: first, Text: entry + ", "}, nil
		}
		return Edit{File: s.path, Start: first, End: first, Text: entry + ",\n" + string(s.data[s.lineStart(first):first])}, nil
	}
	if len(obj.Content) == 0 {
		return Edit{}, errUnsafe
	}
	first := s.nodeStart(obj.Content[0])
	return Edit{File: s.path, Start: first, End: first, Text: entry + "\n" + strings.Repeat(" ", first-s.lineStart(first))}, nil
}

// remove deletes m with its line, or with its comma in flow style.
func (s *source) remove(m member) (Edit, error) {
	keyOff := s.nodeStart(m.key)
	end, err := s.valueEnd(m.value, keyOff)
	if err != nil {
		return Edit{}, err
	}
	ls := s.lineStart(keyOff)
	aloneOnLine := len(bytes.TrimSpace(s.data[ls:keyOff])) == 0
	if !s.json() && !s.flow(m.parent) {
		if !aloneOnLine || len(m.parent.Content) <= 2 {
			return Edit{}, errUnsafe // the first key of a "- " item, or the mapping's only one
		}
		stop := s.lineEnd(end)
		if stop < len(s.data) {
			stop++
		}
		return Edit{File: s.path, Start: ls, End: stop}, nil
	}
	j := end
	for j < len(s.data) && (s.data[j] == ' ' || s.data[j] == '\t') {
		j++
	}
	if j < len(s.data) && s.data[j] == ',' {
		j++
		rest := s.data[j:s.lineEnd(j)]
		if aloneOnLine && len(bytes.TrimSpace(rest)) == 0 {
			stop := s.lineEnd(j)
			if stop < len(s.data) {
				stop++
			}
			return Edit{File: s.path, Start: ls, End: stop}, nil
		}
		for j < len(s.data) && s.data[j] == ' ' {
			j++
		}
		return Edit{File: s.path, Start: keyOff, End: j}, nil
	}
	p := keyOff - 1
	for p >= 0 && (s.data[p] == ' ' || s.data[p] == '\t' || s.data[p] == '\n' || s.data[p] == '\r') {
		p--
	}
	if p >= 0 && s.data[p] == ',' {
		return Edit{File: s.path, Start: p, End: end}, nil
	}
	return Edit{File: s.path, Start: keyOff, End: end}, nil
}
