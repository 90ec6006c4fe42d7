package ipc

import (
	"bytes"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/index"
	"github.com/structframe/structframe/structured"
)

// nestedRecords has every nesting kind with nulls at every level: null
// scalars, null and empty lists, null structures, lists of structures,
// lists of lists.
var nestedRecords = []any{
	map[string]any{"id": int64(1), "name": "a", "score": 1.5, "ok": true,
		"tags": []any{"x", "y"}, "pt": map[string]any{"x": 1.0, "y": 2.0},
		"items": []any{map[string]any{"k": "p", "v": int64(1)}, map[string]any{"k": "q", "v": nil}},
		"grid":  []any{[]any{int64(1), int64(2)}, []any{}, nil}},
	map[string]any{"id": int64(2), "name": nil, "score": nil, "ok": false,
		"tags": []any{}, "pt": nil,
		"items": nil,
		"grid":  []any{[]any{int64(3)}}},
	map[string]any{"id": int64(3), "name": "ccc", "score": -0.25, "ok": nil,
		"tags": nil, "pt": map[string]any{"x": nil, "y": 4.0},
		"items": []any{},
		"grid":  nil},
}

// roundTripFrames are frames of every column kind and index kind.
func roundTripFrames(t *testing.T) []*frame.Frame {
	t.Helper()
	base := frame.FromColumns([]string{"city", "year", "temp"},
		[]string{"paris", "paris", "rome"}, []int64{2023, 2024, 2024}, []float64{11.5, 12.0, 17.5})
	nested := frame.FromTensor(structured.Must(structured.FromValue(nestedRecords)))
	rec := otherRecord(t, memory.DefaultAllocator)
	defer rec.Release()
	other := frame.FromRecordBatch(rec) // views, large types, dictionaries, decimals, zoned timestamps, maps, fixed size lists
	frames := []*frame.Frame{base, base.SetIndex("year"), base.SetIndex("city", "year"),
		nested, nested.SetIndex("id"), allTypesFrame(t), base.Head(0), other, other.SetIndex("d"),
		zeroDimFrame(t).SetIndex("k")}
	for i, f := range frames {
		if err := f.Err(); err != nil {
			t.Fatalf("frame %d: %v", i, err)
		}
	}
	return frames
}

// sameFrame reports how got differs from want (columns, types, values,
// index), or "".
func sameFrame(want, got *frame.Frame) string {
	wt, err := want.Tensor()
	if err != nil {
		return err.Error()
	}
	gt, err := got.Tensor()
	if err != nil {
		return err.Error()
	}
	if !wt.Equal(gt) {
		return fmt.Sprintf("read back\n%s\nwant\n%s", gt.Spec(), wt.Spec())
	}
	if !index.Equal(want.Index(), got.Index()) {
		return fmt.Sprintf("index %v, want %v", got.Index(), want.Index())
	}
	return ""
}

// TestRoundTrip: frames written and read back are equal, index included,
// in both layouts, every compression, one batch or several, through
// Read, ReadFile (mapped and not) and the Reader.
func TestRoundTrip(t *testing.T) {
	dir := t.TempDir()
	for k, f := range roundTripFrames(t) {
		for _, format := range []Format{File, Stream} {
			for _, codec := range []Compression{Uncompressed, LZ4, Zstd} {
				for _, batch := range []int{0, 2} {
					name := fmt.Sprintf("frame%d/%v/%v/batch%d", k, format, codec, batch)
					opts := []Option{WithFormat(format), WithCompression(codec), WithBatchSize(batch)}
					var b bytes.Buffer
					if err := Write(&b, f, opts...); err != nil {
						t.Fatalf("%s: %v", name, err)
					}
					back, err := Read(bytes.NewReader(b.Bytes()))
					if err != nil {
						t.Fatalf("%s: Read: %v", name, err)
					}
					if d := sameFrame(f, back); d != "" {
						t.Errorf("%s: Read: %s", name, d)
					}
					path := filepath.Join(dir, "f.arrow")
					if err := WriteFile(path, f, opts...); err != nil {
						t.Fatalf("%s: %v", name, err)
					}
					for _, mm := range []bool{true, false} {
						back, err := ReadFile(path, WithMmap(mm))
						if err != nil {
							t.Fatalf("%s: ReadFile(mmap %v): %v", name, mm, err)
						}
						if d := sameFrame(f, back); d != "" {
							t.Errorf("%s: ReadFile(mmap %v): %s", name, mm, d)
						}
					}
					var parts []*frame.Frame
					r := NewReader(bytes.NewReader(b.Bytes()))
					for g, err := range r.All() {
						if err != nil {
							t.Fatalf("%s: Reader: %v", name, err)
						}
						parts = append(parts, g)
					}
					rows := 0
					for _, p := range parts {
						rows += p.NumRows()
					}
					if rows != f.NumRows() {
						t.Errorf("%s: Reader gave %d rows in %d batches, want %d", name, rows, len(parts), f.NumRows())
					}
				}
			}
		}
	}
}

// TestReaderSchema: Reader.Schema is the Spec of the Frames it reads
// (their columns, the index apart, over no rows), as frame.Frame.Schema
// gives it, and ArrowSchema the Arrow schema with the index field.
func TestReaderSchema(t *testing.T) {
	flat := frame.FromColumns([]string{"k", "v", "l"}, []string{"a", "b"}, []int64{1, 2}, [][]float64{{0.5}, nil})
	tests := []struct {
		name string
		f    *frame.Frame
		want string
	}{
		{"range index", flat, "0 * {k: string, v: int64, l: var * float64}"},
		{"label index", flat.SetIndex("k"), "0 * {v: int64, l: var * float64}"},
		{"no columns", frame.FromColumns(nil), "0 * {}"},
	}
	for _, tt := range tests {
		for _, format := range []Format{File, Stream} {
			t.Run(fmt.Sprintf("%s/%v", tt.name, format), func(t *testing.T) {
				var b bytes.Buffer
				if err := Write(&b, tt.f, WithFormat(format)); err != nil {
					t.Fatal(err)
				}
				r := NewReader(&b)
				defer r.Close()
				s := r.Schema()
				if s == nil {
					t.Fatal(r.Err())
				}
				if got := s.String(); got != tt.want {
					t.Errorf("Schema = %s, want %s", got, tt.want)
				}
				if got, want := s.String(), tt.f.Head(0).Schema().String(); got != want {
					t.Errorf("Schema = %s, the frame's without rows %s", got, want)
				}
				if sc := r.ArrowSchema(); sc == nil || sc.HasField("_index_") != (tt.f.Index().NumLevels() > 0) {
					t.Errorf("ArrowSchema = %v", sc)
				}
				if !r.Next() {
					t.Fatal("no batch:", r.Err())
				}
				if got, want := r.Frame().Schema().String(), tt.f.Schema().String(); got != want {
					t.Errorf("batch schema %s, want %s", got, want)
				}
			})
		}
	}
}

// TestMetadata: schema metadata written with WithMetadata is read back by
// the Reader, beside the index column.
func TestMetadata(t *testing.T) {
	f := frame.FromColumns([]string{"k", "v"}, []string{"a", "b"}, []int64{1, 2}).SetIndex("k")
	for _, format := range []Format{File, Stream} {
		var b bytes.Buffer
		if err := Write(&b, f, WithFormat(format), WithMetadata(map[string]string{"origin": "test"})); err != nil {
			t.Fatal(err)
		}
		r := NewReader(&b)
		s := r.ArrowSchema()
		if s == nil {
			t.Fatal(r.Err())
		}
		if v, ok := s.Metadata().GetValue("origin"); !ok || v != "test" {
			t.Errorf("%v: metadata %v, want origin=test", format, s.Metadata())
		}
		if !r.Next() {
			t.Fatal(r.Err())
		}
		if d := sameFrame(f, r.Frame()); d != "" {
			t.Errorf("%v: %s", format, d)
		}
		r.Close()
	}
}
