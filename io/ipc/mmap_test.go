//go:build linux || darwin || freebsd

package ipc

import (
	"path/filepath"
	"runtime"
	"testing"
	"time"
	"unsafe"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/structured"
)

// waitUnmapped collects garbage until no mapping is left, or fails.
func waitUnmapped(t *testing.T) {
	t.Helper()
	for range 200 {
		runtime.GC()
		if liveMappings.Load() == 0 {
			return
		}
		time.Sleep(time.Millisecond)
	}
	t.Fatalf("%d mappings still mapped once nothing reads them", liveMappings.Load())
}

// TestMappedZeroCopy: the value buffers of every column of a mapped read
// point into the mapping.
func TestMappedZeroCopy(t *testing.T) {
	f := frame.FromTensor(structured.Must(structured.FromValue(nestedRecords)))
	path := filepath.Join(t.TempDir(), "n.arrow")
	if err := WriteFile(path, f); err != nil {
		t.Fatal(err)
	}
	r, err := OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	m := r.src.(*fileSource).m
	if m == nil {
		t.Fatal("the file was not mapped")
	}
	lo := uintptr(unsafe.Pointer(unsafe.SliceData(m.data)))
	hi := lo + uintptr(len(m.data))
	if !r.Next() {
		t.Fatal(r.Err())
	}
	rec, err := r.Tensor().ToRecordBatch()
	if err != nil {
		t.Fatal(err)
	}
	defer rec.Release()
	checked := 0
	walk := func(path string, bufs [][]byte) {
		for i, b := range bufs {
			if len(b) == 0 {
				continue
			}
			p := uintptr(unsafe.Pointer(unsafe.SliceData(b)))
			if p < lo || p+uintptr(len(b)) > hi {
				t.Errorf("%s: buffer %d at %#x is outside the mapping [%#x, %#x)", path, i, p, lo, hi)
			}
			checked++
		}
	}
	for i, col := range rec.Columns() {
		stack := []struct {
			path string
			d    arrowData
		}{{rec.ColumnName(i), col.Data()}}
		for len(stack) > 0 {
			top := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			var bufs [][]byte
			for _, b := range top.d.Buffers() {
				if b != nil {
					bufs = append(bufs, b.Bytes())
				}
			}
			walk(top.path, bufs)
			for _, c := range top.d.Children() {
				stack = append(stack, struct {
					path string
					d    arrowData
				}{top.path + ".child", c})
			}
		}
	}
	if checked < 10 {
		t.Errorf("only %d buffers checked", checked)
	}
	r.Close()
}

// TestMappedReadAfterClose: a Frame read from a mapped file stays valid
// after its Reader is closed and garbage is collected (the mapping lives
// while a value reads it), and the mapping is unmapped once nothing does.
func TestMappedReadAfterClose(t *testing.T) {
	waitUnmapped(t)
	want := frame.FromTensor(structured.Must(structured.FromValue(nestedRecords))).SetIndex("id")
	path := filepath.Join(t.TempDir(), "n.arrow")
	if err := WriteFile(path, want); err != nil {
		t.Fatal(err)
	}
	got, err := ReadFile(path) // opens, reads and closes
	if err != nil {
		t.Fatal(err)
	}
	r, err := OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !r.Next() {
		t.Fatal(r.Err())
	}
	batch := r.Frame()
	r.Close()
	for range 5 {
		runtime.GC()
		time.Sleep(time.Millisecond)
	}
	if liveMappings.Load() == 0 {
		t.Fatal("unmapped while Frames read the mappings")
	}
	if d := sameFrame(want, got); d != "" {
		t.Errorf("ReadFile after close: %s", d)
	}
	if d := sameFrame(want, batch); d != "" {
		t.Errorf("Reader batch after Close: %s", d)
	}
	runtime.KeepAlive(got)
	runtime.KeepAlive(batch)
	got, batch = nil, nil
	waitUnmapped(t)
}

type arrowData = arrow.ArrayData
