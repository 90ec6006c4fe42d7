package formats

import (
	"bytes"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/io/csv"
	"github.com/structframe/structframe/io/json"
)

// sample is a frame every format holds: nested for the formats that hold
// nesting, a structure (written as dotted columns) for CSV and TSV.
func sample(f *Format) *frame.Frame {
	recs := []map[string]any{
		{"id": 1, "rec": map[string]any{"title": "soup"}, "tags": []any{"a", "b"}},
		{"id": 2, "rec": map[string]any{"title": "pie"}, "tags": []any{}},
		{"id": 3, "rec": map[string]any{"title": "tea"}, "tags": []any{"c"}},
		{"id": 4, "rec": map[string]any{"title": "jam"}, "tags": []any{"d"}},
		{"id": 5, "rec": map[string]any{"title": "bun"}, "tags": []any{"e", "f"}},
	}
	fr := frame.Must(frame.FromRecords(recs))
	if !f.Nested() {
		fr = fr.Select("id", "rec")
	}
	return fr
}

// sameRows fails unless got holds want's columns and values.
func sameRows(t *testing.T, what string, got, want *frame.Frame) {
	t.Helper()
	if got == nil || got.Err() != nil {
		t.Fatalf("%s: %v", what, got.Err())
	}
	gt, err := got.Tensor()
	if err != nil {
		t.Fatal(err)
	}
	wt, _ := want.Tensor()
	if !slices.Equal(got.Columns(), want.Columns()) || !gt.Equal(wt) {
		t.Errorf("%s: got\n%v\nwant\n%v", what, got, want)
	}
}

// readAll reads every batch of the Reader open opens into one frame, and
// counts the batches.
func readAll(t *testing.T, open func() (Reader, error)) (*frame.Frame, int) {
	t.Helper()
	r, err := open()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	var parts []*frame.Frame
	for r.Next() {
		parts = append(parts, r.Frame())
	}
	if err := r.Err(); err != nil {
		t.Fatal(err)
	}
	return frame.Concat(parts...), len(parts)
}

// TestRoundTrip writes and reads back every format by every way: whole
// to a writer and from a reader, whole to a file and from it, batch by
// batch, and the schema of the file.
func TestRoundTrip(t *testing.T) {
	dir := t.TempDir()
	opts := []Option{WithDottedColumns(true), WithParallelism(1)}
	for _, f := range All() {
		t.Run(f.Name(), func(t *testing.T) {
			want := sample(f)
			var buf bytes.Buffer
			if err := f.Write(&buf, want, opts...); err != nil {
				t.Fatal(err)
			}
			got, err := f.Read(bytes.NewReader(buf.Bytes()), opts...)
			if err != nil {
				t.Fatal(err)
			}
			sameRows(t, "Write, Read", got, want)
			// a reader without random access (Parquet reads it into memory)
			got, err = f.Read(struct{ *bytes.Reader }{bytes.NewReader(buf.Bytes())}, opts...)
			if err != nil {
				t.Fatal(err)
			}
			sameRows(t, "Write, Read of a plain io.Reader", got, want)

			path := filepath.Join(dir, "sample"+f.Exts()[0])
			if err := f.WriteFile(path, want, opts...); err != nil {
				t.Fatal(err)
			}
			if got, err = f.ReadFile(path, opts...); err != nil {
				t.Fatal(err)
			}
			sameRows(t, "WriteFile, ReadFile", got, want)

			buf.Reset()
			w := f.NewWriter(&buf, opts...)
			for _, part := range []*frame.Frame{want.Head(2), want.Tail(3)} {
				if err := w.Write(part); err != nil {
					t.Fatal(err)
				}
			}
			if err := w.Close(); err != nil {
				t.Fatal(err)
			}
			got, _ = readAll(t, func() (Reader, error) { return f.NewReader(bytes.NewReader(buf.Bytes()), opts...) })
			sameRows(t, "NewWriter, NewReader", got, want)
			got, _ = readAll(t, func() (Reader, error) { return f.OpenFile(path, opts...) })
			sameRows(t, "WriteFile, OpenFile", got, want)

			schema, err := f.Schema(path, opts...)
			if err != nil {
				t.Fatal(err)
			}
			if schema.NumRows() != 0 || schema.Schema().String() != want.Head(0).Schema().String() {
				t.Errorf("Schema: %v, want the columns of\n%v", schema.Schema(), want.Head(0).Schema())
			}
		})
	}
}

// TestWritten pins what each format writes: its own layout and
// delimiter, which a package's options given replace.
func TestWritten(t *testing.T) {
	for _, tc := range []struct {
		f      *Format
		opts   []Option
		prefix string
	}{
		{CSV, nil, "id,rec.title\n1,soup\n"},
		{TSV, nil, "id\trec.title\n1\tsoup\n"},
		{TSV, []Option{WithCSVOptions(csv.WithDelimiter(';'))}, "id;rec.title\n1;soup\n"},
		{JSON, nil, "["},
		{NDJSON, nil, `{"id":1,`},
		{JSON, []Option{WithJSONOptions(json.WithFormat(json.NDJSON))}, `{"id":1,`},
		{Arrow, nil, "ARROW1"},
		{ArrowStream, nil, "\xff\xff\xff\xff"},
		{Parquet, nil, "PAR1"},
	} {
		var buf bytes.Buffer
		if err := tc.f.Write(&buf, sample(tc.f), append([]Option{WithDottedColumns(true)}, tc.opts...)...); err != nil {
			t.Fatalf("%s: %v", tc.f, err)
		}
		if !strings.HasPrefix(buf.String(), tc.prefix) {
			t.Errorf("%s %d options: wrote %q, want it to start %q", tc.f, len(tc.opts), buf.String()[:min(buf.Len(), 40)], tc.prefix)
		}
	}
}

// TestReadsBothLayouts: JSON and NDJSON read either layout, and so do
// Arrow and ArrowStream; what they write differs.
func TestReadsBothLayouts(t *testing.T) {
	for _, pair := range [][2]*Format{{JSON, NDJSON}, {Arrow, ArrowStream}} {
		for _, w := range pair {
			var buf bytes.Buffer
			if err := w.Write(&buf, sample(w)); err != nil {
				t.Fatal(err)
			}
			for _, r := range pair {
				got, err := r.Read(bytes.NewReader(buf.Bytes()))
				if err != nil {
					t.Errorf("%s written, %s read: %v", w, r, err)
					continue
				}
				sameRows(t, w.Name()+" read as "+r.Name(), got, sample(w))
			}
		}
	}
}

// TestWithColumns: every format reads only the columns named; Arrow keeps
// the top-level columns a path reaches and leaves out those it lacks.
func TestWithColumns(t *testing.T) {
	dir := t.TempDir()
	for _, f := range All() {
		path := filepath.Join(dir, "c"+f.Exts()[0])
		if err := f.WriteFile(path, sample(f), WithDottedColumns(true)); err != nil {
			t.Fatal(err)
		}
		got, err := f.ReadFile(path, WithDottedColumns(true), WithColumns("id"))
		if err != nil || !slices.Equal(got.Columns(), []string{"id"}) {
			t.Errorf("%s: WithColumns(id): %v, %v", f, got, err)
		}
		got, _ = readAll(t, func() (Reader, error) { return f.OpenFile(path, WithColumns("id")) })
		if !slices.Equal(got.Columns(), []string{"id"}) {
			t.Errorf("%s: OpenFile WithColumns(id): %v", f, got.Columns())
		}
		if got, err = f.ReadFile(path, WithColumns("id"), WithColumns()); err != nil || got.NumColumns() < 2 {
			t.Errorf("%s: WithColumns() after WithColumns(id): %v, %v", f, got, err)
		}
		schema, err := f.Schema(path, WithColumns("id"))
		if err != nil || !slices.Equal(schema.Columns(), []string{"id"}) {
			t.Errorf("%s: Schema WithColumns(id): %v, %v", f, schema, err)
		}
	}
	path := filepath.Join(dir, "c.arrow")
	got, err := Arrow.ReadFile(path, WithColumns("rec.title", "nosuch", "id"))
	if err != nil || !slices.Equal(got.Columns(), []string{"id", "rec"}) {
		t.Errorf("Arrow: WithColumns(rec.title, nosuch, id): %v, %v", got, err)
	}
}

// TestWithBatchSize: the text formats' Readers give batches of the rows
// asked for; Arrow's and Parquet's are the input's.
func TestWithBatchSize(t *testing.T) {
	for _, f := range All() {
		var buf bytes.Buffer
		if err := f.Write(&buf, sample(f), WithDottedColumns(true)); err != nil {
			t.Fatal(err)
		}
		got, n := readAll(t, func() (Reader, error) {
			return f.NewReader(bytes.NewReader(buf.Bytes()), WithBatchSize(2), WithDottedColumns(true))
		})
		want := 1
		if f.Text() {
			want = 3
		}
		if n != want || got.NumRows() != 5 {
			t.Errorf("%s: %d batches of %d rows in all, want %d of 5", f, n, got.NumRows(), want)
		}
	}
}

// TestWithDottedColumns: CSV refuses a structure unless it is written as
// dotted columns, read back into the structure; lists are JSON text.
func TestWithDottedColumns(t *testing.T) {
	nested := sample(JSON)
	var buf bytes.Buffer
	if err := CSV.Write(&buf, nested); err == nil {
		t.Error("a structure written to CSV without WithDottedColumns")
	}
	buf.Reset()
	if err := CSV.Write(&buf, nested, WithDottedColumns(true)); err != nil {
		t.Fatal(err)
	}
	if want := "id,rec.title,tags\n1,soup,\"[\"\"a\"\",\"\"b\"\"]\"\n"; !strings.HasPrefix(buf.String(), want) {
		t.Errorf("wrote %q, want it to start %q", buf.String(), want)
	}
	got, err := CSV.Read(bytes.NewReader(buf.Bytes()), WithDottedColumns(true))
	if err != nil || !slices.Equal(got.Columns(), []string{"id", "rec", "tags"}) {
		t.Errorf("read back: %v, %v", got, err)
	}
	flat, err := CSV.Read(bytes.NewReader(buf.Bytes()))
	if err != nil || !slices.Equal(flat.Columns(), []string{"id", "rec.title", "tags"}) {
		t.Errorf("read back without the option: %v, %v", flat, err)
	}
}
