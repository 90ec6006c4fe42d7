package parquet

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/index"
)

func writeBytes(t testing.TB, f *frame.Frame, opts ...Option) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := Write(&b, f, opts...); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestWithColumns: a projection keeps the columns under the paths, in
// file order, steps through lists of structs, keeps the index, and names
// a missing path.
func TestWithColumns(t *testing.T) {
	f := kindFrame(t).SetIndex("i64")
	data := writeBytes(t, f)
	cases := []struct {
		paths []string
		cols  string
		spec  string
	}{
		{[]string{"str", "i8"}, "i8,str", ""},
		{[]string{"rec.b"}, "rec", "rec: ?{b: ?string}"},
		{[]string{"recs.tags"}, "recs", "recs: ?var * {tags: ?var * string}"},
		{[]string{"map.key"}, "map", ""},
		{[]string{"nested", "rec"}, "nested,rec", ""},
	}
	for _, c := range cases {
		g, err := Read(bytes.NewReader(data), int64(len(data)), WithColumns(c.paths...))
		if err != nil {
			t.Errorf("%v: %v", c.paths, err)
			continue
		}
		if got := strings.Join(g.Columns(), ","); got != c.cols {
			t.Errorf("%v: columns %s, want %s", c.paths, got, c.cols)
		}
		if !index.Equal(g.Index(), f.Index()) {
			t.Errorf("%v: index %v, want %v", c.paths, g.Index(), f.Index())
		}
		if c.spec != "" {
			gt, _ := g.Tensor()
			if s := gt.Spec().String(); !strings.Contains(s, c.spec) {
				t.Errorf("%v: spec %s, want it to hold %s", c.paths, s, c.spec)
			}
		}
	}
	_, err := Read(bytes.NewReader(data), int64(len(data)), WithColumns("rec.zz"))
	if err == nil || !strings.Contains(err.Error(), `"rec.zz"`) {
		t.Errorf("missing path: err %v", err)
	}
}

// TestReaderRowGroups: a Reader gives one batch per row group, whose
// concatenation is the file, index included, and All does the same.
func TestReaderRowGroups(t *testing.T) {
	n := 1000
	ids := make([]int64, n)
	names := make([]string, n)
	for i := range ids {
		ids[i] = int64(i * 7)
		names[i] = strings.Repeat("x", i%5)
	}
	f := frame.FromColumns([]string{"id", "name"}, ids, names).SetIndex("id")
	path := filepath.Join(t.TempDir(), "f.parquet")
	if err := WriteFile(path, f, WithRowGroupRows(300)); err != nil {
		t.Fatal(err)
	}
	m, err := Stats(path)
	if err != nil {
		t.Fatal(err)
	}
	if m.NumRows != int64(n) || len(m.RowGroups) != 4 {
		t.Fatalf("stats: %d rows in %d groups, want %d in 4", m.NumRows, len(m.RowGroups), n)
	}
	for _, serial := range []bool{false, true} {
		opts := []Option{}
		if serial {
			opts = append(opts, WithParallelism(1))
		}
		r, err := OpenFile(path, opts...)
		if err != nil {
			t.Fatal(err)
		}
		var parts []*frame.Frame
		for r.Next() {
			if r.Frame().NumRows() > 300 {
				t.Errorf("batch of %d rows", r.Frame().NumRows())
			}
			parts = append(parts, r.Frame())
		}
		if err := r.Err(); err != nil {
			t.Fatal(err)
		}
		r.Close()
		if len(parts) != 4 {
			t.Fatalf("%d batches, want 4", len(parts))
		}
		assertFramesEqual(t, "reader", f, frame.Concat(parts...))
	}
	r, err := OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	rows := 0
	for b, err := range r.All() {
		if err != nil {
			t.Fatal(err)
		}
		rows += b.NumRows()
	}
	if rows != n {
		t.Errorf("All: %d rows, want %d", rows, n)
	}
}

// TestStats: row count, per-column null counts and min/max, from the
// footer, merged over row groups.
func TestStats(t *testing.T) {
	f := kindFrame(t)
	data := writeBytes(t, f, WithRowGroupRows(2))
	m, err := ReadStats(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	if m.NumRows != 3 || len(m.RowGroups) != 2 || m.RowGroups[0].NumRows != 2 {
		t.Fatalf("rows %d groups %d", m.NumRows, len(m.RowGroups))
	}
	byPath := map[string]ColumnStats{}
	for _, c := range m.Columns {
		byPath[c.Path] = c
	}
	checks := []struct {
		path     string
		nulls    int64
		min, max any
	}{
		{"i64", 1, int64(-9223372036854775808), int64(1)},
		{"f64", 1, 1.5, 1e300},
		{"str", 1, "a", "ü"},
		{"rec.a", 2, int64(1), int64(1)},
		{"ints", 3, int64(1), int64(3)}, // a null item, a null list, an empty list
	}
	for _, c := range checks {
		s, ok := byPath[c.path]
		if !ok {
			t.Errorf("no column %s among %v", c.path, m.Columns)
			continue
		}
		if !s.HasNullCount || s.NullCount != c.nulls || !s.HasMinMax || s.Min != c.min || s.Max != c.max {
			t.Errorf("%s: %+v, want nulls %d min %v max %v", c.path, s, c.nulls, c.min, c.max)
		}
	}
	if m.Schema.NumFields() != len(kindColumns) {
		t.Errorf("schema has %d fields", m.Schema.NumFields())
	}
}

// TestCorruptErrors: truncated and garbled files give an *Error, with
// the file's path, and no Frame.
func TestCorruptErrors(t *testing.T) {
	data := writeBytes(t, kindFrame(t))
	dir := t.TempDir()
	for name, b := range map[string][]byte{
		"empty":     {},
		"magic":     []byte("PAR1PAR1"),
		"truncated": data[:len(data)/2],
		"text":      []byte("id,name\n1,a\n"),
	} {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
		f, err := ReadFile(path)
		var e *Error
		if f != nil || !errors.As(err, &e) || e.Path != path {
			t.Errorf("%s: frame %v, err %v", name, f, err)
		}
		if _, err := Stats(path); err == nil {
			t.Errorf("%s: Stats gave no error", name)
		}
	}
}

// TestNoLeak: reading, a Reader and writing release every byte they
// allocate.
func TestNoLeak(t *testing.T) {
	mem := memory.NewCheckedAllocator(memory.NewGoAllocator())
	f := kindFrame(t)
	var b bytes.Buffer
	if err := Write(&b, f, WithAllocator(mem), WithRowGroupRows(2)); err != nil {
		t.Fatal(err)
	}
	data := b.Bytes()
	g, err := Read(bytes.NewReader(data), int64(len(data)), WithAllocator(mem))
	if err != nil {
		t.Fatal(err)
	}
	assertFramesEqual(t, "leak", f, g)
	g = nil
	r, err := NewReader(bytes.NewReader(data), WithAllocator(mem), WithColumns("recs", "map"))
	if err != nil {
		t.Fatal(err)
	}
	for r.Next() {
	}
	if err := r.Err(); err != nil {
		t.Fatal(err)
	}
	r.Close()
	_, _ = Read(bytes.NewReader(data[:len(data)-100]), int64(len(data)-100), WithAllocator(mem))
	_ = g
	// The Tensors release Arrow memory when the collector finds them
	// unreachable (see structured's lifetime.go), and the Parquet reader's
	// page buffers through finalizers: collect until they have run.
	for i := 0; i < 100 && mem.CurrentAlloc() != 0; i++ {
		runtime.GC()
		time.Sleep(time.Millisecond)
	}
	mem.AssertSize(t, 0)
}

// TestLargestFirst: the field jobs start costliest first (decoded bytes
// and values over the row groups read), ties in field order, and every
// job is started once.
func TestLargestFirst(t *testing.T) {
	n := 3000
	small := make([]int8, n)
	long := make([]string, n)
	short := make([]string, n)
	for i := range n {
		long[i] = strings.Repeat("x", 200+i%7)
		short[i] = "s"
	}
	data := writeBytes(t, frame.FromColumns([]string{"small", "long", "short", "small2"}, small, long, short, small), WithRowGroupRows(1000))
	c := makeConfig(nil)
	fr, leaves, err := open(bytes.NewReader(data), &c)
	if err != nil {
		t.Fatal(err)
	}
	jobs := splitByField(fr.Manifest, leaves)
	for _, groups := range [][]int{{0, 1, 2}, {1}} {
		var got []string
		for _, t := range readTasks(fr.ParquetReader().MetaData(), jobs, groups, nil, 2, false, memory.DefaultAllocator) {
			got = append(got, fr.Manifest.Fields[t.job.top].Field.Name)
		}
		// long costs most; small and small2, the same column, keep their
		// order; every field once.
		if len(got) != 4 || got[0] != "long" || slices.Index(got, "small") > slices.Index(got, "small2") || !slices.Contains(got, "short") {
			t.Errorf("groups %v: order %v", groups, got)
		}
	}
}
