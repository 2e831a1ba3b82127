package validate

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/dlclark/regexp2"
	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/wirelint/wirelint/internal/ecmaregex"
	"github.com/wirelint/wirelint/internal/limits"
)

// DefaultMatchTimeout bounds one pattern match when Options.MatchTimeout is 0.
const DefaultMatchTimeout = limits.DefaultMatchTimeout

// ErrMatchTimeout reports a pattern match that ran past its timeout: the
// payload's validity is unknown.
var ErrMatchTimeout = errors.New("a pattern match ran past its timeout")

// PatternError is a pattern the ECMA-262 engine (or Options.PatternCheck)
// refuses.
type PatternError struct {
	// Pattern is the source text.
	Pattern string
	// Reason names the construct or the engine's complaint.
	Reason string
	// Budget is the pattern budget in bytes when the pattern is longer than
	// it and was not compiled at all; 0 otherwise.
	Budget int
}

func (e *PatternError) Error() string {
	if e.Budget > 0 {
		return fmt.Sprintf("pattern %s: %s", ShortPattern(e.Pattern), e.Reason)
	}
	return fmt.Sprintf("pattern %q is not a valid ECMA-262 regular expression: %s", e.Pattern, e.Reason)
}

// DefaultMaxPatternLength is the pattern budget in bytes when
// Options.MaxPatternLength is 0: a longer pattern is not compiled (a 1 MB
// literal costs the engines seconds and a gigabyte) and is reported unchecked.
const DefaultMaxPatternLength = limits.DefaultPatternLength

// OverPatternBudget returns the error for a pattern longer than max bytes
// (0 = DefaultMaxPatternLength), or nil.
func OverPatternBudget(pattern string, max int) *PatternError {
	if max <= 0 {
		max = DefaultMaxPatternLength
	}
	if len(pattern) <= max {
		return nil
	}
	return &PatternError{Pattern: pattern, Budget: max,
		Reason: fmt.Sprintf("%d bytes, past the %d-byte pattern budget (%s)", len(pattern), max, limits.Hint("max-pattern-length"))}
}

// ShortPattern quotes a pattern for a message, cut to 60 bytes.
func ShortPattern(p string) string {
	if len(p) <= 60 {
		return fmt.Sprintf("%q", p)
	}
	cut := 60
	for cut > 0 && !utf8.RuneStart(p[cut]) {
		cut--
	}
	return fmt.Sprintf("%q…", p[:cut])
}

// ecmaRegexp adapts a regexp2 expression to jsonschema.Regexp: the
// backtracking engine, kept for the patterns Go's regexp cannot take.
type ecmaRegexp struct{ re *regexp2.Regexp }

func (r ecmaRegexp) String() string { return r.re.String() }

// MatchString reports whether s contains a match. A match that times out
// panics with matchTimeout, which Validate recovers into ErrMatchTimeout:
// jsonschema's interface has no way to say "unknown".
func (r ecmaRegexp) MatchString(s string) bool {
	ok, err := r.re.MatchString(s)
	if err != nil {
		panic(matchTimeout{pattern: r.re.String()})
	}
	return ok
}

// linearRegexp is an ECMA-262 pattern translated to Go's regexp, which
// matches in time linear in the input and so needs no timeout. source is the
// pattern as written, for messages.
type linearRegexp struct {
	source string
	re     *regexp.Regexp
}

func (r linearRegexp) String() string { return r.source }

// MatchString reports whether s contains a match.
func (r linearRegexp) MatchString(s string) bool { return r.re.MatchString(s) }

type matchTimeout struct{ pattern string }

// engine returns the jsonschema regexp hook: ECMAScript semantics, after an
// optional validity check of the caller's; see CompileRegexp.
func engine(opts Options) jsonschema.RegexpEngine {
	timeout := opts.Timeout()
	// a generated document repeats a few patterns hundreds of times (an id
	// format on every property that holds one): each is compiled once
	type compiled struct {
		re  jsonschema.Regexp
		err error
	}
	var mu sync.Mutex
	memo := map[string]compiled{}
	return func(s string) (jsonschema.Regexp, error) {
		mu.Lock()
		c, ok := memo[s]
		mu.Unlock()
		if ok {
			return c.re, c.err
		}
		if pe := OverPatternBudget(s, opts.MaxPatternLength); pe != nil {
			c.err = pe
		} else {
			c.re, c.err = CompileRegexp(s, opts.PatternCheck, timeout)
		}
		mu.Lock()
		memo[s] = c
		mu.Unlock()
		return c.re, c.err
	}
}

// Engine names the engine a compiled pattern runs in.
type Engine string

const (
	// Linear is Go's regexp: the pattern's ECMA-262 `u`-mode meaning, spelled
	// by ecmaregex.Translate; linear time, no timeout.
	Linear Engine = "linear"
	// Backtracking is regexp2 in ECMAScript mode under the match timeout:
	// lookaround, backreferences and what Go's regexp cannot spell.
	Backtracking Engine = "backtracking"
)

// EngineOf returns the engine CompileRegexp runs the valid pattern s in.
func EngineOf(s string) Engine {
	if linear(s) != nil {
		return Linear
	}
	return Backtracking
}

// CompileRegexp compiles an ECMA-262 pattern for validation. Go's regexp takes
// every pattern whose `u`-mode meaning ecmaregex.Translate spells for it
// (rules/regex's tests hold those translations to node's answers), so no
// input can make it backtrack; the rest — lookaround, backreferences,
// Annex B syntax, repeats past RE2's 1000 — run in regexp2 with the match
// timeout. check and the errors are CompilePattern's.
func CompileRegexp(s string, check func(string) error, timeout time.Duration) (jsonschema.Regexp, error) {
	if check != nil {
		if err := check(s); err != nil {
			return nil, &PatternError{Pattern: s, Reason: err.Error()}
		}
	}
	if re := linear(s); re != nil {
		return linearRegexp{source: s, re: re}, nil
	}
	re, err := CompilePattern(s, nil)
	if err != nil {
		return nil, err
	}
	re.MatchTimeout = timeout
	return ecmaRegexp{re}, nil
}

// linear returns s translated to Go's regexp, or nil when s is not valid in
// `u` mode or has a construct Go cannot spell.
func linear(s string) *regexp.Regexp {
	tree, err := ecmaregex.Parse(s, ecmaregex.Unicode)
	if err != nil {
		return nil
	}
	translated, err := ecmaregex.Translate(tree, ecmaregex.Dialect{Name: ecmaregex.NameGo})
	if err != nil {
		return nil
	}
	re, err := regexp.Compile(translated)
	if err != nil {
		return nil
	}
	return re
}

// CompilePattern compiles an ECMA-262 pattern with regexp2 in ECMAScript mode.
// check, when not nil, judges the pattern first (an ECMA-262 `u`-mode parser).
// A refused pattern is a *PatternError.
func CompilePattern(s string, check func(string) error) (*regexp2.Regexp, error) {
	if check != nil {
		if err := check(s); err != nil {
			return nil, &PatternError{Pattern: s, Reason: err.Error()}
		}
	}
	re, err := regexp2.Compile(propertyNames(s), regexp2.ECMAScript)
	if err != nil {
		return nil, &PatternError{Pattern: s, Reason: trimRegexp2(err.Error())}
	}
	return re, nil
}

func trimRegexp2(msg string) string {
	const prefix = "error parsing regexp: "
	if len(msg) > len(prefix) && msg[:len(prefix)] == prefix {
		return msg[len(prefix):]
	}
	return msg
}

// gcAliases maps ECMA-262 `u`-mode General_Category long names to the short
// ones regexp2 knows (Unicode PropertyValueAliases.txt).
var gcAliases = map[string]string{
	"Letter": "L", "Cased_Letter": "LC", "Uppercase_Letter": "Lu", "Lowercase_Letter": "Ll",
	"Titlecase_Letter": "Lt", "Modifier_Letter": "Lm", "Other_Letter": "Lo",
	"Mark": "M", "Combining_Mark": "M", "Nonspacing_Mark": "Mn", "Spacing_Mark": "Mc", "Enclosing_Mark": "Me",
	"Number": "N", "Decimal_Number": "Nd", "digit": "Nd", "Letter_Number": "Nl", "Other_Number": "No",
	"Punctuation": "P", "punct": "P", "Connector_Punctuation": "Pc", "Dash_Punctuation": "Pd",
	"Open_Punctuation": "Ps", "Close_Punctuation": "Pe", "Initial_Punctuation": "Pi",
	"Final_Punctuation": "Pf", "Other_Punctuation": "Po",
	"Symbol": "S", "Math_Symbol": "Sm", "Currency_Symbol": "Sc", "Modifier_Symbol": "Sk", "Other_Symbol": "So",
	"Separator": "Z", "Space_Separator": "Zs", "Line_Separator": "Zl", "Paragraph_Separator": "Zp",
	"Other": "C", "Control": "Cc", "cntrl": "Cc", "Format": "Cf", "Surrogate": "Cs",
	"Private_Use": "Co", "Unassigned": "Cn",
}

// propertyNames rewrites the `u`-mode spellings of \p{...} / \P{...} that
// regexp2 does not know (General_Category=Letter, gc=L, Letter, Script=Greek)
// into the ones it does (L, Greek). Everything else is copied unchanged.
func propertyNames(s string) string {
	if !strings.Contains(s, `\p{`) && !strings.Contains(s, `\P{`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' || i+1 >= len(s) {
			b.WriteByte(c)
			continue
		}
		next := s[i+1]
		end := strings.IndexByte(s[i:], '}')
		if (next != 'p' && next != 'P') || i+2 >= len(s) || s[i+2] != '{' || end < 0 {
			b.WriteByte(c)
			b.WriteByte(next)
			i++
			continue
		}
		name := s[i+3 : i+end]
		if k, v, ok := strings.Cut(name, "="); ok {
			switch k {
			case "General_Category", "gc", "Script", "sc", "Script_Extensions", "scx":
				name = v
			}
		}
		if short, ok := gcAliases[name]; ok {
			name = short
		}
		b.WriteString(s[i:i+3] + name + "}")
		i += end
	}
	return b.String()
}
