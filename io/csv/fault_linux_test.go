package csv

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/structframe/structframe/internal/fault"
	"github.com/structframe/structframe/internal/mmapfile"
)

// TestParallelForFault: a parse goroutine reading a mapped file that was
// truncated raises the fault on the caller's goroutine, where ReadFile's
// guard makes it an error (the process lived only by chance before: a
// fault on a worker was SIGBUS).
func TestParallelForFault(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t.csv")
	page := os.Getpagesize()
	if err := os.WriteFile(path, make([]byte, 8*page), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	data, unmap, ok := mmapfile.Map(f)
	if !ok {
		t.Skip("the file was not mapped")
	}
	defer unmap()
	if err := os.Truncate(path, 0); err != nil {
		t.Fatal(err)
	}
	sums := make([]int, 8)
	err = fault.Run(func() error {
		parallelFor(2, 8, func(i int) {
			for _, b := range data[i*page : (i+1)*page] {
				sums[i] += int(b)
			}
		})
		return nil
	})
	var fe *fault.Error
	if !errors.As(err, &fe) {
		t.Fatalf("parallelFor over a truncated mapping: %v, want a fault", err)
	}
}
