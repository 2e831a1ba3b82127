package report

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Everything a printer writes that came from input — file names, definition
// names, pointers, descriptions quoted in messages — is attacker-controlled on
// a pull request, and the output lands in CI logs, annotations and comments.
// These helpers keep it inert: nothing from input can end a line, move the
// cursor, open a terminal hyperlink or start a line with a workflow command.

// Visible returns s with invalid UTF-8 replaced by U+FFFD and every control
// character shown as an escape: \n, \r, \t, \e (ESC) or \xHH for C0 and DEL,
// \u0085 for C1, and \u2028-style escapes for the Unicode line and paragraph
// separators and the bidirectional overrides that reorder what a reader sees.
// A backslash is left alone, so ordinary text reads unchanged.
func Visible(s string) string {
	if !needsEscape(s) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		switch {
		case r == utf8.RuneError && size <= 1:
			b.WriteRune(utf8.RuneError)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == 0x1b:
			b.WriteString(`\e`)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\x%02x`, r)
		case hidden(r):
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

func needsEscape(s string) bool {
	for _, r := range s {
		if r < 0x20 || r == 0x7f || r == utf8.RuneError || hidden(r) {
			return true
		}
	}
	return false
}

// hidden reports whether r is a C1 control, a line or paragraph separator, or
// a bidirectional formatting character (Trojan Source, CVE-2021-42574).
func hidden(r rune) bool {
	switch {
	case r >= 0x80 && r <= 0x9f, r == 0x2028, r == 0x2029:
		return true
	case r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069, r == 0x200e, r == 0x200f, r == 0x061c:
		return true
	}
	return unicode.Is(unicode.Cc, r)
}

// VisibleLines is Visible applied to each line of s, keeping the line breaks
// (for a detail block wirelint itself splits into lines).
func VisibleLines(s string) []string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = Visible(strings.TrimSuffix(l, "\r"))
	}
	return lines
}

// GuardLine makes sure an output line cannot be read as a GitHub workflow
// command: the runner trims leading white space and takes a line starting with
// "::" as one (actions/runner ActionCommand.TryParseV2), so such a line gets
// its first colon escaped as \x3a. Colour sequences wirelint wrote before
// it (text --color) are looked through, since a log view that strips them
// would show the command at the start. Printers call it on every line whose
// start may come from input.
func GuardLine(line string) string {
	rest := strings.TrimLeft(line, " \t")
	for n := leadingSGR(rest); n > 0; n = leadingSGR(rest) {
		rest = strings.TrimLeft(rest[n:], " \t")
	}
	if !strings.HasPrefix(rest, "::") {
		return line
	}
	return line[:len(line)-len(rest)] + `\x3a` + rest[1:]
}

// leadingSGR is the length of the ANSI colour sequence (ESC [ digits and
// semicolons m) s starts with, or 0.
func leadingSGR(s string) int {
	if !strings.HasPrefix(s, "\x1b[") {
		return 0
	}
	for i := 2; i < len(s); i++ {
		switch c := s[i]; {
		case c == 'm':
			return i + 1
		case c != ';' && (c < '0' || c > '9'):
			return 0
		}
	}
	return 0
}
