package validate

import (
	"sort"
	"strconv"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/wirelint/wirelint/reduce"
)

// An invalid pattern must not stop the rest of its document from compiling
// (jsonschema checks a whole resource against its metaschema). So before a
// document is handed to the compiler, each pattern the engine refuses is
// replaced by a placeholder that compiles to a "poisoned" expression: schemas
// that never reach it validate as usual; a payload that does reach it gets an
// unknown result (Result.Err is the *PatternError) instead of a made-up
// verdict. The refused patterns are listed by Set.PatternProblems.

// poisonPrefix starts every placeholder; U+FDD0 is a noncharacter no author writes.
const poisonPrefix = "\uFDD0wirelint-invalid-pattern:"

type poisonRegexp struct{ err *PatternError }

func (p poisonRegexp) String() string { return p.err.Pattern }

func (p poisonRegexp) MatchString(string) bool { panic(poisoned(p)) }

type poisoned struct{ err *PatternError }

// neutralize replaces refused patterns in the schema value v (a document of
// display path file) and returns them as SchemaErrors.
func (s *Set) neutralize(v any, file string, doc *reduce.Document) []*SchemaError {
	var out []*SchemaError
	// each distinct pattern is judged once; each place it is written is
	// poisoned and listed on its own
	verdicts := map[string]*PatternError{}
	poison := func(pattern, ptr string) (string, bool) {
		if strings.HasPrefix(pattern, poisonPrefix) {
			return pattern, false
		}
		pe, judged := verdicts[pattern]
		if !judged {
			pe = OverPatternBudget(pattern, s.opts.MaxPatternLength)
			if pe == nil {
				if _, err := CompilePattern(pattern, s.opts.PatternCheck); err != nil {
					pe = err.(*PatternError)
				}
			}
			verdicts[pattern] = pe
		}
		if pe != nil {
			s.poisonMu.Lock()
			s.poisons = append(s.poisons, pe)
			id := len(s.poisons) - 1
			s.poisonMu.Unlock()
			out = append(out, &SchemaError{File: file, Doc: doc, Pointer: sourcePointer(doc, ptr), Msg: pe.Error(), Pattern: pe})
			return poisonPrefix + strconv.Itoa(id), true
		}
		return pattern, false
	}
	var walk func(v any, ptr string, names bool, depth int)
	walk = func(v any, ptr string, names bool, depth int) {
		if depth > maxTranslateDepth {
			return
		}
		switch x := v.(type) {
		case []any:
			for i, e := range x {
				walk(e, ptr+"/"+strconv.Itoa(i), false, depth+1)
			}
		case map[string]any:
			if !names {
				if p, ok := x["pattern"].(string); ok {
					if np, changed := poison(p, ptr+"/pattern"); changed {
						x["pattern"] = np
					}
				}
				if pp, ok := x["patternProperties"].(map[string]any); ok {
					keys := make([]string, 0, len(pp))
					for k := range pp {
						keys = append(keys, k)
					}
					sort.Strings(keys)
					for _, k := range keys {
						if nk, changed := poison(k, reduce.JoinPointer(ptr+"/patternProperties", k)); changed {
							pp[nk] = pp[k]
							delete(pp, k)
						}
					}
				}
			}
			keys := make([]string, 0, len(x))
			for k := range x {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			for _, k := range keys {
				if !names && (dataKeys[k] || strings.HasPrefix(k, "x-")) {
					continue
				}
				walk(x[k], reduce.JoinPointer(ptr, k), !names && nameMaps[k], depth+1)
			}
		}
	}
	walk(v, "", false, 0)
	return out
}

// poisonEngine wraps an engine so placeholders compile to poisoned expressions.
func (s *Set) poisonEngine(next jsonschema.RegexpEngine) jsonschema.RegexpEngine {
	return func(p string) (jsonschema.Regexp, error) {
		if rest, ok := strings.CutPrefix(p, poisonPrefix); ok {
			if id, err := strconv.Atoi(rest); err == nil {
				s.poisonMu.Lock()
				defer s.poisonMu.Unlock()
				if id >= 0 && id < len(s.poisons) {
					return poisonRegexp{s.poisons[id]}, nil
				}
			}
		}
		return next(p)
	}
}

// Problems lists what was set aside so far, in the Set's document and in the
// files its references reached, sorted by file and pointer: patterns the
// engine refuses (Pattern set; payloads reaching them get no verdict) and
// keywords the metaschema rejects (dropped, so the rest compiles).
func (s *Set) Problems() []*SchemaError {
	s.poisonMu.Lock()
	defer s.poisonMu.Unlock()
	out := append([]*SchemaError(nil), s.problems...)
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].File != out[j].File {
			return out[i].File < out[j].File
		}
		return out[i].Pointer < out[j].Pointer
	})
	return out
}
