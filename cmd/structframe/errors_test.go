package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestQuoteAtLong checks that a long expression is cut around the
// offset in a message, not echoed whole.
func TestQuoteAtLong(t *testing.T) {
	for _, tc := range []struct {
		s    string
		off  int
		want string
	}{
		{"a < < 1", 4, `"a < ⟨here⟩< 1"`},
		{strings.Repeat("x", 100), 50, `"…` + strings.Repeat("x", 30) + "⟨here⟩" + strings.Repeat("x", 30) + `…"`},
		// Cut at rune boundaries: 30 bytes either side would split a rune.
		{strings.Repeat("😀", 30), 40, `"…` + strings.Repeat("😀", 8) + "⟨here⟩" + strings.Repeat("😀", 8) + `…"`},
	} {
		got := quoteAt(tc.s, tc.off)
		if got != tc.want {
			t.Errorf("quoteAt(%.20q, %d) = %s, want %s", tc.s, tc.off, got, tc.want)
		}
	}
}

// TestDeepExpression checks the message for 5,000 nested parentheses:
// the limit is reached at the 201st, and the input is not echoed whole.
func TestDeepExpression(t *testing.T) {
	expr := strings.Repeat("(", 5000) + "1" + strings.Repeat(")", 5000)
	var stdout, stderr bytes.Buffer
	code := run([]string{"filter", expr, "recipes.json"}, strings.NewReader(""), &stdout, &stderr, false)
	if code != exitUsage {
		t.Errorf("exit status %d, want %d", code, exitUsage)
	}
	msg := stderr.String()
	if !strings.Contains(msg, "offset 200: expression nested deeper than 200") {
		t.Errorf("stderr %q: want the 201st parenthesis named", msg)
	}
	if len(msg) > 300 {
		t.Errorf("stderr is %d bytes: the input was echoed", len(msg))
	}
}
