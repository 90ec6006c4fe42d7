package parquet

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/structframe/structframe/frame"
)

// benchBytes writes n rows of an int, a float, a string and a list of ints.
func benchBytes(b *testing.B, n int, opts ...Option) []byte {
	ids := make([]int64, n)
	xs := make([]float64, n)
	names := make([]string, n)
	for i := range ids {
		ids[i], xs[i], names[i] = int64(i), float64(i)/3, "name-"+string(rune('a'+i%26))
	}
	var buf bytes.Buffer
	if err := Write(&buf, frame.FromColumns([]string{"id", "x", "name"}, ids, xs, names), opts...); err != nil {
		b.Fatal(err)
	}
	return buf.Bytes()
}

// readVariants are the reads the read benchmarks time: the direct reader
// on every core and on one, and pqarrow on one core, with dictionary
// strings read through their dictionaries (dict.go) and without.
var readVariants = []struct {
	name string
	opts []Option
}{
	{"parallel", nil},
	{"serial", []Option{WithParallelism(1)}},
	{"serial/pqarrow", []Option{WithParallelism(1), viaPqarrow}},
	{"serial/pqarrow-no-dictionary-read", []Option{WithParallelism(1), func(c *config) { c.noReadDict, c.noDirect = true, true }}},
}

// BenchmarkRead: the one-call read, parallel and serial, MB/s of file.
func BenchmarkRead(b *testing.B) {
	data := benchBytes(b, 1_000_000)
	for _, v := range readVariants {
		name, opts := v.name, v.opts
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Read(bytes.NewReader(data), int64(len(data)), opts...); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkReadRecipes: the benchmark recipes (W4b), when present.
func BenchmarkReadRecipes(b *testing.B) {
	const path = "/tmp/benchdata/recipes.parquet"
	st, err := os.Stat(path)
	if err != nil {
		b.Skip(path, " missing")
	}
	for _, v := range readVariants {
		name, opts := v.name, v.opts
		b.Run(name, func(b *testing.B) {
			b.SetBytes(st.Size())
			b.ReportAllocs()
			for b.Loop() {
				if _, err := ReadFile(path, opts...); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkFloorPages is the floor of a read of the benchmark recipes on
// one core: every page of every column chunk read and decompressed with
// the file's codec (arrow-go's page reader), no value decoded. The serial
// BenchmarkReadRecipes against it is how far the decoding is from the
// machine.
func BenchmarkFloorPages(b *testing.B) {
	const path = "/tmp/benchdata/recipes.parquet"
	data, err := os.ReadFile(path)
	if err != nil {
		b.Skip(path, " missing")
	}
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		r, err := file.NewParquetReader(bytes.NewReader(data))
		if err != nil {
			b.Fatal(err)
		}
		pages := 0
		for g := range r.NumRowGroups() {
			rg := r.RowGroup(g)
			for c := range rg.NumColumns() {
				pr, err := rg.GetColumnPageReader(c)
				if err != nil {
					b.Fatal(err)
				}
				for pr.Next() {
					pages++
				}
				if err := pr.Err(); err != nil {
					b.Fatal(err)
				}
			}
		}
		if pages == 0 {
			b.Fatal("no page")
		}
	}
}

// BenchmarkWrite: Snappy and Zstd, MB/s of file written.
func BenchmarkWrite(b *testing.B) {
	n := 1_000_000
	ids := make([]int64, n)
	names := make([]string, n)
	for i := range ids {
		ids[i], names[i] = int64(i), "name"
	}
	f := frame.FromColumns([]string{"id", "name"}, ids, names)
	for name, c := range map[string]Compression{"snappy": Snappy, "zstd": Zstd} {
		b.Run(name, func(b *testing.B) {
			var buf bytes.Buffer
			b.ReportAllocs()
			for b.Loop() {
				buf.Reset()
				if err := Write(&buf, f, WithCompression(c)); err != nil {
					b.Fatal(err)
				}
				b.SetBytes(int64(buf.Len()))
			}
		})
	}
}

// BenchmarkCheck: the checks a read makes before arrow-go reads (the
// footer's counts and every page header of every column chunk, check.go)
// alone, on the benchmark recipes file (W4b) when present and on the
// file of BenchmarkRead, MB/s of file: what they add to a read.
func BenchmarkCheck(b *testing.B) {
	files := map[string]func() (*os.File, error){
		"recipes": func() (*os.File, error) { return os.Open("/tmp/benchdata/recipes.parquet") },
		"flat": func() (*os.File, error) {
			path := filepath.Join(b.TempDir(), "flat.parquet")
			if err := os.WriteFile(path, benchBytes(b, 1_000_000), 0o644); err != nil {
				return nil, err
			}
			return os.Open(path)
		},
	}
	for name, mk := range files {
		b.Run(name, func(b *testing.B) {
			f, err := mk()
			if err != nil {
				b.Skip(err)
			}
			defer f.Close()
			c := makeConfig(nil)
			fr, leaves, err := open(f, &c)
			if err != nil {
				b.Fatal(err)
			}
			fm := fr.ParquetReader().MetaData()
			groups := upTo(fm.NumRowGroups())
			paths := leafPaths(fr.Manifest, fm.Schema.NumColumns())
			b.SetBytes(c.size)
			b.ReportAllocs()
			for b.Loop() {
				if _, err := checkChunks("Read", c.src, fm, c.size, groups, leaves, paths, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
