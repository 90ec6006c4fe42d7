package ipc

import (
	"bytes"
	"runtime"
	"testing"
	"time"

	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/structured"
)

// TestNoLeak: the non-mapped readers (a stream, which allocates every
// message, and compressed files, which allocate every decompressed
// buffer) give all their memory back once the Frames are unreachable,
// on success and on a corrupt input; while a Frame is reachable its
// memory is not freed.
func TestNoLeak(t *testing.T) {
	f := frame.FromTensor(structured.Must(structured.FromValue(nestedRecords))).SetIndex("id")
	for _, tc := range []struct {
		name string
		opts []Option
	}{
		{"stream", []Option{WithFormat(Stream)}},
		{"stream-lz4-batches", []Option{WithFormat(Stream), WithCompression(LZ4), WithBatchSize(1)}},
		{"file-zstd", []Option{WithCompression(Zstd)}},
		{"file-zstd-batches", []Option{WithCompression(Zstd), WithBatchSize(2)}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b bytes.Buffer
			if err := Write(&b, f, tc.opts...); err != nil {
				t.Fatal(err)
			}
			mem := memory.NewCheckedAllocator(memory.NewGoAllocator())
			got, err := Read(bytes.NewReader(b.Bytes()), WithAllocator(mem))
			if err != nil {
				t.Fatal(err)
			}
			r := NewReader(bytes.NewReader(b.Bytes()), WithAllocator(mem))
			var batches []*frame.Frame
			for g, err := range r.All() {
				if err != nil {
					t.Fatal(err)
				}
				batches = append(batches, g)
			}
			r.Close()
			for range 3 {
				runtime.GC()
			}
			if mem.CurrentAlloc() == 0 {
				t.Fatal("memory freed while Frames read it")
			}
			if d := sameFrame(f, got); d != "" {
				t.Error(d)
			}
			runtime.KeepAlive(batches)
			got, batches = nil, nil
			// A corrupt input: the batch fails, what it allocated is freed.
			bad := append([]byte(nil), b.Bytes()...)
			bad = bad[:len(bad)*3/4]
			if _, err := Read(bytes.NewReader(bad), WithAllocator(mem)); err == nil {
				t.Log("truncated input read without error")
			}
			for range 200 {
				runtime.GC()
				if mem.CurrentAlloc() == 0 {
					break
				}
				time.Sleep(time.Millisecond)
			}
			mem.AssertSize(t, 0)
		})
	}
}
