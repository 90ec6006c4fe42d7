package store

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"slices"
	"strconv"
	"sync"
	"time"
)

// Sizes of the requests a remote File makes.
const (
	partSize  = 8 << 20  // a ReadAt larger than this is split into parts fetched at once
	parallel  = 4        // parts of one ReadAt fetched at once
	tailSize  = 64 << 10 // read at once the first time the tail is asked (footers)
	headSize  = 64 << 10 // the first Read at offset 0 (content sniffing)
	holeLimit = 1 << 20  // ranges of a Prefetch this close are fetched in one request
	spanLimit = 64 << 20 // but no request larger than this
)

// remote is a File over an object: random access by ranged requests,
// sequential reading by one streamed request resumed where it broke.
type remote struct {
	ctx     context.Context
	loc     *location
	size    int64
	version string

	mu    sync.Mutex
	spans []span // bytes fetched ahead: the head, the tail, prefetched ranges

	pos    int64 // Read and Seek
	body   io.ReadCloser
	bodyAt int64
	bctx   context.Context // the streamed request's, for its cause
	stop   context.CancelCauseFunc
	timer  *time.Timer
	closed bool
}

// span is bytes of the object held in memory.
type span struct {
	off  int64
	data []byte
	keep bool // the head and the tail outlive a Prefetch
}

func newRemote(ctx context.Context, l *location, size int64, version string) *remote {
	f := &remote{ctx: ctx, loc: l, size: size, version: version}
	if t, ok := tails.get(f.tailKey()); ok {
		f.spans = append(f.spans, t)
	}
	return f
}

// tailKey names the object's tail in the cache of tails: its URL, size
// and version. An object without a version is not cached, as a rewrite
// of the same size could not be told from it.
func (f *remote) tailKey() string {
	if f.version == "" {
		return ""
	}
	return f.loc.name() + "\x00" + strconv.FormatInt(f.size, 10) + "\x00" + f.version
}

// tailCache keeps the tails (footers) of the objects opened last, so
// that a query opening one file several times (its schema, its
// statistics, its rows) fetches the footer once.
type tailCache struct {
	mu    sync.Mutex
	order []string
	spans map[string]span
}

const tailsKept = 256

var tails = &tailCache{spans: map[string]span{}}

func (c *tailCache) get(key string) (span, bool) {
	if key == "" {
		return span{}, false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	s, ok := c.spans[key]
	return s, ok
}

func (c *tailCache) put(key string, s span) {
	if key == "" {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.spans[key]; ok {
		return
	}
	if len(c.order) >= tailsKept {
		delete(c.spans, c.order[0])
		c.order = c.order[1:]
	}
	c.order = append(c.order, key)
	c.spans[key] = s
}

// Stat gives the object's name and size.
func (f *remote) Stat() (fs.FileInfo, error) {
	return fileInfo{name: path.Base(f.loc.key), size: f.size}, nil
}

// Close ends a streamed read and drops the bytes held.
func (f *remote) Close() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.closed = true
	f.spans = nil
	f.endBody()
	return nil
}

// Range is bytes of an object: Length bytes from Offset.
type Range struct{ Offset, Length int64 }

// Prefetch fetches the ranges, coalescing those less than 1 MiB apart
// into one request (up to 64 MiB each) and making the requests at once,
// so that the ReadAt calls that follow are answered from memory. The
// bytes of an earlier Prefetch are dropped. A File that is not remote
// has nothing to do. f is an io.ReaderAt so that readers may pass the
// source they hold, whatever it is.
func Prefetch(f io.ReaderAt, ranges []Range) error {
	r, ok := f.(*remote)
	if !ok || len(ranges) == 0 {
		return nil
	}
	return r.prefetch(ranges)
}

func (f *remote) prefetch(ranges []Range) error {
	rs := slices.Clone(ranges)
	slices.SortFunc(rs, func(a, b Range) int { return cmp64(a.Offset, b.Offset) })
	var merged []Range
	for _, r := range rs {
		if r.Offset < 0 || r.Length <= 0 || r.Offset >= f.size {
			continue
		}
		r.Length = min(r.Length, f.size-r.Offset)
		if f.cached(r.Offset, r.Length) != nil {
			continue
		}
		if n := len(merged); n > 0 {
			last := &merged[n-1]
			end := max(last.Offset+last.Length, r.Offset+r.Length)
			if r.Offset-(last.Offset+last.Length) <= holeLimit && end-last.Offset <= spanLimit {
				last.Length = end - last.Offset
				continue
			}
		}
		merged = append(merged, r)
	}
	spans := make([]span, len(merged))
	err := forEach(len(merged), 8, func(i int) error {
		buf := make([]byte, merged[i].Length)
		if err := f.fetch(buf, merged[i].Offset); err != nil {
			return err
		}
		spans[i] = span{off: merged[i].Offset, data: buf}
		return nil
	})
	if err != nil {
		return err
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.closed {
		return nil
	}
	f.spans = slices.DeleteFunc(f.spans, func(s span) bool { return !s.keep })
	f.spans = append(f.spans, spans...)
	return nil
}

func cmp64(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// cached is the n bytes at off when a held span covers them.
func (f *remote) cached(off, n int64) []byte {
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, s := range f.spans {
		if off >= s.off && off+n <= s.off+int64(len(s.data)) {
			return s.data[off-s.off : off-s.off+n]
		}
	}
	return nil
}

// hold keeps a span (the head or the tail) for the File's life.
func (f *remote) hold(off int64, n int64) ([]byte, error) {
	if b := f.cached(off, n); b != nil {
		return b, nil
	}
	buf := make([]byte, n)
	if err := f.fetch(buf, off); err != nil {
		return nil, err
	}
	s := span{off: off, data: buf, keep: true}
	if off+n == f.size {
		tails.put(f.tailKey(), s)
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if !f.closed {
		f.spans = append(f.spans, s)
	}
	return buf, nil
}

// ReadAt reads len(p) bytes at off: from memory when a held span covers
// them, from the held tail (fetched the first time) when they lie in the
// object's last 64 KiB, else by ranged requests of up to 8 MiB made at
// once.
func (f *remote) ReadAt(p []byte, off int64) (int, error) {
	if off < 0 {
		return 0, errors.New("store: negative offset")
	}
	if off >= f.size {
		if len(p) == 0 {
			return 0, nil
		}
		return 0, io.EOF
	}
	n := int64(len(p))
	if off+n > f.size {
		n = f.size - off
	}
	if b := f.cached(off, n); b != nil {
		copy(p, b)
	} else if tail := max(0, f.size-tailSize); off >= tail {
		b, err := f.hold(tail, f.size-tail)
		if err != nil {
			return 0, err
		}
		copy(p, b[off-tail:off-tail+n])
	} else {
		parts := int((n + partSize - 1) / partSize)
		err := forEach(parts, parallel, func(i int) error {
			lo := int64(i) * partSize
			hi := min(lo+partSize, n)
			return f.fetch(p[lo:hi], off+lo)
		})
		if err != nil {
			return 0, err
		}
	}
	if n < int64(len(p)) {
		return int(n), io.EOF
	}
	return int(n), nil
}

// fetch fills buf with the bytes at off by one ranged request, made again
// on transient failures.
func (f *remote) fetch(buf []byte, off int64) error {
	l := f.loc
	return l.do(f.ctx, "read", off, int64(len(buf)), func(ctx context.Context) error {
		rr, err := l.bucket.NewRangeReader(ctx, l.key, off, int64(len(buf)))
		if err != nil {
			return err
		}
		_, err = io.ReadFull(rr, buf)
		rr.Close()
		if err == io.EOF {
			err = io.ErrUnexpectedEOF // the size said there were bytes
		}
		return err
	})
}

// forEach runs fn(0..n-1) on up to limit goroutines, returning the first
// error.
func forEach(n, limit int, fn func(i int) error) error {
	if n == 1 {
		return fn(0)
	}
	var (
		wg    sync.WaitGroup
		mu    sync.Mutex
		first error
		next  int
	)
	for w := 0; w < min(n, limit); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				mu.Lock()
				i := next
				next++
				stop := first != nil
				mu.Unlock()
				if i >= n || stop {
					return
				}
				if err := fn(i); err != nil {
					mu.Lock()
					if first == nil {
						first = err
					}
					mu.Unlock()
				}
			}
		}()
	}
	wg.Wait()
	return first
}

// Seek sets the offset of the next Read.
func (f *remote) Seek(offset int64, whence int) (int64, error) {
	switch whence {
	case io.SeekStart:
	case io.SeekCurrent:
		offset += f.pos
	case io.SeekEnd:
		offset += f.size
	default:
		return f.pos, errors.New("store: Seek: bad whence")
	}
	if offset < 0 {
		return f.pos, errors.New("store: Seek: negative offset")
	}
	f.pos = offset
	return offset, nil
}

// Read reads on from the offset of the last Read or Seek: from the held
// head or tail when they cover it, else from one request streaming the
// rest of the object. A stream that breaks or stalls past the timeout is
// requested again from where it stopped.
func (f *remote) Read(p []byte) (int, error) {
	if f.pos >= f.size {
		return 0, io.EOF
	}
	if len(p) == 0 {
		return 0, nil
	}
	if f.pos == 0 && f.body == nil {
		if _, err := f.hold(0, min(headSize, f.size)); err != nil {
			return 0, err
		}
	}
	if n := f.fromSpans(p); n > 0 {
		f.pos += int64(n)
		return n, nil
	}
	failures := 0
	for {
		if f.body == nil || f.bodyAt != f.pos {
			if err := f.openBody(); err != nil {
				return 0, err
			}
		}
		n, err := f.body.Read(p)
		f.pos += int64(n)
		f.bodyAt = f.pos
		if n > 0 {
			f.timer.Reset(f.loc.policy.timeout)
			if err == io.EOF && f.pos < f.size {
				err = nil // resumed at the next Read
				f.endBody()
			}
			return n, nilIfEOF(err, f.pos, f.size)
		}
		if err == nil {
			continue
		}
		if err == io.EOF && f.pos >= f.size {
			return 0, io.EOF
		}
		if err == io.EOF {
			err = io.ErrUnexpectedEOF
		}
		timedOut := context.Cause(f.bctx) == errTimeout
		f.endBody()
		if timedOut && f.ctx.Err() == nil {
			err = errTimeout
		}
		failures++
		if f.ctx.Err() != nil || !f.loc.transient(err) || failures >= f.loc.policy.attempts || !backoff(f.ctx, failures, err) {
			if f.ctx.Err() != nil {
				err = f.ctx.Err()
			}
			return 0, &Error{Op: "read", URL: f.loc.name(), Offset: f.pos, Length: f.size - f.pos, Attempts: failures, Err: err}
		}
	}
}

func nilIfEOF(err error, pos, size int64) error {
	if err == io.EOF && pos < size {
		return nil
	}
	return err
}

// fromSpans copies what a held span has at the read offset.
func (f *remote) fromSpans(p []byte) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, s := range f.spans {
		if f.pos >= s.off && f.pos < s.off+int64(len(s.data)) {
			return copy(p, s.data[f.pos-s.off:])
		}
	}
	return 0
}

// openBody starts one request streaming the object from the read offset,
// with a watchdog that ends it when no byte comes within the timeout.
func (f *remote) openBody() error {
	f.endBody()
	l := f.loc
	var body io.ReadCloser
	var bctx context.Context
	var stop context.CancelCauseFunc
	err := l.do(f.ctx, "read", f.pos, f.size-f.pos, func(ctx context.Context) error {
		// the stream outlives do's per-request context: its own, ended by
		// the watchdog
		bctx, stop = context.WithCancelCause(f.ctx)
		timer := time.AfterFunc(l.policy.timeout, func() { stop(errTimeout) })
		rr, err := l.bucket.NewRangeReader(bctx, l.key, f.pos, -1)
		if err != nil {
			timedOut := context.Cause(bctx) == errTimeout
			timer.Stop()
			stop(nil)
			if timedOut && f.ctx.Err() == nil {
				// the watchdog's, not the caller's: made again
				err = fmt.Errorf("%w after %v", errTimeout, l.policy.timeout)
			}
			return err
		}
		body, f.timer = rr, timer
		return nil
	})
	if err != nil {
		return err
	}
	f.body, f.bodyAt, f.stop, f.bctx = body, f.pos, stop, bctx
	return nil
}

// endBody ends the streamed request, if any.
func (f *remote) endBody() {
	if f.body == nil {
		return
	}
	f.timer.Stop()
	f.stop(nil)
	f.body.Close()
	f.body, f.stop, f.timer = nil, nil, nil
}

// fileInfo is what Stat says of an object.
type fileInfo struct {
	name string
	size int64
}

func (i fileInfo) Name() string       { return i.name }
func (i fileInfo) Size() int64        { return i.size }
func (i fileInfo) Mode() fs.FileMode  { return 0o444 }
func (i fileInfo) ModTime() time.Time { return time.Time{} }
func (i fileInfo) IsDir() bool        { return false }
func (i fileInfo) Sys() any           { return nil }

// Remote reports whether r is a File over a URL, whose reads are
// requests: readers then ask for what they need at once ([Prefetch]).
func Remote(r io.ReaderAt) bool {
	_, ok := r.(*remote)
	return ok
}
