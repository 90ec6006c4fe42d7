package flightsql

import (
	"context"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/io/flightsql/flightsqltest"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// TestQuery runs queries with and without parameters against arrow-go's
// SQLite example, whose intTable holds (1, one, 1), (2, zero, 0),
// (3, negative one, -1), (4, null, null).
func TestQuery(t *testing.T) {
	srv := flightsqltest.Start(t)
	c := open(t, srv)
	ctx := context.Background()
	tests := []struct {
		name   string
		sql    string
		params []any
		schema string
		col    string
		want   []any
	}{
		{"whole table", "SELECT id, keyName FROM intTable ORDER BY id", nil,
			"4 * {id: int64, keyName: ?string}", "keyName", []any{"one", "zero", "negative one", nil}},
		{"int parameter", "SELECT keyName FROM intTable WHERE value = ?", []any{1},
			"1 * {keyName: string}", "keyName", []any{"one"}},
		{"int64 and string parameters", "SELECT id FROM intTable WHERE value <= ? AND keyName <> ? ORDER BY id", []any{int64(0), "zero"},
			"1 * {id: int64}", "id", []any{int64(3)}},
		{"float parameter", "SELECT id FROM intTable WHERE value > ? ORDER BY id", []any{-0.5},
			"2 * {id: int64}", "id", []any{int64(1), int64(2)}},
		{"null parameter", "SELECT id FROM intTable WHERE keyName IS ?", []any{nil},
			"1 * {id: int64}", "id", []any{int64(4)}},
		{"no rows keeps the columns", "SELECT id, keyName FROM intTable WHERE id < 0", nil,
			"0 * {id: int64, keyName: string}", "id", nil},
		{"frame of parameter sets", "SELECT keyName FROM intTable WHERE id = ?",
			[]any{frame.FromColumns([]string{"id"}, []int64{3, 1, 2})},
			"3 * {keyName: string}", "keyName", []any{"negative one", "one", "zero"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := c.Query(ctx, tt.sql, tt.params...)
			if err != nil {
				t.Fatal(err)
			}
			if got := f.Schema().String(); got != tt.schema {
				t.Errorf("schema %s, want %s", got, tt.schema)
			}
			if got := column(t, f, tt.col); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("%s = %v, want %v", tt.col, got, tt.want)
			}
		})
	}
}

// TestStmt prepares statements once and runs them with several
// parameters, Go values and frames, for queries and updates.
func TestStmt(t *testing.T) {
	srv := flightsqltest.Start(t)
	c := open(t, srv)
	ctx := context.Background()
	if _, err := c.Exec(ctx, "CREATE TABLE people (name TEXT, age INTEGER)"); err != nil {
		t.Fatal(err)
	}
	ins, err := c.Prepare(ctx, "INSERT INTO people (name, age) VALUES (?, ?)")
	if err != nil {
		t.Fatal(err)
	}
	defer ins.Close()
	if n, err := ins.Exec(ctx, "ada", 36); err != nil || n != 1 {
		t.Fatalf("Exec of values: %d, %v; want 1 row", n, err)
	}
	people := frame.FromColumns([]string{"name", "age"}, []string{"bob", "cy", "dee"}, []int64{41, 29, 52})
	if n, err := ins.Exec(ctx, people); err != nil || n != 3 {
		t.Fatalf("Exec of a frame: %d, %v; want 3 rows", n, err)
	}
	empty := people.Slice(0, 0)
	if n, err := ins.Exec(ctx, empty); err != nil || n != 0 {
		t.Fatalf("Exec of a frame of no rows: %d, %v; want 0 rows and nothing run", n, err)
	}
	// A frame sent in slices of two rows: several record batches bound.
	c2 := open(t, srv, WithBatchSize(2))
	ins2, err := c2.Prepare(ctx, "INSERT INTO people (name, age) VALUES (?, ?)")
	if err != nil {
		t.Fatal(err)
	}
	defer ins2.Close()
	more := frame.FromColumns([]string{"name", "age"}, []string{"eve", "fay", "gus", "hal", "ivy"}, []int64{1, 2, 3, 4, 5})
	if n, err := ins2.Exec(ctx, more); err != nil || n != 5 {
		t.Fatalf("Exec of a frame in 3 batches: %d, %v; want 5 rows", n, err)
	}

	older, err := c.Prepare(ctx, "SELECT name FROM people WHERE age > ? ORDER BY name")
	if err != nil {
		t.Fatal(err)
	}
	defer older.Close()
	for _, tt := range []struct {
		age  int
		want []any
	}{{40, []any{"bob", "dee"}}, {30, []any{"ada", "bob", "dee"}}, {60, nil}} {
		f, err := older.Query(ctx, tt.age)
		if err != nil {
			t.Fatal(err)
		}
		if got := column(t, f, "name"); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("age > %d: %v, want %v", tt.age, got, tt.want)
		}
	}
	if n, err := c.Exec(ctx, "UPDATE people SET age = age + 1 WHERE age > ?", 40); err != nil || n != 2 {
		t.Errorf("UPDATE: %d, %v; want 2 rows", n, err)
	}
	if n, err := c.Exec(ctx, "DELETE FROM people"); err != nil || n != 9 {
		t.Errorf("DELETE: %d, %v; want 9 rows", n, err)
	}
	if err := older.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := older.Query(ctx, 1); err == nil {
		t.Error("a closed statement ran")
	}
}

// TestErrors: every failure is an *Error naming the operation and the
// server, with the server's status readable and the package's sentinels
// matched.
func TestErrors(t *testing.T) {
	srv := flightsqltest.Start(t)
	c := open(t, srv)
	ctx := context.Background()
	// arrow-go's example plans a query only when its result is fetched:
	// SQL errors come with the fetch, as the status Unknown.
	const noStatus = codes.Code(1 << 20) // not a gRPC error
	tests := []struct {
		name string
		run  func() error
		op   string
		code codes.Code // the status status.FromError reads
		is   error
	}{
		{"syntax", func() error { _, err := c.Query(ctx, "SELEC 1"); return err }, "fetch", codes.Unknown, nil},
		{"no table", func() error { _, err := c.Query(ctx, "SELECT * FROM nosuch"); return err }, "fetch", codes.Unknown, nil},
		{"exec no table", func() error { _, err := c.Exec(ctx, "DELETE FROM nosuch"); return err }, "exec", codes.Unknown, nil},
		{"prepare", func() error { _, err := c.Prepare(ctx, "SELECT * FROM nosuch WHERE x = ?"); return err }, "prepare", codes.Unknown, nil},
		{"unsupported Go type", func() error { _, err := c.Query(ctx, "SELECT ?", make(chan int)); return err }, "query", noStatus, ErrParameter},
		{"frame among values", func() error {
			_, err := c.Query(ctx, "SELECT ?, ?", 1, frame.FromColumns([]string{"a"}, []int64{1}))
			return err
		}, "query", noStatus, frame.ErrArgument},
		// arrow-go's example binds no booleans: the server says so.
		{"server refuses bool", func() error { _, err := c.Query(ctx, "SELECT ?", true); return err }, "query", codes.Internal, nil},
		{"no parameter rows", func() error {
			_, err := c.Query(ctx, "SELECT ?", frame.FromColumns([]string{"a"}, []int64{}))
			return err
		}, "query", noStatus, ErrParameter},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.run()
			t.Log(err)
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("%v (%T), want an *Error", err, err)
			}
			if e.Op != tt.op || e.URL != srv.URI {
				t.Errorf("Op %q URL %q, want %q %q", e.Op, e.URL, tt.op, srv.URI)
			}
			st, ok := status.FromError(err)
			switch {
			case ok != (tt.code != noStatus):
				t.Errorf("gRPC status found %v, want %v", ok, tt.code != noStatus)
			case ok && st.Code() != tt.code:
				t.Errorf("status %v, want %v", st.Code(), tt.code)
			}
			if want := "flightsql: " + tt.op + " on " + srv.URI + ": "; !strings.HasPrefix(err.Error(), want) {
				t.Errorf("message %q does not start with %q", err, want)
			}
			if tt.is != nil && !errors.Is(err, tt.is) {
				t.Errorf("%v is not %v", err, tt.is)
			}
		})
	}
}
