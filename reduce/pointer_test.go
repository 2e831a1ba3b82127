package reduce

import "testing"

// TestEscapePointerToken: RFC 6901 escapes ~ before /, and a token with
// neither comes back as it is; UnescapePointerToken undoes each.
func TestEscapePointerToken(t *testing.T) {
	for token, want := range map[string]string{
		"": "", "a": "a", "application/json": "application~1json", "a~b": "a~0b", "~/": "~0~1", "/~1": "~1~01", "~~": "~0~0",
	} {
		if got := EscapePointerToken(token); got != want {
			t.Errorf("EscapePointerToken(%q) = %q, want %q", token, got, want)
		}
		if back := UnescapePointerToken(want); back != token {
			t.Errorf("UnescapePointerToken(%q) = %q, want %q", want, back, token)
		}
	}
	if got := JoinPointer("/paths", "/a/{b}", "get"); got != "/paths/~1a~1{b}/get" {
		t.Errorf("JoinPointer = %q", got)
	}
}
