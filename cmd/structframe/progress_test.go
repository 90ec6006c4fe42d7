package main

import (
	"bytes"
	"io"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
)

func TestProgressLine(t *testing.T) {
	for _, tc := range []struct {
		n, total int64
		want     string
	}{
		{0, 100, "reading ░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░   0% 0 B / 100 B"},
		{50, 100, "reading ███████████████░░░░░░░░░░░░░░░  50% 50 B / 100 B"},
		{3 << 20, 3 << 20, "reading ██████████████████████████████ 100% 3.0 MiB / 3.0 MiB"},
		{1536, -1, "reading 1.5 KiB"},
	} {
		if got := progressLine("reading", tc.n, tc.total); got != tc.want {
			t.Errorf("progressLine(%d, %d) = %q, want %q", tc.n, tc.total, got, tc.want)
		}
	}
}

// TestProgressCounts checks that the wrapped reader passes the bytes
// through and counts them, and that a read shorter than the delay draws
// nothing.
func TestProgressCounts(t *testing.T) {
	var screen bytes.Buffer
	p := newProgress(&screen, "reading")
	data := strings.Repeat("x", 10000)
	r := p.wrap(strings.NewReader(data), int64(len(data)))
	got, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	p.done()
	if string(got) != data {
		t.Error("the data changed through the counting reader")
	}
	if p.n.Load() != int64(len(data)) {
		t.Errorf("counted %d bytes, want %d", p.n.Load(), len(data))
	}
	if !p.drawn && screen.Len() != 0 {
		t.Errorf("drew %q without setting drawn", screen.String())
	}
}

// TestProgressNil checks that a nil progress (standard error is not a
// terminal) passes the reader through untouched.
func TestProgressNil(t *testing.T) {
	var p *progress
	r := strings.NewReader("abc")
	if p.wrap(r, 3) != io.Reader(r) {
		t.Error("a nil progress wrapped the reader")
	}
	p.done()
	if p.enabled() {
		t.Error("a nil progress is enabled")
	}
}

// signalWriter records what is written and closes first on the first write.
type signalWriter struct {
	mu    sync.Mutex
	buf   bytes.Buffer
	first chan struct{}
	once  sync.Once
}

func (w *signalWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.once.Do(func() { close(w.first) })
	return w.buf.Write(p)
}

// waitingReader blocks its first read until the bar has been drawn: a
// read that lasts, without a clock in the test.
type waitingReader struct {
	r     io.Reader
	until chan struct{}
}

func (r *waitingReader) Read(p []byte) (int, error) {
	<-r.until
	return r.r.Read(p)
}

// TestProgressDraws checks that a long read draws the bar on the screen
// and clears its line when done.
func TestProgressDraws(t *testing.T) {
	screen := &signalWriter{first: make(chan struct{})}
	p := newProgress(screen, "reading")
	p.delay = 0
	r := p.wrap(&waitingReader{r: strings.NewReader("0123456789"), until: screen.first}, 10)
	if _, err := io.ReadAll(r); err != nil {
		t.Fatal(err)
	}
	p.done()
	screen.mu.Lock()
	out := screen.buf.String()
	screen.mu.Unlock()
	if !strings.HasPrefix(out, "\rreading ") || !strings.Contains(out, "/ 10 B") {
		t.Errorf("no bar drawn: %q", out)
	}
	if !strings.HasSuffix(out, "\r\x1b[K") {
		t.Errorf("the bar's line is not cleared: %q", out)
	}
}

// TestProgressWriter checks the counting writer: the bytes pass through
// and are counted.
func TestProgressWriter(t *testing.T) {
	var screen, out bytes.Buffer
	p := newProgress(&screen, "writing")
	w := p.wrapWriter(&out)
	for range 3 {
		if _, err := io.WriteString(w, "hello"); err != nil {
			t.Fatal(err)
		}
	}
	p.done()
	if out.String() != "hellohellohello" || p.n.Load() != 15 {
		t.Errorf("wrote %q, counted %d", out.String(), p.n.Load())
	}
	var nilProg *progress
	if nilProg.wrapWriter(&out) != io.Writer(&out) {
		t.Error("a nil progress wrapped the writer")
	}
}

// TestProgressFile checks that a wrapped file keeps its random access
// (the JSON reader's parallel path needs ReadAt, Seek and Size) and counts
// what both kinds of read return.
func TestProgressFile(t *testing.T) {
	var screen bytes.Buffer
	p := newProgress(&screen, "reading")
	r := p.wrapFile(strings.NewReader("0123456789"), 10)
	ra, ok := r.(interface {
		io.ReaderAt
		io.Seeker
		Size() int64
	})
	if !ok {
		t.Fatalf("%T lost ReadAt, Seek or Size", r)
	}
	buf := make([]byte, 4)
	if n, err := ra.ReadAt(buf, 6); n != 4 || err != nil || string(buf) != "6789" {
		t.Fatalf("ReadAt: %d %v %q", n, err, buf)
	}
	if n, err := r.Read(buf[:3]); n != 3 || err != nil || string(buf[:3]) != "012" {
		t.Fatalf("Read: %d %v %q", n, err, buf[:3])
	}
	p.done()
	if ra.Size() != 10 || p.n.Load() != 7 {
		t.Errorf("size %d, counted %d; want 10 and 7", ra.Size(), p.n.Load())
	}
}

// TestProgressWatch: a watched count (a lazy query's bytes read) is drawn
// as it grows, and the line cleared when done.
func TestProgressWatch(t *testing.T) {
	screen := &signalWriter{first: make(chan struct{})}
	p := newProgress(screen, "reading")
	p.delay = 0
	var n atomic.Int64
	n.Store(4)
	p.watch(10, n.Load)
	<-screen.first
	p.done()
	screen.mu.Lock()
	out := screen.buf.String()
	screen.mu.Unlock()
	if !strings.Contains(out, "4 B / 10 B") || !strings.HasSuffix(out, "\r\x1b[K") {
		t.Errorf("watched bar: %q", out)
	}
	var nilProg *progress
	nilProg.watch(10, n.Load) // nothing, no panic
	nilProg.done()
}
