// Package limits holds the budgets that bound one run — file sizes, nodes,
// nesting, enum members, pattern length and match time, route extraction's
// folding and calls, the differential and fixture validation work, the docs
// walk — with their defaults, and the one name each has as a flag (--NAME)
// and as a key of the limits: block of .wirelint.yaml. A message for an
// exceeded budget names both with Hint.
//
// Budgets count work (bytes, nodes, payloads, validation steps), not time, so
// the same input gives the same output on a busy machine. The pattern-match
// timeout, which bounds the backtracking engine only, and Backstop are the
// exceptions: wall-clock bounds whose expiry is reported as such.
package limits

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// The defaults of the budgets, which the packages that keep them name.
const (
	DefaultFileSize         = 32 << 20
	DefaultNodes            = 600_000
	DefaultDepth            = 10_000
	DefaultPatternLength    = 32 << 10
	DefaultMatchTimeout     = 100 * time.Millisecond
	DefaultPayloadSize      = 8 << 20
	DefaultSourceSize       = 8 << 20
	DefaultFoldedLength     = 8 << 10
	DefaultCalls            = 10_000
	DefaultProbeBudget      = 4_000_000
	DefaultValidationBudget = 4_000_000
	DefaultEnum             = 100_000
	DefaultDocsFiles        = 10_000
	DefaultDocsLinks        = 50_000
)

// Backstop bounds, in wall-clock time, the differential probing of one
// definition and the validation of one fixtures payload set, in case the
// step estimate (validate.Schema.Steps) misjudges an input. Its expiry is
// reported as a backstop, since where it falls depends on the machine.
const Backstop = 10 * time.Second

// Limits are the budgets of one run; a zero field is its default (see
// Budgets). WithDefaults fills them in.
type Limits struct {
	// FileSize is the largest document read, in bytes.
	FileSize int64
	// Nodes is the most nodes one document holds, YAML aliases expanded.
	Nodes int64
	// Depth is the deepest a document or payload nests.
	Depth int64
	// PatternLength is the longest pattern compiled, in bytes.
	PatternLength int64
	// MatchTimeout bounds one pattern match during validation.
	MatchTimeout time.Duration
	// PayloadSize is the largest fixture payload file read, in bytes.
	PayloadSize int64
	// SourceSize is the largest server source file read, in bytes.
	SourceSize int64
	// FoldedLength is the longest string route extraction folds, in bytes.
	FoldedLength int64
	// Calls bounds the function bodies one route extraction runs.
	Calls int64
	// ProbeBudget bounds probing the definitions of a document pair in the
	// differential check, in validation steps (validate.Schema.Steps).
	ProbeBudget int64
	// ValidationBudget bounds validating a fixture payload set, in
	// validation steps.
	ValidationBudget int64
	// Enum is the most members one enum may list.
	Enum int64
	// DocsFiles is the most Markdown and source files the docs check reads.
	DocsFiles int64
	// DocsLinks is the most links and cited paths the docs check resolves.
	DocsLinks int64
}

// Kind is how a budget's value is written.
type Kind int

const (
	// Size is a byte count: 1048576, 1MB, 64MiB.
	Size Kind = iota
	// Count is a positive integer.
	Count
	// Duration is a Go duration: 100ms, 5s.
	Duration
)

// Budget describes one budget.
type Budget struct {
	// Name is the flag (--Name) and the key under limits: in .wirelint.yaml.
	Name string
	Kind Kind
	// Default is the value when none is given (nanoseconds for a Duration).
	Default int64
	// Usage says what it bounds, for --help and docs/config.md.
	Usage string
	field func(*Limits) *int64
}

// Budgets lists every budget, in the order --help and docs/config.md show them.
var Budgets = []Budget{
	{"max-file-size", Size, DefaultFileSize, "largest document read, in bytes or with a KB, MB or GB suffix",
		func(l *Limits) *int64 { return &l.FileSize }},
	{"max-nodes", Count, DefaultNodes, "most nodes one document may hold, YAML aliases expanded",
		func(l *Limits) *int64 { return &l.Nodes }},
	{"max-depth", Count, DefaultDepth, "deepest nesting of a document or payload",
		func(l *Limits) *int64 { return &l.Depth }},
	{"max-pattern-length", Size, DefaultPatternLength, "longest pattern checked, in bytes or with a KB suffix; a longer one is reported unchecked",
		func(l *Limits) *int64 { return &l.PatternLength }},
	{"match-timeout", Duration, int64(DefaultMatchTimeout), "time bound for one pattern match while validating payloads; a payload past it is reported unchecked",
		func(l *Limits) *int64 { return (*int64)(&l.MatchTimeout) }},
	{"max-payload-size", Size, DefaultPayloadSize, "largest fixture payload file read, in bytes or with a KB or MB suffix",
		func(l *Limits) *int64 { return &l.PayloadSize }},
	{"max-source-size", Size, DefaultSourceSize, "largest server source file route extraction reads, in bytes or with a KB or MB suffix",
		func(l *Limits) *int64 { return &l.SourceSize }},
	{"max-folded-length", Size, DefaultFoldedLength, "longest string route extraction folds from constants; a longer route is reported unresolved",
		func(l *Limits) *int64 { return &l.FoldedLength }},
	{"max-calls", Count, DefaultCalls, "most function bodies one route extraction analyses",
		func(l *Limits) *int64 { return &l.Calls }},
	{"probe-budget", Count, DefaultProbeBudget, "validation steps for probing a document pair's definitions with payloads (differential rules); probes left are reported unchecked",
		func(l *Limits) *int64 { return &l.ProbeBudget }},
	{"validation-budget", Count, DefaultValidationBudget, "validation steps for checking a fixtures payload set; payloads left are reported fixture/unchecked",
		func(l *Limits) *int64 { return &l.ValidationBudget }},
	{"max-enum", Count, DefaultEnum, "most members one enum may list",
		func(l *Limits) *int64 { return &l.Enum }},
	{"max-docs-files", Count, DefaultDocsFiles, "most Markdown and source files the docs check reads",
		func(l *Limits) *int64 { return &l.DocsFiles }},
	{"max-docs-links", Count, DefaultDocsLinks, "most links and documentation paths the docs check resolves",
		func(l *Limits) *int64 { return &l.DocsLinks }},
}

// Lookup returns the budget called name.
func Lookup(name string) (Budget, bool) {
	for _, b := range Budgets {
		if b.Name == name {
			return b, true
		}
	}
	return Budget{}, false
}

// Get returns b's value in l (0 = not set).
func (b Budget) Get(l *Limits) int64 { return *b.field(l) }

// Set parses v as b's value into l: a positive size, count or duration.
func (b Budget) Set(l *Limits, v string) error {
	n, err := b.Parse(v)
	if err != nil {
		return err
	}
	*b.field(l) = n
	return nil
}

// Parse reads v as a value of b's kind; zero, negative and unparsable values
// are an error naming what is wanted.
func (b Budget) Parse(v string) (int64, error) {
	switch b.Kind {
	case Size:
		return ParseSize(v)
	case Duration:
		d, err := time.ParseDuration(strings.TrimSpace(v))
		if err != nil || d <= 0 {
			return 0, fmt.Errorf("want a positive duration such as 500ms or 5s, not %q", v)
		}
		return int64(d), nil
	}
	n, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
	if err != nil || n <= 0 || n > 1<<40 {
		return 0, fmt.Errorf("want a positive whole number, not %q", v)
	}
	return n, nil
}

// Format writes n as b's kind reads it.
func (b Budget) Format(n int64) string {
	if b.Kind == Duration {
		return time.Duration(n).String()
	}
	return strconv.FormatInt(n, 10)
}

// ParseSize reads a byte count given as 1048576, 1MB or 64MiB (KB, MB and GB
// are binary multiples, as KiB, MiB and GiB).
func ParseSize(v string) (int64, error) {
	t := strings.ToUpper(strings.TrimSpace(v))
	mult := int64(1)
	for _, u := range []struct {
		suffix string
		mult   int64
	}{{"KIB", 1 << 10}, {"MIB", 1 << 20}, {"GIB", 1 << 30}, {"KB", 1 << 10}, {"MB", 1 << 20}, {"GB", 1 << 30}, {"K", 1 << 10}, {"M", 1 << 20}, {"G", 1 << 30}, {"B", 1}} {
		if strings.HasSuffix(t, u.suffix) {
			t, mult = strings.TrimSpace(strings.TrimSuffix(t, u.suffix)), u.mult
			break
		}
	}
	n, err := strconv.ParseInt(t, 10, 64)
	if err != nil || n <= 0 || n > (1<<40)/mult {
		return 0, fmt.Errorf("want a positive size such as 64MB, not %q", v)
	}
	return n * mult, nil
}

// WithDefaults returns l with every unset budget at its default.
func (l Limits) WithDefaults() Limits {
	for _, b := range Budgets {
		if p := b.field(&l); *p <= 0 {
			*p = b.Default
		}
	}
	return l
}

// Over returns l with every budget set in o replacing l's: flags over the
// configuration file.
func (l Limits) Over(o Limits) Limits {
	for _, b := range Budgets {
		if v := *b.field(&o); v > 0 {
			*b.field(&l) = v
		}
	}
	return l
}

// Hint names how to raise the budget called name, for the message that says
// it was exceeded: "raise it with --NAME or limits.NAME".
func Hint(name string) string { return "raise it with --" + name + " or limits." + name }
