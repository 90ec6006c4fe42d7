package json_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/klauspost/compress/zstd"
	"github.com/structframe/structframe/io/json"
)

// Read a nested NDJSON input: the schema is inferred over every row, keys
// in first-seen order, a key some rows lack is null there.
func ExampleRead() {
	in := `{"title": "Pancakes", "ingredients": [{"name": "flour", "amount": 200}, {"name": "milk", "amount": 0.3}]}
{"title": "Toast", "ingredients": [], "tags": ["quick"]}
`
	f, err := json.Read(strings.NewReader(in))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(f.Schema())
	fmt.Println(f.NumRows(), f.Columns())
	// Output:
	// 2 * {title: string, ingredients: var * {name: string, amount: float64}, tags: ?var * string}
	// 2 [title ingredients tags]
}

// Read only some columns: other keys are skipped (their syntax still
// checked), a dotted path reaches into records and lists of records.
func ExampleWithColumns() {
	in := `[{"id": 1, "user": {"name": "ada", "email": "a@x"}, "items": [{"sku": "A", "qty": 2}]},
 {"id": 2, "user": {"name": "bob", "email": "b@x"}, "items": []}]`
	f, err := json.Read(strings.NewReader(in), json.WithColumns("id", "user.name", "items.qty"))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(f.Schema())
	// Output:
	// 2 * {id: int64, user: {name: string}, items: var * {qty: int64}}
}

// A Reader gives batches of rows with one schema, inferred over the whole
// input when the input can be read twice (a file, or here a
// strings.Reader): the key only the last row has is in every batch.
func ExampleReader() {
	in := "{\"a\": 1}\n{\"a\": 2}\n{\"a\": 3, \"b\": \"late\"}\n"
	r := json.NewReader(strings.NewReader(in), json.WithBatchSize(2))
	defer r.Close()
	for r.Next() {
		fmt.Println(r.Frame().NumRows(), r.Frame().Columns())
	}
	if err := r.Err(); err != nil {
		fmt.Println(err)
	}
	// Output:
	// 2 [a b]
	// 1 [a b]
}

// Errors name the line, the byte offset and the field.
func ExampleRecordError() {
	in := "{\"a\": 1}\n{\"a\": 2}\n{\"a\": \"three\"}\n"
	_, err := json.Read(strings.NewReader(in))
	fmt.Println(err)
	// Output:
	// json: record at line 3 (offset 18): structured: Builder: field a: got string at row 2, want int64 (first seen at row 0)
}

// A gzip or zstd input is recognized by its magic number and decompressed
// as it streams into the parser, whatever the file is called; a Reader
// over a compressed file reads it batch by batch with bounded memory.
func ExampleOpenFile_compressed() {
	path := filepath.Join(os.TempDir(), "events.ndjson.zst")
	w, err := zstd.NewWriter(nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	data := w.EncodeAll([]byte("{\"id\":1,\"tags\":[\"a\"]}\n{\"id\":2,\"tags\":[]}\n{\"id\":3}\n"), nil)
	w.Close()
	if err := os.WriteFile(path, data, 0o644); err != nil {
		fmt.Println(err)
		return
	}
	defer os.Remove(path)

	r, err := json.OpenFile(path, json.WithBatchSize(2), json.WithMaxDecompressed(1<<30))
	if err != nil {
		fmt.Println(err)
		return
	}
	defer r.Close()
	for r.Next() {
		fmt.Println(r.Frame().NumRows(), r.Frame().Columns())
	}
	if err := r.Err(); err != nil {
		fmt.Println(err)
	}
	// Output:
	// 2 [id tags]
	// 1 [id tags]
}

// Binary content is refused with an error saying what it looks like.
func ExampleErrNotText() {
	_, err := json.Read(strings.NewReader("ARROW1\x00\x00\xff\xff\xff\xff"))
	fmt.Println(err)
	fmt.Println(errors.Is(err, json.ErrNotText))
	// Output:
	// json: looks like an Arrow IPC file, not JSON text; read it with io/ipc
	// true
}
