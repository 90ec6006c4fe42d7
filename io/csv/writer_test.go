package csv_test

import (
	"bytes"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/io/csv"
)

// TestWriterBatches: frames written one after another give the text of
// their concatenation written at once: one header, every row.
func TestWriterBatches(t *testing.T) {
	recs := func(rs ...map[string]any) *frame.Frame { return frame.FromRecords(rs) }
	for _, tc := range []struct {
		name    string
		opts    []csv.Option
		batches []*frame.Frame
	}{
		{"one", nil, []*frame.Frame{recs(map[string]any{"a": 1, "b": "x"})}},
		{"three", nil, []*frame.Frame{
			recs(map[string]any{"a": 1, "b": "x"}),
			recs(map[string]any{"a": 2, "b": "y, z"}, map[string]any{"a": 3, "b": nil}),
			recs(map[string]any{"a": nil, "b": ""}),
		}},
		{"no header", []csv.Option{csv.WithHeader(false)}, []*frame.Frame{
			recs(map[string]any{"a": 1}), recs(map[string]any{"a": 2}),
		}},
		{"flattened", []csv.Option{csv.WithNested(csv.NestedFlatten)}, []*frame.Frame{
			recs(map[string]any{"s": map[string]any{"x": 1, "y": "a"}}),
			recs(map[string]any{"s": map[string]any{"x": 2, "y": "b"}}),
		}},
		{"json text", []csv.Option{csv.WithNested(csv.NestedJSON), csv.WithDelimiter('\t')}, []*frame.Frame{
			recs(map[string]any{"l": []any{1, 2}}),
			recs(map[string]any{"l": []any{}}),
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got bytes.Buffer
			w := csv.NewWriter(&got, tc.opts...)
			for _, b := range tc.batches {
				if err := w.Write(b); err != nil {
					t.Fatal(err)
				}
			}
			if err := w.Close(); err != nil {
				t.Fatal(err)
			}
			var want bytes.Buffer
			if err := csv.Write(&want, frame.Concat(tc.batches...), tc.opts...); err != nil {
				t.Fatal(err)
			}
			if got.String() != want.String() {
				t.Errorf("batch by batch:\n%s\nat once:\n%s", got.String(), want.String())
			}
		})
	}
}

// TestWriterColumnsDiffer: a later frame with other columns is refused,
// naming the row it would have started at; the error sticks.
func TestWriterColumnsDiffer(t *testing.T) {
	var out bytes.Buffer
	w := csv.NewWriter(&out)
	if err := w.Write(frame.FromRecords([]map[string]any{{"a": 1, "b": 2}, {"a": 3, "b": 4}})); err != nil {
		t.Fatal(err)
	}
	w2 := csv.NewWriter(&out)
	if err := w2.Write(frame.FromColumns([]string{"a", "b"}, []int64{1, 3}, []int64{2, 4})); err != nil {
		t.Fatal(err)
	}
	if err := w2.Write(frame.FromColumns([]string{"a", "c"}, []int64{1}, []int64{2})); err == nil || !strings.Contains(err.Error(), "rows 2 on") {
		t.Errorf("error %v, want one naming rows 2 on", err)
	}
	for _, later := range []*frame.Frame{
		frame.FromColumns([]string{"b", "a"}, []int64{1}, []int64{2}),
		frame.FromColumns([]string{"a", "c"}, []int64{1}, []int64{2}),
	} {
		err := w.Write(later)
		if err == nil || !strings.Contains(err.Error(), "rows 2 on") {
			t.Errorf("error %v, want one naming rows 2 on", err)
		}
	}
	if err := w.Close(); err == nil {
		t.Error("Close returned nil after an error")
	}
}

// Rows written batch by batch under one header.
func ExampleNewWriter() {
	w := csv.NewWriter(os.Stdout)
	for _, batch := range []*frame.Frame{
		frame.FromColumns([]string{"id", "name"}, []int64{1}, []string{"ada"}),
		frame.FromColumns([]string{"id", "name"}, []int64{2, 3}, []string{"bob", "cy, jr"}),
	} {
		if err := w.Write(batch); err != nil {
			fmt.Println(err)
			return
		}
	}
	if err := w.Close(); err != nil {
		fmt.Println(err)
	}
	// Output:
	// id,name
	// 1,ada
	// 2,bob
	// 3,"cy, jr"
}

// TestWriterSignatureOnlyAtStart: a field that starts with a format's
// signature is quoted only where it starts the output (as Write quotes
// it): the first frame's first row without a header, not a later
// frame's.
func TestWriterSignatureOnlyAtStart(t *testing.T) {
	var b bytes.Buffer
	w := csv.NewWriter(&b, csv.WithHeader(false))
	for range 2 {
		if err := w.Write(frame.FromColumns([]string{"a"}, []string{"PAR1"})); err != nil {
			t.Fatal(err)
		}
	}
	if got, want := b.String(), "\"PAR1\"\nPAR1\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
