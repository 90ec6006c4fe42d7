package dataset

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/structframe/structframe/frame"
)

// TestReadFormats reads a partitioned dataset of every format: rows in
// file order, partition columns last and typed.
func TestReadFormats(t *testing.T) {
	for _, ext := range []string{".parquet", ".arrow", ".csv", ".json", ".ndjson", ".feather"} {
		t.Run(ext, func(t *testing.T) {
			dir := t.TempDir()
			put(t, dir, "year=2024/month=02/part-0"+ext, cols([]string{"id", "v"}, []int64{3}, []string{"c"}))
			put(t, dir, "year=2023/month=11/part-0"+ext, cols([]string{"id", "v"}, []int64{1, 2}, []string{"a", "b"}))
			got, err := Read(dir)
			if err != nil {
				t.Fatal(err)
			}
			want := cols([]string{"id", "v", "year", "month"},
				[]int64{1, 2, 3}, []string{"a", "b", "c"}, []int64{2023, 2023, 2024}, []int64{11, 11, 2})
			sameFrame(t, got, want)
		})
	}
}

func TestReadMixedSchemas(t *testing.T) {
	dir := t.TempDir()
	put(t, dir, "a.parquet", cols([]string{"id", "x"}, []int64{1}, []float64{0.5}))
	put(t, dir, "b.parquet", cols([]string{"y", "id"}, []string{"q"}, []int32{2}))
	got, err := Read(dir)
	if err != nil {
		t.Fatal(err)
	}
	want := cols([]string{"id", "x", "y"}, []int64{1, 2}, []*float64{f64(0.5), nil}, []*string{nil, str("q")})
	sameFrame(t, got, want)

	r, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	var batches []*frame.Frame
	for r.Next() {
		if typeKey(r.Frame().Schema()) != typeKey(r.Schema()) {
			t.Errorf("batch schema %v, Reader.Schema %v", r.Frame().Schema(), r.Schema())
		}
		batches = append(batches, r.Frame())
	}
	if r.Err() != nil {
		t.Fatal(r.Err())
	}
	if len(batches) != 2 {
		t.Fatalf("%d batches, want 2", len(batches))
	}
	sameFrame(t, frame.Concat(batches...), want)
}

func TestReadConflict(t *testing.T) {
	dir := t.TempDir()
	a := put(t, dir, "a.parquet", cols([]string{"id", "s"}, []int64{1}, []any{map[string]any{"x": int64(1)}}))
	put(t, dir, "b.parquet", cols([]string{"id"}, []int64{2}))
	c := put(t, dir, "c.parquet", cols([]string{"id", "s"}, []int64{3}, []any{map[string]any{"x": "one"}}))
	_, err := Read(dir)
	var de *Error
	if !errors.Is(err, ErrConflict) || !errors.As(err, &de) || de.Path != c {
		t.Fatalf("error %v, want an ErrConflict about %s", err, c)
	}
	for _, s := range []string{a, c, "s.x"} {
		if !strings.Contains(err.Error(), s) {
			t.Errorf("error %q does not name %s", err, s)
		}
	}
	_, err = Open(dir)
	if !errors.Is(err, ErrConflict) || !errors.As(err, &de) || de.Op != "Open" || !strings.HasPrefix(err.Error(), "dataset: Open") {
		t.Errorf("Open: error %v, want an ErrConflict of Open", err)
	}
	for _, s := range []string{a, c} {
		if strings.Count(err.Error(), s) != 1 {
			t.Errorf("Open: error %q does not name %s once", err, s)
		}
	}
}

func TestPartitionTypes(t *testing.T) {
	dir := t.TempDir()
	one := cols([]string{"id"}, []int64{1})
	put(t, dir, "year=2024/month=01/city=New%20York/a.parquet", one)
	put(t, dir, "year=2024/month=__HIVE_DEFAULT_PARTITION__/city=a%2Fb/a.parquet", one)
	put(t, dir, "year=2025/month=12/city=/a.parquet", one)
	tests := []struct {
		name string
		opts []Option
		want *frame.Frame
	}{
		{"inferred", nil, cols([]string{"id", "year", "month", "city"}, []int64{1, 1, 1},
			[]int64{2024, 2024, 2025}, []*int64{i64(1), nil, i64(12)}, []string{"New York", "a/b", ""})},
		{"strings", []Option{WithPartitionStrings(true)}, cols([]string{"id", "year", "month", "city"}, []int64{1, 1, 1},
			[]string{"2024", "2024", "2025"}, []*string{str("01"), nil, str("12")}, []string{"New York", "a/b", ""})},
		{"given", []Option{WithPartitionTypes(map[string]arrow.DataType{"year": arrow.PrimitiveTypes.Int16, "month": arrow.PrimitiveTypes.Float64})},
			cols([]string{"id", "year", "month", "city"}, []int64{1, 1, 1},
				[]int16{2024, 2024, 2025}, []*float64{f64(1), nil, f64(12)}, []string{"New York", "a/b", ""})},
		{"no hive", []Option{WithHive(false)}, cols([]string{"id"}, []int64{1, 1, 1})},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Read(dir, tt.opts...)
			if err != nil {
				t.Fatal(err)
			}
			sameFrame(t, got, tt.want)
		})
	}
	t.Run("bad value", func(t *testing.T) {
		_, err := Read(dir, WithPartitionTypes(map[string]arrow.DataType{"city": arrow.PrimitiveTypes.Int64}))
		var de *Error
		if !errors.Is(err, ErrPartition) || !errors.As(err, &de) || !strings.Contains(de.Path, "New%20York") {
			t.Fatalf("error %v, want an ErrPartition naming the New York file", err)
		}
	})
}

// TestPruning proves that the files of a pruned partition are not opened:
// they are not Parquet at all, and reading them is an error naming them.
func TestPruning(t *testing.T) {
	dir := t.TempDir()
	put(t, dir, "year=2024/month=1/a.parquet", cols([]string{"v"}, []int64{1, 5}))
	put(t, dir, "year=2024/month=2/a.parquet", cols([]string{"v"}, []int64{7}))
	bad := putBytes(t, dir, "year=2023/month=1/a.parquet", "not parquet")
	year := frame.Col("year")
	tests := []struct {
		name   string
		filter frame.Expr
		want   []int64 // v; nil: the bad file is read
		files  int
	}{
		{"eq", year.Eq(frame.Lit(2024)), []int64{1, 5, 7}, 2},
		{"and rows", year.Gt(frame.Lit(2023)).And(frame.Col("v").Gt(frame.Lit(3))), []int64{5, 7}, 2},
		{"two keys", frame.Col("month").Eq(frame.Lit(2)).And(year.Ge(frame.Lit(2024))), []int64{7}, 1},
		{"not null", year.IsNotNull().And(year.Ne(frame.Lit(2023))), []int64{1, 5, 7}, 2},
		{"or with rows cannot prune", year.Eq(frame.Lit(2024)).Or(frame.Col("v").Gt(frame.Lit(0))), nil, 3},
		{"an aggregation cannot prune", year.Eq(frame.Lit(2024)).And(frame.Col("v").Gt(frame.Col("v").Mean())), nil, 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Read(dir, WithFilter(tt.filter))
			if tt.want == nil {
				var de *Error
				if !errors.As(err, &de) || de.Path != bad {
					t.Fatalf("error %v, want one naming %s", err, bad)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			s, err := got.Column("v")
			if err != nil {
				t.Fatal(err)
			}
			if g := s.ToValue(); len(g) != len(tt.want) {
				t.Fatalf("v = %v, want %v", g, tt.want)
			} else {
				for i := range g {
					if g[i] != tt.want[i] {
						t.Fatalf("v = %v, want %v", g, tt.want)
					}
				}
			}
			r, err := Open(dir, WithFilter(tt.filter))
			if err != nil {
				t.Fatal(err)
			}
			defer r.Close()
			if r.NumFiles() != tt.files {
				t.Errorf("Open reads %d files, want %d", r.NumFiles(), tt.files)
			}
			n := 0
			for f := range r.All() {
				n += f.NumRows()
			}
			if n != len(tt.want) {
				t.Errorf("Open gave %d rows, want %d", n, len(tt.want))
			}
		})
	}
	if _, err := Read(dir); err == nil || !strings.Contains(err.Error(), bad) {
		t.Errorf("without a filter: error %v, want one naming %s", err, bad)
	}
}

func TestFilterMissingColumn(t *testing.T) {
	dir := t.TempDir()
	put(t, dir, "a.json", cols([]string{"id", "x"}, []int64{1, 2}, []int64{10, 20}))
	put(t, dir, "b.json", cols([]string{"id"}, []int64{3}))
	tests := []struct {
		filter frame.Expr
		ids    []any
	}{
		{frame.Col("x").Gt(frame.Lit(15)), []any{int64(2)}},
		{frame.Col("x").IsNull(), []any{int64(3)}},
		{frame.Col("x").Lt(frame.Col("x").Mean()), []any{int64(1)}},
	}
	for _, tt := range tests {
		t.Run(tt.filter.String(), func(t *testing.T) {
			got, err := Read(dir, WithFilter(tt.filter), WithColumns("id"))
			if err != nil {
				t.Fatal(err)
			}
			if !equalStrings(got.Columns(), []string{"id"}) {
				t.Errorf("columns %v, want [id]", got.Columns())
			}
			s, _ := got.Column("id")
			if g := s.ToValue(); len(g) != len(tt.ids) || (len(g) > 0 && g[0] != tt.ids[0]) {
				t.Errorf("ids %v, want %v", g, tt.ids)
			}
		})
	}
	if _, err := Open(dir, WithFilter(frame.Col("x").Lt(frame.Col("x").Mean()))); !errors.Is(err, ErrOption) {
		t.Errorf("Open with an aggregating filter: error %v, want ErrOption", err)
	}
}

func TestProjection(t *testing.T) {
	for _, ext := range []string{".parquet", ".arrow", ".csv", ".json"} {
		t.Run(ext, func(t *testing.T) {
			dir := t.TempDir()
			put(t, dir, "k=1/a"+ext, cols([]string{"id", "x", "s"}, []int64{1}, []float64{0.5}, []string{"p"}))
			put(t, dir, "k=2/b"+ext, cols([]string{"id", "x"}, []int64{2}, []float64{1.5}))
			want := cols([]string{"s", "k", "id"}, []*string{str("p"), nil}, []int64{1, 2}, []int64{1, 2})
			got, err := Read(dir, WithColumns("s", "k", "id"))
			if err != nil {
				t.Fatal(err)
			}
			sameFrame(t, got, want)
			r, err := Open(dir, WithColumns("s", "k", "id"))
			if err != nil {
				t.Fatal(err)
			}
			var bs []*frame.Frame
			for f, err := range r.All() {
				if err != nil {
					t.Fatal(err)
				}
				bs = append(bs, f)
			}
			sameFrame(t, frame.Concat(bs...), want)
			if _, err := Read(dir, WithColumns("id", "nope")); !errors.Is(err, ErrOption) || !strings.Contains(err.Error(), "nope") {
				t.Errorf("a column no file has: error %v, want ErrOption naming it", err)
			}
		})
	}
}

// TestProjectionNested reads one field of a structure from Parquet.
func TestProjectionNested(t *testing.T) {
	dir := t.TempDir()
	rec := []any{map[string]any{"a": int64(1), "b": "x"}}
	put(t, dir, "a.parquet", cols([]string{"id", "s"}, []int64{1}, rec))
	got, err := Read(dir, WithColumns("s.b"))
	if err != nil {
		t.Fatal(err)
	}
	if g := got.Schema().String(); g != "1 * {s: {b: string}}" {
		t.Errorf("schema %s, want only s.b", g)
	}
}

func TestFileColumnReplacedByPartition(t *testing.T) {
	dir := t.TempDir()
	put(t, dir, "year=2024/a.parquet", cols([]string{"year", "v"}, []string{"stale"}, []int64{1}))
	got, err := Read(dir)
	if err != nil {
		t.Fatal(err)
	}
	sameFrame(t, got, cols([]string{"v", "year"}, []int64{1}, []int64{2024}))
}

func TestReadErrorsNameFile(t *testing.T) {
	tests := []struct{ rel, data, says string }{
		{"a.csv", "a,b\n1,2\n3,4,5\n", "line 3"},
		{"a.json", "{\"a\": 1}\n{\"a\": }\n", "line 2"},
		{"a.parquet", "PAR1 not really", "parquet"},
		{"a.arrow", "ARROW1\x00\x00 nope", "ipc"},
	}
	for _, tt := range tests {
		t.Run(tt.rel, func(t *testing.T) {
			dir := t.TempDir()
			put(t, dir, "0"+filepath.Ext(tt.rel), cols([]string{"a"}, []int64{1}))
			path := putBytes(t, dir, tt.rel, tt.data)
			_, err := Read(dir)
			if err == nil || strings.Count(err.Error(), path) != 1 || !strings.Contains(strings.ToLower(err.Error()), tt.says) {
				t.Errorf("Read: error %v, want one naming %s once and saying %q", err, path, tt.says)
			}
			r, err := Open(dir)
			if err == nil {
				for r.Next() {
				}
				err = r.Err()
				r.Close()
			}
			if err == nil || strings.Count(err.Error(), path) != 1 {
				t.Errorf("Open: error %v, want one naming %s once", err, path)
			}
		})
	}
}

func TestDiscover(t *testing.T) {
	dir := t.TempDir()
	one := func(i int64) *frame.Frame { return cols([]string{"i"}, []int64{i}) }
	put(t, dir, "b/2.parquet", one(2))
	put(t, dir, "a/1.parquet", one(1))
	put(t, dir, "a/sub/deep/3.parquet", one(3))
	put(t, dir, "c.parquet", one(4))
	put(t, dir, "_temporary/0/x.parquet", one(99))
	put(t, dir, ".hidden.parquet", one(99))
	putBytes(t, dir, "_SUCCESS", "")
	putBytes(t, dir, "_common_metadata", "junk")
	putBytes(t, dir, "a/.1.parquet.crc", "junk")
	putBytes(t, dir, "a/1.parquet.crc", "junk")
	putBytes(t, dir, "README.txt", "not data")
	tests := []struct {
		src  string
		want []any
		err  error
	}{
		{dir, []any{int64(1), int64(3), int64(2), int64(4)}, nil},
		{filepath.Join(dir, "*.parquet"), []any{int64(4)}, nil},
		{filepath.Join(dir, "*", "*.parquet"), []any{int64(1), int64(2)}, nil},
		{filepath.Join(dir, "**", "*.parquet"), []any{int64(1), int64(3), int64(2), int64(4)}, nil},
		{filepath.Join(dir, "a", "**", "*.parquet"), []any{int64(1), int64(3)}, nil},
		{filepath.Join(dir, "[ab]", "*"), []any{int64(1), int64(2)}, nil},
		{filepath.Join(dir, "*.csv"), nil, ErrNoFiles},
		{filepath.Join(dir, "nope", "*.parquet"), nil, ErrNoFiles},
		{filepath.Join(dir, "a**b", "*.parquet"), nil, ErrOption},
		{filepath.Join(dir, "nope"), nil, os.ErrNotExist},
	}
	for _, tt := range tests {
		t.Run(strings.TrimPrefix(tt.src, dir), func(t *testing.T) {
			got, err := Read(tt.src)
			if !errors.Is(err, tt.err) {
				t.Fatalf("error %v, want %v", err, tt.err)
			}
			if err != nil {
				return
			}
			s, _ := got.Column("i")
			g := s.ToValue()
			if len(g) != len(tt.want) {
				t.Fatalf("i = %v, want %v", g, tt.want)
			}
			for i := range g {
				if g[i] != tt.want[i] {
					t.Fatalf("i = %v, want %v", g, tt.want)
				}
			}
		})
	}
	t.Run("list", func(t *testing.T) {
		got, err := ReadFiles([]string{filepath.Join(dir, "c.parquet"), filepath.Join(dir, "a", "1.parquet")})
		if err != nil {
			t.Fatal(err)
		}
		sameFrame(t, got, cols([]string{"i"}, []int64{4, 1}))
		if _, err := ReadFiles(nil); !errors.Is(err, ErrNoFiles) {
			t.Errorf("an empty list: error %v, want ErrNoFiles", err)
		}
	})
	t.Run("two formats", func(t *testing.T) {
		put(t, dir, "a/x.csv", one(5))
		defer os.Remove(filepath.Join(dir, "a", "x.csv"))
		if _, err := Read(dir); !errors.Is(err, ErrOption) {
			t.Errorf("error %v, want ErrOption", err)
		}
		got, err := Read(dir, WithFormat(CSV))
		if err != nil {
			t.Fatal(err)
		}
		sameFrame(t, got, cols([]string{"i"}, []int64{5}))
	})
	t.Run("empty dir", func(t *testing.T) {
		empty := t.TempDir()
		got, err := Read(empty)
		if err != nil {
			t.Fatal(err)
		}
		if r, c := got.NumRows(), got.NumColumns(); r != 0 || c != 0 {
			t.Errorf("shape (%d, %d), want (0, 0)", r, c)
		}
		rd, err := Open(empty)
		if err != nil || rd.Next() || rd.Err() != nil {
			t.Errorf("Open of an empty directory: %v, %v", err, rd.Err())
		}
	})
}

func TestReadFilesPartitionBase(t *testing.T) {
	dir := t.TempDir()
	a := put(t, dir, "t/year=2023/a.parquet", cols([]string{"v"}, []int64{1}))
	b := put(t, dir, "t/year=2024/b.parquet", cols([]string{"v"}, []int64{2}))
	got, err := ReadFiles([]string{b, a})
	if err != nil {
		t.Fatal(err)
	}
	sameFrame(t, got, cols([]string{"v", "year"}, []int64{2, 1}, []int64{2024, 2023}))
	// a single file's own directory is the base: no partition
	got, err = ReadFiles([]string{a})
	if err != nil {
		t.Fatal(err)
	}
	sameFrame(t, got, cols([]string{"v"}, []int64{1}))
	got, err = ReadFiles([]string{a}, WithPartitionBase(filepath.Join(dir, "t")))
	if err != nil {
		t.Fatal(err)
	}
	sameFrame(t, got, cols([]string{"v", "year"}, []int64{1}, []int64{2023}))
}

// TestOpenOrderAndClose reads many files three at a time: the batches
// come in the files' order, as Read stacks them; closing the Reader in
// the middle stops the files read ahead.
func TestOpenOrderAndClose(t *testing.T) {
	dir := t.TempDir()
	for i := range 12 {
		put(t, dir, "part="+string(rune('a'+i))+"/f.arrow", cols([]string{"i"}, []int64{int64(2 * i), int64(2*i + 1)}))
	}
	want, err := Read(dir)
	if err != nil {
		t.Fatal(err)
	}
	r, err := Open(dir, WithParallelism(3))
	if err != nil {
		t.Fatal(err)
	}
	var bs []*frame.Frame
	for r.Next() {
		bs = append(bs, r.Frame())
	}
	if r.Err() != nil {
		t.Fatal(r.Err())
	}
	sameFrame(t, frame.Concat(bs...), want)
	if err := r.Close(); err != nil {
		t.Fatal(err)
	}

	r, err = Open(dir, WithParallelism(4))
	if err != nil {
		t.Fatal(err)
	}
	if !r.Next() || r.Frame().NumRows() != 2 {
		t.Fatalf("first batch: %v, %v", r.Frame(), r.Err())
	}
	if err := r.Close(); err != nil {
		t.Fatal(err)
	}
	if r.Next() {
		t.Error("Next after Close reported a batch")
	}
}

// TestPruningDistinctValues: partition values holding any byte (%00 is
// decoded) are told apart when the distinct combinations are collected;
// k1="x\x00Vy",k2=null and k1="x",k2="y\x00N" are two partitions, and
// k1 = "x" keeps the files of the second.
func TestPruningDistinctValues(t *testing.T) {
	dir := t.TempDir()
	put(t, dir, "k1=x%00Vy/k2=__HIVE_DEFAULT_PARTITION__/a.parquet", cols([]string{"v"}, []int64{1}))
	put(t, dir, "k1=x/k2=y%00N/a.parquet", cols([]string{"v"}, []int64{2}))
	got, err := Read(dir, WithFilter(frame.Col("k1").Eq(frame.Lit("x"))))
	if err != nil {
		t.Fatal(err)
	}
	sameFrame(t, got, cols([]string{"v", "k1", "k2"}, []int64{2}, []string{"x"}, []string{"y\x00N"}))
}

// TestPartitionInference: integers are int64, else decimal numbers are
// float64, else strings; dates and the words ParseFloat takes (inf, NaN)
// stay strings. A float partition prunes like any other.
func TestPartitionInference(t *testing.T) {
	tests := []struct {
		name string
		vals []string
		want any // the column k, in the sorted order of the values
	}{
		{"ints", []string{"01", "-2"}, []int64{-2, 1}},
		{"floats", []string{"1", "2.5"}, []float64{1, 2.5}},
		{"exponents", []string{"1e3", "-.5"}, []float64{-0.5, 1000}},
		{"a word", []string{"2.5", "abc"}, []string{"2.5", "abc"}},
		{"inf", []string{"inf", "1"}, []string{"1", "inf"}},
		{"dates", []string{"2024-01-31", "2024-02-01"}, []string{"2024-01-31", "2024-02-01"}},
		{"lone point", []string{".", "1"}, []string{".", "1"}},
		{"beyond float64", []string{"1e999", "1.5"}, []string{"1.5", "1e999"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			for _, v := range tt.vals {
				put(t, dir, "k="+v+"/a.parquet", cols([]string{"v"}, []int64{1}))
			}
			got, err := Read(dir)
			if err != nil {
				t.Fatal(err)
			}
			sameFrame(t, got, cols([]string{"v", "k"}, []int64{1, 1}, tt.want))
		})
	}
	dir := t.TempDir()
	for _, v := range []string{"1.5", "2", "3.25"} {
		put(t, dir, "price="+v+"/a.parquet", cols([]string{"v"}, []int64{1}))
	}
	r, err := Open(dir, WithFilter(frame.Col("price").Gt(frame.Lit(1.75))))
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if r.NumFiles() != 2 {
		t.Errorf("price > 1.75 reads %d files, want 2", r.NumFiles())
	}
}

// TestErrorNamesPathOnce: the path follows Op unless the cause names it
// whole (not as the directory of another path).
func TestErrorNamesPathOnce(t *testing.T) {
	for _, tt := range []struct {
		path, cause, want string
	}{
		{"d/a.csv", "d/a.csv: line 2", "dataset: Read: d/a.csv: line 2"},
		{"d/a.csv", "parquet: Read d/a.csv", "dataset: Read: parquet: Read d/a.csv"},
		{"d/a.csv", "in d/a.csv.", "dataset: Read: in d/a.csv."},
		{"d", "two formats (d/a.csv) and (d/b.json)", "dataset: Read d: two formats (d/a.csv) and (d/b.json)"},
		{"d/a.csv", "see d/a.csv2", "dataset: Read d/a.csv: see d/a.csv2"},
		{"d/a.csv", "see xd/a.csv", "dataset: Read d/a.csv: see xd/a.csv"},
		{"", "x", "dataset: Read: x"},
	} {
		if got := (&Error{Op: "Read", Path: tt.path, Err: errors.New(tt.cause)}).Error(); got != tt.want {
			t.Errorf("got %q, want %q", got, tt.want)
		}
	}
}

// TestFilterOnFieldOneFileLacks: a filter on a structure's field that one
// file's structure lacks reads it as null there, in Read as in Open.
func TestFilterOnFieldOneFileLacks(t *testing.T) {
	dir := t.TempDir()
	put(t, dir, "a.parquet", frame.FromRecords([]map[string]any{{"id": 1, "st": map[string]any{"w": 1}}}))
	put(t, dir, "b.parquet", frame.FromRecords([]map[string]any{
		{"id": 2, "st": map[string]any{"v": 7, "w": 2}},
		{"id": 3, "st": map[string]any{"v": 8, "w": 3}},
	}))
	filter := WithFilter(frame.Col("st.v").Eq(frame.Lit(7)))
	got, err := Read(dir, filter)
	if err != nil {
		t.Fatal(err)
	}
	ids := func(f *frame.Frame) []any {
		c, err := f.Column("id")
		if err != nil {
			t.Fatal(err)
		}
		return c.ToValue()
	}
	if v := ids(got); len(v) != 1 || v[0] != int64(2) {
		t.Errorf("Read kept ids %v, want [2]", v)
	}
	r, err := Open(dir, filter)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	var n int
	for r.Next() {
		n += r.Frame().NumRows()
	}
	if r.Err() != nil || n != 1 {
		t.Errorf("Open kept %d rows (%v), want 1", n, r.Err())
	}
}
