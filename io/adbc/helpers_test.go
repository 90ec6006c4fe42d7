package adbc

import (
	"context"
	"testing"

	"github.com/apache/arrow-adbc/go/adbc"
	drv "github.com/apache/arrow-adbc/go/adbc/driver/flightsql"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/io/flightsql/flightsqltest"
)

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
