package structured

import (
	"strings"
	"testing"
)

// FuzzParseSpec: ParseSpec never panics, and whatever it accepts prints
// back to a string that parses to an equal Spec.
func FuzzParseSpec(f *testing.F) {
	for _, s := range []string{
		`3 * {name: string, scores: var * float64, shoes: {sizes: var * float64}}`,
		`{a: ?int64, "first name": string, t: timestamp[us, tz=UTC], d: date32}`,
		`var * var * {x: 6 * float32, y: ?var * {z: bool}}`,
		`{}`, `0 * {}`, `{a: ?{b: null}}`, `?var * var * {a: int64}`, `?{}`,
		// Regressions: nesting at and past the limit, long quoted input.
		strings.Repeat("{a: ", maxSpecNesting) + "int64" + strings.Repeat("}", maxSpecNesting),
		strings.Repeat("{a: ", maxSpecNesting+1) + "int64" + strings.Repeat("}", maxSpecNesting+1),
		strings.Repeat("{abc: ", 3000) + "nosuchtype" + strings.Repeat("}", 3000),
		"{a: " + strings.Repeat("x", 5000) + "}",
		"{a: timestamp[" + strings.Repeat("x", 5000) + "]}",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		spec, err := ParseSpec(text)
		if err != nil {
			if n := len(err.Error()); n > len("structured: ParseSpec: field : ")+maxErrorPath+maxErrorMsg {
				t.Fatalf("ParseSpec(%.100q...) gives an error of %d bytes", text, n)
			}
			return
		}
		again, err := ParseSpec(spec.String())
		if err != nil {
			t.Fatalf("ParseSpec(%q) = %v, but its String %q does not parse: %v", text, spec, spec.String(), err)
		}
		if !again.Equal(spec) {
			t.Fatalf("ParseSpec(%q): String round trip changed the Spec: %v then %v", text, spec, again)
		}
	})
}

// FuzzParseSlice: ParseSlice never panics, what it accepts prints back to
// itself, and its indices stay in range for any length.
func FuzzParseSlice(f *testing.F) {
	for _, s := range []string{":", "::2", "1:-1:2", "-3:", "::-1", "5:1:-2"} {
		f.Add(s, 7)
	}
	f.Fuzz(func(t *testing.T, text string, n int) {
		s, err := ParseSlice(text)
		if err != nil {
			return
		}
		if again, err := ParseSlice(s.String()); err != nil || again != s {
			t.Fatalf("ParseSlice(%q) = %#v; String %q parses to %#v, %v", text, s, s.String(), again, err)
		}
		n = min(max(n, 0), 1000)
		start, _, step := s.Indices(n)
		for k, i := 0, start; k < s.Len(n); k, i = k+1, i+step {
			if i < 0 || i >= n {
				t.Fatalf("%v over length %d visits index %d", s, n, i)
			}
		}
	})
}
