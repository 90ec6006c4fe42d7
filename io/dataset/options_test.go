package dataset

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/io/csv"
	"github.com/structframe/structframe/io/parquet"
)

// TestFormatOptions passes options through to the format's writer and
// reader: a CSV dataset with ';' as its delimiter, a Parquet dataset with
// zstd.
func TestFormatOptions(t *testing.T) {
	in := cols([]string{"k", "a", "b"}, []int64{1, 1, 2}, []string{"x,y", "z", "w"}, []float64{1, 2, 3})
	t.Run("csv", func(t *testing.T) {
		dir := t.TempDir()
		if err := Write(dir, in, WithPartitionBy("k"), WithFormat(CSV), WithCSVOptions(csv.WithDelimiter(';'))); err != nil {
			t.Fatal(err)
		}
		raw, err := os.ReadFile(filepath.Join(dir, "k=1", "part-0.csv"))
		if err != nil || !strings.HasPrefix(string(raw), "a;b\n") {
			t.Fatalf("file %q, %v: want ';' as delimiter", raw, err)
		}
		got, err := Read(dir, WithCSVOptions(csv.WithDelimiter(';')))
		if err != nil {
			t.Fatal(err)
		}
		sameFrame(t, got, in.Select("a", "b", "k"))
		// without the option the rows do not split: one column a;b
		if got, err := Read(dir); err == nil && slices.Contains(got.Columns(), "a") {
			t.Errorf("read without the delimiter gave columns %v", got.Columns())
		}
	})
	t.Run("parquet", func(t *testing.T) {
		// dictionary encoding off, so that only the codec shrinks the
		// repeated strings
		long := make([]string, 2000)
		for i := range long {
			long[i] = strings.Repeat("abc", 30)
		}
		f := cols([]string{"s"}, long)
		sizes := map[parquet.Compression]int64{}
		for _, codec := range []parquet.Compression{parquet.Uncompressed, parquet.Zstd} {
			dir := t.TempDir()
			if err := Write(dir, f, WithParquetOptions(parquet.WithCompression(codec))); err != nil {
				t.Fatal(err)
			}
			st, err := os.Stat(filepath.Join(dir, "part-0.parquet"))
			if err != nil {
				t.Fatal(err)
			}
			sizes[codec] = st.Size()
		}
		if sizes[parquet.Zstd] >= sizes[parquet.Uncompressed] {
			t.Errorf("sizes %v: the codec option did not reach the writer", sizes)
		}
	})
}

// TestPartitionValueTypes writes partition columns of every type a
// partition can be and reads them back with their types given.
func TestPartitionValueTypes(t *testing.T) {
	day := func(s string) arrow.Date32 {
		d, _ := time.Parse(time.DateOnly, s)
		return arrow.Date32FromTime(d)
	}
	tests := []struct {
		name string
		col  any
		typ  arrow.DataType
		dirs []string
	}{
		{"int32", []int32{-1, 7}, arrow.PrimitiveTypes.Int32, []string{"p=-1", "p=7"}},
		{"uint8", []uint8{0, 255}, arrow.PrimitiveTypes.Uint8, []string{"p=0", "p=255"}},
		{"bool", []bool{true, false}, arrow.FixedWidthTypes.Boolean, []string{"p=false", "p=true"}},
		{"float64", []float64{0.1, -2.5e10}, arrow.PrimitiveTypes.Float64, []string{"p=-2.5e+10", "p=0.1"}},
		{"float32", []float32{0.1, 3}, arrow.PrimitiveTypes.Float32, []string{"p=0.1", "p=3"}},
		{"date", []arrow.Date32{day("2024-02-29"), day("1999-12-31")}, nil, []string{"p=1999-12-31", "p=2024-02-29"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := cols([]string{"id", "p"}, []int64{0, 1}, tt.col)
			dir := t.TempDir()
			if err := Write(dir, in, WithPartitionBy("p")); err != nil {
				t.Fatal(err)
			}
			entries, _ := os.ReadDir(dir)
			var dirs []string
			for _, e := range entries {
				dirs = append(dirs, e.Name())
			}
			if !slices.Equal(dirs, tt.dirs) {
				t.Errorf("directories %q, want %q", dirs, tt.dirs)
			}
			if tt.typ == nil {
				return // dates are read back as strings: Cast does not parse them
			}
			got, err := Read(dir, WithPartitionTypes(map[string]arrow.DataType{"p": tt.typ}))
			if err != nil {
				t.Fatal(err)
			}
			sameFrame(t, got.Sort(frame.Asc("id")), in)
		})
	}
	t.Run("refused", func(t *testing.T) {
		in := cols([]string{"id", "p"}, []int64{0}, []time.Time{time.Unix(0, 0)})
		if err := Write(t.TempDir(), in, WithPartitionBy("p")); !errors.Is(err, ErrPartition) {
			t.Errorf("error %v, want ErrPartition", err)
		}
	})
}

func TestOpenFilesAndFormat(t *testing.T) {
	dir := t.TempDir()
	a := put(t, dir, "x=1/a.json", cols([]string{"v"}, []int64{1}))
	b := putBytes(t, dir, "x=2/b.data", "{\"v\": 2}\n")
	r, err := OpenFiles([]string{a, b}, WithFormat(JSON))
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	var bs []*frame.Frame
	for f, err := range r.All() {
		if err != nil {
			t.Fatal(err)
		}
		bs = append(bs, f)
	}
	sameFrame(t, frame.Concat(bs...), cols([]string{"v", "x"}, []int64{1, 2}, []int64{1, 2}))
	if _, err := Read(b); !errors.Is(err, ErrOption) {
		t.Errorf("a file of no known extension: error %v, want ErrOption", err)
	}
	got, err := Read(b, WithFormat(JSON))
	if err != nil {
		t.Fatal(err)
	}
	sameFrame(t, got, cols([]string{"v"}, []int64{2}))
	if _, err := OpenFiles([]string{a, b}); !errors.Is(err, ErrOption) {
		t.Errorf("files of two extensions: error %v, want ErrOption", err)
	}
}

// TestOverwriteNoPartitions replaces the data files at the top of an
// unpartitioned dataset and leaves the rest.
func TestOverwriteNoPartitions(t *testing.T) {
	dir := t.TempDir()
	if err := Write(dir, cols([]string{"v"}, []int64{1})); err != nil {
		t.Fatal(err)
	}
	putBytes(t, dir, "_SUCCESS", "")
	putBytes(t, dir, "notes.txt", "kept")
	if err := Write(dir, cols([]string{"v"}, []int64{2}), WithExisting(OverwritePartitions)); err != nil {
		t.Fatal(err)
	}
	if got := listFiles(t, dir); !slices.Equal(got, []string{"_SUCCESS", "notes.txt", "part-0.parquet"}) {
		t.Errorf("files %q", got)
	}
	got, err := Read(dir)
	if err != nil {
		t.Fatal(err)
	}
	sameFrame(t, got, cols([]string{"v"}, []int64{2}))
}
