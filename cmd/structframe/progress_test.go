package main

import (
	"bytes"
	"io"
	"strings"
	"sync"
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
