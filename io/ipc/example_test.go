package ipc_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"

	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/io/ipc"
	"github.com/structframe/structframe/structured"
)

// Write a nested Frame with a label index as an Arrow IPC file and read
// it back: the columns keep their types and the index comes back from the
// column "_index_". (FromValue orders map keys by name.)
func ExampleWrite() {
	f := frame.FromTensor(structured.Must(structured.FromValue([]any{
		map[string]any{"id": int64(7), "title": "Pancakes", "tags": []any{"sweet", "quick"}},
		map[string]any{"id": int64(9), "title": "Toast", "tags": []any{}},
	}))).SetIndex("id")
	var b bytes.Buffer
	if err := ipc.Write(&b, f, ipc.WithCompression(ipc.Zstd)); err != nil {
		fmt.Println(err)
		return
	}
	back, err := ipc.Read(&b)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(back.Schema())
	fmt.Println(back.Index().Names())
	// Output:
	// 2 * {tags: var * string, title: string}
	// [id]
}

// ReadFile maps the file into memory: the Frame's buffers are the file's
// bytes, and it stays readable after the file is read and closed.
func ExampleReadFile() {
	dir, _ := os.MkdirTemp("", "ipc")
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "scores.arrow")
	f := frame.FromColumns([]string{"name", "score"}, []string{"ada", "bob"}, []float64{9.5, 7})
	if err := ipc.WriteFile(path, f); err != nil {
		fmt.Println(err)
		return
	}
	back, err := ipc.ReadFile(path)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(back.NumRows(), back.Columns(), back.Schema())
	// Output:
	// 2 [name score] 2 * {name: string, score: float64}
}

// A Reader gives one Frame per record batch, each over the batch's
// memory.
func ExampleReader() {
	f := frame.FromColumns([]string{"n"}, []int64{1, 2, 3, 4, 5})
	var b bytes.Buffer
	if err := ipc.Write(&b, f, ipc.WithFormat(ipc.Stream), ipc.WithBatchSize(2)); err != nil {
		fmt.Println(err)
		return
	}
	r := ipc.NewReader(&b)
	defer r.Close()
	for g, err := range r.All() {
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(g.NumRows())
	}
	// Output:
	// 2
	// 2
	// 1
}
