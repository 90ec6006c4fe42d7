package main

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// progress draws a progress bar on a terminal's standard error while a
// long read runs: a counting io.Reader around the input and a goroutine
// that redraws the bar a few times a second once the read has taken
// longer than a moment (a short read draws nothing). A nil *progress, as
// when standard error is not a terminal, does nothing.
type progress struct {
	w     io.Writer
	label string
	delay time.Duration // before the first drawing

	n     atomic.Int64
	count func() int64 // the count, when watched instead of n
	total int64        // bytes expected, -1 when unknown
	stop  chan struct{}
	wg    sync.WaitGroup
	drawn bool
}

// progressDelay is how long a read runs before the bar appears, and
// progressTick how often it is redrawn.
const (
	progressDelay = 500 * time.Millisecond
	progressTick  = 200 * time.Millisecond
	progressWidth = 30
)

func newProgress(w io.Writer, label string) *progress {
	return &progress{w: w, label: label, delay: progressDelay}
}

func (p *progress) enabled() bool { return p != nil }

// wrap counts what is read from r and starts drawing; total is the
// expected size, -1 when unknown.
func (p *progress) wrap(r io.Reader, total int64) io.Reader {
	if p == nil {
		return r
	}
	p.total = total
	p.stop = make(chan struct{})
	p.wg.Add(1)
	go p.run()
	return &countingReader{r: r, n: &p.n}
}

// wrapWriter counts what is written to w and starts drawing (the total
// is unknown: the bar shows the count).
func (p *progress) wrapWriter(w io.Writer) io.Writer {
	if p == nil {
		return w
	}
	p.total = -1
	p.stop = make(chan struct{})
	p.wg.Add(1)
	go p.run()
	return &countingWriter{w: w, n: &p.n}
}

// watch draws the count n gives, asked a few times a second, until done
// (what a lazy query's scans have read); total as for wrap.
func (p *progress) watch(total int64, n func() int64) {
	if p == nil {
		return
	}
	p.total, p.count = total, n
	p.stop = make(chan struct{})
	p.wg.Add(1)
	go p.run()
}

func (p *progress) run() {
	defer p.wg.Done()
	delay := time.NewTimer(p.delay)
	defer delay.Stop()
	select {
	case <-p.stop:
		return
	case <-delay.C:
	}
	tick := time.NewTicker(progressTick)
	defer tick.Stop()
	for {
		n := p.n.Load()
		if p.count != nil {
			n = p.count()
		}
		fmt.Fprint(p.w, "\r"+progressLine(p.label, n, p.total))
		p.drawn = true
		select {
		case <-p.stop:
			return
		case <-tick.C:
		}
	}
}

// done stops drawing and clears the bar's line.
func (p *progress) done() {
	if p == nil || p.stop == nil {
		return
	}
	close(p.stop)
	p.wg.Wait()
	p.stop = nil
	if p.drawn {
		fmt.Fprint(p.w, "\r\x1b[K")
	}
}

// progressLine is the bar for n of total bytes (total < 0: unknown, only
// the count is shown).
func progressLine(label string, n, total int64) string {
	if total <= 0 {
		return fmt.Sprintf("%s %s", label, byteSize(n))
	}
	frac := min(float64(n)/float64(total), 1)
	full := int(frac * progressWidth)
	bar := strings.Repeat("█", full) + strings.Repeat("░", progressWidth-full)
	return fmt.Sprintf("%s %s %3.0f%% %s / %s", label, bar, frac*100, byteSize(n), byteSize(total))
}

// byteSize renders a byte count with a binary unit.
func byteSize(n int64) string {
	const unit = 1024
	if n < unit {
		return fmt.Sprintf("%d B", n)
	}
	v, i := float64(n), -1
	for v >= unit && i < 3 {
		v /= unit
		i++
	}
	return fmt.Sprintf("%.1f %ciB", v, "KMGT"[i])
}

// wrapFile counts what is read from the first size bytes of f, keeping
// f's random access (ReadAt, Seek, Size): the JSON reader then parses
// ranges of the file in parallel, as it does for ReadFile.
func (p *progress) wrapFile(f io.ReaderAt, size int64) io.Reader {
	sr := io.NewSectionReader(f, 0, size)
	if p == nil {
		return sr
	}
	p.total = size
	p.stop = make(chan struct{})
	p.wg.Add(1)
	go p.run()
	return &countingSection{SectionReader: sr, n: &p.n}
}

// countingSection is a SectionReader that counts the bytes read through
// it, by Read or ReadAt.
type countingSection struct {
	*io.SectionReader
	n *atomic.Int64
}

func (c *countingSection) Read(p []byte) (int, error) {
	k, err := c.SectionReader.Read(p)
	c.n.Add(int64(k))
	return k, err
}

func (c *countingSection) ReadAt(p []byte, off int64) (int, error) {
	k, err := c.SectionReader.ReadAt(p, off)
	c.n.Add(int64(k))
	return k, err
}

// countingReader counts the bytes read through it.
type countingReader struct {
	r io.Reader
	n *atomic.Int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	k, err := c.r.Read(p)
	c.n.Add(int64(k))
	return k, err
}

// countingWriter counts the bytes written through it.
type countingWriter struct {
	w io.Writer
	n *atomic.Int64
}

func (c *countingWriter) Write(p []byte) (int, error) {
	k, err := c.w.Write(p)
	c.n.Add(int64(k))
	return k, err
}
