package csv

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// hinnantDays is Howard Hinnant's days_from_civil, the reference
// daysFromCivil is checked against.
func hinnantDays(y, m, d int) int64 {
	if m <= 2 {
		y--
	}
	era := y / 400
	if y < 0 && y%400 != 0 {
		era--
	}
	yoe := y - era*400
	mp := (m + 9) % 12
	doy := (153*mp+2)/5 + d - 1
	doe := yoe*365 + yoe/4 - yoe/100 + doy
	return int64(era)*146097 + int64(doe) - 719468
}

func TestDaysFromCivil(t *testing.T) {
	known := []struct {
		y, m, d int
		want    int64
	}{
		{1970, 1, 1, 0},
		{1969, 12, 31, -1},
		{2000, 3, 1, 11017},
		{2020, 12, 14, 18610},
		{0, 1, 1, -719528},
		{9999, 12, 31, 2932896},
		{-1, 3, 1, -719834},
	}
	for _, k := range known {
		if got := daysFromCivil(k.y, k.m, k.d); got != k.want {
			t.Errorf("%d-%d-%d: %d days, want %d", k.y, k.m, k.d, got, k.want)
		}
	}
	for y := -1200; y <= 9999; y++ {
		for m := 1; m <= 12; m++ {
			for d := 1; d <= daysIn(y, m); d++ {
				if got, want := daysFromCivil(y, m, d), hinnantDays(y, m, d); got != want {
					t.Fatalf("%d-%02d-%02d: %d days, want %d", y, m, d, got, want)
				}
			}
		}
	}
}

// BenchmarkParseDate parses 4096 dates of 40 years.
func BenchmarkParseDate(b *testing.B) {
	dates := make([][]byte, 4096)
	for i := range dates {
		dates[i] = fmt.Appendf(nil, "%04d-%02d-%02d", 1990+i%40, 1+i%12, 1+i%28)
	}
	var sum int32
	for b.Loop() {
		for _, d := range dates {
			v, _ := parseDate(d)
			sum += v
		}
	}
	if sum == 0 {
		b.Fatal("no date parsed")
	}
}

// TestPlainValues checks the one-loop parsers of the one pass against the
// test and the parser they fuse, on random cells made of the bytes that
// matter: plainDecimalValue against plainDecimal then parseFloat, and
// plainIntValue against plainInt then parseInt.
func TestPlainValues(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	alphabet := []byte("-.0123456789 e+")
	cells := [][]byte{{}, []byte("-"), []byte("."), []byte("0.5"), []byte("-0.0"), []byte("00.5"),
		[]byte("123456789012345.6"), []byte("1234567890123456.7"), []byte("1."), []byte(".5"), []byte("-.5"),
		[]byte("999999999999999"), []byte("-999999999999999"), []byte("9999999999999999"), []byte("007")}
	for range 200000 {
		b := make([]byte, rng.IntN(19))
		for i := range b {
			if rng.IntN(4) == 0 {
				b[i] = alphabet[rng.IntN(len(alphabet))]
			} else {
				b[i] = '0' + byte(rng.IntN(10))
			}
		}
		cells = append(cells, b)
	}
	floats, ints := 0, 0
	for _, b := range cells {
		v, ok := plainDecimalValue(b)
		wantOK := len(b) > 0 && plainDecimal(b)
		if ok != wantOK {
			t.Fatalf("plainDecimalValue(%q) ok %v, plainDecimal %v", b, ok, wantOK)
		}
		if ok {
			floats++
			want, _ := parseFloat(b)
			if math.Float64bits(v) != math.Float64bits(want) {
				t.Fatalf("plainDecimalValue(%q) = %v, parseFloat %v", b, v, want)
			}
		}
		iv, ok := plainIntValue(b)
		if wantOK := len(b) > 0 && plainInt(b); ok != wantOK {
			t.Fatalf("plainIntValue(%q) ok %v, plainInt %v", b, ok, wantOK)
		}
		if ok {
			ints++
			if want, _ := parseInt(b); iv != want {
				t.Fatalf("plainIntValue(%q) = %d, parseInt %d", b, iv, want)
			}
		}
	}
	if floats < 1000 || ints < 1000 {
		t.Fatalf("only %d decimals and %d ints among the cells", floats, ints)
	}
}

// TestParseBool: the six spellings, and every other case of their letters
// and their prefixes and extensions refused.
func TestParseBool(t *testing.T) {
	want := map[string]bool{"true": true, "True": true, "TRUE": true, "false": false, "False": false, "FALSE": false}
	var cases []string
	for _, w := range []string{"true", "false"} {
		for mask := range 1 << len(w) {
			b := []byte(w)
			for i := range b {
				if mask>>i&1 == 1 {
					b[i] -= 'a' - 'A'
				}
			}
			cases = append(cases, string(b), string(b[:len(b)-1]), string(b)+"e", " "+string(b))
		}
	}
	cases = append(cases, "", "t", "1", "yes", "fals\x00", "tru\x00", "truee")
	for _, c := range cases {
		v, ok := parseBool([]byte(c))
		wv, wok := want[c]
		if ok != wok || ok && v != wv {
			t.Errorf("parseBool(%q) = %v, %v; want %v, %v", c, v, ok, wv, wok)
		}
	}
}

// refParseDate is the byte-at-a-time parse parseDate replaced: the
// reference its SWAR form must agree with.
func refParseDate(b []byte) (int32, bool) {
	if len(b) != 10 || b[4] != '-' || b[7] != '-' {
		return 0, false
	}
	for _, i := range []int{0, 1, 2, 3, 5, 6, 8, 9} {
		if b[i] < '0' || b[i] > '9' {
			return 0, false
		}
	}
	num := func(i, n int) int {
		v := 0
		for _, c := range b[i : i+n] {
			v = v*10 + int(c-'0')
		}
		return v
	}
	y, m, d := num(0, 4), num(5, 2), num(8, 2)
	days := []int{0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31}
	if y%4 == 0 && (y%100 != 0 || y%400 == 0) {
		days[2] = 29
	}
	if m < 1 || m > 12 || d < 1 || d > days[m] {
		return 0, false
	}
	return int32(hinnantDays(y, m, d)), true
}

// TestParseDate: parseDate agrees with the byte-at-a-time reference on
// every valid date of the years 0 to 9999, on each of them with a byte
// changed to one a SWAR digit test can confuse (those around '0' and '9',
// the dash, bytes with the high bit set), and on every day 00-39 of every
// month 00-19 of some years, leap or not.
func TestParseDate(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 9))
	tricky := []byte{'0' - 1, '0', '9', '9' + 1, '-', '/', ' ', 0, 0x7f, 0x80, 0xb0, 0xb9, 0xff, 0x3f, 0x20, 0x5d}
	check := func(b []byte) {
		got, gok := parseDate(b)
		want, wok := refParseDate(b)
		if got != want || gok != wok {
			t.Fatalf("%q: %d %v, want %d %v", b, got, gok, want, wok)
		}
	}
	b := make([]byte, 10)
	for y := 0; y <= 9999; y++ {
		for m := 1; m <= 12; m++ {
			for d := 1; d <= daysIn(y, m); d++ {
				copy(b, fmt.Sprintf("%04d-%02d-%02d", y, m, d))
				check(b)
				i := r.IntN(10)
				c := b[i]
				b[i] = tricky[r.IntN(len(tricky))]
				check(b)
				b[i] = c
			}
		}
	}
	for _, y := range []int{0, 1900, 1999, 2000, 2023, 2024, 2100, 9999} {
		for m := 0; m < 20; m++ {
			for d := 0; d < 40; d++ {
				check(fmt.Appendf(nil, "%04d-%02d-%02d", y, m, d))
			}
		}
	}
	for _, s := range []string{"", "2020-01-1", "2020-01-011", "2020/01/01", "20200-1-01", "2020-1-011", "+020-01-01", "2020-01-0a"} {
		check([]byte(s))
	}
}
