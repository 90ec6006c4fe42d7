package csv_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/klauspost/compress/gzip"
	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/io/csv"
)

func ExampleRead() {
	in := `id,zip,score,day
1,007,1.5,2024-01-02
2,10115,,2024-01-03
`
	f, err := csv.Read(strings.NewReader(in))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(f.Schema())
	// Output:
	// 2 * {id: int64, zip: string, score: ?float64, day: date32}
}

func ExampleWrite() {
	f := frame.FromColumns([]string{"name", "score"},
		[]string{"plain", "with, comma"}, []float64{2, 0.1})
	if err := csv.Write(os.Stdout, f); err != nil {
		fmt.Println(err)
	}
	// Output:
	// name,score
	// plain,2.0
	// "with, comma",0.1
}

// Dotted headers come back as structure columns with WithNested.
func ExampleWithNested() {
	in := "id,addr.city,addr.zip\n1,Oslo,0150\n"
	f, err := csv.Read(strings.NewReader(in), csv.WithNested(csv.NestedFlatten))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(f.Schema())
	// Output:
	// 1 * {id: int64, addr: {city: string, zip: string}}
}

// An indexed frame is written with its index as leading columns, and
// WithIndexColumns reads it back equal.
func ExampleWithIndexColumns() {
	f := frame.FromColumns([]string{"city", "year", "pop"},
		[]string{"Oslo", "Oslo"}, []int64{2020, 2021}, []int64{693, 697}).SetIndex("city", "year")
	var sb strings.Builder
	if err := csv.Write(&sb, f); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(sb.String())
	back, err := csv.Read(strings.NewReader(sb.String()), csv.WithIndexColumns("city", "year"))
	if err != nil {
		fmt.Println(err)
		return
	}
	a, _ := f.Tensor()
	b, _ := back.Tensor()
	fmt.Println("equal:", a.Equal(b))
	// Output:
	// city,year,pop
	// Oslo,2020,693
	// Oslo,2021,697
	// equal: true
}

// A Reader gives the input batch by batch, every batch with the same
// column types.
func ExampleReader() {
	in := "a,b\n1,x\n2,y\n3,z\n"
	r := csv.NewReader(strings.NewReader(in), csv.WithBatchSize(2))
	for f, err := range r.All() {
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(f.NumRows(), f.Schema())
	}
	// Output:
	// 2 2 * {a: int64, b: string}
	// 1 1 * {a: int64, b: string}
}

// A malformed record is a *ParseError naming where it is.
func ExampleParseError() {
	_, err := csv.Read(strings.NewReader("a,b\n1,2\n3\n"))
	fmt.Println(err)
	// Output:
	// csv: line 3, column 2 ("b"), byte 8: wrong number of fields: 1 fields, the header has 2
}

// A gzip or zstd input is recognized by its magic number and decompressed
// as it is read, whatever the file is called.
func ExampleReadFile_compressed() {
	path := filepath.Join(os.TempDir(), "scores.csv.gz")
	file, err := os.Create(path)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.Remove(path)
	w := gzip.NewWriter(file)
	w.Write([]byte("id,score\n1,1.5\n2,2.5\n"))
	w.Close()
	file.Close()

	f, err := csv.ReadFile(path, csv.WithMaxDecompressed(1<<30))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(f.Schema())
	// Output:
	// 2 * {id: int64, score: float64}
}

// Binary content is refused with an error saying what it looks like,
// instead of being read as a one-row CSV of garbage.
func ExampleErrNotText() {
	_, err := csv.Read(strings.NewReader("PAR1\x15\x04\x15\x10\x15\x14L"))
	fmt.Println(err)
	fmt.Println(errors.Is(err, csv.ErrNotText))
	// Output:
	// csv: looks like a Parquet file, not CSV text; read it with io/parquet
	// true
}
