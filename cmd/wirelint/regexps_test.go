package main

import (
	"regexp"
	"testing"

	"github.com/wirelint/wirelint/internal/lazyre"
)

// TestRegexpsCompile compiles every expression the linked packages give
// lazyre.New: they compile on first use, so without this a typo would
// surface on the first run that reaches it instead of here.
func TestRegexpsCompile(t *testing.T) {
	exprs := lazyre.Expressions()
	if len(exprs) < 40 {
		t.Fatalf("%d expressions registered; the packages hold about 50", len(exprs))
	}
	for _, e := range exprs {
		if _, err := regexp.Compile(e); err != nil {
			t.Errorf("%q: %v", e, err)
		}
	}
}
