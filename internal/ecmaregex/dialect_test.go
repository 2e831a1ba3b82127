package ecmaregex

import (
	"strings"
	"testing"
)

// TestJudge pins the dialect tables: pattern, dialect, then each construct
// that is not simply supported, as id:verdict in source order.
func TestJudge(t *testing.T) {
	tests := []struct {
		src, dialect, want string
	}{
		{`^[a-z0-9_-]+$`, "go", ""},
		{`^[a-z0-9_-]+$`, "python", "end-anchor:divergent"},
		{`^(?!-)[a-z]+(?<!-)$`, "go", "negative-lookahead:rejected negative-lookbehind:rejected"},
		{`^(?!-)[a-z]+(?<!-)$`, "python", "end-anchor:divergent"},
		{`(?<=a+)b`, "python", "lookbehind-variable:rejected"},
		{`(a)\1`, "rust", "backreference:rejected"},
		{`(?<n>a)\k<n>`, "python", "named-group:translated named-backreference:translated"},
		{`(?<n>a)`, "go", ""},
		{`(?<n>a)`, "go1.21", "named-group:translated"},
		{`(?<$n>a)`, "go", "named-group-name:translated"},
		{`(?<n>a)|(?<n>b)`, "go", "duplicate-group-name:translated"},
		{`\p{Letter}\p{L}`, "go", ""},
		{`\p{Letter}\p{L}`, "go1.24", "property-category-long:translated"},
		{`\p{Script=Greek}\p{scx=Grek}`, "go", "property-script:translated property-script-extensions:rejected"},
		{`\p{White_Space}\p{Alphabetic}`, "go", "property-binary:translated property-binary-derived:rejected"},
		{`\p{L}`, "ecma-legacy", "property-category:divergent"},
		{`\p{L}`, "python", "property-category:translated"},
		{`a{1001}`, "go", "repeat-over-1000:rejected"},
		{`(a{500}){3}`, "go", "repeat-over-1000:rejected"},
		{`(a{500}){2}`, "go", ""},
		{`(a{5000}){0}`, "go", "repeat-over-1000:rejected"},
		{`a{1001}`, "rust", ""},
		{`\u0041\u{42}\cC\0[\b]`, "rust", "escape-control:translated escape-null:translated escape-backspace:translated"},
		{`\u0041\u{42}\cC\0[\b]`, "go", "escape-unicode:translated escape-unicode-brace:translated escape-control:translated escape-backspace:translated"},
		{`\u0041\u{42}\cC\0[\b]`, "python", "escape-unicode-brace:translated escape-control:translated"},
		{`\uD83D\uDE00`, "rust", "escape-surrogate-pair:translated"},
		{`\uD83D\uDE00`, "python", "escape-surrogate-pair:divergent"},
		{`a\/b[\/]`, "rust", ""},
		{`a\/b[\/]`, "rust@1.7", "escape-punctuation:translated escape-punctuation:translated"},
		{`a\/b[\/]`, "rust@1.8", ""},
		{`a\/b`, "go", ""},
		{`(?<n>a)`, "rust@1.7.1", "named-group:translated"},
		{`(?<n>a)`, "rust", ""},
		{`(?<n>a)`, "python", "named-group:translated"},
		{`(?<n>a)`, "python3.13", "named-group:translated"},
		{`\p{L}\P{Lu}`, "python", "property-category:translated property-category:translated"},
		{`[\[&~]`, "rust", ""},
		{`[a[b]`, "go", ""},
		{`[a[b]`, "python", ""},
		{`[[:a]`, "go", "class-posix:translated"},
		{`[a&&b~~c]`, "rust", "class-set-operator:translated class-set-operator:translated"},
		{`[!-[]`, "rust", "class-bracket:translated"},
		{`[\S]{0,64994}`, "rust", "program-size:rejected class-escape-s:divergent"},
		{`[\S]{0,64994}`, "python", "class-escape-s:divergent"},
		{`\w{89}`, "rust", "class-escape-w:divergent program-size:rejected"},
		{`\w{80}`, "rust", "class-escape-w:divergent"},
		{`(a{1000}){100}`, "rust", ""},
		{`(?:[0-9A-F]{10}){20000}`, "rust", "program-size:rejected"},
		{`\s.\d\w\b`, "go", "class-escape-s:divergent dot:divergent"},
		{`\s.\d\w\b`, "rust", "class-escape-s:divergent dot:divergent class-escape-d:divergent class-escape-w:divergent word-boundary:divergent"},
		{`[][^][[&~]`, "rust", "empty-class:translated empty-class:translated class-bracket:translated"},
		{`\uD800`, "go", "escape-unicode:translated lone-surrogate:rejected"},
		{`\uD800`, "python", ""},
		{`🐲*`, "ecma-legacy", "astral:divergent"},
		{`(?i:a)`, "python3.6", "modifiers:rejected"},
	}
	for _, tt := range tests {
		d, err := ParseDialect(tt.dialect)
		if err != nil {
			t.Fatal(err)
		}
		tree, err := Parse(tt.src, Unicode)
		if err != nil {
			t.Fatalf("%q: %v", tt.src, err)
		}
		var got []string
		for _, is := range Judge(tree, d) {
			got = append(got, is.Construct.ID+":"+is.Support.String())
		}
		if g := strings.Join(got, " "); g != tt.want {
			t.Errorf("Judge(%q, %s)\n got %s\nwant %s", tt.src, tt.dialect, g, tt.want)
		}
	}
}

// TestJudgeForeign pins the verdicts on patterns ECMA-262 rejects, judged on
// their legacy tree with foreign constructs: what their authors' engines do.
func TestJudgeForeign(t *testing.T) {
	tests := []struct {
		src, dialect string
		compiles     bool
	}{
		{`^1\s*(?i)GB$`, "go", true},
		{`^1\s*(?i)GB$`, "python", false}, // 3.11+: global flags only at the start
		{`(?i)GB$`, "python", true},
		{`^a++$`, "go", false},
		{`^a++$`, "python", true},
		{`^a++$`, "python3.10", false},
		{`^.+\Z`, "go", false},
		{`^.+\Z`, "python", true},
		{`^[\w-.]+$`, "go", true},
		{`^[\w-.]+$`, "rust", false},
		{`^a\_{1-3}$`, "go", true},
		{`^a\_{1-3}$`, "rust", false},
		{`(?P<n>a)(?P=n)`, "python", true},
		{`(?P<n>a)(?P=n)`, "go", false},
		{`(?i)abc`, "ecma-u", false},
		{`(?i)abc`, "ecma-legacy", false},
		{`\Z`, "ecma-legacy", true},
	}
	for _, tt := range tests {
		d, err := ParseDialect(tt.dialect)
		if err != nil {
			t.Fatal(err)
		}
		if v := JudgePattern(tt.src, d); v.Compiles != tt.compiles {
			t.Errorf("JudgePattern(%q, %s).Compiles = %v, want %v (issues %v)", tt.src, tt.dialect, v.Compiles, tt.compiles, v.Issues)
		}
	}
}

// TestTranslate pins spellings in each dialect.
func TestTranslate(t *testing.T) {
	tests := []struct {
		src, dialect, want string
	}{
		{`^\u0041\/(?<id>[0-9]+)\p{Letter}$`, "go", `^A/(?P<id>[0-9]+)\p{L}$`},
		{`^\u0041\/(?<id>[0-9]+)\p{Letter}$`, "rust", `^A/(?P<id>[0-9]+)\p{Letter}$`},
		{`^\d\w\b$`, "go", `^\d\w\b$`},
		{`^\d\w\b$`, "rust", `^[0-9][0-9A-Z_a-z](?-u:\b)$`},
		{`^\d+$`, "python", `^[0-9]+\Z`},
		{`[^\s\d]`, "go", `[^\d\t-\r \x{A0}\x{1680}\x{2000}-\x{200A}\x{2028}\x{2029}\x{202F}\x{205F}\x{3000}\x{FEFF}]`},
		{`[[&~-]`, "rust", `[\&\-\[\~]`},
		{`\p{Script=Greek}`, "go", `\p{Greek}`},
		{`\cJ\0`, "go", `\n\x{0}`},
		{`(?i:a)`, "go", `(?i:a)`},
		{`\u{1F432}`, "python", "\U0001F432"},
		{`(?<n>a)\k<n>`, "python", `(?P<n>a)(?P=n)`},
		{`^(?<id>[a-z]+)/(?<n>[0-9]{2})`, "python", `^(?P<id>[a-z]+)/(?P<n>[0-9]{2})`},
		{`^a\/(?<id>[a-z]+)[\0[]`, "rust@1.7", `^a/(?P<id>[a-z]+)[\x{0}\[]`},
		{`(?<n>a)|(?<n>b)`, "go", `(?P<n>a)|(b)`},
	}
	for _, tt := range tests {
		d, _ := ParseDialect(tt.dialect)
		tree, err := Parse(tt.src, Unicode)
		if err != nil {
			t.Fatal(err)
		}
		got, err := Translate(tree, d)
		if err != nil || got != tt.want {
			t.Errorf("Translate(%q, %s) = %q, %v; want %q", tt.src, tt.dialect, got, err, tt.want)
		}
	}
	for _, tt := range []struct{ src, dialect, want string }{
		{`(?!a)`, "go", "lookaround has no translation to go"},
		{`(a)\1`, "rust", "a backreference has no translation to rust"},
		{`a{1001}`, "go", "a repeat count above 1000 has no translation to go"},
		{`\p{scx=Grek}`, "python", `property \p{scx=Grek} has no translation to python`},
		{`(?<=a+)`, "python", "a variable-width lookbehind has no translation to python"},
	} {
		d, _ := ParseDialect(tt.dialect)
		tree, _ := Parse(tt.src, Unicode)
		if _, err := Translate(tree, d); err == nil || err.Error() != tt.want {
			t.Errorf("Translate(%q, %s) error = %v, want %q", tt.src, tt.dialect, err, tt.want)
		}
	}
}
