package ipc

import (
	"bytes"
	"encoding/binary"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	aipc "github.com/apache/arrow-go/v18/arrow/ipc"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/structframe/structframe/frame"
	sfjson "github.com/structframe/structframe/io/json"
	"github.com/structframe/structframe/structured"
)

// recipesArrow is testdata/recipes.json written as an Arrow file, with a
// dictionary column beside its nested ones.
func recipesArrow(t testing.TB, format Format) []byte {
	t.Helper()
	f, err := sfjson.ReadFile(filepath.Join("..", "..", "testdata", "recipes.json"))
	if err != nil {
		t.Fatal(err)
	}
	f = withDictColumn(t, f)
	var b bytes.Buffer
	if err := Write(&b, f, WithFormat(format)); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// withDictColumn adds a dictionary-encoded string column "kind" to f.
func withDictColumn(t testing.TB, f *frame.Frame) *frame.Frame {
	t.Helper()
	n := f.NumRows()
	dt := &arrow.DictionaryType{IndexType: arrow.PrimitiveTypes.Int8, ValueType: arrow.BinaryTypes.String}
	b := array.NewDictionaryBuilder(memory.DefaultAllocator, dt).(*array.BinaryDictionaryBuilder)
	defer b.Release()
	for i := range n {
		if i%5 == 4 {
			b.AppendNull()
			continue
		}
		if err := b.AppendString([]string{"cake", "soup", "salad", "bread"}[i%4]); err != nil {
			t.Fatal(err)
		}
	}
	col := b.NewArray()
	defer col.Release()
	tn, err := f.Tensor()
	if err != nil {
		t.Fatal(err)
	}
	arr, err := tn.ToArrow()
	if err != nil {
		t.Fatal(err)
	}
	defer arr.Release()
	st := arr.(*array.Struct)
	names := make([]string, 0, st.NumField()+1)
	cols := make([]arrow.Array, 0, st.NumField()+1)
	for i, fd := range st.DataType().(*arrow.StructType).Fields() {
		names, cols = append(names, fd.Name), append(cols, st.Field(i))
	}
	with, err := array.NewStructArray(append(cols, col), append(names, "kind"))
	if err != nil {
		t.Fatal(err)
	}
	defer with.Release()
	out, err := structured.FromArrow(with)
	if err != nil {
		t.Fatal(err)
	}
	return frame.FromTensor(out)
}

// bufferAt is where in data (an Arrow file) column col's buffer i of
// record batch 0 begins: the one place its bytes occur.
func bufferAt(t *testing.T, data []byte, col func(arrow.RecordBatch) arrow.ArrayData, i int) int {
	t.Helper()
	r, err := aipc.NewFileReader(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	rec, err := r.RecordBatchAt(0)
	if err != nil {
		t.Fatal(err)
	}
	defer rec.Release()
	buf := col(rec).Buffers()[i].Bytes()
	at := bytes.LastIndex(data, buf)
	if at < 0 || bytes.Index(data, buf) != at {
		t.Fatalf("buffer %d (%x) not found once in the file", i, buf)
	}
	return at
}

// TestValidateByDefault: an offset set to 0x7fffffff (a string's, a
// list's) or a dictionary index out of range is an error naming the
// file, the column and the record batch, on every read path, with no
// option given; WithValidate(false) trusts the file and reads it.
// Before validation was the default, each read succeeded and the Frame
// panicked when printed or written.
func TestValidateByDefault(t *testing.T) {
	data := recipesArrow(t, File)
	field := func(name string) func(arrow.RecordBatch) arrow.ArrayData {
		return func(rec arrow.RecordBatch) arrow.ArrayData {
			return rec.Column(rec.Schema().FieldIndices(name)[0]).Data()
		}
	}
	stepValues := func(rec arrow.RecordBatch) arrow.ArrayData {
		return field("steps")(rec).Children()[0]
	}
	dir := t.TempDir()
	for _, c := range []struct {
		name, column string
		at           int
		word         uint32
	}{
		{"string offset", "steps", bufferAt(t, data, stepValues, 1) + 8, 0x7fffffff},
		{"list offset", "steps", bufferAt(t, data, field("steps"), 1) + 8, 0x7fffffff},
		{"dictionary index", "kind", bufferAt(t, data, field("kind"), 1), 0x7f},
	} {
		bad := bytes.Clone(data)
		binary.LittleEndian.PutUint32(bad[c.at:], c.word)
		if c.word == 0x7f { // one int8 index
			binary.LittleEndian.PutUint32(bad[c.at:], binary.LittleEndian.Uint32(data[c.at:])&^0xff|0x7f)
		}
		path := filepath.Join(dir, strings.ReplaceAll(c.name, " ", "_")+".arrow")
		if err := os.WriteFile(path, bad, 0o644); err != nil {
			t.Fatal(err)
		}
		reads := map[string]func() error{
			"ReadFile": func() error { _, err := ReadFile(path); return err },
			"ReadFile WithMmap(false)": func() error {
				_, err := ReadFile(path, WithMmap(false))
				return err
			},
			"OpenFile": func() error {
				r, err := OpenFile(path)
				if err != nil {
					return err
				}
				defer r.Close()
				for r.Next() {
				}
				return r.Err()
			},
		}
		for how, read := range reads {
			err := read()
			if err == nil {
				t.Errorf("%s, %s: read without an error", c.name, how)
				continue
			}
			for _, want := range []string{path, c.column, "record batch 0"} {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("%s, %s: %v does not name %q", c.name, how, err, want)
				}
			}
		}
		if _, err := Read(bytes.NewReader(bad)); err == nil || !strings.Contains(err.Error(), c.column) {
			t.Errorf("%s, Read: %v, want an error naming %s", c.name, err, c.column)
		}
		if _, err := ReadFile(path, WithValidate(false)); err != nil {
			t.Errorf("%s: WithValidate(false) refused the file: %v", c.name, err)
		}
	}
}

// TestReaderCloseAfterFailedOpen: a Reader whose input cannot be opened
// reports the error and closes; Close used to call a nil source.
func TestReaderCloseAfterFailedOpen(t *testing.T) {
	for _, in := range [][]byte{
		[]byte("ARROW1\x00\x00 not a file"),
		{0xff, 0xff, 0xff, 0xff, 0x10},
	} {
		r := NewReader(bytes.NewReader(in))
		if r.Next() || r.Err() == nil {
			t.Errorf("%q: Next %v, Err %v, want an error", in, r.Next(), r.Err())
		}
		if err := r.Close(); err != nil {
			t.Errorf("%q: Close: %v", in, err)
		}
	}
}

// TestValidateNullColumns: Null-typed columns, at the top and inside a
// struct and a list, read with the default validation (arrow-go's reader
// makes Null arrays without buffers, which arrow-go's Validate refuses:
// such files, as Polars and pyarrow write, were an error).
func TestValidateNullColumns(t *testing.T) {
	const n = 5
	nulls := array.NewNull(n)
	defer nulls.Release()
	st, err := array.NewStructArray([]arrow.Array{nulls}, []string{"z"})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Release()
	lb := array.NewListBuilder(memory.DefaultAllocator, arrow.Null)
	for range n {
		lb.Append(true)
		lb.ValueBuilder().AppendNull()
	}
	lists := lb.NewArray()
	lb.Release()
	defer lists.Release()
	s := arrow.NewSchema([]arrow.Field{
		{Name: "z", Type: arrow.Null, Nullable: true},
		{Name: "s", Type: st.DataType()},
		{Name: "l", Type: lists.DataType()},
	}, nil)
	rec := array.NewRecordBatch(s, []arrow.Array{nulls, st, lists}, n)
	defer rec.Release()
	for _, format := range []Format{File, Stream} {
		data := writeOther(t, format, []arrow.RecordBatch{rec})
		f, err := Read(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("format %d: %v", format, err)
		}
		if f.NumRows() != n {
			t.Errorf("format %d: %d rows, want %d", format, f.NumRows(), n)
		}
	}
}
