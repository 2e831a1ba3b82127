package guard

import "testing"

// TestRecover pins that a panic becomes one error naming what failed, and
// that no panic leaves the error alone.
func TestRecover(t *testing.T) {
	run := func(what string, fn func()) (err error) {
		defer Recover(&err, what)
		fn()
		return nil
	}
	if err := run("parity[0]", func() { panic("boom") }); err == nil || err.Error() != "parity[0]: internal error: boom (please report this with the input that caused it)" {
		t.Errorf("got %v", err)
	}
	if err := run("", func() { panic(1) }); err == nil || err.Error() != "internal error: 1 (please report this with the input that caused it)" {
		t.Errorf("got %v", err)
	}
	if err := run("x", func() {}); err != nil {
		t.Errorf("no panic gave %v", err)
	}
}
