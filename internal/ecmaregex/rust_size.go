package ecmaregex

import (
	"sync"
	"unicode"
	"unicode/utf8"
)

// RustSizeLimit is the size limit, in bytes, under which regex::Regex::new
// builds a program: RegexBuilder::size_limit's default.
const RustSizeLimit = 10 << 20

// The estimate follows the program compiler of the regex crate 1.7 (the
// version the recorded verdicts in testdata/engines come from): Regex::new
// compiles three programs — a char-based NFA, a byte-based forward DFA and a
// byte-based reverse DFA — and refuses the pattern when one of them outgrows
// the limit. An instruction costs rustInstBytes; a class costs one
// instruction plus 8 bytes per range in the NFA, and in the DFAs one byte
// instruction per UTF-8 byte range (shared suffixes or prefixes reused) and
// one split per UTF-8 sequence but the last. Repeats are unrolled: x{n,m} is
// n copies of x and m-n optional copies, each with a split.
const (
	rustInstBytes  = 32 // size_of::<Inst>() on a 64-bit target
	rustRangeBytes = 8  // one (char, char) pair of an NFA class
	rustCacheSlots = 1000
)

// rustSize is a node's estimated size in each of the three programs, in bytes.
type rustSize struct{ nfa, forward, reverse float64 }

func (a rustSize) add(b rustSize) rustSize {
	return rustSize{a.nfa + b.nfa, a.forward + b.forward, a.reverse + b.reverse}
}

func (a rustSize) times(n float64) rustSize {
	return rustSize{a.nfa * n, a.forward * n, a.reverse * n}
}

func (a rustSize) max() float64 { return max(a.nfa, a.forward, a.reverse) }

var rustInst = rustSize{rustInstBytes, rustInstBytes, rustInstBytes}

// RustProgramSize estimates the size in bytes of the largest program the
// regex crate builds for the pattern tree n read verbatim (\d, \s, \w and .
// as Rust reads them). It is meant for comparison with RustSizeLimit; the
// recorded verdicts pin it to the real crate.
func RustProgramSize(n *Node) float64 {
	s, _ := rustEstimate(n)
	// whole program: the NFA's two saves and match; the forward DFA's .*?
	// prefix and match; the reverse DFA's match
	anyChar := rustClassSize([]runeRange{{0, unicode.MaxRune}})
	s = s.add(rustSize{3 * rustInstBytes, anyChar.forward + 2*rustInstBytes, rustInstBytes})
	return s.max()
}

// rustLargest returns the repeat that makes most of the program, the node a
// size finding points at (n itself when it has no repeat).
func rustLargest(n *Node) *Node {
	_, at := rustEstimate(n)
	if at == nil {
		return n
	}
	return at
}

// rustEstimate returns n's size and the outermost repeat of largest size
// inside it (nil for none).
func rustEstimate(n *Node) (rustSize, *Node) {
	var largest *Node
	var largestSize float64
	keep := func(s rustSize, at *Node) {
		if at != nil && s.max() > largestSize {
			largest, largestSize = at, s.max()
		}
	}
	var walk func(n *Node) rustSize
	walk = func(n *Node) rustSize {
		switch n.Kind {
		case KindLiteral:
			return rustClassSize([]runeRange{{n.Rune, n.Rune}})
		case KindClass, KindClassEscape, KindDot, KindProperty:
			return rustNodeClassSize(n)
		case KindConcat:
			var s rustSize
			for _, sub := range n.Sub {
				s = s.add(walk(sub))
			}
			if len(n.Sub) == 0 {
				return rustSize{rustInstBytes, rustInstBytes, rustInstBytes} // c_empty
			}
			return s
		case KindAlternate:
			s := rustInst.times(float64(len(n.Sub) - 1))
			for _, sub := range n.Sub {
				s = s.add(walk(sub))
			}
			return s
		case KindGroup:
			s := walk(n.Sub[0])
			s.nfa += 2 * rustInstBytes // the DFAs drop the saves
			return s
		case KindRepeat:
			// * ? and + compile to one copy and a split (the tree does not
			// tell {0,} {0,1} {1,} apart from them; they cost a copy or an
			// empty instruction more); {n,m} to n copies and m-n optional
			// ones, {n,} to n copies and a starred one
			inner := walk(n.Sub[0])
			min, max := float64(n.Min), float64(n.Max)
			var s rustSize
			switch {
			case n.Max == 0:
				s = rustInst // the empty concatenation
			case n.Min <= 1 && (n.Max < 0 || n.Max == 1):
				s = inner.add(rustInst)
			case n.Max < 0:
				s = inner.times(min).add(inner).add(rustInst)
			default:
				s = inner.times(min).add(inner.add(rustInst).times(max - min))
				if n.Min == 0 {
					s = s.add(rustInst) // the empty concatenation of no copy
				}
			}
			keep(s, n)
			return s
		case KindStart, KindEnd, KindWordBoundary, KindNotWordBoundary:
			return rustInst
		case KindEmpty:
			return rustInst // c_empty counts as an instruction
		}
		var s rustSize
		for _, sub := range n.Sub {
			s = s.add(walk(sub))
		}
		return s
	}
	s := walk(n)
	return s, largest
}

// rustRanges returns the code points a class, class escape, property or dot
// matches in the regex crate: \d is Unicode Nd, \s White_Space, \w the
// Unicode word characters, . everything but \n.
func rustRanges(n *Node) []runeRange {
	switch n.Kind {
	case KindDot:
		return []runeRange{{0, '\n' - 1}, {'\n' + 1, unicode.MaxRune}}
	case KindClassEscape:
		rs := rustEscapeRanges(n.Esc | 0x20)
		if n.Esc >= 'A' && n.Esc <= 'Z' {
			rs = complement(rs)
		}
		return rs
	case KindProperty:
		kind, canon := ClassifyProperty(n.Name, n.Value)
		rs, _ := propertyRanges(kind, canon)
		if n.Negate {
			rs = complement(rs)
		}
		return rs
	case KindLiteral:
		return []runeRange{{n.Rune, n.Rune}}
	case KindRange:
		return []runeRange{{n.Lo, n.Hi}}
	case KindClass:
		var parts [][]runeRange
		for _, sub := range n.Sub {
			parts = append(parts, rustRanges(sub))
		}
		rs := union(parts...)
		if n.Negate {
			rs = complement(rs)
		}
		return rs
	}
	return nil
}

var rustEscapeTables = sync.OnceValue(func() map[byte][]runeRange {
	word := union(tableRanges(unicode.L), tableRanges(unicode.Nl), tableRanges(unicode.Other_Alphabetic),
		tableRanges(unicode.M), tableRanges(unicode.Nd), tableRanges(unicode.Pc), tableRanges(unicode.Join_Control))
	return map[byte][]runeRange{
		'd': tableRanges(unicode.Nd),
		's': tableRanges(unicode.White_Space),
		'w': word,
	}
})

func rustEscapeRanges(esc byte) []runeRange { return rustEscapeTables()[esc] }

// rustClassCache memoises rustClassSize by the class's ranges: \w alone has
// some 750 ranges and 1,400 UTF-8 sequences. rustNodeCache memoises it by
// the class as written, which spares building the ranges.
var rustClassCache, rustNodeCache sync.Map // string -> rustSize

// rustNodeClassSize is rustClassSize of a class, class escape, property or dot.
func rustNodeClassSize(n *Node) rustSize {
	var key []byte
	var spell func(n *Node)
	spell = func(n *Node) {
		key = append(key, byte(n.Kind), n.Esc)
		if n.Negate {
			key = append(key, '^')
		}
		key = utf8.AppendRune(utf8.AppendRune(utf8.AppendRune(key, n.Rune), n.Lo), n.Hi)
		key = append(append(append(key, n.Name...), 0), n.Value...)
		for _, sub := range n.Sub {
			spell(sub)
		}
		key = append(key, 0)
	}
	spell(n)
	if s, ok := rustNodeCache.Load(string(key)); ok {
		return s.(rustSize)
	}
	s := rustClassSize(rustRanges(n))
	rustNodeCache.Store(string(key), s)
	return s
}

// rustClassSize is the size of one class (or character) in each program.
func rustClassSize(rs []runeRange) rustSize {
	if len(rs) == 0 {
		return rustInst // an empty class never matches; the crate 1.7 rejects it anyway
	}
	if len(rs) == 1 && rs[0].lo == rs[0].hi {
		n := float64(utf8.RuneLen(rs[0].lo))
		if n < 1 {
			n = 3
		}
		return rustSize{rustInstBytes, n * rustInstBytes, n * rustInstBytes}
	}
	key := rangesKey(rs)
	if s, ok := rustClassCache.Load(key); ok {
		return s.(rustSize)
	}
	var seqs [][]byteRange
	for _, r := range rs {
		seqs = appendUTF8Sequences(seqs, r.lo, r.hi)
	}
	s := rustSize{
		nfa:     float64(rustInstBytes + rustRangeBytes*len(rs)),
		forward: float64(utf8ProgramInsts(seqs, false)) * rustInstBytes,
		reverse: float64(utf8ProgramInsts(seqs, true)) * rustInstBytes,
	}
	rustClassCache.Store(key, s)
	return s
}

func rangesKey(rs []runeRange) string {
	b := make([]byte, 0, len(rs)*8)
	for _, r := range rs {
		b = utf8.AppendRune(utf8.AppendRune(b, r.lo), r.hi)
	}
	return string(b)
}

// byteRange is an inclusive range of byte values at one position of a UTF-8
// sequence.
type byteRange struct{ lo, hi byte }

// utf8ProgramInsts counts the instructions of a UTF-8 automaton for seqs as
// the crate builds it: a split before every sequence but the last, and one
// byte-range instruction per position, except where a cache of recently
// built instructions (1,000 slots, keyed by the instruction a range leads
// to and the range) already holds it. The forward program builds each
// sequence from its last byte, sharing suffixes; the reverse one from its
// first, sharing prefixes.
func utf8ProgramInsts(seqs [][]byteRange, reverse bool) int {
	type key struct {
		from   uint64
		lo, hi byte
	}
	var slots [rustCacheSlots]struct {
		key key
		pc  uint64
		set bool
	}
	pc := uint64(0)
	for i, seq := range seqs {
		if i < len(seqs)-1 {
			pc++ // split
		}
		from := ^uint64(0)
		for j := range seq {
			r := seq[j]
			if !reverse {
				r = seq[len(seq)-1-j]
			}
			k := key{from, r.lo, r.hi}
			h := fnv3(k.from, uint64(k.lo), uint64(k.hi)) % rustCacheSlots
			if s := &slots[h]; s.set && s.key == k {
				from = s.pc
				continue
			}
			slots[h].key, slots[h].pc, slots[h].set = k, pc, true
			from = pc
			pc++
		}
	}
	return int(pc)
}

// fnv3 is FNV-1a over three words, as the crate's suffix cache hashes.
func fnv3(a, b, c uint64) uint64 {
	const prime = 1099511628211
	h := uint64(14695981039346656037)
	for _, x := range [3]uint64{a, b, c} {
		h = (h ^ x) * prime
	}
	return h
}

// appendUTF8Sequences appends the UTF-8 sequences that together match the
// code points lo..hi (surrogates excluded): each sequence is a list of byte
// ranges, one per byte, such that every combination is valid UTF-8 in the
// range. A range is split at the encoding-length boundaries, then wherever
// its ends do not cover whole blocks of continuation bytes.
func appendUTF8Sequences(out [][]byteRange, lo, hi rune) [][]byteRange {
	if lo < 0xE000 && hi > 0xD7FF { // leave the surrogates out
		out = appendUTF8Sequences(out, lo, 0xD7FF)
		return appendUTF8Sequences(out, 0xE000, hi)
	}
	if lo > hi {
		return out
	}
	for _, max := range []rune{0x7F, 0x7FF, 0xFFFF} {
		if lo <= max && max < hi {
			out = appendUTF8Sequences(out, lo, max)
			return appendUTF8Sequences(out, max+1, hi)
		}
	}
	if hi <= 0x7F {
		return append(out, []byteRange{{byte(lo), byte(hi)}})
	}
	for i := 1; i < 4; i++ {
		m := rune(1)<<(6*i) - 1
		if lo&^m != hi&^m {
			if lo&m != 0 {
				out = appendUTF8Sequences(out, lo, lo|m)
				return appendUTF8Sequences(out, (lo|m)+1, hi)
			}
			if hi&m != m {
				out = appendUTF8Sequences(out, lo, hi&^m-1)
				return appendUTF8Sequences(out, hi&^m, hi)
			}
		}
	}
	a, b := utf8.AppendRune(nil, lo), utf8.AppendRune(nil, hi)
	seq := make([]byteRange, len(a))
	for i := range a {
		seq[i] = byteRange{a[i], b[i]}
	}
	return append(out, seq)
}
