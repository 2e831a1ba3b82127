package ecmaregex

import (
	"sort"
	"sync"
	"unicode"
)

// generalCategories lists each General_Category value ECMA-262 accepts: the
// short name first, then its aliases (PropertyValueAliases.txt, gc).
var generalCategories = [][]string{
	{"C", "Other"}, {"Cc", "Control", "cntrl"}, {"Cf", "Format"}, {"Cn", "Unassigned"},
	{"Co", "Private_Use"}, {"Cs", "Surrogate"}, {"L", "Letter"}, {"LC", "Cased_Letter"},
	{"Ll", "Lowercase_Letter"}, {"Lm", "Modifier_Letter"}, {"Lo", "Other_Letter"},
	{"Lt", "Titlecase_Letter"}, {"Lu", "Uppercase_Letter"}, {"M", "Mark", "Combining_Mark"},
	{"Mc", "Spacing_Mark"}, {"Me", "Enclosing_Mark"}, {"Mn", "Nonspacing_Mark"}, {"N", "Number"},
	{"Nd", "Decimal_Number", "digit"}, {"Nl", "Letter_Number"}, {"No", "Other_Number"},
	{"P", "Punctuation", "punct"}, {"Pc", "Connector_Punctuation"}, {"Pd", "Dash_Punctuation"},
	{"Pe", "Close_Punctuation"}, {"Pf", "Final_Punctuation"}, {"Pi", "Initial_Punctuation"},
	{"Po", "Other_Punctuation"}, {"Ps", "Open_Punctuation"}, {"S", "Symbol"},
	{"Sc", "Currency_Symbol"}, {"Sk", "Modifier_Symbol"}, {"Sm", "Math_Symbol"},
	{"So", "Other_Symbol"}, {"Z", "Separator"}, {"Zl", "Line_Separator"},
	{"Zp", "Paragraph_Separator"}, {"Zs", "Space_Separator"},
}

// binaryProperties lists the binary properties ECMA-262 accepts (table
// "Binary Unicode property aliases"): the long name first, then its alias.
var binaryProperties = [][]string{
	{"ASCII"}, {"ASCII_Hex_Digit", "AHex"}, {"Alphabetic", "Alpha"}, {"Any"}, {"Assigned"},
	{"Bidi_Control", "Bidi_C"}, {"Bidi_Mirrored", "Bidi_M"}, {"Case_Ignorable", "CI"}, {"Cased"},
	{"Changes_When_Casefolded", "CWCF"}, {"Changes_When_Casemapped", "CWCM"},
	{"Changes_When_Lowercased", "CWL"}, {"Changes_When_NFKC_Casefolded", "CWKCF"},
	{"Changes_When_Titlecased", "CWT"}, {"Changes_When_Uppercased", "CWU"}, {"Dash"},
	{"Default_Ignorable_Code_Point", "DI"}, {"Deprecated", "Dep"}, {"Diacritic", "Dia"},
	{"Emoji"}, {"Emoji_Component", "EComp"}, {"Emoji_Modifier", "EMod"},
	{"Emoji_Modifier_Base", "EBase"}, {"Emoji_Presentation", "EPres"},
	{"Extended_Pictographic", "ExtPict"}, {"Extender", "Ext"}, {"Grapheme_Base", "Gr_Base"},
	{"Grapheme_Extend", "Gr_Ext"}, {"Hex_Digit", "Hex"}, {"IDS_Binary_Operator", "IDSB"},
	{"IDS_Trinary_Operator", "IDST"}, {"ID_Continue", "IDC"}, {"ID_Start", "IDS"},
	{"Ideographic", "Ideo"}, {"Join_Control", "Join_C"}, {"Logical_Order_Exception", "LOE"},
	{"Lowercase", "Lower"}, {"Math"}, {"Noncharacter_Code_Point", "NChar"},
	{"Pattern_Syntax", "Pat_Syn"}, {"Pattern_White_Space", "Pat_WS"}, {"Quotation_Mark", "QMark"},
	{"Radical"}, {"Regional_Indicator", "RI"}, {"Sentence_Terminal", "STerm"},
	{"Soft_Dotted", "SD"}, {"Terminal_Punctuation", "Term"}, {"Unified_Ideograph", "UIdeo"},
	{"Uppercase", "Upper"}, {"Variation_Selector", "VS"}, {"White_Space", "space"},
	{"XID_Continue", "XIDC"}, {"XID_Start", "XIDS"},
}

// PropKind says what a \p{…} names.
type PropKind uint8

// Property kinds.
const (
	PropInvalid   PropKind = iota
	PropCategory           // a General_Category value: \p{L}, \p{Letter}, \p{gc=L}
	PropScript             // \p{Script=Greek}, \p{sc=Grek}
	PropScriptExt          // \p{Script_Extensions=Greek}, \p{scx=Grek}
	PropBinary             // \p{White_Space}, \p{Any}, \p{ASCII}
)

// propNames maps every accepted spelling of a property value to its
// canonical name: built on first use, not before main in every command.
type propNames struct {
	gcShort    map[string]string // any accepted gc spelling -> short name
	scriptLong map[string]string // any accepted script spelling -> long name
	binaryLong map[string]string // any accepted binary spelling -> long name
}

var names = sync.OnceValue(func() propNames {
	index := func(rows [][]string) map[string]string {
		m := map[string]string{}
		for _, row := range rows {
			for _, n := range row {
				m[n] = row[0]
			}
		}
		return m
	}
	return propNames{gcShort: index(generalCategories), scriptLong: index(scriptAliases), binaryLong: index(binaryProperties)}
})

// ClassifyProperty says what \p{name=value} (name empty for \p{value})
// names in ECMA-262, and its canonical value: the short category name, the
// long script name or the long binary property name. Names are case-sensitive.
func ClassifyProperty(name, value string) (PropKind, string) {
	gcShort, scriptLong, binaryLong := names().gcShort, names().scriptLong, names().binaryLong
	switch name {
	case "":
		if s, ok := gcShort[value]; ok {
			return PropCategory, s
		}
		if l, ok := binaryLong[value]; ok {
			return PropBinary, l
		}
	case "General_Category", "gc":
		if s, ok := gcShort[value]; ok {
			return PropCategory, s
		}
	case "Script", "sc":
		if l, ok := scriptLong[value]; ok {
			return PropScript, l
		}
	case "Script_Extensions", "scx":
		if l, ok := scriptLong[value]; ok {
			return PropScriptExt, l
		}
	}
	return PropInvalid, ""
}

// ValidProperty reports whether ECMA-262 accepts \p{name=value} (name empty
// for the lone form).
func ValidProperty(name, value string) bool {
	k, _ := ClassifyProperty(name, value)
	return k != PropInvalid
}

// propertyRanges returns the code points a property names, from Go's unicode
// tables (Unicode 15.0), and whether Go has them. Script_Extensions and most
// derived binary properties have no table there.
func propertyRanges(kind PropKind, canon string) ([]runeRange, bool) {
	var t *unicode.RangeTable
	switch kind {
	case PropCategory:
		switch canon {
		case "LC":
			return union(tableRanges(unicode.Lu), tableRanges(unicode.Ll), tableRanges(unicode.Lt)), true
		case "Cn":
			return complement(assigned()), true
		}
		t = unicode.Categories[canon]
	case PropScript:
		if canon == "Unknown" {
			return complement(union(scriptsAll()...)), true
		}
		if canon == "Katakana_Or_Hiragana" {
			return nil, false
		}
		t = unicode.Scripts[canon]
	case PropBinary:
		switch canon {
		case "Any":
			return []runeRange{{0, unicode.MaxRune}}, true
		case "ASCII":
			return []runeRange{{0, 0x7F}}, true
		case "Assigned":
			return assigned(), true
		}
		t = unicode.Properties[canon]
	}
	if t == nil {
		return nil, false
	}
	return tableRanges(t), true
}

func assigned() []runeRange {
	var all []([]runeRange)
	for _, t := range unicode.Categories {
		all = append(all, tableRanges(t))
	}
	return union(all...)
}

func scriptsAll() [][]runeRange {
	var all [][]runeRange
	for _, t := range unicode.Scripts {
		all = append(all, tableRanges(t))
	}
	return all
}

// runeRange is an inclusive range of code points.
type runeRange struct{ lo, hi rune }

func tableRanges(t *unicode.RangeTable) []runeRange {
	var out []runeRange
	add := func(lo, hi, stride rune) {
		if stride == 1 {
			out = append(out, runeRange{lo, hi})
			return
		}
		for r := lo; r <= hi; r += stride {
			out = append(out, runeRange{r, r})
		}
	}
	for _, r := range t.R16 {
		add(rune(r.Lo), rune(r.Hi), rune(r.Stride))
	}
	for _, r := range t.R32 {
		add(rune(r.Lo), rune(r.Hi), rune(r.Stride))
	}
	return union(out)
}

// union merges range lists into one sorted list of disjoint, non-adjacent ranges.
func union(lists ...[]runeRange) []runeRange {
	var all []runeRange
	for _, l := range lists {
		all = append(all, l...)
	}
	sort.Slice(all, func(i, j int) bool { return all[i].lo < all[j].lo })
	var out []runeRange
	for _, r := range all {
		if n := len(out); n > 0 && r.lo <= out[n-1].hi+1 {
			if r.hi > out[n-1].hi {
				out[n-1].hi = r.hi
			}
			continue
		}
		out = append(out, r)
	}
	return out
}

// complement returns the code points of [0, MaxRune] not in rs (which must be
// normalised by union).
func complement(rs []runeRange) []runeRange {
	var out []runeRange
	next := rune(0)
	for _, r := range rs {
		if r.lo > next {
			out = append(out, runeRange{next, r.lo - 1})
		}
		next = r.hi + 1
	}
	if next <= unicode.MaxRune {
		out = append(out, runeRange{next, unicode.MaxRune})
	}
	return out
}
