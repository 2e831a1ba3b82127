package reduce

// validJSON reports whether data is one JSON text (RFC 8259), with at most
// maxDepth levels of nesting. It is a single pass without allocation, several
// times faster than encoding/json.Valid, because every .json document is
// checked with it before the YAML-tolerant parser reads it: single quotes,
// trailing commas, comments, NaN or block YAML in a .json file are errors.
// The caller finds the position of a problem with encoding/json.
func validJSON(data []byte, maxDepth int) bool {
	ok, _ := scanJSON(data, maxDepth)
	return ok
}

// scanJSON is validJSON that also tells, when the text nests deeper than
// maxDepth (which makes it invalid), the byte offset where it did (-1 when
// it does not).
func scanJSON(data []byte, maxDepth int) (ok bool, tooDeep int) {
	s := jsonScanner{data: data, maxDepth: maxDepth, tooDeep: -1}
	s.space()
	if !s.value(0) {
		return false, s.tooDeep
	}
	s.space()
	return s.i == len(s.data), -1
}

type jsonScanner struct {
	data     []byte
	i        int
	maxDepth int
	tooDeep  int // offset where the nesting passed maxDepth; -1 = it did not
}

func (s *jsonScanner) space() {
	for s.i < len(s.data) {
		switch s.data[s.i] {
		case ' ', '\t', '\n', '\r':
			s.i++
		default:
			return
		}
	}
}

func (s *jsonScanner) value(depth int) bool {
	if s.i >= len(s.data) {
		return false
	}
	switch c := s.data[s.i]; {
	case c == '{':
		return s.object(depth + 1)
	case c == '[':
		return s.array(depth + 1)
	case c == '"':
		return s.str()
	case c == '-' || c >= '0' && c <= '9':
		return s.number()
	case c == 't':
		return s.literal("true")
	case c == 'f':
		return s.literal("false")
	case c == 'n':
		return s.literal("null")
	}
	return false
}

func (s *jsonScanner) literal(word string) bool {
	if len(s.data)-s.i < len(word) || string(s.data[s.i:s.i+len(word)]) != word {
		return false
	}
	s.i += len(word)
	return true
}

func (s *jsonScanner) object(depth int) bool {
	if depth > s.maxDepth {
		s.tooDeep = s.i
		return false
	}
	s.i++ // {
	s.space()
	if s.i < len(s.data) && s.data[s.i] == '}' {
		s.i++
		return true
	}
	for {
		if s.i >= len(s.data) || s.data[s.i] != '"' || !s.str() {
			return false
		}
		s.space()
		if s.i >= len(s.data) || s.data[s.i] != ':' {
			return false
		}
		s.i++
		s.space()
		if !s.value(depth) {
			return false
		}
		s.space()
		if s.i >= len(s.data) {
			return false
		}
		switch s.data[s.i] {
		case ',':
			s.i++
			s.space()
		case '}':
			s.i++
			return true
		default:
			return false
		}
	}
}

func (s *jsonScanner) array(depth int) bool {
	if depth > s.maxDepth {
		s.tooDeep = s.i
		return false
	}
	s.i++ // [
	s.space()
	if s.i < len(s.data) && s.data[s.i] == ']' {
		s.i++
		return true
	}
	for {
		if !s.value(depth) {
			return false
		}
		s.space()
		if s.i >= len(s.data) {
			return false
		}
		switch s.data[s.i] {
		case ',':
			s.i++
			s.space()
		case ']':
			s.i++
			return true
		default:
			return false
		}
	}
}

// str scans a string; the input is already known to be valid UTF-8.
func (s *jsonScanner) str() bool {
	s.i++ // opening quote
	for s.i < len(s.data) {
		c := s.data[s.i]
		switch {
		case c == '"':
			s.i++
			return true
		case c < 0x20:
			return false
		case c == '\\':
			s.i++
			if s.i >= len(s.data) {
				return false
			}
			switch s.data[s.i] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				s.i++
			case 'u':
				if len(s.data)-s.i < 5 {
					return false
				}
				for _, h := range s.data[s.i+1 : s.i+5] {
					if !(h >= '0' && h <= '9' || h >= 'a' && h <= 'f' || h >= 'A' && h <= 'F') {
						return false
					}
				}
				s.i += 5
			default:
				return false
			}
		default:
			s.i++
		}
	}
	return false
}

func (s *jsonScanner) number() bool {
	if s.data[s.i] == '-' {
		s.i++
	}
	switch {
	case s.i < len(s.data) && s.data[s.i] == '0':
		s.i++
	case s.digits() == 0:
		return false
	}
	if s.i < len(s.data) && s.data[s.i] == '.' {
		s.i++
		if s.digits() == 0 {
			return false
		}
	}
	if s.i < len(s.data) && (s.data[s.i] == 'e' || s.data[s.i] == 'E') {
		s.i++
		if s.i < len(s.data) && (s.data[s.i] == '+' || s.data[s.i] == '-') {
			s.i++
		}
		if s.digits() == 0 {
			return false
		}
	}
	return true
}

func (s *jsonScanner) digits() int {
	start := s.i
	for s.i < len(s.data) && s.data[s.i] >= '0' && s.data[s.i] <= '9' {
		s.i++
	}
	return s.i - start
}
