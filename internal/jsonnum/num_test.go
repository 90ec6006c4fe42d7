package jsonnum

import (
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

// checkNumber checks the one-pass number scan against the grammar check
// and strconv: the same verdict, the same int64, and (where the fast path
// answers) bit for bit the float64 strconv.ParseFloat gives.
func checkNumber(t *testing.T, s string) {
	t.Helper()
	text := []byte(s)
	n := Parse(text)
	if n.OK != isJSONNumber(text) {
		t.Fatalf("%q: Parse ok %v, isJSONNumber %v", s, n.OK, !n.OK)
	}
	// Followed by more bytes, as in a document: the digits are then read
	// eight at a time, with the same result and the same end.
	for _, tail := range []string{"", ",", "]}\n", "        ", ",\"k\":12345678"} {
		p, end := Prefix([]byte(s+tail), 0)
		if p.OK != n.OK && end == len(s) || n.OK && (p != n || end != len(s)) {
			t.Fatalf("%q+%q: Prefix %+v end %d, Parse %+v", s, tail, p, end, n)
		}
		e, ok := End([]byte(s+tail), 0)
		if n.OK && (!ok || e != len(s)) {
			t.Fatalf("%q+%q: End %d %v, want %d", s, tail, e, ok, len(s))
		}
	}
	if !n.OK {
		return
	}
	if n.IsInt != !strings.ContainsAny(s, ".eE") {
		t.Fatalf("%q: isInt %v", s, n.IsInt)
	}
	if n.IsInt {
		v, ok := n.Int64()
		w, wok := parseInt64(text)
		if ok != wok || v != w {
			t.Fatalf("%q: int64 %d %v, parseInt64 %d %v", s, v, ok, w, wok)
		}
	}
	if f, ok := n.Float64(); ok {
		w, err := strconv.ParseFloat(s, 64)
		if err != nil || math.Float64bits(f) != math.Float64bits(w) {
			t.Fatalf("%q: fast path %v (%x), ParseFloat %v (%x) %v", s, f, math.Float64bits(f), w, math.Float64bits(w), err)
		}
	}
}

var numberEdges = []string{
	"0", "-0", "0.0", "-0.0", "0e0", "-0e-5", "0e999999999", "1", "-1", "1.5", "1.50", "280.25",
	"9007199254740992", "9007199254740993", "9007199254740993.0", "9007199254740992.5", "4503599627370497.5",
	"1e22", "1e23", "-1e22", "1e-22", "1e-23", "123456789012345678", "1234567890123456789",
	"12345678901234567890", "0.1", "0.2", "0.3", "2.2250738585072014e-308", "4.9e-324", "5e-324",
	"1.7976931348623157e308", "1.7976931348623159e308", "1e309", "9223372036854775807", "-9223372036854775808",
	"9223372036854775808", "-9223372036854775809", "18446744073709551615", "18446744073709551616",
	"10000000000000000000000000", "0.0000000000000000000001", "0.00000000000000000000000000001",
	"1.0000000000000000000001", "99999999999999999999", "0.99999999999999999999", "3.141592653589793238462643",
	"1E2", "1e+2", "1e-2", "1.e2", ".5", "01", "-01", "00", "1e", "1e+", "--1", "+1", "-", "", "1.5.5",
	"0x10", "NaN", "Inf", "1_000", "1 ", " 1", "1ee2", "1e2.5", "-.5", "1.5e", "0.", "٣",
}

func TestScanNumberEdges(t *testing.T) {
	for _, s := range numberEdges {
		checkNumber(t, s)
	}
}

// TestScanNumberRandom: random numbers of every shape near the fast
// path's bounds.
func TestScanNumberRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	digits := func(n int) string {
		var sb strings.Builder
		for range n {
			sb.WriteByte(byte('0' + r.IntN(10)))
		}
		return sb.String()
	}
	fast := 0
	for range 200_000 {
		var sb strings.Builder
		if r.IntN(2) == 0 {
			sb.WriteByte('-')
		}
		if r.IntN(5) == 0 {
			sb.WriteByte('0')
		} else {
			sb.WriteByte(byte('1' + r.IntN(9)))
			sb.WriteString(digits(r.IntN(20)))
		}
		if r.IntN(3) > 0 {
			sb.WriteByte('.')
			sb.WriteString(digits(1 + r.IntN(20)))
		}
		if r.IntN(3) == 0 {
			sb.WriteByte("eE"[r.IntN(2)])
			switch r.IntN(3) {
			case 0:
				sb.WriteByte('-')
			case 1:
				sb.WriteByte('+')
			}
			sb.WriteString(strconv.Itoa(r.IntN(40)))
		}
		s := sb.String()
		checkNumber(t, s)
		if n := Parse([]byte(s)); n.OK && !n.IsInt {
			if _, ok := n.Float64(); ok {
				fast++
			}
		}
		// Random floats printed the shortest way, and with fixed digits.
		f := math.Float64frombits(r.Uint64())
		if !math.IsNaN(f) && !math.IsInf(f, 0) {
			checkNumber(t, strconv.FormatFloat(f, 'g', -1, 64))
			checkNumber(t, strconv.FormatFloat(r.Float64()*1000, 'f', r.IntN(6), 64))
		}
	}
	if fast < 10_000 {
		t.Errorf("the fast path answered only %d times", fast)
	}
}

func FuzzScanNumber(f *testing.F) {
	for _, s := range numberEdges {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) { checkNumber(t, s) })
}

// The reference the scan is checked against: the grammar check and the
// integer parser Number used before it scanned its text once.

// parseInt64 parses an optionally signed run of decimal digits; ok is
// false if it does not fit int64.
func parseInt64(text []byte) (v int64, ok bool) {
	i, neg := 0, false
	if len(text) > 0 && text[0] == '-' {
		neg, i = true, 1
	}
	if i == len(text) || len(text)-i > 19 {
		return 0, false
	}
	var u uint64
	for ; i < len(text); i++ {
		c := text[i] - '0'
		if c > 9 {
			return 0, false
		}
		u = u*10 + uint64(c) // 19 digits cannot overflow uint64
	}
	switch {
	case !neg && u <= math.MaxInt64:
		return int64(u), true
	case neg && u <= 1<<63:
		return -int64(u), true
	}
	return 0, false
}

// isJSONNumber reports whether text is a number as JSON writes them
// (strconv.ParseFloat also takes "Inf", "NaN", hex and underscores).
func isJSONNumber(text []byte) bool {
	i := 0
	if i < len(text) && text[i] == '-' {
		i++
	}
	digits := func() int {
		n := 0
		for i < len(text) && text[i] >= '0' && text[i] <= '9' {
			i++
			n++
		}
		return n
	}
	start := i
	if n := digits(); n == 0 || n > 1 && text[start] == '0' {
		return false
	}
	if i < len(text) && text[i] == '.' {
		i++
		if digits() == 0 {
			return false
		}
	}
	if i < len(text) && (text[i] == 'e' || text[i] == 'E') {
		i++
		if i < len(text) && (text[i] == '+' || text[i] == '-') {
			i++
		}
		if digits() == 0 {
			return false
		}
	}
	return i == len(text)
}

// refEnd is where the grammar -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
// ends at data[i:], one byte at a time; ok is false where it fails
// before the number ends.
func refEnd(data []byte, i int) (int, bool) {
	digit := func(j int) bool { return j < len(data) && data[j] >= '0' && data[j] <= '9' }
	if i < len(data) && data[i] == '-' {
		i++
	}
	switch {
	case i < len(data) && data[i] == '0':
		i++
	case digit(i):
		for digit(i) {
			i++
		}
	default:
		return i, false
	}
	if i < len(data) && data[i] == '.' {
		i++
		if !digit(i) {
			return i, false
		}
		for digit(i) {
			i++
		}
	}
	if i < len(data) && (data[i] == 'e' || data[i] == 'E') {
		i++
		if i < len(data) && (data[i] == '+' || data[i] == '-') {
			i++
		}
		if !digit(i) {
			return i, false
		}
		for digit(i) {
			i++
		}
	}
	return i, true
}

// checkPrefix checks Prefix and End at every offset of data against the
// byte-at-a-time grammar, and Prefix's value against Parse of the text
// it took.
func checkPrefix(t *testing.T, data []byte) {
	t.Helper()
	for i := range data {
		want, wok := refEnd(data, i)
		n, end := Prefix(data, i)
		if n.OK != wok || wok && end != want {
			t.Fatalf("%q at %d: Prefix end %d ok %v, want %d %v", data, i, end, n.OK, want, wok)
		}
		e, ok := End(data, i)
		if ok != wok || wok && e != want {
			t.Fatalf("%q at %d: End %d ok %v, want %d %v", data, i, e, ok, want, wok)
		}
		if wok {
			if p := Parse(data[i:end]); p != n {
				t.Fatalf("%q at %d: Prefix %+v, Parse %+v", data, i, n, p)
			}
		}
	}
}

// TestPrefixRandom: random runs of the bytes numbers are made of, and
// of bytes around the digits ('/' and ':', 0xfa and above, which carry
// in the eight-byte check), against the byte-at-a-time grammar.
func TestPrefixRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	alphabet := []byte("0123456789012345678901234567890123456789-+.eE ,]/:\xfa\xff\x00")
	for range 20_000 {
		b := make([]byte, 1+r.IntN(40))
		for i := range b {
			b[i] = alphabet[r.IntN(len(alphabet))]
		}
		checkPrefix(t, b)
	}
}

func FuzzPrefix(f *testing.F) {
	for _, s := range numberEdges {
		f.Add([]byte(s + ",12345678901234567890.5e3"))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		if len(b) > 200 {
			b = b[:200]
		}
		checkPrefix(t, b)
	})
}

// Prefix is [Num.Scan] into a new Num.
func Prefix(data []byte, i int) (n Num, end int) {
	end = n.Scan(data, i)
	return n, end
}
