package jsonstr

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"
)

// encodingJSON is what encoding/json writes for s.
func encodingJSON(t *testing.T, s string, html bool) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(html)
	if err := enc.Encode(s); err != nil {
		t.Fatal(err)
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// TestAppendAsEncodingJSON: byte for byte what encoding/json writes, for
// every kind of byte at every position of a word.
func TestAppendAsEncodingJSON(t *testing.T) {
	cases := []string{"", "plain", `q"uote`, `back\slash`, "\x00\x01\x1f", "\b\f\n\r\t", "<a&b>",
		"é😀", "\u2028\u2029", "bad \xff utf8", "\xe2\x82", strings.Repeat("long ascii ", 20) + "\n"}
	parts := []string{"a", "bcdefgh", "\"", "\\", "\n", "\x07", "<", "&", "é", "😀", "\u2028", "\xff", "\xc3"}
	r := rand.New(rand.NewPCG(1, 1))
	for range 2000 {
		var b strings.Builder
		for range r.IntN(12) {
			b.WriteString(parts[r.IntN(len(parts))])
		}
		cases = append(cases, b.String())
	}
	for _, s := range cases {
		for _, html := range []bool{false, true} {
			want := encodingJSON(t, s, html)
			if got := string(Append(nil, s, html)); got != want {
				t.Fatalf("Append(%q, html=%v) = %s, want %s", s, html, got, want)
			}
			if got := string(Append([]byte("x"), []byte(s), html)); got != "x"+want {
				t.Fatalf("Append(bytes %q, html=%v) = %s, want x%s", s, html, got, want)
			}
		}
	}
}
