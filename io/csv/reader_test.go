package csv

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/structframe/structframe/frame"
)

// onlyReader hides Seek, so the Reader must infer from the first batch.
type onlyReader struct{ r io.Reader }

func (o onlyReader) Read(p []byte) (int, error) { return o.r.Read(p) }

func batches(t *testing.T, r *Reader) []*frame.Frame {
	t.Helper()
	var out []*frame.Frame
	for f, err := range r.All() {
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, f)
	}
	return out
}

func TestReaderBatchesEqualRead(t *testing.T) {
	var sb strings.Builder
	sb.WriteString("\xEF\xBB\xBFid,name,score,when\n")
	for i := 0; i < 5000; i++ {
		fmt.Fprintf(&sb, "%d,\"n %d\nx\",%d.%d,2020-01-%02d\n", i, i, i%100, i%7, i%28+1)
		if i%1000 == 999 {
			sb.WriteString("\n# not a comment without WithComment? it is a record\n"[:1])
		}
	}
	in := sb.String()
	whole := mustRead(t, in)
	for _, size := range []int{1, 7, 1000, 4096, 8192, 100000} {
		for _, seek := range []bool{true, false} {
			t.Run(fmt.Sprintf("batch%d/seek=%v", size, seek), func(t *testing.T) {
				var src io.Reader = strings.NewReader(in)
				if !seek {
					src = onlyReader{src}
				}
				bs := batches(t, NewReader(src, WithBatchSize(size)))
				want := (5000 + size - 1) / size
				if len(bs) != want {
					t.Fatalf("%d batches, want %d", len(bs), want)
				}
				for i, b := range bs[:len(bs)-1] {
					if b.NumRows() != size {
						t.Fatalf("batch %d has %d rows, want %d", i, b.NumRows(), size)
					}
				}
				all := frame.Concat(bs...)
				if !frameEqual(t, whole, all) {
					t.Fatalf("batches differ from Read:\n%v\n%v", whole.Schema(), all.Schema())
				}
			})
		}
	}
}

func TestReaderSchemaFromWholeInput(t *testing.T) {
	in := "a,b\n1,x\n2,y\n3.5,z\n"
	// Seekable: the first pass sees 3.5, so every batch is float64.
	bs := batches(t, NewReader(strings.NewReader(in), WithBatchSize(1)))
	for i, b := range bs {
		if got := dump(t, b); !strings.HasPrefix(got, "a:float64") {
			t.Errorf("batch %d: %s", i, got)
		}
	}
	// Not seekable: the first batch says int64, and 3.5 is an error naming
	// its line and column, not a silent change of type.
	r := NewReader(onlyReader{strings.NewReader(in)}, WithBatchSize(1))
	n := 0
	for r.Next() {
		n++
	}
	var pe *ParseError
	if !errors.As(r.Err(), &pe) || !errors.Is(r.Err(), ErrType) || pe.Line != 4 || pe.Column != 1 || pe.Field != "a" || pe.Offset != int64(strings.Index(in, "3.5")) {
		t.Fatalf("got %v (%+v), want a type error at line 4 column 1", r.Err(), pe)
	}
	if n != 2 {
		t.Errorf("%d batches before the error, want 2", n)
	}
}

func TestReaderErrorsAndEdges(t *testing.T) {
	r := NewReader(strings.NewReader("a,b\n1,2\n3\n"), WithBatchSize(1))
	for r.Next() {
	}
	var pe *ParseError
	if !errors.As(r.Err(), &pe) || pe.Line != 3 {
		t.Errorf("got %v, want a field count error on line 3", r.Err())
	}
	for _, in := range []string{"", "\n", "a,b\n", "a,b"} {
		r := NewReader(strings.NewReader(in))
		if r.Next() {
			t.Errorf("%q: a batch from no records: %v", in, r.Frame())
		}
		if r.Err() != nil {
			t.Errorf("%q: %v", in, r.Err())
		}
	}
	// Breaking out of All stops cleanly.
	r = NewReader(strings.NewReader("a\n1\n2\n3\n"), WithBatchSize(1))
	for range r.All() {
		break
	}
	if err := r.Close(); err != nil {
		t.Error(err)
	}
	if r.Next() {
		t.Error("Next after Close")
	}
}

func TestOpenFile(t *testing.T) {
	path := t.TempDir() + "/x.csv"
	if err := os.WriteFile(path, []byte("a,b\n1,x\n2,y\n2.5,z\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r, err := OpenFile(path, WithBatchSize(2))
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	bs := batches(t, r)
	if len(bs) != 2 || !strings.HasPrefix(dump(t, bs[0]), "a:float64=[1 2]") {
		t.Fatalf("got %d batches: %v", len(bs), bs)
	}
	if _, err := OpenFile(path + ".missing"); err == nil {
		t.Error("missing file opened")
	}
}

func TestReaderLargeRecords(t *testing.T) {
	// A record larger than the Reader's first buffer.
	big := strings.Repeat("x", 3<<20)
	in := "a,b\n1,\"" + big + "\"\n2,y\n"
	bs := batches(t, NewReader(onlyReader{bytes.NewReader([]byte(in))}, WithBatchSize(1)))
	if len(bs) != 2 {
		t.Fatalf("%d batches", len(bs))
	}
}

// TestReaderSchemaFromFirstBatch: over a file, WithSchemaFromFirstBatch
// types the columns from the first batch (no first pass), and a later
// cell that does not fit is a *ParseError naming its line.
func TestReaderSchemaFromFirstBatch(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.csv")
	if err := os.WriteFile(path, []byte("a,b\n1,x\n2,y\n3.5,z\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r, err := OpenFile(path, WithBatchSize(1), WithSchemaFromFirstBatch(true))
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if !r.Next() || !strings.HasPrefix(dump(t, r.Frame()), "a:int64") {
		t.Fatalf("first batch: %v", r.Err())
	}
	for r.Next() {
	}
	var pe *ParseError
	if !errors.As(r.Err(), &pe) || pe.Line != 4 {
		t.Errorf("a later float: %v, want a ParseError at line 4", r.Err())
	}
	// Without the option, the whole file's pass types a as float64.
	r2, err := OpenFile(path, WithBatchSize(1))
	if err != nil {
		t.Fatal(err)
	}
	defer r2.Close()
	if !r2.Next() || !strings.HasPrefix(dump(t, r2.Frame()), "a:float64") {
		t.Errorf("whole-file types: %v", r2.Err())
	}
}
