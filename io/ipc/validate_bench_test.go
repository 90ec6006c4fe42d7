package ipc

import (
	"os"
	"path/filepath"
	"testing"
)

// BenchmarkReadFileValidation reads the benchmark data's recipes.arrow
// (145 MB, 200,000 recipes in record batches; $BENCH_DATA, else the
// harness's data directory) mapped, validated by default and trusted
// with WithValidate(false): the cost of the default validation, which
// reads every offset and dictionary index of the file once.
func BenchmarkReadFileValidation(b *testing.B) {
	dir := os.Getenv("BENCH_DATA")
	if dir == "" {
		dir = filepath.Join("..", "..", "..", "shared", "bench", "data")
	}
	path := filepath.Join(dir, "recipes.arrow")
	if _, err := os.Stat(path); err != nil {
		b.Skipf("no %s (set BENCH_DATA to the directory of the benchmark data)", path)
	}
	for _, c := range []struct {
		name string
		opts []Option
	}{
		{"default", nil},
		{"WithValidate(false)", []Option{WithValidate(false)}},
	} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				if _, err := ReadFile(path, c.opts...); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
