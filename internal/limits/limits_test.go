package limits

import (
	"testing"
	"time"
)

// TestWithDefaultsAndOver: every unset budget takes its own default, and a
// budget set on the command line wins over the configuration's while an
// unset one leaves the configuration's standing.
func TestWithDefaultsAndOver(t *testing.T) {
	d := Limits{}.WithDefaults()
	for _, b := range Budgets {
		if got := b.Get(&d); got != b.Default {
			t.Errorf("%s: WithDefaults gives %d, want its default %d", b.Name, got, b.Default)
		}
	}
	file := Limits{Nodes: 10, Depth: 20}
	flags := Limits{Depth: 30, MatchTimeout: time.Second}
	got := file.Over(flags)
	want := Limits{Nodes: 10, Depth: 30, MatchTimeout: time.Second}
	if got != want {
		t.Errorf("Over: got %+v, want %+v", got, want)
	}
	set := Limits{Nodes: 7}.WithDefaults()
	if set.Nodes != 7 || set.Depth != DefaultDepth {
		t.Errorf("WithDefaults replaced a set budget or left an unset one: %+v", set)
	}
}

// TestParse: each kind reads what its message asks for and refuses zero,
// negatives, junk and sizes past the 1 TiB cap; Format reads back.
func TestParse(t *testing.T) {
	size, _ := Lookup("max-file-size")
	count, _ := Lookup("max-nodes")
	dur, _ := Lookup("match-timeout")
	for _, tc := range []struct {
		b    Budget
		in   string
		want int64 // 0 = an error
	}{
		{size, "1048576", 1 << 20},
		{size, "64MiB", 64 << 20},
		{size, " 2 kb ", 2 << 10},
		{size, "1g", 1 << 30},
		{size, "1024GB", 1 << 40},
		{size, "1025GB", 0},
		{size, "0", 0},
		{size, "-1MB", 0},
		{size, "MB", 0},
		{count, "12", 12},
		{count, "1.5", 0},
		{count, "0", 0},
		{dur, "250ms", int64(250 * time.Millisecond)},
		{dur, "5", 0},
		{dur, "-1s", 0},
	} {
		got, err := tc.b.Parse(tc.in)
		if tc.want == 0 {
			if err == nil {
				t.Errorf("%s %q: got %d, want an error", tc.b.Name, tc.in, got)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("%s %q: got %d, %v; want %d", tc.b.Name, tc.in, got, err, tc.want)
		}
		if back, err := tc.b.Parse(tc.b.Format(got)); err != nil || back != got {
			t.Errorf("%s: Format(%d) = %q reads back as %d, %v", tc.b.Name, got, tc.b.Format(got), back, err)
		}
	}
}
