// Command compatreconcile reconciles `oasdiff breaking` with `wirelint compat`
// on the same revision pairs: every oasdiff error is either matched to a
// wirelint error at the same property, or listed by class with the reason
// wirelint disagrees; every wirelint error is listed with its witness payload
// or the reason it has none. bench/compat.sh runs both tools and this.
//
// Usage:
//
//	compatreconcile NAME OASDIFF.json WIRELINT.json DIR [NAME OASDIFF.json WIRELINT.json DIR]... > reconciliation.md
//
// DIR is the folder wirelint ran in: every wirelint error's payload is
// validated again there, against the two schemas the error names (compiled
// afresh), and must be accepted by the revision the error says and refused
// by the other.
package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"sort"
	"strings"
)

// oasdiffEntry is one entry of `oasdiff breaking -f json`.
type oasdiffEntry struct {
	ID        string `json:"id"`
	Text      string `json:"text"`
	Level     int    `json:"level"`
	Operation string `json:"operation"`
	Path      string `json:"path"`
}

// finding is the part of a wirelint JSON finding the reconciliation reads.
type finding struct {
	Rule          string          `json:"rule"`
	Severity      string          `json:"severity"`
	Message       string          `json:"message"`
	Definition    string          `json:"definition"`
	Pointer       string          `json:"pointer"`
	Keyword       string          `json:"keyword"`
	Base          string          `json:"base"`
	Head          string          `json:"head"`
	Payload       json.RawMessage `json:"payload"`
	PayloadReason string          `json:"payload_reason"`
	AcceptedBy    string          `json:"accepted_by"`
	BaseSchema    string          `json:"base_schema"`
	HeadSchema    string          `json:"head_schema"`
	Locations     []struct {
		File    string `json:"file"`
		Line    int    `json:"line"`
		Pointer string `json:"pointer"`
	} `json:"locations"`
}

// class says how one oasdiff check id is matched to wirelint findings, and
// why wirelint disagrees when none matches.
type class struct {
	// match reports whether a wirelint error reports the same change.
	match func(o oasdiffEntry, leaf string, fs []finding) bool
	// reason explains an unmatched entry of this class.
	reason string
	// explain, when set, explains an unmatched entry from its text instead
	// ("" = not explained): one oasdiff check covers changes wirelint
	// judges differently.
	explain func(o oasdiffEntry) string
}

var backticks = regexp.MustCompile("`([^`]*)`")

// quoted returns the backticked parts of an oasdiff text.
func quoted(text string) []string {
	var out []string
	for _, m := range backticks.FindAllStringSubmatch(text, -1) {
		out = append(out, m[1])
	}
	return out
}

// leafProperty is the last property name of an oasdiff property path
// (items and anyOf steps skipped).
func leafProperty(path string) string {
	parts := strings.Split(path, "/")
	for i := len(parts) - 1; i >= 0; i-- {
		p := parts[i]
		if p == "" || p == "items" || strings.HasPrefix(p, "anyOf[") || strings.HasPrefix(p, "subschema") || strings.HasSuffix(p, "]") {
			continue
		}
		return p
	}
	return ""
}

// atProperty reports whether a wirelint finding sits at property leaf.
func atProperty(f finding, leaf string) bool {
	return leaf == "" || strings.Contains(f.Pointer+"/", "/properties/"+leaf+"/") || strings.Contains(f.Base+f.Head, `"`+leaf+`"`)
}

func errorsWith(fs []finding, keyword string, pred func(f finding) bool) bool {
	for _, f := range fs {
		if f.Severity == "error" && f.Keyword == keyword && pred(f) {
			return true
		}
	}
	return false
}

var classes = map[string]class{
	"response-property-enum-value-added": {
		match: func(o oasdiffEntry, leaf string, fs []finding) bool {
			value := quoted(o.Text)[0]
			return errorsWith(fs, "enum", func(f finding) bool { return strings.Contains(f.Message, `"`+value+`"`) })
		},
	},
	"response-property-any-of-added": {
		match: anyOfAdded,
		reason: "the added reference names a schema equal to the one it replaces (only its title differs: a rename); " +
			"wirelint compares references by the schema they reach, so the union accepts exactly what it did",
	},
	"response-body-any-of-added": {match: anyOfAdded},
	"response-property-type-changed": {
		match: unionLift,
		explain: func(o oasdiffEntry) string {
			if strings.Contains(o.Text, "property `format` changed") {
				return "only the format changed (phone-number dropped): format is an annotation unless a validator asserts " +
					"it, so whether any payload changes depends on the validator; wirelint reports compat/unknown-effect (a " +
					"warning), oasdiff an error"
			}
			return "the property became a union whose branches are objects; oasdiff reads a union's type as `any`, wirelint " +
				"pairs the base schema with its branch and reports the added branch (compat/response-widened) instead"
		},
	},
	"response-body-type-changed": {
		match: unionLift,
		reason: "the response became a union whose branches are objects; oasdiff reads a union's type as `any`, wirelint " +
			"pairs the base schema with its branch and reports the added branch (compat/response-widened) instead",
	},
	"response-property-max-length-unset": {
		match: func(o oasdiffEntry, leaf string, fs []finding) bool {
			return errorsWith(fs, "maxLength", func(f finding) bool { return atProperty(f, leaf) && f.Head == "absent" })
		},
		reason: "maxLength was dropped where an enum of short values was added beside it: every value head allows was " +
			"valid in base (wirelint validated each enum member on both revisions), so the response narrows; wirelint " +
			"lists it as compat/compatible-change",
	},
	"response-property-pattern-removed": {
		match: func(o oasdiffEntry, leaf string, fs []finding) bool {
			return errorsWith(fs, "pattern", func(f finding) bool { return atProperty(f, leaf) && f.Head == "absent" })
		},
	},
	"response-property-became-optional": {
		match: func(o oasdiffEntry, leaf string, fs []finding) bool {
			return errorsWith(fs, "required", func(f finding) bool { return strings.Contains(f.Base, `"`+leaf+`"`) })
		},
	},
	"response-required-property-removed": {
		match: func(o oasdiffEntry, leaf string, fs []finding) bool {
			return errorsWith(fs, "required", func(f finding) bool { return strings.Contains(f.Base, `"`+leaf+`"`) }) ||
				unionLift(o, leaf, fs)
		},
		reason: "the response became anyOf [X, deleted_X]; X still requires the property, oasdiff flattens the union and " +
			"reads the property as removed, wirelint reports the added branch deleted_X (compat/response-widened)",
	},
	"response-property-became-not-enum": {
		match: func(o oasdiffEntry, leaf string, fs []finding) bool {
			return errorsWith(fs, "enum", func(f finding) bool { return atProperty(f, leaf) && f.Head == "absent" })
		},
	},
	"response-success-status-removed": {
		match: func(o oasdiffEntry, leaf string, fs []finding) bool {
			q := quoted(o.Text)
			return len(q) > 0 && surface(fs, "compat/removed-success-response", "response "+q[len(q)-1]+" of "+o.Operation+" "+o.Path+" ")
		},
	},
	"api-removed-without-deprecation": {
		match: func(o oasdiffEntry, leaf string, fs []finding) bool {
			return surface(fs, "compat/removed-operation", "operation "+o.Operation+" "+o.Path+" ")
		},
	},
	"request-parameter-type-changed": {
		match: func(o oasdiffEntry, leaf string, fs []finding) bool { return false },
		explain: func(o oasdiffEntry) string {
			if strings.Contains(o.Text, "the `format` was changed from `none` to `int64`") {
				return "format int64 was added to a bounded integer parameter (PageSize: 1 to 1000): every integer base " +
					"allows is an int64, so no request is refused even by a validator that asserts the format; wirelint " +
					"reports nothing, oasdiff an error per operation"
			}
			return ""
		},
	},
	"request-property-enum-value-removed": {
		match: func(o oasdiffEntry, leaf string, fs []finding) bool {
			value := quoted(o.Text)[0]
			return errorsWith(fs, "enum", func(f finding) bool {
				return f.Rule == "compat/request-narrowed" && strings.Contains(f.Base, `"`+value+`"`) && !strings.Contains(f.Head, `"`+value+`"`)
			})
		},
	},
	"response-property-min-length-unset": {
		match: func(o oasdiffEntry, leaf string, fs []finding) bool {
			return errorsWith(fs, "minLength", func(f finding) bool { return atProperty(f, leaf) && f.Head == "absent" })
		},
	},
	"response-property-max-increased": {
		match: func(o oasdiffEntry, leaf string, fs []finding) bool {
			return errorsWith(fs, "maximum", func(f finding) bool { return atProperty(f, leaf) })
		},
		reason: unionBranchReason,
	},
	"response-property-min-decreased": {
		match: func(o oasdiffEntry, leaf string, fs []finding) bool {
			return errorsWith(fs, "minimum", func(f finding) bool { return atProperty(f, leaf) })
		},
		reason: unionBranchReason,
	},
	"api-security-scope-added": {
		match: func(o oasdiffEntry, leaf string, fs []finding) bool {
			q := quoted(o.Text)
			return len(q) > 0 && surfaceWith(fs, "compat/security-added", o.Operation+" "+o.Path+" requires", q[0])
		},
	},
	"api-security-removed": {
		match: func(o oasdiffEntry, leaf string, fs []finding) bool {
			return surface(fs, "compat/security-added", o.Operation+" "+o.Path+" requires")
		},
	},
	"response-property-became-nullable": {
		match: func(o oasdiffEntry, leaf string, fs []finding) bool {
			return errorsWith(fs, "type", func(f finding) bool { return atProperty(f, leaf) && strings.Contains(f.Head, "null") })
		},
	},
}

// unionBranchReason explains a bound widened inside one branch of a union of
// open objects (bench/compat-notes.md, class 6).
const unionBranchReason = "the bound widened inside one branch of a union (config: anyOf of open objects); another branch " +
	"already accepted any value there, so the response accepts no new payload and wirelint reports compat/unproven, a warning"

// surfaceWith reports whether a wirelint error of rule says text and, after
// it, also.
func surfaceWith(fs []finding, rule, text, also string) bool {
	for _, f := range fs {
		if f.Severity == "error" && f.Rule == rule && strings.Contains(f.Message, text) && strings.Contains(f.Message[strings.Index(f.Message, text):], also) {
			return true
		}
	}
	return false
}

// surface reports whether a wirelint error of rule says text.
func surface(fs []finding, rule, text string) bool {
	for _, f := range fs {
		if f.Severity == "error" && f.Rule == rule && strings.Contains(f.Message, text) {
			return true
		}
	}
	return false
}

func anyOfAdded(o oasdiffEntry, leaf string, fs []finding) bool {
	q := quoted(o.Text)
	if len(q) == 0 {
		return false
	}
	for _, ref := range strings.Split(q[0], ", ") {
		name := ref[strings.LastIndexByte(ref, '/')+1:]
		if errorsWith(fs, "anyOf", func(f finding) bool { return strings.Contains(f.Message, "branch "+name+" ") }) {
			return true
		}
	}
	return false
}

// unionLift matches a type change to `any` reported by wirelint as the
// branch added at the same property (or at the response body).
func unionLift(o oasdiffEntry, leaf string, fs []finding) bool {
	return errorsWith(fs, "anyOf", func(f finding) bool {
		return strings.Contains(f.Pointer+"/", "/"+leaf+"/anyOf/") || strings.Contains(f.Message, strings.ToUpper(o.Operation)+" "+o.Path+" response")
	})
}

// propertyPath returns the property path an oasdiff text names ("" = the body).
func propertyPath(o oasdiffEntry) string {
	for _, q := range quoted(o.Text) {
		if strings.Contains(q, "/") || (!strings.HasPrefix(q, "#") && q != "anyOf" && q != "type" && q != "object" && q != "any" && !isStatus(q)) {
			if strings.HasPrefix(o.ID, "response-property-enum-value-added") && q == quoted(o.Text)[0] {
				continue
			}
			if strings.HasPrefix(o.ID, "response-property-max-length-unset") && q == "5000" {
				continue
			}
			return q
		}
	}
	return ""
}

func isStatus(s string) bool {
	return s == "default" || len(s) == 3 && s[0] >= '1' && s[0] <= '5'
}

func read(path string, v any) {
	data, err := os.ReadFile(path)
	if err == nil {
		err = json.Unmarshal(data, v)
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "compatreconcile: %s: %v\n", path, err)
		os.Exit(2)
	}
}

func main() {
	args := os.Args[1:]
	if len(args) == 0 || len(args)%4 != 0 {
		fmt.Fprintln(os.Stderr, "usage: compatreconcile NAME OASDIFF.json WIRELINT.json DIR [...]")
		os.Exit(2)
	}
	var b strings.Builder
	b.WriteString("# `oasdiff breaking` reconciled with `wirelint compat`\n\n")
	b.WriteString("Generated by `bench/compat.sh` (bench/compatreconcile, with bench/compat-notes.md); do not edit. oasdiff v1.39.0 reports one entry per\n")
	b.WriteString("operation, status and property path it reaches through `$ref`s; wirelint reports one finding per schema\n")
	b.WriteString("position (a definition, or a schema written inline in an operation), so one wirelint error stands for many\n")
	b.WriteString("oasdiff entries. An oasdiff error is *matched* when a wirelint error reports the same change at the same\n")
	b.WriteString("property; otherwise it is listed by class with the reason wirelint disagrees.\n")
	if notes := os.Getenv("COMPAT_NOTES"); notes != "" {
		// the hand-written classes, kept in their own file
		data, err := os.ReadFile(notes)
		if err != nil {
			fmt.Fprintf(os.Stderr, "compatreconcile: %v\n", err)
			os.Exit(2)
		}
		b.WriteString("\n")
		b.Write(data)
	}
	unmatchedTotal, refuted := 0, 0
	for i := 0; i < len(args); i += 4 {
		name := args[i]
		var entries []oasdiffEntry
		var out struct {
			Findings []finding `json:"findings"`
		}
		read(args[i+1], &entries)
		read(args[i+2], &out)
		u, r := pair(&b, name, entries, out.Findings, args[i+3])
		unmatchedTotal += u
		refuted += r
	}
	os.Stdout.WriteString(b.String())
	if unmatchedTotal > 0 {
		fmt.Fprintf(os.Stderr, "compatreconcile: %d oasdiff errors neither matched nor explained\n", unmatchedTotal)
	}
	if refuted > 0 {
		fmt.Fprintf(os.Stderr, "compatreconcile: %d wirelint errors whose payload does not re-validate\n", refuted)
	}
	if unmatchedTotal > 0 || refuted > 0 {
		os.Exit(1)
	}
}

// pair writes one pair's section and returns how many oasdiff errors are
// neither matched nor explained, and how many wirelint payloads do not
// re-validate in dir.
func pair(b *strings.Builder, name string, entries []oasdiffEntry, fs []finding, dir string) (int, int) {
	var errs []oasdiffEntry
	for _, e := range entries {
		if e.Level == 3 {
			errs = append(errs, e)
		}
	}
	wlErrors, schemaErrors, revalidated, refuted, warnings := 0, 0, 0, 0, 0
	rv := newRevalidator(dir)
	var refutedLines []string
	for _, f := range fs {
		if f.Severity == "warning" {
			warnings++
		}
		if f.Severity != "error" {
			continue
		}
		wlErrors++
		if f.BaseSchema == "" {
			continue // a surface change: the request served before is its proof
		}
		schemaErrors++
		if err := rv.check(f); err != nil {
			refuted++
			refutedLines = append(refutedLines, fmt.Sprintf("- `%s` %s: %v", f.Rule, shorten(f.Message, 160), err))
			continue
		}
		revalidated++
	}
	fmt.Fprintf(b, "\n## %s\n\n", name)
	fmt.Fprintf(b, "oasdiff: %d changes, %d errors. wirelint: %d errors (%d schema errors, %d of them with a witness payload "+
		"re-validated here on both revisions; %d surface changes), %d warnings, %d findings in all.\n\n",
		len(entries), len(errs), wlErrors, schemaErrors, revalidated, wlErrors-schemaErrors, warnings, len(fs))
	if len(refutedLines) > 0 {
		b.WriteString("wirelint errors whose payload does NOT re-validate:\n\n" + strings.Join(refutedLines, "\n") + "\n\n")
	}
	type tally struct{ total, matched int }
	byID := map[string]*tally{}
	unexplained := 0
	type group struct{ id, property, reason string }
	unmatched := map[group]int{}
	for _, e := range errs {
		t := byID[e.ID]
		if t == nil {
			t = &tally{}
			byID[e.ID] = t
		}
		t.total++
		cl, known := classes[e.ID]
		leaf := leafProperty(propertyPath(e))
		if known && cl.match(e, leaf, fs) {
			t.matched++
			continue
		}
		reason := cl.reason
		if cl.explain != nil {
			reason = cl.explain(e)
		}
		if reason == "" {
			reason = "NOT EXPLAINED"
			unexplained++
		}
		unmatched[group{e.ID, leaf, reason}]++
	}
	ids := make([]string, 0, len(byID))
	for id := range byID {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	b.WriteString("| oasdiff check | errors | matched by a wirelint error | listed below |\n|---|---:|---:|---:|\n")
	for _, id := range ids {
		t := byID[id]
		fmt.Fprintf(b, "| `%s` | %d | %d | %d |\n", id, t.total, t.matched, t.total-t.matched)
	}
	if len(unmatched) > 0 {
		b.WriteString("\nNot reported by wirelint, by class (oasdiff check, property, entries) and why:\n\n")
		keys := make([]group, 0, len(unmatched))
		for k := range unmatched {
			keys = append(keys, k)
		}
		sort.Slice(keys, func(i, j int) bool {
			if keys[i].id != keys[j].id {
				return keys[i].id < keys[j].id
			}
			return keys[i].property < keys[j].property
		})
		for _, k := range keys {
			fmt.Fprintf(b, "- `%s` at `%s` (%d): %s\n", k.id, k.property, unmatched[k], k.reason)
		}
	}
	b.WriteString("\nwirelint errors, each with its witness (or why none):\n\n")
	for _, f := range fs {
		if f.Severity != "error" {
			continue
		}
		where := ""
		if len(f.Locations) > 0 {
			where = fmt.Sprintf("%s:%d", f.Locations[0].File, f.Locations[0].Line)
		}
		var compact bytes.Buffer
		_ = json.Compact(&compact, f.Payload)
		proof := "payload `" + shorten(compact.String(), 160) + "`"
		if len(f.Payload) == 0 {
			proof = "no payload: " + f.PayloadReason
		}
		fmt.Fprintf(b, "- `%s` %s — %s; %s\n", f.Rule, where, shorten(f.Message, 200), proof)
	}
	return unexplained, refuted
}

func shorten(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}
