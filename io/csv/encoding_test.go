package csv

import (
	"io"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/structframe/structframe/frame"
)

func TestEncodingDecode(t *testing.T) {
	cases := []struct {
		enc      Encoding
		in, want string
	}{
		{Latin1, "Caf\xe9 \xfc\xdf", "Café üß"},
		{Latin1, "\x80\x9f\xa0\xff", "\u0080\u009f\u00a0\u00ff"},
		{Windows1252, "\x80 \x93q\x94 \x96\x97 \x99", "€ “q” –— ™"},
		{Windows1252, "\x81\x8d\x8f\x90\x9d", "\u0081\u008d\u008f\u0090\u009d"},
		{Windows1252, "plain ascii, 1.5", "plain ascii, 1.5"},
	}
	for _, c := range cases {
		if got := string(c.enc.decode(nil, []byte(c.in))); got != c.want {
			t.Errorf("decode(%d, %q) = %q, want %q", c.enc, c.in, got, c.want)
		}
	}
	// Latin-1 is the identity on code points, for every byte.
	r := rand.New(rand.NewPCG(1, 2))
	b := make([]byte, 4096)
	for i := range b {
		b[i] = byte(r.IntN(256))
	}
	got := Latin1.decode(nil, b)
	if !utf8.Valid(got) {
		t.Fatal("decoded Latin-1 is not UTF-8")
	}
	i := 0
	for _, rn := range string(got) {
		if rn != rune(b[i]) {
			t.Fatalf("byte %d: %#x decoded as %U", i, b[i], rn)
		}
		i++
	}
}

// TestReadEncoding: a semicolon CSV exported on Windows, read whole and
// batch by batch, from a seekable input and from a stream.
func TestReadEncoding(t *testing.T) {
	in := "name;city\r\nCaf\xe9;K\xf6ln\r\n\x93Th\xe9\x94;Z\xfcrich\r\n"
	want := [][]any{{"Café", "Köln"}, {"“Thé”", "Zürich"}}
	check := func(what string, rows [][]any) {
		t.Helper()
		if len(rows) != len(want) {
			t.Fatalf("%s: %d rows, want %d", what, len(rows), len(want))
		}
		for i := range want {
			for j := range want[i] {
				if rows[i][j] != want[i][j] {
					t.Errorf("%s: row %d column %d = %q, want %q", what, i, j, rows[i][j], want[i][j])
				}
			}
		}
	}
	opts := []Option{WithDelimiter(';'), WithEncoding(Windows1252)}
	f, err := Read(strings.NewReader(in), opts...)
	if err != nil {
		t.Fatal(err)
	}
	check("Read", frameRows(t, f))
	for _, src := range []io.Reader{strings.NewReader(in), struct{ io.Reader }{strings.NewReader(in)}} {
		r := NewReader(src, append(opts, WithBatchSize(1))...)
		var rows [][]any
		for r.Next() {
			rows = append(rows, frameRows(t, r.Frame())...)
		}
		if err := r.Err(); err != nil {
			t.Fatal(err)
		}
		check("Reader", rows)
	}
}

// frameRows gives the cells of f as Go values, row by row.
func frameRows(t *testing.T, f *frame.Frame) [][]any {
	t.Helper()
	rows := make([][]any, f.NumRows())
	for _, name := range f.Columns() {
		s, err := f.Column(name)
		if err != nil {
			t.Fatal(err)
		}
		for i, v := range s.ToValue() {
			rows[i] = append(rows[i], v)
		}
	}
	return rows
}
