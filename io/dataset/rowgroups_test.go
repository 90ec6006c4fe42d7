package dataset

import (
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/io/parquet"
)

// putGroups writes f to root/rel as Parquet, rows row groups of n rows,
// then overwrites the first bytes of every column chunk of the row groups
// corrupt: reading one of those is an error, so a read that succeeds
// never decoded them.
func putGroups(t *testing.T, root, rel string, f *frame.Frame, n int, corrupt ...int) string {
	t.Helper()
	path := filepath.Join(root, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(path), 0o777); err != nil {
		t.Fatal(err)
	}
	if err := parquet.WriteFile(path, frame.Must(f), parquet.WithRowGroupRows(n)); err != nil {
		t.Fatal(err)
	}
	r, err := file.OpenParquetFile(path, false)
	if err != nil {
		t.Fatal(err)
	}
	var offs []int64
	for _, g := range corrupt {
		rg := r.MetaData().RowGroup(g)
		for c := range rg.NumColumns() {
			cc, err := rg.ColumnChunk(c)
			if err != nil {
				t.Fatal(err)
			}
			off := cc.DataPageOffset()
			if cc.HasDictionaryPage() && cc.DictionaryPageOffset() < off {
				off = cc.DictionaryPageOffset()
			}
			offs = append(offs, off)
		}
	}
	r.Close()
	w, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	for _, off := range offs {
		if _, err := w.WriteAt([]byte(strings.Repeat("\xff", 8)), off); err != nil {
			t.Fatal(err)
		}
	}
	return path
}

// TestRowGroupPruning: the comparisons of WithFilter skip the row groups
// their statistics rule out (the corrupt row group 0, x 0-3, is never
// decoded), by Read and by Open, and the exact filter still keeps only
// the rows that satisfy it. What cannot be pruned reads row group 0 and
// fails: a comparison satisfiable there, an aggregating filter (pruning
// would change its value), a constant of another type than the column's
// (the filter's own error is kept).
func TestRowGroupPruning(t *testing.T) {
	dir := t.TempDir()
	xs := []int64{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}
	var ss []any
	for _, x := range xs {
		ss = append(ss, map[string]any{"v": float64(x) / 2})
	}
	bad := putGroups(t, dir, "a.parquet", cols([]string{"x", "name", "s"}, xs,
		[]string{"a0", "a1", "a2", "a3", "b4", "b5", "b6", "b7", "c8", "c9"}, ss), 4, 0)
	x := frame.Col("x")
	tests := []struct {
		name   string
		filter frame.Expr
		want   []int64 // x; nil: row group 0 is read
	}{
		{"ge", x.Ge(frame.Lit(4)), []int64{4, 5, 6, 7, 8, 9}},
		{"gt float", x.Gt(frame.Lit(3.5)), []int64{4, 5, 6, 7, 8, 9}},
		{"eq", x.Eq(frame.Lit(5)), []int64{5}},
		{"constant first", frame.Lit(8).Le(x), []int64{8, 9}},
		{"in", x.Eq(frame.Lit(5)).Or(x.Eq(frame.Lit(9))), []int64{5, 9}},
		{"string", frame.Col("name").Ge(frame.Lit("b")), []int64{4, 5, 6, 7, 8, 9}},
		{"struct field", frame.Col("s.v").Ge(frame.Lit(2.0)), []int64{4, 5, 6, 7, 8, 9}},
		{"and with another", x.Lt(frame.Lit(8)).And(x.Ne(frame.Lit(5))).And(frame.Col("name").Gt(frame.Lit("b"))), []int64{4, 6, 7}},
		{"satisfiable in group 0", x.Ge(frame.Lit(3)), nil},
		{"or of two columns", x.Eq(frame.Lit(5)).Or(frame.Col("name").Eq(frame.Lit("b5"))), nil},
		{"aggregation", x.Ge(frame.Lit(4)).And(x.Gt(x.Min())), nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Read(dir, WithFilter(tt.filter))
			if tt.want == nil {
				if err == nil || !strings.Contains(err.Error(), bad) {
					t.Fatalf("Read: error %v, want one reading the corrupt row group of %s", err, bad)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if g := fmt.Sprint(column(t, got, "x")); g != fmt.Sprint(tt.want) {
				t.Errorf("Read: x = %s, want %v", g, tt.want)
			}
			r, err := Open(dir, WithFilter(tt.filter))
			if err != nil {
				t.Fatal(err)
			}
			defer r.Close()
			var all []any
			for f, err := range r.All() {
				if err != nil {
					t.Fatalf("Open: %v", err)
				}
				all = append(all, column(t, f, "x")...)
			}
			if g := fmt.Sprint(all); g != fmt.Sprint(tt.want) {
				t.Errorf("Open: x = %s, want %v", g, tt.want)
			}
		})
	}
	clean := t.TempDir()
	putGroups(t, clean, "a.parquet", cols([]string{"x"}, xs), 4)
	_, err := Read(clean, WithFilter(x.Eq(frame.Lit("4"))))
	if !errors.Is(err, frame.ErrType) || errors.Is(err, parquet.ErrNoColumn) || strings.Contains(err.Error(), "row group filter") {
		t.Errorf("a string constant for an integer column: error %v, want the filter's ErrType", err)
	}
}

// TestRowGroupPruningMissingColumn: a file without the column of a
// comparison holds nulls there, which no comparison keeps: none of its
// row groups is read (all are corrupt), its columns still count in the
// schema. A partition column is not a file's: its comparisons prune
// partitions, not files. A row-group filter of WithParquetOptions naming
// a column a file lacks skips that file's row groups too, instead of
// failing with parquet's "no column".
func TestRowGroupPruningMissingColumn(t *testing.T) {
	dir := t.TempDir()
	putGroups(t, dir, "k=1/a.parquet", cols([]string{"id", "y"}, []int64{1, 2}, []int64{7, 8}), 1)
	bad := putGroups(t, dir, "k=2/b.parquet", cols([]string{"id", "z"}, []int64{3, 4}, []string{"p", "q"}), 1, 0, 1)
	if _, err := Read(dir); err == nil || !strings.Contains(err.Error(), bad) {
		t.Fatalf("without a filter: error %v, want one naming %s", err, bad)
	}
	y := frame.Col("y")
	for _, opts := range [][]Option{
		{WithFilter(y.Eq(frame.Lit(7)))},
		{WithFilter(y.Le(frame.Lit(7)).And(frame.Col("k").Ge(frame.Lit(1))))},
		{WithFilter(y.Eq(frame.Lit(7))), WithColumns("id", "z")},
	} {
		got, err := Read(dir, opts...)
		if err != nil {
			t.Fatal(err)
		}
		if g := fmt.Sprint(column(t, got, "id")); g != "[1]" {
			t.Errorf("ids %s, want [1]", g)
		}
		if _, err := got.Column("z"); err != nil {
			t.Errorf("the skipped file's column z is not in the schema: %v", err)
		}
		r, err := Open(dir, opts...)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for f, err := range r.All() {
			if err != nil {
				t.Fatalf("Open: %v", err)
			}
			n += f.NumRows()
		}
		r.Close()
		if n != 1 {
			t.Errorf("Open: %d rows, want 1", n)
		}
	}
	// the user's own row-group filter: b lacks y, a keeps its row group of y = 7
	for _, filter := range [][]Option{nil, {WithFilter(frame.Col("id").Ge(frame.Lit(0)))}} {
		opts := append([]Option{WithParquetOptions(parquet.WithRowGroupFilter(parquet.Eq("y", 7)))}, filter...)
		got, err := Read(dir, opts...)
		if err != nil {
			t.Fatal(err)
		}
		if g := fmt.Sprint(column(t, got, "id")); g != "[1]" {
			t.Errorf("WithRowGroupFilter(y = 7): ids %s, want [1]", g)
		}
		r, err := Open(dir, opts...)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for f, err := range r.All() {
			if err != nil {
				t.Fatalf("Open: %v", err)
			}
			n += f.NumRows()
		}
		r.Close()
		if n != 1 {
			t.Errorf("Open with WithRowGroupFilter(y = 7): %d rows, want 1", n)
		}
	}
}

// column is the values of a column of f.
func column(t *testing.T, f *frame.Frame, name string) []any {
	t.Helper()
	s, err := f.Column(name)
	if err != nil {
		t.Fatal(err)
	}
	return s.ToValue()
}

// TestRowGroupFilterOf: which conjuncts become which predicates of a
// file, and which say the file holds no row the filter keeps.
func TestRowGroupFilterOf(t *testing.T) {
	plain := frame.Must(frame.FromColumns([]string{"i", "f", "s", "b", "st", "u"}, []int64{1}, []float64{1}, []string{"x"}, []bool{true},
		[]any{map[string]any{"v": int64(1)}}, []uint64{1}))
	dotted := frame.Must(frame.FromColumns([]string{"i", "a.b"}, []int64{1}, []int64{1}))
	i, f := frame.Col("i"), frame.Col("f")
	tests := []struct {
		name   string
		dotted bool
		filter frame.Expr
		want   string // the predicates, or "skip"
	}{
		{"int", false, i.Gt(frame.Lit(2)), "[i > 2]"},
		{"flipped", false, frame.Lit(2).Gt(i), "[i < 2]"},
		{"in", false, i.Eq(frame.Lit(1)).Or(i.Eq(frame.Lit(3))).Or(i.Eq(frame.Lit(5))), "[i in [1 3 5]]"},
		{"in of two columns", false, i.Eq(frame.Lit(1)).Or(f.Eq(frame.Lit(3))), "[]"},
		{"or of lt", false, i.Lt(frame.Lit(1)).Or(i.Gt(frame.Lit(3))), "[]"},
		{"ne", false, i.Ne(frame.Lit(1)), "[]"},
		{"float on int", false, i.Le(frame.Lit(2.5)), "[i <= 2.5]"},
		{"big int on float", false, f.Lt(frame.Lit(int64(1)<<53 + 1)), "[]"},
		{"int on float", false, f.Lt(frame.Lit(int64(1) << 53)), "[f < 9007199254740992]"},
		{"NaN", false, f.Lt(frame.Lit(math.NaN())), "[]"},
		{"null", false, i.Eq(frame.Lit(nil)), "[]"},
		{"string on int", false, i.Eq(frame.Lit("1")), "[]"},
		{"int on string", false, frame.Col("s").Eq(frame.Lit(1)), "[]"},
		{"bool", false, frame.Col("b").Eq(frame.Lit(true)), "[b = true]"},
		{"struct", false, frame.Col("st.v").Ge(frame.Lit(1)), "[st.v >= 1]"},
		{"struct path", false, frame.Col(frame.Path("st", "v")).Ge(frame.Lit(1)), "[]"},
		{"unsigned", false, frame.Col("u").Eq(frame.Lit(1)), "[]"},
		{"no column", false, frame.Col("y").Eq(frame.Lit(1)), "skip"},
		{"no struct", false, frame.Col("y.v").Eq(frame.Lit(1)), "[]"},
		{"no field", false, frame.Col("st.w").Eq(frame.Lit(1)), "[]"},
		{"a name with a dot", true, i.Eq(frame.Lit(1)), "[]"},
		{"missing among dotted names", true, frame.Col("y").Eq(frame.Lit(1)), "skip"},
		{"under and", false, i.Gt(frame.Lit(0)).And(frame.Col("s").Lt(frame.Lit("z"))), "[i > 0 s < z]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			schema := plain
			if tt.dotted {
				schema = dotted
			}
			p := &plan{c: &config{filter: &tt.filter}}
			rec, err := schema.ToRecordBatch()
			if err != nil {
				t.Fatal(err)
			}
			preds, skip := rowGroupFilter(rec.Schema(), p.rowGroupComparisons())
			got := fmt.Sprint(preds)
			if skip {
				got = "skip"
			}
			if got != tt.want {
				t.Errorf("got %s, want %s", got, tt.want)
			}
		})
	}
	// a partition column is the directory's, and an aggregation rules pruning out
	p := &plan{c: &config{filter: new(i.Gt(frame.Lit(0)))}, keys: []partCol{{name: "i"}}}
	if c := p.rowGroupComparisons(); c != nil {
		t.Errorf("a partition column's comparison: %v", c)
	}
	p = &plan{c: &config{filter: new(i.Gt(frame.Lit(0)).And(f.Gt(f.Mean())))}}
	if c := p.rowGroupComparisons(); c != nil {
		t.Errorf("an aggregating filter's comparisons: %v", c)
	}
}
