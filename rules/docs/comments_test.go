package docs

import (
	"strings"
	"testing"
)

// TestComments pins each language's comment syntax: what is a comment comes
// out (marker removed, trimmed, joined by " | "); strings, characters, raw
// strings, templates, regular expressions, here documents and block scalars
// never do.
func TestComments(t *testing.T) {
	for _, tc := range []struct {
		name string
		lang Language
		src  string
		want string
	}{
		{"go line and block", LangGo, "x := 1 // one\n/* two\nlines */ y", "one | two\nlines"},
		{"go strings", LangGo, "s := \"// no\" + `/* no */` + '\\'' // yes", "yes"},
		{"go escaped quote", LangGo, `s := "a \" // no" // yes`, "yes"},
		{"go unterminated string ends at newline", LangGo, "s := \"abc\n// yes", "yes"},
		{"go unterminated block comment", LangGo, "/* open", "open"},
		{"js template and regex", LangJavaScript, "const r = /\\/\\/ no [/]/g; const t = `// no ${x}`; // yes", "yes"},
		{"js division is not a regex", LangJavaScript, "a = b / c; // yes / no", "yes / no"},
		{"js regex after return", LangJavaScript, "return /'/.test(s) // yes", "yes"},
		{"js single quotes", LangJavaScript, "s = '// no' /* yes */", "yes"},
		{"rust nested block", LangRust, "/* a /* b */ c */ d // e", "a /* b */ c | e"},
		{"rust lifetimes and chars", LangRust, "fn f<'a>(c: char) { let q = '\"'; } // yes", "yes"},
		{"rust raw strings", LangRust, "let s = r#\"// \"no\"\"#; let b = br\"//\"; // yes", "yes"},
		{"rust multi-line string", LangRust, "let s = \"a\n// no\"; // yes", "yes"},
		{"dart triple and raw", LangDart, "var a = '''\n// no\n'''; var b = r'\\'; // yes", "yes"},
		{"swift raw and multi-line", LangSwift, "let a = #\"\"// no\"#; let b = \"\"\"\n// no\n\"\"\" // yes", "yes"},
		{"swift apostrophe is not a quote", LangSwift, "let isn't = 1 // yes", "yes"},
		{"python", LangPython, "x = '# no'  # yes\ny = \"\"\"\n# no\n\"\"\"\nz = r'\\'' # also", "yes | also"},
		{"python prefix strings", LangPython, "x = f\"{a}#no\" + b'#no'  # yes", "yes"},
		{"shell word-start hash", LangShell, "echo $# ${#x} ${y#z} a#b # yes\n#also", "yes | also"},
		{"shell quotes", LangShell, "echo '# no' \"# no \\\" # no\" $'# no' # yes", "yes"},
		{"shell here document", LangShell, "cat <<EOF # yes\n# no\nEOF\ncat <<-'X'\n\t# no\n\tX\n# after", "yes | after"},
		{"shell shift is not a here document", LangShell, "x=$((1 << 2)) # yes\n# also", "yes | also"},
		{"shell here-string is not a here document", LangShell, "cat <<< word # yes\n# also", "yes | also"},
		{"yaml", LangYAML, "# top\nk: v # yes\nu: http://x/#frag\n", "top | yes"},
		{"yaml quoted scalars", LangYAML, "a: '# no' # yes\nb: \"# no \\\" # no\" # yes2\nc: 'it''s # no'\n", "yes | yes2"},
		{"yaml apostrophe in plain scalar", LangYAML, "a: don't # yes\n", "yes"},
		{"yaml multi-line quoted", LangYAML, "a: \"one\n  # no\n  two\" # yes\n", "yes"},
		{"yaml block scalar", LangYAML, "s: |\n  # no\n\n  still # no\nt: >-\n  # no\n# yes\n", "yes"},
		{"yaml sequence block scalar", LangYAML, "- |\n  # no\n- x # yes\n", "yes"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			for _, sp := range Comments(tc.lang, []byte(tc.src)) {
				got = append(got, strings.TrimSpace(tc.src[sp.Start:sp.End]))
			}
			if g := strings.Join(got, " | "); g != tc.want {
				t.Errorf("Comments(%s, %q) = %q, want %q", tc.lang, tc.src, g, tc.want)
			}
		})
	}
}

// TestLanguageOf maps extensions to comment syntaxes, case-insensitively, and
// leaves unknown files alone.
func TestLanguageOf(t *testing.T) {
	for name, want := range map[string]Language{
		"a.go": LangGo, "b.TS": LangJavaScript, "c.tsx": LangJavaScript, "d.rs": LangRust, "e.dart": LangDart,
		"f.swift": LangSwift, "g.py": LangPython, "h.sh": LangShell, "i.yml": LangYAML, "j.yaml": LangYAML,
	} {
		if got, ok := LanguageOf(name); !ok || got != want {
			t.Errorf("LanguageOf(%q) = %q, %v; want %q", name, got, ok, want)
		}
	}
	for _, name := range []string{"README.md", "Makefile", "a.json", "go.mod"} {
		if got, ok := LanguageOf(name); ok {
			t.Errorf("LanguageOf(%q) = %q, want none", name, got)
		}
	}
}
