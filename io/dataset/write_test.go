package dataset

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/io/formats"
)

// listFiles is the data files under dir, relative, slash-separated.
func listFiles(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			rel, _ := filepath.Rel(dir, p)
			out = append(out, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(out)
	return out
}

// TestWriteRoundTrip writes a frame partitioned by two columns in every
// format and reads it back: the same rows (compared in id order: Read
// gives them grouped by partition), the partition columns last, typed by
// WithPartitionTypes as they were.
func TestWriteRoundTrip(t *testing.T) {
	in := cols([]string{"id", "year", "name", "score", "city"},
		[]int64{0, 1, 2, 3, 4, 5},
		[]*int64{i64(2024), i64(2023), i64(2024), nil, i64(2023), i64(2024)},
		[]string{"a", "b", "c", "d", "e", "f"},
		[]*float64{f64(1.5), nil, f64(-2), f64(1e300), f64(0), f64(3)},
		[]*string{str("New York"), str("a/b=c%"), str("New York"), str("x"), nil, str("01")})
	types := WithPartitionTypes(map[string]arrow.DataType{"city": arrow.BinaryTypes.String})
	want := in.Select("id", "name", "score", "year", "city")
	for _, format := range []Format{Parquet, IPC, CSV, JSON} {
		t.Run(format.String(), func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "ds")
			if err := Write(dir, in, WithPartitionBy("year", "city"), WithFormat(format)); err != nil {
				t.Fatal(err)
			}
			ext := formats.OfKind(formats.Kind(format)).Exts()[0]
			wantFiles := []string{
				"year=2023/city=__HIVE_DEFAULT_PARTITION__/part-0" + ext,
				"year=2023/city=a%2Fb%3Dc%25/part-0" + ext,
				"year=2024/city=01/part-0" + ext,
				"year=2024/city=New York/part-0" + ext,
				"year=__HIVE_DEFAULT_PARTITION__/city=x/part-0" + ext,
			}
			if got := listFiles(t, dir); !slices.Equal(got, wantFiles) {
				t.Fatalf("files %q, want %q", got, wantFiles)
			}
			got, err := Read(dir, types)
			if err != nil {
				t.Fatal(err)
			}
			sameFrame(t, got.Sort(frame.Asc("id")), want)
			r, err := Open(dir, types)
			if err != nil {
				t.Fatal(err)
			}
			var bs []*frame.Frame
			for b, err := range r.All() {
				if err != nil {
					t.Fatal(err)
				}
				bs = append(bs, b)
			}
			sameFrame(t, frame.Concat(bs...).Sort(frame.Asc("id")), want)
			// Read's own order: directories sorted, rows in order within one
			s, _ := got.Column("id")
			if ids := s.ToValue(); !slices.Equal(ids, []any{int64(4), int64(1), int64(5), int64(0), int64(2), int64(3)}) {
				t.Errorf("ids in Read's order %v", ids)
			}
		})
	}
}

func TestWriteNoPartitions(t *testing.T) {
	dir := t.TempDir()
	in := cols([]string{"a"}, []int64{1, 2})
	if err := Write(dir, in, WithExisting(Append)); err != nil {
		t.Fatal(err)
	}
	if got := listFiles(t, dir); !slices.Equal(got, []string{"part-0.parquet"}) {
		t.Fatalf("files %q", got)
	}
	got, err := Read(dir)
	if err != nil {
		t.Fatal(err)
	}
	sameFrame(t, got, in)
}

func TestWriteExisting(t *testing.T) {
	first := cols([]string{"k", "v"}, []string{"x", "y"}, []int64{1, 2})
	second := cols([]string{"k", "v"}, []string{"x"}, []int64{3})
	tests := []struct {
		name     string
		existing Existing
		files    []string
		v        []any // v in Read's order; nil: ErrExists
	}{
		{"error", ErrorIfExists, []string{"k=x/part-0.parquet", "k=y/part-0.parquet"}, nil},
		{"overwrite", Overwrite, []string{"k=x/part-0.parquet"}, []any{int64(3)}},
		{"overwrite partitions", OverwritePartitions, []string{"k=x/part-0.parquet", "k=y/part-0.parquet"}, []any{int64(3), int64(2)}},
		{"append", Append, []string{"k=x/part-0.parquet", "k=x/part-1.parquet", "k=y/part-0.parquet"}, []any{int64(1), int64(3), int64(2)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			if err := Write(dir, first, WithPartitionBy("k")); err != nil {
				t.Fatal(err)
			}
			err := Write(dir, second, WithPartitionBy("k"), WithExisting(tt.existing))
			if tt.v == nil {
				if !errors.Is(err, ErrExists) || !strings.Contains(err.Error(), dir) {
					t.Fatalf("error %v, want ErrExists naming %s", err, dir)
				}
			} else if err != nil {
				t.Fatal(err)
			}
			if got := listFiles(t, dir); !slices.Equal(got, tt.files) {
				t.Errorf("files %q, want %q", got, tt.files)
			}
			if tt.v == nil {
				return
			}
			got, err := Read(dir)
			if err != nil {
				t.Fatal(err)
			}
			s, _ := got.Column("v")
			if v := s.ToValue(); !slices.Equal(v, tt.v) {
				t.Errorf("v = %v, want %v", v, tt.v)
			}
		})
	}
}

func TestWriteErrors(t *testing.T) {
	in := cols([]string{"k", "l", "v"}, []int64{1}, [][]int64{{1, 2}}, []int64{3})
	tests := []struct {
		name string
		f    *frame.Frame
		opts []Option
		err  error
		says string
	}{
		{"no column", in, []Option{WithPartitionBy("nope")}, ErrPartition, "nope"},
		{"twice", in, []Option{WithPartitionBy("k", "k")}, ErrPartition, "twice"},
		{"every column", cols([]string{"k"}, []int64{1}), []Option{WithPartitionBy("k")}, ErrPartition, "every column"},
		{"list column", in, []Option{WithPartitionBy("l")}, ErrPartition, "scalar"},
		{"hidden basename", in, []Option{WithBasename("_x")}, ErrOption, "_x"},
		{"parallelism", in, []Option{WithParallelism(0)}, ErrOption, "WithParallelism"},
		{"error frame", in.Select("nope"), nil, frame.ErrColumn, "nope"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := Write(t.TempDir(), tt.f, tt.opts...)
			if !errors.Is(err, tt.err) || !strings.Contains(err.Error(), tt.says) {
				t.Errorf("error %v, want %v saying %q", err, tt.err, tt.says)
			}
		})
	}
}

// TestWriteIndex writes a frame with a label index: each file keeps its
// rows' labels, and Read joins them back.
func TestWriteIndex(t *testing.T) {
	in := cols([]string{"key", "k", "v"}, []string{"a", "b", "c"}, []int64{1, 2, 1}, []float64{1, 2, 3}).SetIndex("key")
	dir := t.TempDir()
	if err := Write(dir, in, WithPartitionBy("k")); err != nil {
		t.Fatal(err)
	}
	got, err := Read(dir)
	if err != nil {
		t.Fatal(err)
	}
	want := in.Take([]int{0, 2, 1}).Select("v", "k")
	sameFrame(t, got, want)
	if got.Index().String() != want.Index().String() {
		t.Errorf("index %v, want %v", got.Index(), want.Index())
	}
}
