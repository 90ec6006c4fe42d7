package parquet

import (
	"bytes"
	"testing"

	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/structured"
)

// zeroDimFrame has what Arrow's types cannot say: a column of fixed
// dimension 0 (every row an empty list, "0 * float64"), beside a label
// column k and a [3] column Arrow says itself.
func zeroDimFrame(t *testing.T) *frame.Frame {
	t.Helper()
	fb := array.NewFloat64Builder(memory.DefaultAllocator)
	defer fb.Release()
	empty := fb.NewArray()
	defer empty.Release()
	fb.AppendValues([]float64{1, 2, 3, 4, 5, 6}, nil)
	six := fb.NewArray()
	defer six.Release()
	sb := array.NewStringBuilder(memory.DefaultAllocator)
	defer sb.Release()
	sb.AppendValues([]string{"a", "b"}, nil)
	keys := sb.NewArray()
	defer keys.Release()
	return frame.FromTensor(structured.Must(structured.FromFields([]structured.FieldValue{
		{Name: "k", Value: structured.Must(structured.NewDense(keys, 2))},
		{Name: "z", Value: structured.Must(structured.NewDense(empty, 2, 0))},
		{Name: "p", Value: structured.Must(structured.NewDense(six, 2, 3))},
	}, 1)))
}

// TestZeroDimSpec: a column of fixed dimension 0 reads back as written
// (its Spec stored in the file's key/value metadata), with a label index
// too, whole, projected and row group by row group.
func TestZeroDimSpec(t *testing.T) {
	base := zeroDimFrame(t)
	for name, f := range map[string]*frame.Frame{"range": base, "label": base.SetIndex("k")} {
		assertFramesEqual(t, name, f, roundTrip(t, f))
		data := writeBytes(t, f, WithRowGroupRows(1))
		r, err := NewReader(bytes.NewReader(data), WithColumns("z"))
		if err != nil {
			t.Fatal(err)
		}
		for r.Next() {
			z, err := r.Frame().Column("z")
			if err != nil {
				t.Fatal(err)
			}
			if d, ok := z.Value().(*structured.Dense); !ok || len(d.Shape()) != 2 || d.Shape()[1] != 0 {
				t.Errorf("%s: a row group's z is %v, want a Dense of shape [1 0]", name, z.Value())
			}
		}
		if err := r.Err(); err != nil {
			t.Fatal(err)
		}
	}
}
