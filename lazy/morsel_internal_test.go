package lazy

import (
	"context"
	"errors"
	"iter"
	"runtime"
	"sync/atomic"
	"testing"
	"time"

	"github.com/structframe/structframe/frame"
)

// seqSource yields n one-row batches holding 0..n-1, and counts them.
type seqSource struct {
	n    int
	read atomic.Int64
}

func (s *seqSource) Schema(context.Context) (*frame.Frame, error) {
	return frame.FromColumns([]string{"i"}, []int64{}), nil
}
func (s *seqSource) Describe(ScanSpec) []string { return []string{"seq"} }
func (s *seqSource) Open(ctx context.Context, _ ScanSpec) (iter.Seq2[*frame.Frame, error], error) {
	return func(yield func(*frame.Frame, error) bool) {
		for i := range s.n {
			if ctx.Err() != nil {
				yield(nil, ctx.Err())
				return
			}
			s.read.Add(1)
			if !yield(frame.FromColumns([]string{"i"}, []int64{int64(i)}), nil) {
				return
			}
		}
	}, nil
}

// first is the value of a one-row batch.
func first(t *testing.T, b *frame.Frame) int64 {
	t.Helper()
	s, err := b.Column("i")
	if err != nil {
		t.Fatal(err)
	}
	return s.ToValue()[0].(int64)
}

// TestMorselsOrder: batches finished out of order by the workers come
// back in the source's order, each processed once, on several workers.
func TestMorselsOrder(t *testing.T) {
	src := &seqSource{n: 200}
	var used [4]atomic.Int64
	fn := func(w int, b *frame.Frame, seq int) (*frame.Frame, error) {
		used[w].Add(1)
		if seq%7 == 0 {
			time.Sleep(time.Millisecond) // finishes after later batches
		}
		return b.WithColumns(frame.Col("i").Mul(frame.Lit(int64(2))).Alias("j")), nil
	}
	i := int64(0)
	for b, err := range morsels(context.Background(), &node{op: opScan, src: src, spec: ScanSpec{Limit: -1}}, 4, fn) {
		if err != nil {
			t.Fatal(err)
		}
		if got := first(t, b); got != i {
			t.Fatalf("batch %d holds %d", i, got)
		}
		i++
	}
	if i != 200 {
		t.Fatalf("%d batches, want 200", i)
	}
	busy := 0
	for w := range used {
		if used[w].Load() > 0 {
			busy++
		}
	}
	if busy < 2 {
		t.Errorf("%d workers took batches, want several", busy)
	}
}

// TestMorselsFirstError: the error of batch 5 is yielded after batches
// 0-4 and nothing after it, though later batches succeed first.
func TestMorselsFirstError(t *testing.T) {
	bad := errors.New("bad batch")
	fn := func(_ int, b *frame.Frame, seq int) (*frame.Frame, error) {
		if seq == 5 {
			time.Sleep(5 * time.Millisecond)
			return nil, bad
		}
		return b, nil
	}
	var got []int64
	var gotErr error
	for b, err := range morsels(context.Background(), &node{op: opScan, src: &seqSource{n: 50}, spec: ScanSpec{Limit: -1}}, 3, fn) {
		if err != nil {
			gotErr = err
			continue // a yield after the error would show here
		}
		got = append(got, first(t, b))
	}
	if !errors.Is(gotErr, bad) || len(got) != 5 || got[4] != 4 {
		t.Errorf("got %v then %v, want 0-4 then the error", got, gotErr)
	}
}

// TestMorselsStop: a consumer stopping early stops the source after a
// bounded read-ahead, and leaves no goroutine behind.
func TestMorselsStop(t *testing.T) {
	before := runtime.NumGoroutine()
	src := &seqSource{n: 100000}
	n := 0
	for _, err := range morsels(context.Background(), &node{op: opScan, src: src, spec: ScanSpec{Limit: -1}}, 4,
		func(_ int, b *frame.Frame, _ int) (*frame.Frame, error) { return b, nil }) {
		if err != nil {
			t.Fatal(err)
		}
		if n++; n == 10 {
			break
		}
	}
	deadline := time.Now().Add(5 * time.Second)
	for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	if g := runtime.NumGoroutine(); g > before {
		t.Errorf("%d goroutines left running", g-before)
	}
	if r := src.read.Load(); r > 10+2*4+4+2 {
		t.Errorf("read %d batches for 10 taken", r)
	}
}

// TestMorselsCancel: cancelling the context ends the stage with the
// context's error.
func TestMorselsCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var last error
	n := 0
	for _, err := range morsels(ctx, &node{op: opScan, src: &seqSource{n: 100000}, spec: ScanSpec{Limit: -1}}, 2,
		func(_ int, b *frame.Frame, _ int) (*frame.Frame, error) { return b, nil }) {
		if err != nil {
			last = err
			break
		}
		if n++; n == 20 {
			cancel()
		}
	}
	if !errors.Is(last, context.Canceled) {
		t.Errorf("after cancel: %v, want context.Canceled", last)
	}
}
