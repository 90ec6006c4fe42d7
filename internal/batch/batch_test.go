package batch

import (
	"errors"
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

// claimed is a record batch that says it has more rows than its
// columns hold, as a corrupt IPC message can.
type claimed struct {
	arrow.RecordBatch
	rows int64
}

func (c claimed) NumRows() int64 { return c.rows }

// TestCheckRecord: a sound batch passes; a column shorter than the batch
// is an error naming the column. (Buffers shorter than their length are
// io/ipc's corrupt-file tests: arrow-go cannot make such an array here.)
func TestCheckRecord(t *testing.T) {
	ib := array.NewInt64Builder(memory.NewGoAllocator())
	ib.AppendValues([]int64{1, 2, 3}, nil)
	col := ib.NewArray()
	defer col.Release()
	rec := array.NewRecordBatch(arrow.NewSchema([]arrow.Field{{Name: "id", Type: arrow.PrimitiveTypes.Int64}}, nil), []arrow.Array{col}, 3)
	defer rec.Release()
	if err := CheckRecord(rec); err != nil {
		t.Errorf("sound batch: %v", err)
	}
	err := CheckRecord(claimed{rec, 4})
	if want := `column "id": 3 values, the batch has 4 rows`; err == nil || err.Error() != want {
		t.Errorf("short column: %v, want %q", err, want)
	}
}
