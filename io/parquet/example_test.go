package parquet_test

import (
	"bytes"
	"fmt"

	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/io/parquet"
)

// A Frame written and read back, its index kept, then only some columns
// read, and the file's statistics read from its footer.
func Example() {
	f := frame.FromColumns([]string{"city", "year", "temp"},
		[]string{"paris", "rome", "oslo"}, []int64{2023, 2024, 2024}, []float64{11.5, 17.5, 6.25}).SetIndex("city")
	var b bytes.Buffer
	if err := parquet.Write(&b, f, parquet.WithCompression(parquet.Zstd)); err != nil {
		fmt.Println(err)
		return
	}
	data := bytes.NewReader(b.Bytes())

	back, err := parquet.Read(data, data.Size())
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(back.Columns(), back.Index().NumRows())

	temps, err := parquet.Read(data, data.Size(), parquet.WithColumns("temp"))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(temps.Columns())

	m, err := parquet.ReadStats(data, data.Size())
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, c := range m.Columns {
		fmt.Println(c.Path, c.NullCount, c.Min, c.Max)
	}
	// Output:
	// [year temp] 3
	// [temp]
	// _index_.city 0 oslo rome
	// year 0 2023 2024
	// temp 0 6.25 17.5
}

// Reading a file row group by row group, with memory bounded by a row
// group.
func ExampleReader() {
	ids := make([]int64, 10)
	for i := range ids {
		ids[i] = int64(i)
	}
	var b bytes.Buffer
	if err := parquet.Write(&b, frame.FromColumns([]string{"id"}, ids), parquet.WithRowGroupRows(4)); err != nil {
		fmt.Println(err)
		return
	}
	r, err := parquet.NewReader(bytes.NewReader(b.Bytes()))
	if err != nil {
		fmt.Println(err)
		return
	}
	defer r.Close()
	for r.Next() {
		fmt.Println(r.Frame().NumRows())
	}
	if err := r.Err(); err != nil {
		fmt.Println(err)
	}
	// Output:
	// 4
	// 4
	// 2
}

// Skipping the row groups whose statistics rule out a match: of the
// three row groups (ids 0-3, 4-7, 8-9), only the last may hold an id
// above 7 and a year of 2024, so only it is read. The rows of the groups
// kept are read whole (id 8 too): filter the Frame for exact rows.
func ExampleWithRowGroupFilter() {
	ids := make([]int64, 10)
	years := make([]int64, 10)
	for i := range ids {
		ids[i], years[i] = int64(i), 2015+int64(i)
	}
	var b bytes.Buffer
	f := frame.FromColumns([]string{"id", "year"}, ids, years)
	if err := parquet.Write(&b, f, parquet.WithRowGroupRows(4)); err != nil {
		fmt.Println(err)
		return
	}
	data := bytes.NewReader(b.Bytes())
	got, err := parquet.Read(data, data.Size(),
		parquet.WithRowGroupFilter(parquet.Gt("id", 7), parquet.In("year", 2024, 2030)))
	if err != nil {
		fmt.Println(err)
		return
	}
	id, _ := got.Column("id")
	fmt.Println(id.ToValue())
	// Output:
	// [8 9]
}
