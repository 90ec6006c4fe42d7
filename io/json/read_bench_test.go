package json

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// BenchmarkRead reads the first 50 MiB of the benchmark recipes
// ($STRUCTFRAME_BENCHDATA/recipes.ndjson, default /tmp/benchdata; skipped
// when absent) into a Frame with the public reader: from memory in blocks
// on one goroutine and on every core, as an array, and from a file, where
// NDJSON is cut into one range per core.
//
//	go test -run '^$' -bench BenchmarkRead -benchtime 3x -count 5 ./io/json
func BenchmarkRead(b *testing.B) {
	data, err := readPrefix(filepath.Join(benchWriteDir(), "recipes.ndjson"), 50<<20)
	if err != nil {
		b.Skip(err)
	}
	array := ndjsonToArray(data)
	path := filepath.Join(b.TempDir(), "recipes.ndjson")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		b.Fatal(err)
	}
	run := func(name string, n int, read func() error) {
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(n))
			b.ReportAllocs()
			for b.Loop() {
				if err := read(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
	run("ndjson/serial", len(data), func() error {
		_, err := Read(bytes.NewReader(data), WithParallelism(1))
		return err
	})
	run("ndjson/serial/columns", len(data), func() error {
		// W12's columns: most of each line skipped.
		_, err := Read(bytes.NewReader(data), WithParallelism(1), WithColumns("ingredients.unit", "ingredients.amount"))
		return err
	})
	run("ndjson/parallel", len(data), func() error {
		_, err := Read(bytes.NewReader(data))
		return err
	})
	run("array/parallel", len(array), func() error {
		_, err := Read(bytes.NewReader(array))
		return err
	})
	run("file/ranges", len(data), func() error {
		_, err := ReadFile(path)
		return err
	})
	run("file/columns", len(data), func() error {
		_, err := ReadFile(path, WithColumns("title", "ingredients.amount"))
		return err
	})
}

// ndjsonToArray joins NDJSON lines into one array.
func ndjsonToArray(data []byte) []byte {
	lines := bytes.Split(bytes.TrimRight(data, "\n"), []byte("\n"))
	out := make([]byte, 0, len(data)+len(lines)+2)
	out = append(out, '[')
	out = append(out, bytes.Join(lines, []byte(",\n"))...)
	return append(out, ']', '\n')
}
