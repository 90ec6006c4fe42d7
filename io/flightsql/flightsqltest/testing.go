package flightsqltest

import (
	"fmt"
	"runtime"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// TB is the part of testing.TB that [Start] and [Server.WaitIdle] use
// (testing.T, testing.B and testing.F have it), so that this package,
// which examples and commands link to start a server, does not link
// package testing.
type TB interface {
	Helper()
	Fatal(args ...any)
	Errorf(format string, args ...any)
	Cleanup(func())
}

// Start starts a server as [NewServer] does, for the test or benchmark t:
// a server that fails to start fails t, and the server is closed when t
// ends. It is the start-up the tests of every client of the server share
// (io/flightsql's and io/adbc's).
func Start(t TB, opts ...Option) *Server {
	t.Helper()
	srv, err := NewServer(opts...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Close)
	return srv
}

// settleTime bounds the waits of WaitIdle: a budget against a hang, not
// a measurement.
var settleTime = 5 * time.Second

// WaitIdle waits, up to a few seconds, until the server sends no
// [Server.AddTable] result any more and the process runs at most
// goroutines goroutines (the count taken before a read), and reports on
// t what did not come back, the goroutines' stacks included. It is what
// a test checks after a read it cancelled or closed early: the server's
// work stopped and the client left nothing running.
func (s *Server) WaitIdle(t TB, goroutines int) {
	t.Helper()
	if !settle(func() bool { return s.Streams() == 0 }) {
		t.Errorf("%d streams still sending on the server", s.Streams())
	}
	if !settle(func() bool { return runtime.NumGoroutine() <= goroutines }) {
		buf := make([]byte, 1<<20)
		t.Errorf("%d goroutines, %d before:\n%s", runtime.NumGoroutine(), goroutines, buf[:runtime.Stack(buf, true)])
	}
}

// settle waits, up to settleTime, for cond to hold, reporting whether it
// did.
func settle(cond func() bool) bool {
	deadline := time.Now().Add(settleTime)
	for !cond() {
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(5 * time.Millisecond)
	}
	return true
}

// IntBatches makes n record batches of rows rows each of {id: int64, x:
// float64, name: utf8}, id counting from 0 across them, x = id/2 and name
// "row-" followed by id mod 1000, to serve with [Server.AddTable]: the
// table the benchmarks of io/flightsql and io/adbc read, so that their
// figures compare. The caller releases the batches.
func IntBatches(n, rows int) []arrow.RecordBatch {
	schema := arrow.NewSchema([]arrow.Field{
		{Name: "id", Type: arrow.PrimitiveTypes.Int64},
		{Name: "x", Type: arrow.PrimitiveTypes.Float64},
		{Name: "name", Type: arrow.BinaryTypes.String},
	}, nil)
	b := array.NewRecordBuilder(memory.DefaultAllocator, schema)
	defer b.Release()
	ids := b.Field(0).(*array.Int64Builder)
	xs := b.Field(1).(*array.Float64Builder)
	names := b.Field(2).(*array.StringBuilder)
	out := make([]arrow.RecordBatch, n)
	id := int64(0)
	for i := range out {
		for range rows {
			ids.Append(id)
			xs.Append(float64(id) / 2)
			names.Append(fmt.Sprint("row-", id%1000))
			id++
		}
		out[i] = b.NewRecordBatch()
	}
	return out
}

// NestedBatches makes n record batches of rows rows each of nested
// columns, a list, a struct and a list of structs beside an id, to serve
// with [Server.AddTable] what SQLite cannot hold:
//
//	{id: int64, tags: list<utf8>, point: struct<x: float64, y: float64>,
//	 items: list<struct<name: utf8, qty: int64>>}
//
// Row id (counting from 0 across the batches) holds tags ["t<id>", "u"],
// point {x: id + 0.5, y: -1} and items [{name: "a", qty: id}, {name: "b",
// qty: 0}]. The caller releases the batches.
func NestedBatches(n, rows int) []arrow.RecordBatch {
	item := arrow.StructOf(
		arrow.Field{Name: "name", Type: arrow.BinaryTypes.String},
		arrow.Field{Name: "qty", Type: arrow.PrimitiveTypes.Int64})
	schema := arrow.NewSchema([]arrow.Field{
		{Name: "id", Type: arrow.PrimitiveTypes.Int64},
		{Name: "tags", Type: arrow.ListOf(arrow.BinaryTypes.String), Nullable: true},
		{Name: "point", Type: arrow.StructOf(
			arrow.Field{Name: "x", Type: arrow.PrimitiveTypes.Float64},
			arrow.Field{Name: "y", Type: arrow.PrimitiveTypes.Float64}), Nullable: true},
		{Name: "items", Type: arrow.ListOf(item), Nullable: true},
	}, nil)
	b := array.NewRecordBuilder(memory.DefaultAllocator, schema)
	defer b.Release()
	ids := b.Field(0).(*array.Int64Builder)
	tags := b.Field(1).(*array.ListBuilder)
	tag := tags.ValueBuilder().(*array.StringBuilder)
	point := b.Field(2).(*array.StructBuilder)
	px, py := point.FieldBuilder(0).(*array.Float64Builder), point.FieldBuilder(1).(*array.Float64Builder)
	items := b.Field(3).(*array.ListBuilder)
	it := items.ValueBuilder().(*array.StructBuilder)
	name, qty := it.FieldBuilder(0).(*array.StringBuilder), it.FieldBuilder(1).(*array.Int64Builder)
	out := make([]arrow.RecordBatch, n)
	id := int64(0)
	for i := range out {
		for range rows {
			ids.Append(id)
			tags.Append(true)
			tag.Append(fmt.Sprint("t", id))
			tag.Append("u")
			point.Append(true)
			px.Append(float64(id) + 0.5)
			py.Append(-1)
			items.Append(true)
			it.Append(true)
			name.Append("a")
			qty.Append(id)
			it.Append(true)
			name.Append("b")
			qty.Append(0)
			id++
		}
		out[i] = b.NewRecordBatch()
	}
	return out
}
