package mmapfile

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// TestMap: a regular file maps to its bytes; an empty file and a
// directory are not mapped.
func TestMap(t *testing.T) {
	if runtime.GOOS != "linux" && runtime.GOOS != "darwin" && runtime.GOOS != "freebsd" {
		t.Skip("no mmap here")
	}
	dir := t.TempDir()
	full := filepath.Join(dir, "full")
	if err := os.WriteFile(full, []byte("a,b\n1,2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	empty := filepath.Join(dir, "empty")
	if err := os.WriteFile(empty, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		path string
		want string
		ok   bool
	}{{full, "a,b\n1,2\n", true}, {empty, "", false}, {dir, "", false}} {
		f, err := os.Open(c.path)
		if err != nil {
			t.Fatal(err)
		}
		data, unmap, ok := Map(f)
		f.Close() // the mapping outlives the descriptor
		if ok != c.ok || string(data) != c.want {
			t.Errorf("%s: %q, %v; want %q, %v", c.path, data, ok, c.want, c.ok)
		}
		if ok {
			unmap()
		}
	}
}

// TestDrop: a part of a mapping dropped from resident memory reads the
// same after (its pages mapped again from the file), and a part smaller
// than a page, or unaligned, is a no-op.
func TestDrop(t *testing.T) {
	if runtime.GOOS != "linux" && runtime.GOOS != "darwin" && runtime.GOOS != "freebsd" {
		t.Skip("no mmap here")
	}
	want := make([]byte, 5*4096+123)
	for i := range want {
		want[i] = byte(i * 7)
	}
	path := filepath.Join(t.TempDir(), "f")
	if err := os.WriteFile(path, want, 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	data, unmap, ok := Map(f)
	if !ok {
		t.Fatal("not mapped")
	}
	defer unmap()
	for _, part := range [][2]int{{0, len(data)}, {100, 4196}, {4000, 4100}, {3 * 4096, len(data)}} {
		Drop(data[part[0]:part[1]])
		if string(data) != string(want) {
			t.Fatalf("after dropping %v the mapping reads differently", part)
		}
	}
}
