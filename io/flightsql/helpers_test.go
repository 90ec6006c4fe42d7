package flightsql

import (
	"context"
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/io/flightsql/flightsqltest"
)

// startServer starts a test server, closed when the test ends.
func startServer(t testing.TB, opts ...flightsqltest.Option) *flightsqltest.Server {
	t.Helper()
	srv, err := flightsqltest.NewServer(opts...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Close)
	return srv
}

// open connects to srv, closed when the test ends.
func open(t testing.TB, srv *flightsqltest.Server, opts ...Option) *Client {
	t.Helper()
	c, err := Open(context.Background(), srv.URI, opts...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// rowsOf is f's rows as Go values ([]any of map[string]any).
func rowsOf(t testing.TB, f *frame.Frame) []any {
	t.Helper()
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	d, err := f.Data()
	if err != nil {
		t.Fatal(err)
	}
	v, _ := d.ToValue().([]any)
	return v
}

// column is the values of one column of f.
func column(t testing.TB, f *frame.Frame, name string) []any {
	t.Helper()
	var out []any
	for _, r := range rowsOf(t, f) {
		out = append(out, r.(map[string]any)[name])
	}
	return out
}

// nestedSchema is the schema of the nested test tables: a list, a
// struct and a list of structs beside an id.
var nestedSchema = arrow.NewSchema([]arrow.Field{
	{Name: "id", Type: arrow.PrimitiveTypes.Int64},
	{Name: "tags", Type: arrow.ListOf(arrow.BinaryTypes.String), Nullable: true},
	{Name: "point", Type: arrow.StructOf(
		arrow.Field{Name: "x", Type: arrow.PrimitiveTypes.Float64},
		arrow.Field{Name: "y", Type: arrow.PrimitiveTypes.Float64}), Nullable: true},
	{Name: "items", Type: arrow.ListOf(arrow.StructOf(
		arrow.Field{Name: "name", Type: arrow.BinaryTypes.String},
		arrow.Field{Name: "qty", Type: arrow.PrimitiveTypes.Int64})), Nullable: true},
}, nil)

// nestedBatches makes n batches of rows rows of nestedSchema, ids
// counting from 0 across them; the caller releases them.
func nestedBatches(t testing.TB, n, rows int) []arrow.RecordBatch {
	t.Helper()
	out := make([]arrow.RecordBatch, n)
	id := 0
	for i := range out {
		var b strings.Builder
		b.WriteByte('[')
		for j := range rows {
			if j > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, `{"id": %d, "tags": ["t%d", "u"], "point": {"x": %d.5, "y": -1}, "items": [{"name": "a", "qty": %d}, {"name": "b", "qty": 0}]}`, id, id, id, id)
			id++
		}
		b.WriteByte(']')
		rec, _, err := array.RecordFromJSON(memory.DefaultAllocator, nestedSchema, strings.NewReader(b.String()))
		if err != nil {
			t.Fatal(err)
		}
		out[i] = rec
	}
	return out
}

// intBatches makes n batches of rows rows of {id: int64, x: float64,
// name: utf8}, ids counting from 0 across them; the caller releases them.
func intBatches(n, rows int) []arrow.RecordBatch {
	schema := arrow.NewSchema([]arrow.Field{
		{Name: "id", Type: arrow.PrimitiveTypes.Int64},
		{Name: "x", Type: arrow.PrimitiveTypes.Float64},
		{Name: "name", Type: arrow.BinaryTypes.String},
	}, nil)
	out := make([]arrow.RecordBatch, n)
	b := array.NewRecordBuilder(memory.DefaultAllocator, schema)
	defer b.Release()
	id := int64(0)
	for i := range out {
		ids := b.Field(0).(*array.Int64Builder)
		xs := b.Field(1).(*array.Float64Builder)
		names := b.Field(2).(*array.StringBuilder)
		for range rows {
			ids.Append(id)
			xs.Append(float64(id) / 2)
			names.Append("row-" + fmt.Sprint(id%1000))
			id++
		}
		out[i] = b.NewRecordBatch()
	}
	return out
}

func releaseAll(recs []arrow.RecordBatch) {
	for _, r := range recs {
		r.Release()
	}
}

// fetchGoroutines counts the goroutines running a Reader's fetch.
func fetchGoroutines() int {
	buf := make([]byte, 1<<22)
	buf = buf[:runtime.Stack(buf, true)]
	return strings.Count(string(buf), "flightsql.(*Reader).fetch(")
}

// settle waits, up to a few seconds, for cond to hold (goroutines that
// are ending, a server noticing a cancelled stream): the deadline is a
// budget against a hang, not a measurement.
func settle(cond func() bool) bool {
	deadline := time.Now().Add(5 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(5 * time.Millisecond)
	}
	return true
}

// goroutinesBack waits for the goroutine count to fall back to base,
// reporting the stacks if it does not.
func goroutinesBack(t *testing.T, base int) {
	t.Helper()
	if !settle(func() bool { return runtime.NumGoroutine() <= base }) {
		buf := make([]byte, 1<<20)
		t.Errorf("%d goroutines, %d before:\n%s", runtime.NumGoroutine(), base, buf[:runtime.Stack(buf, true)])
	}
}

// warmGoroutines makes c connect (gRPC connects on the first call, with
// goroutines of its own on both sides) and returns the goroutine count
// then, which a Reader's goroutines come back to.
func warmGoroutines(t *testing.T, c *Client) int {
	t.Helper()
	if _, err := c.Query(context.Background(), "SELECT 1 AS one"); err != nil {
		t.Fatal(err)
	}
	return runtime.NumGoroutine()
}
