package report

import (
	"fmt"
	"sort"
	"sync"
)

// Rule is a rule's identity and documentation. Each rule family declares its
// rules as data beside its code and registers them; `wirelint rules`,
// `wirelint explain`, SARIF rule entries and the README table read them.
type Rule struct {
	// ID is stable, family/name, never reused.
	ID string
	// Severity is the default severity.
	Severity Severity
	// Title is one line: what the rule finds.
	Title string
	// Why explains the harm the rule prevents.
	Why string
	// Bad is a short example that triggers the rule.
	Bad string
	// Good is the corrected example that stays silent.
	Good string
}

var (
	rulesMu sync.Mutex
	rules   = map[string]Rule{}
)

// Register adds rules to the catalogue. Registering an id twice is a programmer
// error and panics.
func Register(rs ...Rule) {
	rulesMu.Lock()
	defer rulesMu.Unlock()
	for _, r := range rs {
		if _, dup := rules[r.ID]; dup {
			panic(fmt.Sprintf("report: rule %s registered twice", r.ID))
		}
		rules[r.ID] = r
	}
}

// Rules returns every registered rule sorted by id.
func Rules() []Rule {
	rulesMu.Lock()
	defer rulesMu.Unlock()
	out := make([]Rule, 0, len(rules))
	for _, r := range rules {
		out = append(out, r)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// Lookup returns the rule with the given id.
func Lookup(id string) (Rule, bool) {
	rulesMu.Lock()
	defer rulesMu.Unlock()
	r, ok := rules[id]
	return r, ok
}

// DefaultSeverity returns the registered default severity of id, or error when
// the rule is unknown.
func DefaultSeverity(id string) Severity {
	if r, ok := Lookup(id); ok {
		return r.Severity
	}
	return SeverityError
}
