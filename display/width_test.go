package display

import "testing"

func TestCells(t *testing.T) {
	for _, c := range []struct {
		s    string
		want int
	}{
		{"abc", 3},
		{"東京", 4},         // wide
		{"cafe\u0301", 4}, // combining acute: no cell
		{"👩\u200d💻", 2},   // one emoji sequence
		{"🇯🇵", 2},         // a flag
		{"한국", 4},         // Hangul
		{ellipsis, 1},     // … is narrow
		{"", 0},
	} {
		if got := cells(c.s); got != c.want {
			t.Errorf("cells(%q) = %d, want %d", c.s, got, c.want)
		}
	}
}

func TestCut(t *testing.T) {
	for _, c := range []struct {
		s    string
		max  int
		want string
	}{
		{"hello world", 5, "hell…"},
		{"hello", 5, "hello"},
		{"hello", 0, "hello"},
		{"東京都庁", 5, "東京…"},                       // never half a wide character
		{"e\u0301e\u0301e\u0301", 2, "e\u0301…"}, // marks stay with their base
	} {
		got := cut(c.s, c.max)
		if got != c.want {
			t.Errorf("cut(%q, %d) = %q, want %q", c.s, c.max, got, c.want)
		}
		if c.max > 0 && cells(got) > c.max {
			t.Errorf("cut(%q, %d) = %q is %d cells", c.s, c.max, got, cells(got))
		}
	}
}

func TestFormatFloat(t *testing.T) {
	a, b := 0.1, 0.2
	for _, c := range []struct {
		f    float64
		prec int
		want string
	}{
		{3, -1, "3.0"},
		{1.5, -1, "1.5"},
		{a + b, -1, "0.3"}, // rounded to 6 decimals
		{1.0 / 3, -1, "0.333333"},
		{12345.678901234, -1, "12345.678901"},
		{0.000125, -1, "0.000125"},
		{a + b, 17, "0.30000000000000004"},
		{1.0 / 3, 2, "0.33"},
		{2, 0, "2"},
		{1e20, -1, "1e+20"},
		{-2.5e-7, 3, "-2.500e-07"},
		{0, -1, "0.0"},
	} {
		if got := formatFloat(c.f, 64, c.prec); got != c.want {
			t.Errorf("formatFloat(%v, %d) = %q, want %q", c.f, c.prec, got, c.want)
		}
	}
}

func TestAlignPoints(t *testing.T) {
	col := []string{"1.5", "10.25", "3", "null", ellipsis, "-0.125"}
	alignPoints(col)
	want := []string{"1.5  ", "10.25 ", "3    ", "null", ellipsis, "-0.125"}
	for k := range col {
		if col[k] != want[k] {
			t.Errorf("cell %d = %q, want %q", k, col[k], want[k])
		}
	}
}

func TestThousands(t *testing.T) {
	for n, want := range map[int]string{0: "0", 999: "999", 1000: "1,000", 10000000: "10,000,000", 123456: "123,456"} {
		if got := thousands(n); got != want {
			t.Errorf("thousands(%d) = %q, want %q", n, got, want)
		}
	}
}
