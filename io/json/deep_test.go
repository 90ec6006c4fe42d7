package json

import (
	"errors"
	"strings"
	"testing"
)

// TestDepthLimit: 10,000 levels of nesting build (through the Builder too),
// 10,001 are a *SyntaxError, not a stack overflow.
func TestDepthLimit(t *testing.T) {
	ok := strings.Repeat(`[`, maxDepth) + strings.Repeat(`]`, maxDepth)
	if _, err := build(t, (*scanner).ScanDocument, ok); err != nil {
		t.Errorf("depth %d: %v", maxDepth, err)
	}
	// The array of rows counts as one level.
	ok = `[` + strings.Repeat(`{"a":`, maxDepth-1) + "1" + strings.Repeat(`}`, maxDepth-1) + `]`
	if _, err := build(t, (*scanner).ScanArray, ok); err != nil {
		t.Errorf("depth %d in rows: %v", maxDepth, err)
	}
	for _, c := range []struct {
		in   string
		scan func(*scanner, []byte) error
	}{
		{strings.Repeat(`[`, maxDepth+1) + strings.Repeat(`]`, maxDepth+1), (*scanner).ScanDocument},
		{`[` + strings.Repeat(`{"a":`, maxDepth) + "1" + strings.Repeat(`}`, maxDepth) + `]`, (*scanner).ScanArray},
		{strings.Repeat(`[`, 1<<20), (*scanner).ScanNDJSON},
	} {
		_, err := build(t, c.scan, c.in)
		var se *SyntaxError
		if !errors.As(err, &se) || se.Msg != "exceeded max depth" {
			t.Errorf("%.20q...: err %v, want exceeded max depth", c.in, err)
		}
	}
}
