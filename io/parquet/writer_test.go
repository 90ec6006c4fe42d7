package parquet_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/io/parquet"
)

// TestWriterBatches writes frames one after another and reads back their
// concatenation: later frames that hold nulls the first did not, or a
// column all null (typed Null where it was inferred), take the first
// frame's schema; row groups are filled across frames.
func TestWriterBatches(t *testing.T) {
	recs := func(rs ...map[string]any) *frame.Frame { return frame.FromRecords(rs) }
	for _, tc := range []struct {
		name    string
		batches []*frame.Frame
		groups  int
	}{
		{"one", []*frame.Frame{recs(map[string]any{"a": 1, "b": []any{"x"}})}, 1},
		{"same schema", []*frame.Frame{
			recs(map[string]any{"a": 1, "b": []any{"x"}}),
			recs(map[string]any{"a": 2, "b": []any{"y", "z"}}),
			recs(map[string]any{"a": 3, "b": []any{}}),
		}, 2},
		{"nulls later", []*frame.Frame{
			recs(map[string]any{"a": 1, "b": []any{"x"}, "c": map[string]any{"d": 1.5}}),
			recs(map[string]any{"a": nil, "b": nil, "c": nil}, map[string]any{"a": 4, "b": []any{nil}, "c": map[string]any{"d": nil}}),
		}, 2},
		{"null-typed column later", []*frame.Frame{
			recs(map[string]any{"a": 1, "b": []any{"x"}}),
			recs(map[string]any{"a": nil, "b": []any{}}),
			recs(map[string]any{"a": 2, "b": []any{}}),
		}, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			w := parquet.NewWriter(&buf, parquet.WithRowGroupRows(2))
			for _, b := range tc.batches {
				if err := w.Write(b); err != nil {
					t.Fatal(err)
				}
			}
			if err := w.Close(); err != nil {
				t.Fatal(err)
			}
			got, err := parquet.Read(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
			if err != nil {
				t.Fatal(err)
			}
			want := frame.Concat(tc.batches...)
			gt, _ := got.Tensor()
			wt, err := want.Tensor()
			if err != nil {
				t.Fatal(err)
			}
			if !gt.Equal(wt) {
				t.Errorf("read back %v\nwant %v", gt.ToValue(), wt.ToValue())
			}
			m, err := parquet.ReadStats(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
			if err != nil {
				t.Fatal(err)
			}
			if len(m.RowGroups) != tc.groups {
				t.Errorf("%d row groups, want %d", len(m.RowGroups), tc.groups)
			}
		})
	}
}

// TestWriterErrors: a frame that cannot take the first one's schema is
// an error naming its rows, and every later call returns it; a closed
// Writer refuses frames; a Writer given nothing writes nothing.
func TestWriterErrors(t *testing.T) {
	first := frame.FromRecords([]map[string]any{{"a": 1}, {"a": 2}})
	for _, tc := range []struct {
		name  string
		later *frame.Frame
		want  string
	}{
		{"other type", frame.FromRecords([]map[string]any{{"a": "x"}}), "rows 2 to 3"},
		{"other columns", frame.FromRecords([]map[string]any{{"b": 1}}), "rows 2 to 3"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			w := parquet.NewWriter(&buf)
			if err := w.Write(first); err != nil {
				t.Fatal(err)
			}
			err := w.Write(tc.later)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want one naming %q", err, tc.want)
			}
			if again := w.Write(first); again == nil || again.Error() != err.Error() {
				t.Errorf("after an error Write returned %v", again)
			}
			if cerr := w.Close(); cerr == nil {
				t.Error("Close after an error returned nil")
			}
		})
	}
	var buf bytes.Buffer
	w := parquet.NewWriter(&buf)
	if err := w.Close(); err != nil || buf.Len() != 0 {
		t.Errorf("empty Writer: Close %v, %d bytes written", err, buf.Len())
	}
	if err := w.Write(first); err == nil {
		t.Error("Write after Close succeeded")
	}
}

// Rows written batch by batch, as a Reader of another format gives them,
// into one Parquet file.
func ExampleNewWriter() {
	var out bytes.Buffer
	w := parquet.NewWriter(&out)
	for _, batch := range []*frame.Frame{
		frame.FromRecords([]map[string]any{{"id": 1, "tags": []any{"a"}}}),
		frame.FromRecords([]map[string]any{{"id": 2, "tags": nil}, {"id": 3, "tags": []any{"b", "c"}}}),
	} {
		if err := w.Write(batch); err != nil {
			fmt.Println(err)
			return
		}
	}
	if err := w.Close(); err != nil {
		fmt.Println(err)
		return
	}
	back, err := parquet.Read(bytes.NewReader(out.Bytes()), int64(out.Len()))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(back.Schema())
	// Output:
	// 3 * {id: int64, tags: ?var * string}
}
