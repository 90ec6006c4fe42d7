package build

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// mover holds the bulk work of a merge: the copies of o's values into the
// room made for them in nd's columns, and o's offsets shifted into nd's.
// absorb decides every column's type and makes its room first, serially,
// then the moves run on every core (run): merging two halves of a 219 MB
// file is ~70 MB of copies and their page faults, ~25 ms on one core.
type mover struct {
	pieces []piece
	items  int
}

// piece is part [lo, hi) of one move.
type piece struct {
	do     func(lo, hi int)
	lo, hi int
}

// pieceItems is the largest piece: ~1 MB of 8-byte values, small enough to
// spread a column's move across the cores and large enough that handing
// out a piece costs nothing next to it. A merge of fewer than
// minParallelItems items runs on the caller's goroutine. (Variables for
// tests.)
var (
	pieceItems       = 128 << 10
	minParallelItems = 512 << 10
)

// add queues do over [0, n), cut into pieces.
func (m *mover) add(n int, do func(lo, hi int)) {
	for lo := 0; lo < n; lo += pieceItems {
		m.pieces = append(m.pieces, piece{do, lo, min(lo+pieceItems, n)})
	}
	m.items += n
}

// run does every piece on up to workers goroutines, the caller's among
// them (a small merge, as a stream's batches make, on the caller's
// alone), and empties m.
func (m *mover) run(workers int) {
	ps, items := m.pieces, m.items
	m.pieces, m.items = nil, 0
	workers = min(workers, len(ps))
	if workers <= 1 || items < minParallelItems {
		for _, p := range ps {
			p.do(p.lo, p.hi)
		}
		return
	}
	var next atomic.Int64
	work := func() {
		for {
			i := int(next.Add(1)) - 1
			if i >= len(ps) {
				return
			}
			ps[i].do(ps[i].lo, ps[i].hi)
		}
	}
	var wg sync.WaitGroup
	for range workers - 1 {
		wg.Go(work)
	}
	work()
	wg.Wait()
}

// moveAppend returns s extended by len(src) items, whose copy from src m
// does later. Until m runs, neither s nor src may change: a merge extends
// each of a node's slices once.
func moveAppend[T any](m *mover, s, src []T) []T {
	old := len(s)
	s = ensure(s, len(src))[:old+len(src)]
	dst := s[old:]
	m.add(len(src), func(lo, hi int) { copy(dst[lo:hi], src[lo:hi]) })
	return s
}

// shiftAppend returns offs extended by the n offsets that end o's items,
// each plus base (o's offsets are src[1:n+1]), which m writes later (as
// moveAppend).
func shiftAppend[D, S int32 | int64](m *mover, offs []D, src []S, n int, base D) []D {
	old := len(offs)
	offs = ensure(offs, n)[:old+n]
	dst, from := offs[old:], src[1:n+1]
	m.add(n, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			dst[i] = base + D(from[i])
		}
	})
	return offs
}

// workers is the number of goroutines a merge may use: the Parallelism
// option, or GOMAXPROCS (at most 8).
func (o *Options) workers() int {
	if o.Parallelism > 0 {
		return o.Parallelism
	}
	return min(runtime.GOMAXPROCS(0), 8)
}
