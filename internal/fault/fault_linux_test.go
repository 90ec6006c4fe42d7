package fault

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// mappedThenTruncated maps a file of two pages and truncates it to none:
// reading the mapping faults (SIGBUS).
func mappedThenTruncated(t *testing.T) []byte {
	t.Helper()
	path := filepath.Join(t.TempDir(), "data")
	page := os.Getpagesize()
	if err := os.WriteFile(path, make([]byte, 2*page), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	data, err := syscall.Mmap(int(f.Fd()), 0, 2*page, syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = syscall.Munmap(data) })
	if err := os.Truncate(path, 0); err != nil {
		t.Fatal(err)
	}
	return data
}

func TestFaultBecomesError(t *testing.T) {
	data := mappedThenTruncated(t)
	read := func() error {
		var sum int
		for _, b := range data {
			sum += int(b)
		}
		if sum != 0 {
			return errors.New("a truncated file read as data")
		}
		return nil
	}
	var fe *Error
	if err := Run(read); !errors.As(err, &fe) || fe.Addr == 0 {
		t.Fatalf("Run = %v, want a fault", err)
	}
	var g Group
	for range 3 {
		g.Go(read)
	}
	if err := g.Wait(); !errors.As(err, &fe) {
		t.Fatalf("Group.Wait = %v, want a fault", err)
	}
}
