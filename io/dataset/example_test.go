package dataset_test

import (
	"fmt"
	"log"
	"os"
	"path/filepath"

	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/io/dataset"
)

// tempDir makes a directory for an example; the caller removes it.
func tempDir() string {
	dir, err := os.MkdirTemp("", "dataset-example")
	if err != nil {
		log.Fatal(err)
	}
	return dir
}

// Write a frame partitioned by year and month, then list the files: one
// per partition, the partition columns in the directory names only.
func ExampleWrite() {
	dir := tempDir()
	defer os.RemoveAll(dir)
	sales := frame.Must(frame.FromColumns([]string{"year", "month", "shop", "amount"},
		[]int64{2023, 2024, 2024, 2024},
		[]int64{12, 1, 1, 2},
		[]string{"Lyon", "Lyon", "Paris", "Paris"},
		[]float64{10.5, 3, 7.25, 1}))
	if err := dataset.Write(filepath.Join(dir, "sales"), sales, dataset.WithPartitionBy("year", "month")); err != nil {
		log.Fatal(err)
	}
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(dir, p)
			fmt.Println(filepath.ToSlash(rel))
		}
		return err
	})
	// Output:
	// sales/year=2023/month=12/part-0.parquet
	// sales/year=2024/month=1/part-0.parquet
	// sales/year=2024/month=2/part-0.parquet
}

// Read a partitioned directory with a filter: the filter's condition on
// the partition column year is decided from the directory names, so the
// files of 2023 are never opened; the condition on amount is applied to
// the rows read.
func ExampleRead() {
	dir := tempDir()
	defer os.RemoveAll(dir)
	sales := frame.Must(frame.FromColumns([]string{"year", "shop", "amount"},
		[]int64{2023, 2024, 2024, 2024},
		[]string{"Lyon", "Lyon", "Paris", "Paris"},
		[]float64{10.5, 3, 7.25, 1}))
	if err := dataset.Write(dir, sales, dataset.WithPartitionBy("year")); err != nil {
		log.Fatal(err)
	}
	f, err := dataset.Read(dir, dataset.WithFilter(
		frame.Col("year").Eq(frame.Lit(2024)).And(frame.Col("amount").Gt(frame.Lit(2)))))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(f)
	// Output:
	// shape: (2, 3)
	// ┌───┬───────┬────────┬──────┐
	// │   │ shop  │ amount │ year │
	// │   │ str   │    f64 │  i64 │
	// ╞═══╪═══════╪════════╪══════╡
	// │ 0 │ Lyon  │   3.0  │ 2024 │
	// │ 1 │ Paris │   7.25 │ 2024 │
	// └───┴───────┴────────┴──────┘
}

// Read files whose schemas differ: a column a file lacks is null in its
// rows, and the partition column comes last.
func ExampleRead_mixedSchemas() {
	dir := tempDir()
	defer os.RemoveAll(dir)
	old := frame.Must(frame.FromColumns([]string{"id"}, []int64{1}))
	newer := frame.Must(frame.FromColumns([]string{"id", "tag"}, []int64{2}, []string{"new"}))
	if err := dataset.Write(filepath.Join(dir, "v=1"), old, dataset.WithFormat(dataset.JSON)); err != nil {
		log.Fatal(err)
	}
	if err := dataset.Write(filepath.Join(dir, "v=2"), newer, dataset.WithFormat(dataset.JSON)); err != nil {
		log.Fatal(err)
	}
	f, err := dataset.Read(filepath.Join(dir, "*", "*.json"))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(f)
	// Output:
	// shape: (2, 3)
	// ┌───┬─────┬──────┬─────┐
	// │   │  id │ tag  │   v │
	// │   │ i64 │ str  │ i64 │
	// ╞═══╪═════╪══════╪═════╡
	// │ 0 │   1 │ null │   1 │
	// │ 1 │   2 │ new  │   2 │
	// └───┴─────┴──────┴─────┘
}

// Open reads a dataset batch by batch (here a file at a time), every
// batch with the same columns, so that memory stays bounded by a batch.
func ExampleOpen() {
	dir := tempDir()
	defer os.RemoveAll(dir)
	events := frame.Must(frame.FromColumns([]string{"day", "user", "clicks"},
		[]string{"2024-05-01", "2024-05-01", "2024-05-02"},
		[]string{"ann", "bob", "ann"},
		[]int64{3, 1, 4}))
	if err := dataset.Write(dir, events, dataset.WithPartitionBy("day"), dataset.WithFormat(dataset.CSV)); err != nil {
		log.Fatal(err)
	}
	r, err := dataset.Open(dir, dataset.WithColumns("day", "clicks"))
	if err != nil {
		log.Fatal(err)
	}
	defer r.Close()
	fmt.Println("schema:", r.Schema())
	total := int64(0)
	for b, err := range r.All() {
		if err != nil {
			log.Fatal(err)
		}
		s, _ := b.Column("clicks")
		for _, v := range s.ToValue() {
			total += v.(int64)
		}
		fmt.Println("batch:", b.NumRows(), "rows")
	}
	fmt.Println("clicks:", total)
	// Output:
	// schema: 0 * {day: string, clicks: int64}
	// batch: 2 rows
	// batch: 1 rows
	// clicks: 8
}
