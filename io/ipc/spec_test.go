package ipc

import (
	"bytes"
	"testing"

	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/internal/arrowspec"
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
	tensor := structured.Must(structured.FromFields([]structured.FieldValue{
		{Name: "k", Value: structured.Must(structured.NewDense(keys, 2))},
		{Name: "z", Value: structured.Must(structured.NewDense(empty, 2, 0))},
		{Name: "p", Value: structured.Must(structured.NewDense(six, 2, 3))},
	}, 1))
	return frame.FromTensor(tensor)
}

// TestZeroDimSpec: a column of fixed dimension 0 reads back as written
// (its Spec stored in the schema metadata), with a label index too, and
// the key is written only when needed.
func TestZeroDimSpec(t *testing.T) {
	for _, f := range []*frame.Frame{zeroDimFrame(t), zeroDimFrame(t).SetIndex("k")} {
		for _, format := range []Format{File, Stream} {
			var b bytes.Buffer
			if err := Write(&b, f, WithFormat(format)); err != nil {
				t.Fatal(err)
			}
			back, err := Read(bytes.NewReader(b.Bytes()))
			if err != nil {
				t.Fatal(err)
			}
			if d := sameFrame(f, back); d != "" {
				t.Errorf("%v: %s", format, d)
			}
			r := NewReader(bytes.NewReader(b.Bytes()))
			if _, ok := r.ArrowSchema().Metadata().GetValue(arrowspec.Key); !ok {
				t.Errorf("%v: no %s in the schema metadata %v", format, arrowspec.Key, r.ArrowSchema().Metadata())
			}
		}
	}
	plain := frame.FromColumns([]string{"a"}, []int64{1})
	var b bytes.Buffer
	if err := Write(&b, plain); err != nil {
		t.Fatal(err)
	}
	if _, ok := NewReader(&b).ArrowSchema().Metadata().GetValue(arrowspec.Key); ok {
		t.Errorf("%s written for a frame Arrow says all of", arrowspec.Key)
	}
}
