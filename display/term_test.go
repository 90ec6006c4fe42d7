package display

import "testing"

// TestColumnsEnv: COLUMNS sets the width when it holds a positive number;
// anything else is ignored. Under go test the terminal width is 80
// whatever COLUMNS says, so golden outputs do not depend on it.
func TestColumnsEnv(t *testing.T) {
	for _, c := range []struct {
		env  string
		want int
		ok   bool
	}{
		{"150", 150, true},
		{"0", 0, false},
		{"-3", 0, false},
		{"wide", 0, false},
		{"", 0, false},
	} {
		t.Setenv("COLUMNS", c.env)
		w, ok := columnsEnv()
		if ok != c.ok || (ok && w != c.want) {
			t.Errorf("COLUMNS=%q: got %d, %v; want %d, %v", c.env, w, ok, c.want, c.ok)
		}
	}
	t.Setenv("COLUMNS", "150")
	if !underTest() {
		t.Error("underTest is false in a test binary")
	}
	if w := terminalWidth(); w != fallbackWidth {
		t.Errorf("terminalWidth under go test = %d, want %d", w, fallbackWidth)
	}
}
