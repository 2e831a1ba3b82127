package parity

import (
	"testing"

	"github.com/wirelint/wirelint/reduce"
)

// plainValues are values of every kind a key can hold, aliases and numbers
// past Number's reach included.
const plainValues = `
$defs: {}
enum:
- {}
- {type: string}
- &schema {type: object}
- *schema
- true
- false
- null
- "text"
- ""
- 0
- 7
- -12
- 007
- 1_000
- 0x1F
- 123456789012345678
- 1234567890123456789012345
- 1.5
- 1e3
- 1e99999
- []
- [a, b]
- [a, 1]
- [{}, {type: string}]
- [{}, 1]
- [true, {}]
- [[a]]
- {a: {}, b: true}
- {a: {}, b: 1}
- {a: [x]}
- {a: *schema}
`

// TestPlainKeywordIsConservative pins the walk's shortcut: a key the keyword
// checks would report (unknown, unsupported, malformed or unreadable) is never
// a PlainKeyword, for every catalogued key, a few others, every value kind
// and every dialect — so a schema marked Plain can be skipped without losing a
// finding.
func TestPlainKeywordIsConservative(t *testing.T) {
	doc, err := reduce.Parse([]byte(plainValues), "values.yaml")
	if err != nil {
		t.Fatal(err)
	}
	keys := []string{"x-foo", "X-Foo", "_enum", "meta:enum", "typo", "tpye", "Type", "items2", ""}
	keys = append(keys, keywordNames...)
	dialects := []reduce.Dialect{"", reduce.Draft04, reduce.Draft06, reduce.Draft07, reduce.Draft201909,
		reduce.Draft202012, reduce.Swagger20, reduce.OpenAPI30, reduce.OpenAPI31}
	plain, checked := 0, 0
	for i, v := range reduce.Items(reduce.Value(doc.Root, "enum")) {
		for _, key := range keys {
			for _, d := range dialects {
				checked++
				rule, msg := keywordProblem(key, v, d)
				if !reduce.PlainKeyword(key, v, d) {
					continue
				}
				plain++
				if rule.ID != "" {
					t.Errorf("%s: value %d (%s) in %q is plain, but %s: %s", key, i, reduce.Short(v, 30), d, rule.ID, msg)
				}
			}
		}
	}
	if plain == 0 || plain == checked {
		t.Fatalf("%d of %d plain: the table does not tell the cases apart", plain, checked)
	}
}
