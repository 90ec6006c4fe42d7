package adbc

import (
	"context"
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/apache/arrow-adbc/go/adbc"
	drv "github.com/apache/arrow-adbc/go/adbc/driver/flightsql"
	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/io/flightsql/flightsqltest"
)

// startServer starts arrow-go's SQLite example server (see
// flightsqltest), closed when the test ends.
func startServer(t testing.TB, opts ...flightsqltest.Option) *flightsqltest.Server {
	t.Helper()
	srv, err := flightsqltest.NewServer(opts...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Close)
	return srv
}

// database is an ADBC database of ADBC's Flight SQL driver on srv,
// closed when the test ends.
func database(t testing.TB, srv *flightsqltest.Server) adbc.Database {
	t.Helper()
	db, err := drv.NewDriver(memory.DefaultAllocator).NewDatabase(map[string]string{adbc.OptionKeyURI: srv.URI})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// connect opens a connection of ADBC's Flight SQL driver to srv, closed
// when the test ends.
func connect(t testing.TB, srv *flightsqltest.Server) adbc.Connection {
	t.Helper()
	conn, err := database(t, srv).Open(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	return conn
}

// column is the values of one column of f.
func column(t testing.TB, f *frame.Frame, name string) []any {
	t.Helper()
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	d, err := f.Data()
	if err != nil {
		t.Fatal(err)
	}
	var out []any
	for _, r := range d.ToValue().([]any) {
		out = append(out, r.(map[string]any)[name])
	}
	return out
}

// nestedSchema is the schema of the nested test tables.
var nestedSchema = arrow.NewSchema([]arrow.Field{
	{Name: "id", Type: arrow.PrimitiveTypes.Int64},
	{Name: "tags", Type: arrow.ListOf(arrow.BinaryTypes.String), Nullable: true},
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
			fmt.Fprintf(&b, `{"id": %d, "tags": ["t%d"], "items": [{"name": "a", "qty": %d}]}`, id, id, id)
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
// name: utf8}, ids counting from 0 across them (io/flightsql's test
// tables); the caller releases them.
func intBatches(n, rows int) []arrow.RecordBatch {
	schema := arrow.NewSchema([]arrow.Field{
		{Name: "id", Type: arrow.PrimitiveTypes.Int64},
		{Name: "x", Type: arrow.PrimitiveTypes.Float64},
		{Name: "name", Type: arrow.BinaryTypes.String},
	}, nil)
	b := array.NewRecordBuilder(memory.DefaultAllocator, schema)
	defer b.Release()
	out := make([]arrow.RecordBatch, n)
	id := int64(0)
	for i := range out {
		for range rows {
			b.Field(0).(*array.Int64Builder).Append(id)
			b.Field(1).(*array.Float64Builder).Append(float64(id) / 2)
			b.Field(2).(*array.StringBuilder).Append("row-" + strconv.FormatInt(id%1000, 10))
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

// settle waits, up to a few seconds, for cond to hold: a budget against
// a hang, not a measurement.
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

// goroutinesBack waits for the goroutine count to fall back to base.
func goroutinesBack(t *testing.T, base int) {
	t.Helper()
	if !settle(func() bool { return runtime.NumGoroutine() <= base }) {
		buf := make([]byte, 1<<20)
		t.Errorf("%d goroutines, %d before:\n%s", runtime.NumGoroutine(), base, buf[:runtime.Stack(buf, true)])
	}
}
