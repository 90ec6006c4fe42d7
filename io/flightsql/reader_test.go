package flightsql

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"runtime"
	"testing"
	"time"
	"unsafe"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/structframe/structframe/internal/sqlbind"
	"github.com/structframe/structframe/io/flightsql/flightsqltest"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// TestEndpoints: a result split into several endpoints, fetched by
// several streams at once, from the connection or from the endpoints'
// location, reads as the unsplit result, in order.
func TestEndpoints(t *testing.T) {
	ctx := context.Background()
	const n = 1500 // the example's batches hold 1024 rows: two for one endpoint
	fill := func(srv *flightsqltest.Server) {
		if _, err := srv.DB.Exec(`CREATE TABLE nums (i INTEGER, s TEXT);
			WITH RECURSIVE c(x) AS (SELECT 0 UNION ALL SELECT x + 1 FROM c WHERE x < ?)
			INSERT INTO nums SELECT x, 's' || x FROM c`, n-1); err != nil {
			t.Fatal(err)
		}
	}
	want := make([]any, n)
	for i := range want {
		want[i] = int64(i)
	}
	tests := []struct {
		endpoints, parallelism int
		locations, infoSchema  bool
	}{
		{1, 0, false, false}, {3, 1, false, false}, {3, 2, false, true}, {7, 3, false, false},
		{7, 16, false, true}, {4, 2, true, false},
	}
	for _, tt := range tests {
		name := fmt.Sprintf("endpoints=%d/parallelism=%d/locations=%v/infoschema=%v", tt.endpoints, tt.parallelism, tt.locations, tt.infoSchema)
		t.Run(name, func(t *testing.T) {
			srv := flightsqltest.Start(t, flightsqltest.WithEndpoints(tt.endpoints),
				flightsqltest.WithLocations(tt.locations), flightsqltest.WithInfoSchema(tt.infoSchema))
			fill(srv)
			c := open(t, srv, WithParallelism(tt.parallelism))
			r, err := c.QueryReader(ctx, "SELECT i, s FROM nums ORDER BY i")
			if err != nil {
				t.Fatal(err)
			}
			defer r.Close()
			if len(r.eps) != tt.endpoints {
				t.Fatalf("%d endpoints, want %d", len(r.eps), tt.endpoints)
			}
			var got []any
			batches := 0
			for f, err := range r.All() {
				if err != nil {
					t.Fatal(err)
				}
				got = append(got, column(t, f, "i")...)
				batches++
			}
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("ids out of order or missing: %d of %d", len(got), n)
			}
			if batches < tt.endpoints {
				t.Errorf("%d batches for %d endpoints", batches, tt.endpoints)
			}
			if tt.locations {
				c.mu.Lock()
				dialed := len(c.others)
				c.mu.Unlock()
				// The location is the server's own URI: read through the
				// Client's connection, nothing dialed.
				if dialed != 0 {
					t.Errorf("%d connections dialed for the Client's own location", dialed)
				}
			}
			// Query joins the same batches.
			f, err := c.Query(ctx, "SELECT i, s FROM nums ORDER BY i")
			if err != nil {
				t.Fatal(err)
			}
			if got := column(t, f, "i"); !reflect.DeepEqual(got, want) {
				t.Error("Query differs from the Reader's batches")
			}
		})
	}
}

// TestLocationDialed: an endpoint whose location is another address
// than the Client's (here the same server under the name localhost) is
// read through a connection dialed to it, kept for later queries.
func TestLocationDialed(t *testing.T) {
	srv := flightsqltest.Start(t, flightsqltest.WithEndpoints(2), flightsqltest.WithLocations(true))
	ctx := context.Background()
	// Ask through "localhost": the endpoints name 127.0.0.1.
	other := "grpc://localhost:" + srv.URI[len("grpc://127.0.0.1:"):]
	c, err := Open(ctx, other)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	for range 2 {
		f, err := c.Query(ctx, "SELECT id FROM intTable ORDER BY id")
		if err != nil {
			t.Fatal(err)
		}
		if got := column(t, f, "id"); !reflect.DeepEqual(got, []any{int64(1), int64(2), int64(3), int64(4)}) {
			t.Errorf("ids %v", got)
		}
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.others[srv.URI]; !ok || len(c.others) != 1 {
		t.Errorf("dialed %v, want the one location %s", c.others, srv.URI)
	}
}

// TestNested: nested columns a server sends (lists, structs, lists of
// structs) are nested columns of the Frame, over the very buffers the
// batches came in (pointer identity), across endpoints.
func TestNested(t *testing.T) {
	srv := flightsqltest.Start(t, flightsqltest.WithEndpoints(2))
	recs := flightsqltest.NestedBatches(4, 3)
	defer sqlbind.Release(recs)
	srv.AddTable("nested", recs...)
	c := open(t, srv)
	ctx := context.Background()

	r, err := c.QueryReader(ctx, "SELECT * FROM nested")
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if got, want := r.Schema().String(), "0 * {id: int64, tags: var * string, point: {x: float64, y: float64}, items: var * {name: string, qty: int64}}"; got != want {
		t.Errorf("Schema %s, want %s", got, want)
	}
	if !r.Next() {
		t.Fatal(r.Err())
	}
	// The Frame's columns, turned back into Arrow, are the batch's memory.
	back, err := r.Frame().ToRecordBatch()
	if err != nil {
		t.Fatal(err)
	}
	defer back.Release()
	for _, tt := range []struct {
		col  int
		path func(arrow.ArrayData) arrow.ArrayData
	}{
		{0, func(d arrow.ArrayData) arrow.ArrayData { return d }},                             // id values
		{1, func(d arrow.ArrayData) arrow.ArrayData { return d.Children()[0] }},               // tags' strings
		{2, func(d arrow.ArrayData) arrow.ArrayData { return d.Children()[0] }},               // point.x
		{3, func(d arrow.ArrayData) arrow.ArrayData { return d.Children()[0].Children()[1] }}, // items.qty
		{3, func(d arrow.ArrayData) arrow.ArrayData { return d.Children()[0].Children()[0] }}, // items.name
	} {
		wire := tt.path(r.rec.Column(tt.col).Data()).Buffers()
		ours := tt.path(back.Column(tt.col).Data()).Buffers()
		last := len(wire) - 1 // the values (or string bytes)
		if addr(wire[last].Bytes()) != addr(ours[last].Bytes()) {
			t.Errorf("column %d: the Frame's values are at %p, the batch's at %p: copied", tt.col, addr(ours[last].Bytes()), addr(wire[last].Bytes()))
		}
	}
	for r.Next() {
	}
	if r.Err() != nil {
		t.Fatal(r.Err())
	}

	f, err := c.Query(ctx, "SELECT * FROM nested")
	if err != nil {
		t.Fatal(err)
	}
	rows := rowsOf(t, f)
	if len(rows) != 12 {
		t.Fatalf("%d rows, want 12", len(rows))
	}
	want := map[string]any{
		"id": int64(11), "tags": []any{"t11", "u"}, "point": map[string]any{"x": 11.5, "y": -1.0},
		"items": []any{map[string]any{"name": "a", "qty": int64(11)}, map[string]any{"name": "b", "qty": int64(0)}},
	}
	if !reflect.DeepEqual(rows[11], want) {
		t.Errorf("row 11 %v, want %v", rows[11], want)
	}
}

func addr(b []byte) unsafe.Pointer {
	if len(b) == 0 {
		return nil
	}
	return unsafe.Pointer(&b[0])
}

// TestBoundedMemory: a reader slower than the server holds at most a few
// batches per endpoint being fetched, not the result: 48 batches over 4
// endpoints, 2 fetched at a time, never more than 2*(queueDepth+1)
// waiting (a channel of queueDepth per endpoint being fetched, a batch in
// hand of its goroutine), plus the one Next has just taken.
func TestBoundedMemory(t *testing.T) {
	srv := flightsqltest.Start(t, flightsqltest.WithEndpoints(4))
	recs := flightsqltest.IntBatches(48, 100)
	defer sqlbind.Release(recs)
	srv.AddTable("big", recs...)
	const par = 2
	c := open(t, srv, WithParallelism(par))
	r, err := c.QueryReader(context.Background(), "SELECT * FROM big")
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	n := 0
	for r.Next() {
		n++
		// Let the fetches run ahead as far as they can: pacing, not a
		// measurement.
		time.Sleep(2 * time.Millisecond)
	}
	if r.Err() != nil {
		t.Fatal(r.Err())
	}
	if n != 48 {
		t.Errorf("%d batches, want 48", n)
	}
	t.Logf("at most %d batches waited at once", r.peak.Load())
	if peak, most := r.peak.Load(), int64(par*(queueDepth+1)+1); peak > most {
		t.Errorf("%d batches waited at once, want at most %d", peak, most)
	}
	if running := fetchGoroutines(); running != 0 {
		t.Errorf("%d fetches still running at the end", running)
	}
}

// TestCancel: cancelling the query's context ends its streams, on the
// server too, and Next reports context.Canceled; a context cancelled
// before the query fails it at once.
func TestCancel(t *testing.T) {
	srv := flightsqltest.Start(t, flightsqltest.WithEndpoints(3))
	recs := flightsqltest.IntBatches(300, 1000)
	defer sqlbind.Release(recs)
	srv.AddTable("big", recs...)
	c := open(t, srv, WithParallelism(3))
	base := warmGoroutines(t, c)

	ctx, cancel := context.WithCancel(context.Background())
	r, err := c.QueryReader(ctx, "SELECT * FROM big")
	if err != nil {
		t.Fatal(err)
	}
	if !r.Next() {
		t.Fatal(r.Err())
	}
	if srv.Streams() == 0 {
		t.Fatal("no stream open on the server mid-result")
	}
	cancel()
	n := 1
	for r.Next() {
		n++
	}
	err = r.Err()
	var e *Error
	if !errors.Is(err, context.Canceled) || !errors.As(err, &e) || e.Op != "fetch" {
		t.Fatalf("%v: want a fetch *Error of context.Canceled", err)
	}
	if n >= 300 {
		t.Errorf("all %d batches read after cancel", n)
	}
	if running := fetchGoroutines(); running != 0 {
		t.Errorf("%d fetches still running after the error", running)
	}
	r.Close()
	srv.WaitIdle(t, base)

	_, err = c.Query(ctx, "SELECT * FROM big")
	if !errors.Is(err, context.Canceled) {
		t.Errorf("query with a cancelled context: %v", err)
	}
	// A deadline is the context's error too.
	dctx, dcancel := context.WithTimeout(context.Background(), time.Nanosecond)
	defer dcancel()
	<-dctx.Done()
	if _, err := c.Query(dctx, "SELECT * FROM big"); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("query past its deadline: %v", err)
	}
}

// TestCloseEarly: closing a Reader mid-result stops its streams: no fetch
// goroutine is left when Close returns, the server's streams end, the
// goroutine count comes back, and the prepared statement of a query
// with parameters is closed.
func TestCloseEarly(t *testing.T) {
	srv := flightsqltest.Start(t, flightsqltest.WithEndpoints(4))
	recs := flightsqltest.IntBatches(200, 1000)
	defer sqlbind.Release(recs)
	srv.AddTable("big", recs...)
	c := open(t, srv, WithParallelism(4))
	ctx := context.Background()
	warmGoroutines(t, c)
	for _, tt := range []struct {
		name   string
		sql    string
		params []any
	}{
		{"memory table", "SELECT * FROM big", nil},
		{"sqlite with parameters", "SELECT id FROM intTable WHERE id > ?", []any{0}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			base := runtime.NumGoroutine()
			r, err := c.QueryReader(ctx, tt.sql, tt.params...)
			if err != nil {
				t.Fatal(err)
			}
			if !r.Next() {
				t.Fatal(r.Err())
			}
			kept := r.Frame()
			if err := r.Close(); err != nil {
				t.Fatal(err)
			}
			if running := fetchGoroutines(); running != 0 {
				t.Errorf("%d fetches running after Close", running)
			}
			if r.Next() || r.Frame() != nil {
				t.Error("Next after Close")
			}
			if kept.NumRows() == 0 || kept.Err() != nil {
				t.Error("a Frame read before Close is gone")
			}
			srv.WaitIdle(t, base)
		})
	}
}

// TestReaderSchema: the schema is known before the first batch, from the
// FlightInfo (memory tables send it) or from the first stream (the
// example does not), and a result of no rows still has its columns.
func TestReaderSchema(t *testing.T) {
	srv := flightsqltest.Start(t)
	recs := flightsqltest.IntBatches(2, 5)
	defer sqlbind.Release(recs)
	srv.AddTable("small", recs...)
	c := open(t, srv)
	ctx := context.Background()
	for _, tt := range []struct{ sql, want string }{
		{"SELECT * FROM small", "0 * {id: int64, x: float64, name: string}"},
		{"SELECT id, keyName FROM intTable", "0 * {id: int64, keyName: string}"},
		{"SELECT id FROM intTable WHERE id < 0", "0 * {id: int64}"},
	} {
		r, err := c.QueryReader(ctx, tt.sql)
		if err != nil {
			t.Fatal(err)
		}
		if got := r.Schema(); got == nil || got.String() != tt.want {
			t.Errorf("%s: Schema %v, want %s", tt.sql, got, tt.want)
		}
		r.Close()
	}
	// A stream that fails to open: no schema, and Next says why.
	r, err := c.QueryReader(ctx, "SELECT * FROM nosuch")
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if r.ArrowSchema() != nil || r.Next() || status.Code(r.Err()) != codes.Unknown || r.Err() == nil {
		t.Errorf("schema %v, Next error %v", r.ArrowSchema(), r.Err())
	}
}
