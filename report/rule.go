package report

// Rule is a rule's identity and documentation. Each rule family declares its
// rules as data in its rules.go (var Rules = []report.Rule{...}) and its
// findings take their default severity from these values; the runner
// assembles one catalogue, which `wirelint rules`, `wirelint explain`, SARIF
// rule entries and the README table read.
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
	// Identity says which of a finding's details identify it in its
	// fingerprint (nil: every field but the payload, every location). A
	// pointer, so a Rule stays comparable.
	Identity *Identity
}

// Identity says which details of a rule's findings identify one across
// runs, so a baseline entry survives what may change around the drift.
// The rule, definition, pointer and each counted location's file (from the
// repository root, without its revision) and pointer always count; line
// numbers and the revision's name never do.
type Identity struct {
	// Ignore lists Fields keys left out ("payload" always is).
	Ignore []string
	// Locations is how many locations count, the first first (0 = all).
	Locations int
}

// FindRule returns the rule of rs with the given id.
func FindRule(rs []Rule, id string) (Rule, bool) {
	for _, r := range rs {
		if r.ID == id {
			return r, true
		}
	}
	return Rule{}, false
}
