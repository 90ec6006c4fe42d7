package display

import (
	"strings"
	"sync"
	"testing"
)

func TestParseStyle(t *testing.T) {
	for _, s := range []Style{Box, ASCII, Markdown, Borderless} {
		got, err := ParseStyle(strings.ToUpper(s.String()))
		if err != nil || got != s {
			t.Errorf("ParseStyle(%q) = %v, %v; want %v", s, got, err, s)
		}
	}
	if _, err := ParseStyle("fancy"); err == nil || !strings.Contains(err.Error(), `"fancy"`) {
		t.Errorf("ParseStyle(fancy) error = %v, want one naming the style", err)
	}
}

// TestSetDefaults changes the package defaults from many goroutines while
// others print (go test -race checks the locking), then restores them.
func TestSetDefaults(t *testing.T) {
	saved := Defaults()
	defer SetDefaults(func(o *Options) { *o = saved })
	st := anchor(t)
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(2)
		go func() { defer wg.Done(); SetDefaults(WithMaxRows(2 + g%2)) }()
		go func() { defer wg.Done(); _ = Text(st) }()
	}
	wg.Wait()
	SetDefaults(WithMaxRows(2), WithStyle(ASCII), WithWidth(200))
	got := Text(st)
	if !strings.Contains(got, "3 rows, 2 shown") || !strings.Contains(got, "+===") {
		t.Errorf("Text after SetDefaults(MaxRows 2, ASCII) =\n%s", got)
	}
	if got := Text(st, WithMaxRows(0)); strings.Contains(got, "shown") {
		t.Errorf("a per-call option should override the default:\n%s", got)
	}
}
