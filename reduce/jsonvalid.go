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
	r := scanJSONBudgets(data, jsonBudgets{depth: maxDepth})
	return r.ok, r.tooDeep
}

// jsonBudgets are what scanJSONBudgets counts against; 0 = no bound (depth
// must be set).
type jsonBudgets struct {
	depth int
	// nodes bounds the nodes, counted as the tree counts them: every value
	// and every member name.
	nodes int
	// enum bounds the members of an array that is the value of a member
	// named "enum".
	enum int
}

// jsonScan is what scanJSONBudgets found. Offsets are -1 when the budget held.
type jsonScan struct {
	ok      bool
	tooDeep int // where the nesting passed the depth budget
	tooMany int // where the node count passed the nodes budget
	bigEnum int // where an enum passed the enum budget
}

// scanJSONBudgets is scanJSON that also counts nodes and enum members as it
// goes, so a document over those budgets is refused before any tree is
// built: counting is a pass over bytes without allocation.
func scanJSONBudgets(data []byte, b jsonBudgets) jsonScan {
	s := jsonScanner{data: data, maxDepth: b.depth, maxNodes: b.nodes, maxEnum: b.enum, tooDeep: -1, tooMany: -1, bigEnum: -1}
	s.space()
	if !s.value(0, false) {
		return jsonScan{tooDeep: s.tooDeep, tooMany: s.tooMany, bigEnum: s.bigEnum}
	}
	s.space()
	return jsonScan{ok: s.i == len(s.data), tooDeep: -1, tooMany: -1, bigEnum: -1}
}

type jsonScanner struct {
	data     []byte
	i        int
	maxDepth int
	tooDeep  int // offset where the nesting passed maxDepth; -1 = it did not
	maxNodes int // 0 = no bound
	nodes    int
	tooMany  int // offset where the nodes passed maxNodes; -1 = they did not
	maxEnum  int // 0 = no bound
	bigEnum  int // offset of the enum member past maxEnum; -1 = none
}

// node counts one node at the current offset, false past the budget.
func (s *jsonScanner) node() bool {
	s.nodes++
	if s.maxNodes > 0 && s.nodes > s.maxNodes {
		s.tooMany = s.i
		return false
	}
	return true
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

// value scans one value; enum says it is the value of a member named enum.
func (s *jsonScanner) value(depth int, enum bool) bool {
	if s.i >= len(s.data) || !s.node() {
		return false
	}
	switch c := s.data[s.i]; {
	case c == '{':
		return s.object(depth + 1)
	case c == '[':
		return s.array(depth+1, enum)
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
		start := s.i
		if s.i >= len(s.data) || s.data[s.i] != '"' || !s.node() || !s.str() {
			return false
		}
		enum := string(s.data[start:s.i]) == `"enum"`
		s.space()
		if s.i >= len(s.data) || s.data[s.i] != ':' {
			return false
		}
		s.i++
		s.space()
		if !s.value(depth, enum) {
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

func (s *jsonScanner) array(depth int, enum bool) bool {
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
	for members := 1; ; members++ {
		if enum && s.maxEnum > 0 && members > s.maxEnum {
			s.bigEnum = s.i
			return false
		}
		if !s.value(depth, false) {
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
