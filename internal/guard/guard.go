// Package guard turns a panic into an error, so the user sees one line
// naming what failed, never a stack trace. A panic in a goroutine can only
// be recovered in that goroutine: every worker a run starts defers Recover.
package guard

import "fmt"

// Recover, deferred, turns a panic into *err: "WHAT: internal error: ..."
// (what "" = no prefix). It must be deferred directly.
func Recover(err *error, what string) {
	if r := recover(); r != nil {
		*err = Error(what, r)
	}
}

// Error is the error a recovered panic value r becomes.
func Error(what string, r any) error {
	msg := fmt.Sprintf("internal error: %v (please report this with the input that caused it)", r)
	if what != "" {
		msg = what + ": " + msg
	}
	return fmt.Errorf("%s", msg)
}
