package store

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// fakeBucket is an in-memory bucket whose requests can be made to fail.
type fakeBucket struct {
	mu      sync.Mutex
	objects map[string][]byte
	ranges  []Range // every ranged read asked, in order
	// fault, when set, is asked before each ranged read: an error fails
	// the request; cut > 0 breaks the body after cut bytes; a delay
	// stalls it.
	fault func(n int, off, length int64) (cut int, delay time.Duration, err error)
	reads atomic.Int64
}

var errNotFound = errors.New("no such object")
var errDenied = errors.New("access denied")

func (b *fakeBucket) Stat(ctx context.Context, key string) (int64, string, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	d, ok := b.objects[key]
	if !ok {
		return 0, "", errNotFound
	}
	return int64(len(d)), "", nil
}

func (b *fakeBucket) NewRangeReader(ctx context.Context, key string, off, length int64) (io.ReadCloser, error) {
	b.mu.Lock()
	d, ok := b.objects[key]
	b.ranges = append(b.ranges, Range{off, length})
	b.mu.Unlock()
	n := int(b.reads.Add(1))
	if !ok {
		return nil, errNotFound
	}
	end := int64(len(d))
	if length >= 0 {
		end = min(end, off+length)
	}
	body := d[off:end]
	var cut int
	var delay time.Duration
	if b.fault != nil {
		var err error
		if cut, delay, err = b.fault(n, off, length); err != nil {
			return nil, err
		}
	}
	return &fakeBody{ctx: ctx, data: body, cut: cut, delay: delay}, nil
}

type fakeBody struct {
	ctx   context.Context
	data  []byte
	read  int
	cut   int
	delay time.Duration
}

func (r *fakeBody) Read(p []byte) (int, error) {
	if r.delay > 0 {
		select {
		case <-time.After(r.delay):
		case <-r.ctx.Done():
			return 0, r.ctx.Err()
		}
	}
	if err := r.ctx.Err(); err != nil {
		return 0, err
	}
	if r.cut > 0 && r.read >= r.cut {
		return 0, fmt.Errorf("read: %w", io.ErrUnexpectedEOF) // a reset connection
	}
	if r.read >= len(r.data) {
		return 0, io.EOF
	}
	end := len(r.data)
	if r.cut > 0 {
		end = min(end, r.cut)
	}
	n := copy(p, r.data[r.read:end])
	r.read += n
	return n, nil
}

func (r *fakeBody) Close() error { return nil }

type fakeWriter struct {
	ctx context.Context
	b   *fakeBucket
	key string
	buf bytes.Buffer
}

func (w *fakeWriter) Write(p []byte) (int, error) { return w.buf.Write(p) }
func (w *fakeWriter) Close() error {
	if err := w.ctx.Err(); err != nil {
		return err // abandoned: nothing at the key
	}
	w.b.mu.Lock()
	defer w.b.mu.Unlock()
	w.b.objects[w.key] = w.buf.Bytes()
	return nil
}

func (b *fakeBucket) NewWriter(ctx context.Context, key string) (io.WriteCloser, error) {
	return &fakeWriter{ctx: ctx, b: b, key: key}, nil
}

func (b *fakeBucket) List(ctx context.Context, prefix string, fn func(Entry) error) error {
	b.mu.Lock()
	seen := map[string]bool{}
	var entries []Entry
	for k, d := range b.objects {
		if !strings.HasPrefix(k, prefix) {
			continue
		}
		rest := k[len(prefix):]
		if i := strings.IndexByte(rest, '/'); i >= 0 {
			dir := prefix + rest[:i+1]
			if !seen[dir] {
				seen[dir] = true
				entries = append(entries, Entry{Key: dir, IsDir: true})
			}
			continue
		}
		entries = append(entries, Entry{Key: k, Size: int64(len(d))})
	}
	b.mu.Unlock()
	for _, e := range entries {
		if err := fn(e); err != nil {
			return err
		}
	}
	return nil
}

func (b *fakeBucket) Delete(ctx context.Context, key string) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	delete(b.objects, key)
	return nil
}

func (b *fakeBucket) NotExist(err error) bool  { return errors.Is(err, errNotFound) }
func (b *fakeBucket) Permanent(err error) bool { return errors.Is(err, errDenied) }

type fakeBackend struct{ b *fakeBucket }

func (f fakeBackend) Bucket(ctx context.Context, u *url.URL) (Bucket, string, error) {
	return f.b, strings.TrimPrefix(u.Path, "/"), nil
}

// newFake registers a fresh fake bucket for the scheme "fake".
func newFake(t *testing.T, objects map[string][]byte) *fakeBucket {
	t.Helper()
	b := &fakeBucket{objects: objects}
	Register("fake", fakeBackend{b})
	return b
}

func data(n int) []byte {
	d := make([]byte, n)
	for i := range d {
		d[i] = byte(i*7 + i/251)
	}
	return d
}

func TestIsURL(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want bool
	}{
		{"s3://bucket/key", true},
		{"gs://b/k.parquet", true},
		{"azblob://c/x", true},
		{"file:///tmp/x", true},
		{"mem://", true},
		{"https://example.com/x.csv?a=1", true},
		{"grpc+tls://h:1", true},
		{"/tmp/x.csv", false},
		{"x.csv", false},
		{`C:\data\x.csv`, false},
		{"c://x", false}, // a one-letter scheme is a drive
		{"weird path://x", false},
		{"3s://x", false},
	} {
		if got := IsURL(tt.in); got != tt.want {
			t.Errorf("IsURL(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

func TestRedact(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"s3://b/k?endpoint=http%3A%2F%2Fh%3A9000&region=x", "s3://b/k?endpoint=http%3A%2F%2Fh%3A9000&region=x"},
		{"https://user:secret@h/x.csv", "https://user@h/x.csv"},
		{"https://h/x.csv?X-Amz-Signature=abc&X-Amz-Credential=def&n=1", "https://h/x.csv?X-Amz-Credential=REDACTED&X-Amz-Signature=REDACTED&n=1"},
		{"azblob://c/x?sv=1&sig=zzz", "azblob://c/x?sig=REDACTED&sv=1"},
		{"/local/path", "/local/path"},
	} {
		if got := Redact(tt.in); got != tt.want {
			t.Errorf("Redact(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestReadAt(t *testing.T) {
	obj := data(20<<20 + 12345)
	b := newFake(t, map[string][]byte{"dir/obj": obj})
	f, err := Open(context.Background(), "fake://bucket/dir/obj")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	st, _ := f.Stat()
	if st.Size() != int64(len(obj)) || st.Name() != "obj" {
		t.Fatalf("Stat: %d %q", st.Size(), st.Name())
	}
	for _, tt := range []struct {
		off, n int64
		parts  int // requests made
	}{
		{0, 100, 1},
		{1 << 20, 17 << 20, 3},            // split into 8 MiB parts
		{int64(len(obj)) - 8, 8, 1},       // the tail: one request for the last 64 KiB
		{int64(len(obj)) - 1000, 1000, 0}, // the held tail
		{int64(len(obj)) - 10, 100, 0},    // short, io.EOF
	} {
		before := b.reads.Load()
		p := make([]byte, tt.n)
		n, err := f.ReadAt(p, tt.off)
		want := min(tt.n, int64(len(obj))-tt.off)
		if int64(n) != want || (want < tt.n) != (err == io.EOF) || (err != nil && err != io.EOF) {
			t.Fatalf("ReadAt(%d, %d) = %d, %v", tt.off, tt.n, n, err)
		}
		if !bytes.Equal(p[:n], obj[tt.off:tt.off+want]) {
			t.Fatalf("ReadAt(%d, %d): wrong bytes", tt.off, tt.n)
		}
		if got := b.reads.Load() - before; got != int64(tt.parts) {
			t.Errorf("ReadAt(%d, %d): %d requests, want %d", tt.off, tt.n, got, tt.parts)
		}
	}
}

func TestRead(t *testing.T) {
	obj := data(3<<20 + 77)
	tests := []struct {
		name  string
		fault func(n int, off, length int64) (int, time.Duration, error)
		query string
		err   string // empty: the whole object is read
	}{
		{name: "plain"},
		{name: "reset mid-body, resumed", fault: func(n int, off, length int64) (int, time.Duration, error) {
			if length < 0 && n < 4 {
				return 1 << 20, 0, nil // each stream breaks after 1 MiB
			}
			return 0, 0, nil
		}},
		{name: "503 then fine", fault: func(n int, off, length int64) (int, time.Duration, error) {
			if n <= 3 {
				return 0, 0, errors.New("503 SlowDown")
			}
			return 0, 0, nil
		}},
		{name: "stalled stream, resumed", query: "?request_timeout=50ms", fault: func(n int, off, length int64) (int, time.Duration, error) {
			if length < 0 && n == 2 {
				return 0, time.Second, nil
			}
			return 0, 0, nil
		}},
		{name: "always stalled", query: "?request_timeout=20ms&max_attempts=2", fault: func(n int, off, length int64) (int, time.Duration, error) {
			if length < 0 {
				return 0, time.Second, nil
			}
			return 0, 0, nil
		}, err: "fake://b/obj: bytes 65536-3145804: read: request timed out (after 2 attempts)"},
		{name: "denied", fault: func(n int, off, length int64) (int, time.Duration, error) {
			return 0, 0, errDenied
		}, err: "fake://b/obj: bytes 0-65535: read: access denied"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := newFake(t, map[string][]byte{"obj": obj})
			b.fault = tt.fault
			f, err := Open(context.Background(), "fake://b/obj"+tt.query)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			got, err := io.ReadAll(f)
			if tt.err != "" {
				if err == nil || err.Error() != tt.err {
					t.Fatalf("err = %v, want %s", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, obj) {
				t.Fatalf("read %d bytes, not the object's %d", len(got), len(obj))
			}
		})
	}
}

func TestReadCancelled(t *testing.T) {
	b := newFake(t, map[string][]byte{"obj": data(1 << 20)})
	b.fault = func(n int, off, length int64) (int, time.Duration, error) { return 0, time.Hour, nil }
	ctx, cancel := context.WithCancel(context.Background())
	f, err := Open(ctx, "fake://b/obj")
	if err != nil {
		t.Fatal(err)
	}
	time.AfterFunc(20*time.Millisecond, cancel)
	_, err = f.ReadAt(make([]byte, 10), 100)
	if !errors.Is(err, context.Canceled) || !strings.Contains(err.Error(), "fake://b/obj: bytes 100-109") {
		t.Fatalf("err = %v", err)
	}
}

func TestOpenMissing(t *testing.T) {
	newFake(t, map[string][]byte{})
	_, err := Open(context.Background(), "fake://b/none")
	if !errors.Is(err, fs.ErrNotExist) || !strings.Contains(err.Error(), "fake://b/none") {
		t.Fatalf("err = %v", err)
	}
	_, err = Open(context.Background(), "nosuch://b/x")
	if !errors.Is(err, ErrNoBackend) || !strings.Contains(err.Error(), "io/remote") {
		t.Fatalf("err = %v", err)
	}
}

func TestPrefetch(t *testing.T) {
	obj := data(10 << 20)
	b := newFake(t, map[string][]byte{"obj": obj})
	f, err := Open(context.Background(), "fake://b/obj")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	ranges := []Range{{5000, 100}, {100, 200}, {600_000, 1000}, {6 << 20, 4096}, {6<<20 + 5000, 10}}
	if err := Prefetch(f, ranges); err != nil {
		t.Fatal(err)
	}
	// 100..601000 coalesced, 6 MiB..+5010 coalesced: two requests
	if got := b.reads.Load(); got != 2 {
		t.Errorf("%d requests, want 2: %v", got, b.ranges)
	}
	for _, r := range ranges {
		p := make([]byte, r.Length)
		if _, err := f.ReadAt(p, r.Offset); err != nil || !bytes.Equal(p, obj[r.Offset:r.Offset+r.Length]) {
			t.Fatalf("ReadAt(%v): %v", r, err)
		}
	}
	if got := b.reads.Load(); got != 2 {
		t.Errorf("%d requests after the reads, want 2", got)
	}
}

func TestWriteFile(t *testing.T) {
	b := newFake(t, map[string][]byte{})
	ctx := context.Background()
	if err := WriteFile(ctx, "fake://b/out/x.csv", func(w io.Writer) error {
		_, err := io.WriteString(w, "a,b\n1,2\n")
		return err
	}); err != nil {
		t.Fatal(err)
	}
	if got := string(b.objects["out/x.csv"]); got != "a,b\n1,2\n" {
		t.Fatalf("object %q", got)
	}
	boom := errors.New("boom")
	err := WriteFile(ctx, "fake://b/out/y.csv", func(w io.Writer) error {
		io.WriteString(w, "partial")
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("err = %v", err)
	}
	if _, ok := b.objects["out/y.csv"]; ok {
		t.Fatal("a failed write left an object")
	}
}

func TestWalk(t *testing.T) {
	objs := map[string][]byte{}
	for _, k := range []string{
		"ds/year=2024/m=1/a.parquet", "ds/year=2024/m=2/a.parquet",
		"ds/year=2025/m=1/b.parquet", "ds/year=2025/m=1/a.parquet",
		"ds/_temporary/x.parquet", "ds/top.parquet", "other/z.parquet",
	} {
		objs[k] = []byte(k)
	}
	newFake(t, objs)
	var asked []string
	var mu sync.Mutex
	got, err := Walk(context.Background(), "fake://b/ds", func(rel string) bool {
		mu.Lock()
		asked = append(asked, rel)
		mu.Unlock()
		return !strings.HasPrefix(rel, "_") && rel != "year=2024"
	})
	if err != nil {
		t.Fatal(err)
	}
	var rels []string
	for _, o := range got {
		rels = append(rels, o.Rel)
		if o.Name != "fake://b/ds/"+o.Rel || o.Size != int64(len("ds/"+o.Rel)) {
			t.Errorf("object %+v", o)
		}
	}
	want := "top.parquet year=2025/m=1/a.parquet year=2025/m=1/b.parquet"
	if strings.Join(rels, " ") != want {
		t.Errorf("objects %v, want %s", rels, want)
	}
	for _, a := range asked {
		if strings.HasPrefix(a, "year=2024/") {
			t.Errorf("listed below a pruned directory: %s", a)
		}
	}
}
