package flightsql

import (
	"context"
	"runtime"
	"strings"
	"testing"

	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/io/flightsql/flightsqltest"
)

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

// fetchGoroutines counts the goroutines running a Reader's fetch.
func fetchGoroutines() int {
	buf := make([]byte, 1<<22)
	buf = buf[:runtime.Stack(buf, true)]
	return strings.Count(string(buf), "flightsql.(*Reader).fetch(")
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
