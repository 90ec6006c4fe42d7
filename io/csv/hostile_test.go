package csv

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

// Hostile input is refused or read without blowing up memory: a header of
// a million columns hits WithMaxColumns; a long quoted field and a long
// run of quotes or delimiters are read (or refused) in linear time.
func TestHostileInput(t *testing.T) {
	wide := strings.Repeat("c,", 1<<20) + "c\n"
	if _, err := Read(strings.NewReader(wide)); !errors.Is(err, ErrHeader) {
		t.Errorf("a header of 1M columns: got %v, want ErrHeader", err)
	}
	r := NewReader(strings.NewReader(wide))
	if r.Next() || !errors.Is(r.Err(), ErrHeader) {
		t.Errorf("Reader, a header of 1M columns: got %v, want ErrHeader", r.Err())
	}
	big := "a,b\n1,\"" + strings.Repeat("x\n\"\"", 4<<20) + "\"\n2,y\n"
	for _, p := range []int{1, 2} {
		f, err := Read(strings.NewReader(big), WithParallelism(p), withChunkBytes(1<<16))
		if err != nil {
			t.Fatal(err)
		}
		if f.NumRows() != 2 {
			t.Fatalf("%d rows", f.NumRows())
		}
		s, _ := f.Column("b")
		if got := len(s.ToValue()[0].(string)); got != 3*(4<<20) {
			t.Errorf("long field has %d bytes", got)
		}
	}
	for _, in := range []string{strings.Repeat("\"", 1<<20), strings.Repeat(",", 1<<20), "a\n" + strings.Repeat("\n", 1<<20)} {
		_, _ = Read(bytes.NewReader([]byte(in)), withChunkBytes(1<<12))
	}
}
