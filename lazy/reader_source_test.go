package lazy_test

import (
	"context"
	"testing"
	"time"

	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/lazy"
)

// blockingReader gives one batch, then waits in Next until it is closed,
// as a pipe waiting for data does.
type blockingReader struct {
	calls  int
	closed chan struct{}
	f      *frame.Frame
}

func (r *blockingReader) Next() bool {
	r.calls++
	if r.calls == 1 {
		return true
	}
	<-r.closed
	return false
}
func (r *blockingReader) Frame() *frame.Frame { return r.f }
func (r *blockingReader) Err() error          { return nil }
func (r *blockingReader) Close() error        { close(r.closed); return nil }

// TestStreamStopsBlockedReader: a consumer stopping after a batch does
// not wait for the reader's next batch, which here never comes.
func TestStreamStopsBlockedReader(t *testing.T) {
	f := testFrame(10, false, 1)
	src := lazy.ReaderSource(
		func(lazy.ScanSpec) []string { return nil },
		func(context.Context) (*frame.Frame, error) { return f.Head(0), nil },
		func(context.Context, lazy.ScanSpec) (lazy.BatchReader, error) {
			return &blockingReader{closed: make(chan struct{}), f: f}, nil
		})
	done := make(chan struct{})
	go func() {
		defer close(done)
		for range lazy.Scan(src).Stream(context.Background()) {
			break
		}
	}()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("Stream did not return after the consumer stopped")
	}
}
