package remote_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/io/csv"
	"github.com/structframe/structframe/io/dataset"
	"github.com/structframe/structframe/io/ipc"
	"github.com/structframe/structframe/io/json"
	"github.com/structframe/structframe/io/parquet"
	_ "github.com/structframe/structframe/io/remote"
	"github.com/structframe/structframe/lazy"
)

type event struct {
	Year  int64
	City  string
	Score float64
	Tags  []string
	Note  string
}

// events is n rows over three years and four cities, with a list column.
func events(n int) *frame.Frame {
	cities := []string{"Lyon", "Oslo", "Kyoto", "Lima"}
	rows := make([]event, n)
	for i := range rows {
		rows[i] = event{Year: int64(2023 + i%3), City: cities[i%4], Score: float64(i*7919%100003) / 7, Tags: []string{fmt.Sprint("t", i%5), "x"}[:1+i%2], Note: fmt.Sprintf("%x", uint64(i)*0x9E3779B97F4A7C15)}
	}
	f := frame.FromStructs(rows)
	if err := f.Err(); err != nil {
		panic(err)
	}
	return f
}

// text is f as NDJSON, to compare frames.
func text(t *testing.T, f *frame.Frame) string {
	t.Helper()
	var b bytes.Buffer
	if err := json.Write(&b, f, json.WithFormat(json.NDJSON)); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestFormatsOverS3 writes each format to the S3 server and reads it
// back, whole and batch by batch, equal to the frame written.
func TestFormatsOverS3(t *testing.T) {
	s := newS3(t, "data")
	f := events(5000)
	want := text(t, f)
	for _, tt := range []struct {
		key   string
		write func(string) error
		read  func(string) (*frame.Frame, error)
	}{
		{"x.parquet", func(u string) error { return parquet.WriteFile(u, f) }, func(u string) (*frame.Frame, error) { return parquet.ReadFile(u) }},
		{"x.arrow", func(u string) error { return ipc.WriteFile(u, f) }, func(u string) (*frame.Frame, error) { return ipc.ReadFile(u) }},
		{"x.ndjson", func(u string) error { return json.WriteFile(u, f) }, func(u string) (*frame.Frame, error) { return json.ReadFile(u) }},
		{"x.json", func(u string) error { return json.WriteFile(u, f) }, func(u string) (*frame.Frame, error) { return json.ReadFile(u) }},
		{"x.csv", func(u string) error { return csv.WriteFile(u, f.Drop("Tags")) }, func(u string) (*frame.Frame, error) { return csv.ReadFile(u) }},
	} {
		t.Run(tt.key, func(t *testing.T) {
			u := s.url("data", "formats/"+tt.key)
			if err := tt.write(u); err != nil {
				t.Fatal(err)
			}
			got, err := tt.read(u)
			if err != nil {
				t.Fatal(err)
			}
			w := want
			if strings.HasSuffix(tt.key, ".csv") {
				w = text(t, f.Drop("Tags"))
			}
			if text(t, got) != w {
				t.Fatalf("read back differs:\n%s", got.Head(3))
			}
			// lazily, through the format's scan
			q, err := dataset.Scan(u).Filter(frame.Col("Year").Eq(frame.Lit(2024))).Collect(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			if wq := got.Filter(frame.Col("Year").Eq(frame.Lit(2024))); text(t, q) != text(t, wq) {
				t.Fatalf("scan differs: %d rows, want %d", q.NumRows(), wq.NumRows())
			}
		})
	}
}

// TestPrunedDatasetOverS3: a hive-partitioned Parquet dataset written to
// S3 and queried for one partition and one column fetches only that
// partition's object, and of it only the footer and the chunks needed.
func TestPrunedDatasetOverS3(t *testing.T) {
	s := newS3(t, "lake")
	f := events(240000)
	root := s.url("lake", "events")
	if err := dataset.Write(root, f, dataset.WithPartitionBy("Year", "City"), dataset.WithFormat(dataset.Parquet)); err != nil {
		t.Fatal(err)
	}
	s.reads()
	ctx := context.Background()
	got, err := dataset.Scan(root).
		Filter(frame.Col("Year").Eq(frame.Lit(2024)).And(frame.Col("City").Eq(frame.Lit("Oslo")))).
		Select("Score").Collect(ctx)
	if err != nil {
		t.Fatal(err)
	}
	want := f.Filter(frame.Col("Year").Eq(frame.Lit(2024)).And(frame.Col("City").Eq(frame.Lit("Oslo")))).Select("Score")
	if text(t, got) != text(t, want) {
		t.Fatalf("got %d rows, want %d", got.NumRows(), want.NumRows())
	}
	reads := s.reads()
	kept := "events/Year=2024/City=Oslo/part-0.parquet"
	obj, err := s.backend.HeadObject("lake", kept)
	if err != nil {
		t.Fatal(err)
	}
	var fetched int64
	for _, g := range reads {
		if g.rng == "" {
			t.Errorf("read %s whole, not by ranges", g.key)
		}
		if g.key == kept {
			fetched += g.bytes
			continue
		}
		// another partition: only its footer, for the dataset's schema
		// (the union of every file's), never a data page
		other, err := s.backend.HeadObject("lake", g.key)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasSuffix(g.rng, fmt.Sprintf("-%d", other.Size-1)) || g.bytes > 64<<10 {
			t.Errorf("read data of a partition the filter rules out: %s %s (%d bytes)", g.key, g.rng, g.bytes)
		}
	}
	// of the kept object: its footer once and the Score chunk, not the
	// other columns' chunks; every other object's footer once
	per := map[string]int{}
	for _, g := range reads {
		per[g.key]++
	}
	for k, n := range per {
		if want := map[bool]int{true: 2, false: 1}[k == kept]; n > want {
			t.Errorf("%d requests for %s, want at most %d", n, k, want)
		}
	}
	if fetched >= obj.Size/2 {
		t.Errorf("fetched %d bytes of the %d-byte object: %+v", fetched, obj.Size, reads)
	}
	t.Logf("pruned query: %d requests; %d of the kept object's %d bytes", len(reads), fetched, obj.Size)
}

// TestNDJSONDatasetOverS3 reads, filters and writes a partitioned NDJSON
// dataset on S3.
func TestNDJSONDatasetOverS3(t *testing.T) {
	s := newS3(t, "lake")
	f := events(3000)
	root := s.url("lake", "nd")
	if err := dataset.Write(root, f, dataset.WithPartitionBy("City"), dataset.WithFormat(dataset.JSON)); err != nil {
		t.Fatal(err)
	}
	got, err := dataset.Read(root, dataset.WithFilter(frame.Col("City").Eq(frame.Lit("Kyoto"))))
	if err != nil {
		t.Fatal(err)
	}
	want := f.Filter(frame.Col("City").Eq(frame.Lit("Kyoto")))
	if got.NumRows() != want.NumRows() || got.NumRows() == 0 {
		t.Fatalf("got %d rows, want %d", got.NumRows(), want.NumRows())
	}
	for _, g := range s.reads() {
		if !strings.Contains(g.key, "City=Kyoto/") {
			t.Errorf("read %s", g.key)
		}
	}
	// a glob over the URL's path
	got, err = dataset.Read(s.url("lake", "nd/City=L*/*.json"))
	if err != nil {
		t.Fatal(err)
	}
	if n := f.Filter(frame.Col("City").Eq(frame.Lit("Lyon")).Or(frame.Col("City").Eq(frame.Lit("Lima")))).NumRows(); got.NumRows() != n {
		t.Fatalf("glob: %d rows, want %d", got.NumRows(), n)
	}
	// the Existing modes over objects: an error by default, Overwrite
	// replaces every object below the prefix, Append adds a file
	err = dataset.Write(root, f.Head(10), dataset.WithFormat(dataset.JSON))
	if !errors.Is(err, dataset.ErrExists) {
		t.Fatalf("write over a dataset: %v", err)
	}
	if err := dataset.Write(root, f.Head(10), dataset.WithFormat(dataset.JSON), dataset.WithExisting(dataset.Overwrite)); err != nil {
		t.Fatal(err)
	}
	if got, err = dataset.Read(root); err != nil || got.NumRows() != 10 {
		t.Fatalf("after overwrite: %v rows, %v", got.NumRows(), err)
	}
	if err := dataset.Write(root, f.Head(5), dataset.WithFormat(dataset.JSON), dataset.WithExisting(dataset.Append)); err != nil {
		t.Fatal(err)
	}
	if got, err = dataset.Read(root); err != nil || got.NumRows() != 15 {
		t.Fatalf("after append: %v rows, %v", got.NumRows(), err)
	}
	if _, err := s.backend.HeadObject("lake", "nd/part-1.json"); err != nil {
		t.Fatalf("the appended file: %v", err)
	}
}

// TestFaults: throttling, a connection reset mid-body and a slow server
// are survived; a server that stays slow or refuses is reported with the
// URL and the byte range.
func TestFaults(t *testing.T) {
	s := newS3(t, "data")
	f := events(20000)
	pq := s.url("data", "f.parquet", "request_timeout=300ms")
	if err := parquet.WriteFile(pq, f); err != nil {
		t.Fatal(err)
	}
	nd := s.url("data", "f.ndjson", "request_timeout=300ms")
	if err := json.WriteFile(nd, f); err != nil {
		t.Fatal(err)
	}
	want := text(t, f)
	// random access (Parquet's ranges) and a stream (a JSON Reader's)
	reads := []struct {
		name, url string
		read      func() (*frame.Frame, error)
	}{
		{"parquet", pq, func() (*frame.Frame, error) { return parquet.ReadFile(pq) }},
		{"ndjson stream", nd, func() (*frame.Frame, error) {
			return json.Scan(nd).Collect(context.Background())
		}},
	}
	gets := func(r *http.Request) bool { return r.Method == http.MethodGet && isObject(r) }
	for _, tt := range []struct {
		name  string
		fault func(w http.ResponseWriter, r *http.Request, n int) bool
		err   string // empty: survived
	}{
		{"503 with Retry-After", func(w http.ResponseWriter, r *http.Request, n int) bool {
			if gets(r) && n%2 == 1 {
				w.Header().Set("Retry-After", "0")
				w.WriteHeader(http.StatusServiceUnavailable)
				fmt.Fprint(w, `<?xml version="1.0"?><Error><Code>SlowDown</Code><Message>Please reduce your request rate.</Message></Error>`)
				return true
			}
			return false
		}, ""},
		{"reset mid-body", func(w http.ResponseWriter, r *http.Request, n int) bool {
			if gets(r) && n <= 3 {
				s.resetMidBody(w, r)
				return true
			}
			return false
		}, ""},
		{"slow once", func(w http.ResponseWriter, r *http.Request, n int) bool {
			if gets(r) && n == 2 {
				time.Sleep(time.Second)
			}
			return false
		}, ""},
		{"always slow", func(w http.ResponseWriter, r *http.Request, n int) bool {
			if gets(r) {
				select {
				case <-r.Context().Done():
				case <-time.After(2 * time.Second):
				}
			}
			return false
		}, "request timed out"},
		{"denied", func(w http.ResponseWriter, r *http.Request, n int) bool {
			if gets(r) {
				w.WriteHeader(http.StatusForbidden)
				fmt.Fprint(w, `<?xml version="1.0"?><Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>`)
				return true
			}
			return false
		}, "AccessDenied"},
	} {
		for _, rd := range reads {
			t.Run(tt.name+"/"+rd.name, func(t *testing.T) {
				s.setFault(tt.fault)
				defer s.setFault(nil)
				got, err := rd.read()
				if tt.err == "" {
					if err != nil {
						t.Fatal(err)
					}
					if text(t, got) != want {
						t.Fatal("read back differs")
					}
					return
				}
				if err == nil {
					t.Fatal("no error")
				}
				msg := err.Error()
				for _, part := range []string{strings.Split(rd.url, "?")[0], "bytes ", tt.err} {
					if !strings.Contains(msg, part) {
						t.Errorf("error %q does not say %q", msg, part)
					}
				}
				if strings.Contains(msg, "structframe-secret") {
					t.Errorf("error shows a credential: %s", msg)
				}
			})
		}
	}
}

// TestFailedWriteLeavesNothing: a write the server refuses, and a sink
// whose query fails after its first batches, leave no object at the key,
// and an object already there unchanged.
func TestFailedWriteLeavesNothing(t *testing.T) {
	s := newS3(t, "data")
	f := events(1000)
	u := s.url("data", "out/x.arrow")
	s.setFault(func(w http.ResponseWriter, r *http.Request, n int) bool {
		if r.Method == http.MethodPut || r.Method == http.MethodPost {
			w.WriteHeader(http.StatusInternalServerError)
			fmt.Fprint(w, `<?xml version="1.0"?><Error><Code>InternalError</Code><Message>boom</Message></Error>`)
			return true
		}
		return false
	})
	err := ipc.WriteFile(u, f)
	s.setFault(nil)
	if err == nil || !strings.Contains(err.Error(), "s3://data/out/x.arrow") {
		t.Fatalf("err = %v", err)
	}
	if _, err := s.backend.HeadObject("data", "out/x.arrow"); err == nil {
		t.Fatal("a refused write left an object")
	}

	// a lazy sink whose query fails after two batches: the JSON scan
	// meets a bad line far into the file
	dir := t.TempDir()
	var b strings.Builder
	for i := range 5000 {
		fmt.Fprintf(&b, "{\"a\": %d}\n", i)
	}
	b.WriteString("{\"a\": \n")
	src := filepath.Join(dir, "bad.ndjson")
	if err := os.WriteFile(src, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	key := s.url("data", "out/sink.csv")
	if err := csv.WriteFile(key, f.Head(3).Drop("Tags")); err != nil {
		t.Fatal(err)
	}
	before, _ := s.backend.HeadObject("data", "out/sink.csv")
	q := json.Scan(src, json.WithBatchSize(1000))
	if err := csv.Sink(context.Background(), q, key); err == nil {
		t.Fatal("the sink of a failing query succeeded")
	}
	after, err := s.backend.HeadObject("data", "out/sink.csv")
	if err != nil || after.Size != before.Size {
		t.Fatalf("the object was changed: %v, %d bytes, was %d", err, after.Size, before.Size)
	}
	// and a sink that succeeds replaces it
	if err := csv.Sink(context.Background(), lazy.From(f.Drop("Tags")), key); err != nil {
		t.Fatal(err)
	}
	got, err := csv.ReadFile(key)
	if err != nil || got.NumRows() != f.NumRows() {
		t.Fatalf("after the sink: %v", err)
	}
}

// TestCancel: a read whose context is cancelled stops and says so.
func TestCancel(t *testing.T) {
	s := newS3(t, "data")
	u := s.url("data", "c.ndjson")
	if err := json.WriteFile(u, events(20000)); err != nil {
		t.Fatal(err)
	}
	s.setFault(func(w http.ResponseWriter, r *http.Request, n int) bool {
		if r.Method == http.MethodGet && isObject(r) {
			<-r.Context().Done()
			return true
		}
		return false
	})
	defer s.setFault(nil)
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	_, err := json.Scan(u).Collect(ctx)
	if !errors.Is(err, context.DeadlineExceeded) && !strings.Contains(fmt.Sprint(err), "context") {
		t.Fatalf("err = %v", err)
	}
}

// TestMemAndFile: the same code over mem:// and file:// buckets.
func TestMemAndFile(t *testing.T) {
	dir := t.TempDir()
	f := events(2000)
	for _, root := range []string{"mem://structframe-test/ds", "file://" + filepath.ToSlash(dir) + "/ds"} {
		t.Run(root[:4], func(t *testing.T) {
			if err := dataset.Write(root, f, dataset.WithPartitionBy("Year"), dataset.WithFormat(dataset.Parquet)); err != nil {
				t.Fatal(err)
			}
			got, err := dataset.Scan(root).Filter(frame.Col("Year").Gt(frame.Lit(2023))).Collect(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			want := f.Filter(frame.Col("Year").Gt(frame.Lit(2023)))
			if got.NumRows() != want.NumRows() {
				t.Fatalf("got %d rows, want %d", got.NumRows(), want.NumRows())
			}
		})
	}
	// file:// wrote real files
	if _, err := os.Stat(filepath.Join(dir, "ds", "Year=2024", "part-0.parquet")); err != nil {
		t.Fatal(err)
	}
	if _, err := parquet.ReadFile("mem://structframe-test/none.parquet"); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("missing object: %v", err)
	}
}

// TestHTTP reads single files over http:// by ranges.
func TestHTTP(t *testing.T) {
	dir := t.TempDir()
	f := events(3000)
	if err := parquet.WriteFile(filepath.Join(dir, "x.parquet"), f); err != nil {
		t.Fatal(err)
	}
	if err := json.WriteFile(filepath.Join(dir, "x.ndjson.gz"), f); err != nil {
		t.Fatal(err)
	}
	var ranges, queries []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ranges = append(ranges, r.Method+" "+r.Header.Get("Range"))
		queries = append(queries, r.URL.RawQuery)
		http.FileServer(http.Dir(dir)).ServeHTTP(w, r)
	}))
	defer srv.Close()
	got, err := parquet.ReadFile(srv.URL + "/x.parquet")
	if err != nil {
		t.Fatal(err)
	}
	if text(t, got) != text(t, f) {
		t.Fatal("read back differs")
	}
	for _, r := range ranges[1:] { // after the HEAD
		if !strings.HasPrefix(r, "GET bytes=") {
			t.Errorf("request %q is not ranged", r)
		}
	}
	if got, err = json.ReadFile(srv.URL + "/x.ndjson.gz"); err != nil || got.NumRows() != f.NumRows() {
		t.Fatalf("gzip NDJSON over http: %v", err)
	}
	if _, err := parquet.ReadFile(srv.URL + "/none.parquet"); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("missing file: %v", err)
	}
	// the query reaches the server as given (a signature covers it)
	queries = nil
	if _, err := parquet.ReadFile(srv.URL + "/x.parquet?b=1&a=x%2Fy+z"); err != nil {
		t.Fatal(err)
	}
	for _, q := range queries {
		if q != "b=1&a=x%2Fy+z" {
			t.Errorf("the server got the query %q", q)
		}
	}
	// a signed URL's signature never appears in a message
	for _, name := range []string{"/none.ndjson", "/x.parquet"} {
		signed := srv.URL + name + "?X-Amz-Signature=s3cr3t&X-Amz-Expires=60"
		_, err := json.ReadFile(signed)
		if err == nil || strings.Contains(err.Error(), "s3cr3t") || !strings.Contains(err.Error(), "X-Amz-Signature=REDACTED") {
			t.Errorf("signed URL %s: %v", name, err)
		}
	}
	if err := parquet.WriteFile(srv.URL+"/y.parquet", f); err == nil || !strings.Contains(err.Error(), "read only") {
		t.Fatalf("write over http: %v", err)
	}
}

// TestMultipartUpload: an object larger than a part goes up in parts
// (S3's multipart upload), and reads back whole.
func TestMultipartUpload(t *testing.T) {
	s := newS3(t, "data")
	var parts, completes atomic.Int64
	s.setFault(func(w http.ResponseWriter, r *http.Request, n int) bool {
		q := r.URL.Query()
		if r.Method == http.MethodPut && q.Has("partNumber") {
			parts.Add(1)
		}
		if r.Method == http.MethodPost && q.Has("uploadId") {
			completes.Add(1)
		}
		return false
	})
	f := events(250000) // about 24 MB of NDJSON: past the 16 MiB of one PUT
	u := s.url("data", "big.ndjson")
	if err := json.WriteFile(u, f); err != nil {
		t.Fatal(err)
	}
	s.setFault(nil)
	obj, err := s.backend.HeadObject("data", "big.ndjson")
	if err != nil {
		t.Fatal(err)
	}
	if parts.Load() < 2 || completes.Load() != 1 {
		t.Fatalf("%d parts and %d completions for %d bytes", parts.Load(), completes.Load(), obj.Size)
	}
	got, err := json.ReadFile(u)
	if err != nil {
		t.Fatal(err)
	}
	if text(t, got) != text(t, f) {
		t.Fatal("read back differs")
	}

	// a sink that fails after its first parts have gone up: the upload
	// is abandoned and nothing appears at the key
	src := filepath.Join(t.TempDir(), "bad.ndjson")
	var b bytes.Buffer
	for i := range 300000 {
		fmt.Fprintf(&b, "{\"a\": %d, \"b\": \"%064x\"}\n", i, i)
	}
	b.WriteString("{\"a\": \n")
	if err := os.WriteFile(src, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	parts.Store(0)
	s.setFault(func(w http.ResponseWriter, r *http.Request, n int) bool {
		if r.Method == http.MethodPut && r.URL.Query().Has("partNumber") {
			parts.Add(1)
		}
		return false
	})
	err = csv.Sink(context.Background(), json.Scan(src, json.WithBatchSize(20000)), s.url("data", "failed.csv"))
	s.setFault(nil)
	if err == nil {
		t.Fatal("the sink of a failing query succeeded")
	}
	if _, err := s.backend.HeadObject("data", "failed.csv"); err == nil {
		t.Fatal("a failed multipart upload left an object")
	}
	t.Logf("parts sent before the failure: %d", parts.Load())
}

// TestArrowBatchesOverS3: an Arrow file read batch by batch fetches its
// footer and then each batch it reads in one request, and no batch it
// does not read.
func TestArrowBatchesOverS3(t *testing.T) {
	s := newS3(t, "data")
	u := s.url("data", "x.arrow")
	if err := ipc.WriteFile(u, events(200000), ipc.WithBatchSize(50000)); err != nil {
		t.Fatal(err)
	}
	s.reads()
	r, err := ipc.OpenFile(u)
	if err != nil {
		t.Fatal(err)
	}
	for n := 0; n < 2 && r.Next(); n++ {
	}
	if err := r.Err(); err != nil {
		t.Fatal(err)
	}
	r.Close()
	obj, err := s.backend.HeadObject("data", "x.arrow")
	if err != nil {
		t.Fatal(err)
	}
	reads := s.reads()
	var fetched int64
	for _, g := range reads {
		fetched += g.bytes
	}
	// the head (format sniffing), the footer, two batches
	if len(reads) != 4 || fetched > obj.Size*6/10 {
		t.Errorf("%d requests, %d of %d bytes: %+v", len(reads), fetched, obj.Size, reads)
	}
}

// TestPageSkipOverS3: a selective query over a Parquet object with page
// indexes fetches the data pages that may hold its rows, not the whole
// column chunks: here a tenth of what the same query fetches from the
// object written without page indexes, for the same rows (a column of
// unique strings, its dictionary given up for plain pages, as writers do
// past 1 MB). A field with a list in it is read whole (see io/parquet's
// readRanges), and gives the same rows.
func TestPageSkipOverS3(t *testing.T) {
	s := newS3(t, "data")
	n := 200_000
	days := make([]int64, n)
	for i := range days {
		days[i] = int64(i / 1000)
	}
	f := frame.FromColumns([]string{"day"}, days).HStack(events(n).Select("Note", "Tags"))
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	cond := frame.Col("day").Ge(frame.Lit(int64(199)))
	fetch := func(key string, index bool, cols ...string) int64 {
		t.Helper()
		u := s.url("data", key)
		if err := parquet.WriteFile(u, f, parquet.WithPageIndex(index), parquet.WithDataPageSize(8<<10), parquet.WithRowGroupRows(n)); err != nil {
			t.Fatal(err)
		}
		s.reads()
		got, err := parquet.Scan(u).Filter(cond).Select(cols...).Collect(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if want := f.Filter(cond).Select(cols...); text(t, got) != text(t, want) {
			t.Fatalf("%s %v: got %d rows, want %d", key, cols, got.NumRows(), want.NumRows())
		}
		var fetched int64
		for _, g := range s.reads() {
			fetched += g.bytes
		}
		return fetched
	}
	indexed, whole := fetch("indexed.parquet", true, "Note"), fetch("plain.parquet", false, "Note")
	t.Logf("Note where day >= 199: %d bytes fetched with page indexes, %d without", indexed, whole)
	if indexed*10 > whole {
		t.Errorf("fetched %d bytes with page indexes, %d without: want a tenth at most", indexed, whole)
	}
	fetch("lists.parquet", true, "Note", "Tags")
}
