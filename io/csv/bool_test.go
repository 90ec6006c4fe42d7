package csv

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestWordBool: what wordBool reads, it reads as parseBool does, on
// random cells of up to 6 bytes of the letters of true and false in
// either case and the bytes around them, followed by more input; and it
// reads each of the six spellings parseBool takes.
func TestWordBool(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 5))
	alphabet := "tTrRuUeEfFaAlLsS \t\x00\xe5\x65"
	for range 200000 {
		var sb strings.Builder
		for range r.IntN(7) {
			sb.WriteByte(alphabet[r.IntN(len(alphabet))])
		}
		cell := sb.String()
		in := []byte(cell + "false,true")
		b := in[:len(cell)]
		v, ok := wordBool(b)
		want, wok := parseBool(b)
		if ok && (!wok || (v == 1) != want) {
			t.Fatalf("wordBool(%q) = %d, parseBool: %v %v", cell, v, want, wok)
		}
	}
	for _, s := range []string{"true", "True", "TRUE", "false", "False", "FALSE"} {
		in := []byte(s + "\n1234567")
		v, ok := wordBool(in[:len(s)])
		if !ok || (v == 1) != (s[0] == 't' || s[0] == 'T') {
			t.Errorf("wordBool(%q) = %d %v", s, v, ok)
		}
		if _, ok := wordBool([]byte(s)[:len(s):len(s)]); ok {
			t.Errorf("wordBool(%q) read past the end of the input", s)
		}
	}
}
