package formats_test

import (
	"fmt"
	"log"
	"os"
	"strings"

	"github.com/structframe/structframe/io/formats"
)

// Find the format of a file by its extension, looking through a
// compression extension, and a format by the name a user types.
func ExampleByPath() {
	for _, path := range []string{"events.ndjson.gz", "sales.parq", "table.tab", "notes.txt"} {
		f, err := formats.ByPath(path)
		if err != nil {
			fmt.Println(strings.SplitN(err.Error(), " (", 2)[0])
			continue
		}
		fmt.Printf("%s: %s, read by io/%s, text %v\n", path, f, f.Kind(), f.Text())
	}
	f, _ := formats.ByName("JSONL")
	fmt.Println("JSONL:", f, f.Exts())
	// Output:
	// events.ndjson.gz: ndjson, read by io/json, text true
	// sales.parq: parquet, read by io/parquet, text false
	// table.tab: tsv, read by io/csv, text true
	// notes.txt: unknown format: extension ".txt"
	// JSONL: ndjson [.ndjson .jsonl]
}

// Convert CSV to NDJSON, a structure carried as dotted columns: one list
// of options serves both formats, each taking what concerns it.
func ExampleFormat_Write() {
	opts := []formats.Option{formats.WithDottedColumns(true)}
	f, err := formats.CSV.Read(strings.NewReader("id,recipe.title,recipe.minutes\n1,soup,30\n2,pie,75\n"), opts...)
	if err != nil {
		log.Fatal(err)
	}
	if err := formats.NDJSON.Write(os.Stdout, f, opts...); err != nil {
		log.Fatal(err)
	}
	// Output:
	// {"id":1,"recipe":{"title":"soup","minutes":30}}
	// {"id":2,"recipe":{"title":"pie","minutes":75}}
}

// Tell the format of an input whose name says nothing from its first
// bytes.
func ExampleDetect() {
	for _, in := range []string{"[{\"a\": 1}]", "a,b\n1,2\n", "PAR1\x15\x00"} {
		f, err := formats.Detect(strings.NewReader(in))
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println(f)
	}
	// Output:
	// json
	// csv
	// parquet
}
