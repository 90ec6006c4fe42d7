package batch

import (
	"errors"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/structframe/structframe/frame"
)

// source gives n batches, then err.
type source struct {
	n, i int
	err  error
}

func (s *source) Next() bool          { s.i++; return s.i <= s.n }
func (s *source) Frame() *frame.Frame { return frame.FromColumns([]string{"i"}, []int64{int64(s.i)}) }
func (s *source) Err() error {
	if s.i > s.n {
		return s.err
	}
	return nil
}

func TestAll(t *testing.T) {
	boom := errors.New("boom")
	for _, c := range []struct {
		n    int
		err  error
		stop int // stop after this many batches (0: never)
		want int // batches seen
	}{{3, nil, 0, 3}, {2, boom, 0, 2}, {5, nil, 2, 2}, {0, boom, 0, 0}} {
		seen, gotErr := 0, error(nil)
		for f, err := range All(&source{n: c.n, err: c.err}) {
			if err != nil {
				if f != nil {
					t.Error("an error with a Frame")
				}
				gotErr = err
				continue
			}
			seen++
			if f.NumRows() != 1 {
				t.Errorf("batch %d: %d rows", seen, f.NumRows())
			}
			if seen == c.stop {
				break
			}
		}
		if seen != c.want {
			t.Errorf("%+v: %d batches, want %d", c, seen, c.want)
		}
		if c.stop == 0 && !errors.Is(gotErr, c.err) {
			t.Errorf("%+v: error %v, want %v", c, gotErr, c.err)
		}
	}
}

// TestCheckRecord: a sound batch passes; a column shorter than the batch
// is an error naming the column. (Buffers shorter than their length are
// io/ipc's corrupt-file tests: arrow-go cannot make such an array here.)
func TestCheckRecord(t *testing.T) {
	mem := memory.NewGoAllocator()
	ib := array.NewInt64Builder(mem)
	ib.AppendValues([]int64{1, 2, 3}, nil)
	good := ib.NewArray()
	defer good.Release()
	short := array.NewSlice(good, 0, 2)
	defer short.Release()
	schema := func(name string) *arrow.Schema {
		return arrow.NewSchema([]arrow.Field{{Name: "id", Type: arrow.PrimitiveTypes.Int64}, {Name: name, Type: arrow.PrimitiveTypes.Int64}}, nil)
	}
	tests := []struct {
		name string
		col  arrow.Array
		want string // "" for no error
	}{
		{"sound", good, ""},
		{"short column", short, `column "short column": 2 values, the batch has 3 rows`},
	}
	for _, tt := range tests {
		rec := array.NewRecordBatch(schema(tt.name), []arrow.Array{good, tt.col}, 3)
		err := CheckRecord(rec)
		rec.Release()
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("%s: %v", tt.name, err)
		case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
			t.Errorf("%s: error %v, want one containing %q", tt.name, err, tt.want)
		}
	}
}
