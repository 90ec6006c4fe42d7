package ipc

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/structured"
)

// TestWriteOfPiecesFailsWhole: a frame whose later piece cannot be
// written (null rows) gives an error and writes no batch of it: the
// Writer's output holds only what was written whole. A list piece joined
// with a large_list piece is written.
func TestWriteOfPiecesFailsWhole(t *testing.T) {
	const n = 1 << 14 // a chunk of its own (structured.Tensor.RowChunks)
	g := frame.FromColumns([]string{"a"}, make([]int64, n))
	h := frame.FromTensor(structured.Must(structured.FromValue([]any{nil, map[string]any{"a": int64(3)}})))
	var b bytes.Buffer
	w := NewWriter(&b)
	if err := w.Write(frame.Concat(g, h)); err == nil {
		t.Fatal("writing null rows gave no error")
	}
	if err := w.Write(frame.FromColumns([]string{"a"}, []int64{9})); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	back, err := Read(bytes.NewReader(b.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprint(structured.Must(back.Data()).ToValue()); got != "[map[a:9]]" {
		t.Errorf("read back %d rows, want only the one row written whole", back.NumRows())
	}
	lb := array.NewListBuilder(memory.DefaultAllocator, arrow.PrimitiveTypes.Int64)
	defer lb.Release()
	lb.Append(true)
	lb.ValueBuilder().(*array.Int64Builder).Append(1)
	l := lb.NewArray()
	defer l.Release()
	rec := array.NewRecordBatch(arrow.NewSchema([]arrow.Field{{Name: "l", Type: l.DataType(), Nullable: true}}, nil), []arrow.Array{l}, 1)
	defer rec.Release()
	b.Reset()
	if err := Write(&b, frame.Concat(frame.FromRecordBatch(rec), frame.FromColumns([]string{"l"}, [][]int64{{2, 3}}))); err != nil {
		t.Errorf("list and large_list pieces: %v", err)
	}
}
