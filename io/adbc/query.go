package adbc

import (
	"context"
	"fmt"
	"sync"

	"github.com/apache/arrow-adbc/go/adbc"
	"github.com/apache/arrow-go/v18/arrow"
	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/internal/sqlbind"
)

// Query runs a SQL query on an ADBC connection and returns its whole
// result as one Frame, the driver's record batches joined without
// copying their buffers (see [Reader] for a result read batch by batch).
// Nested Arrow types (lists, structs, maps) are kept as nested columns.
//
// With params, the query is prepared and run with the parameters bound
// (adbc.Statement.Bind): Go values, one per placeholder (see [Stmt]), or
// a lone *frame.Frame or arrow.RecordBatch whose columns are the
// placeholders and whose rows are parameter sets, the query running once
// per row.
//
// An ADBC connection is not safe for concurrent use: one call at a time,
// and a Reader of it read or closed before the next call on it.
func Query(ctx context.Context, conn adbc.Connection, sql string, params ...any) (*frame.Frame, error) {
	r, err := QueryReader(ctx, conn, sql, params...)
	if err != nil {
		return nil, err
	}
	return collect(r)
}

// QueryReader runs a SQL query, as [Query], and returns a Reader of its
// result; ctx governs the fetch of the result too (the driver fetches
// with the context of the execution). Closing the Reader closes the
// statement the query made.
func QueryReader(ctx context.Context, conn adbc.Connection, sql string, params ...any) (*Reader, error) {
	st, err := newStatement(ctx, "query", conn, sql, len(params) > 0)
	if err != nil {
		return nil, err
	}
	r, err := (&Stmt{st: st}).queryReader(ctx, "query", params)
	if err != nil {
		st.Close()
		return nil, err
	}
	r.stmt = st
	return r, nil
}

// QueryDatabase runs a SQL query, as [Query], on a connection of db
// opened for the call and closed after.
func QueryDatabase(ctx context.Context, db adbc.Database, sql string, params ...any) (*frame.Frame, error) {
	conn, err := db.Open(ctx)
	if err != nil {
		return nil, wrap(ctx, "connect", err)
	}
	f, err := Query(ctx, conn, sql, params...)
	if cerr := conn.Close(); err == nil && cerr != nil {
		return nil, &Error{Op: "close", Err: cerr}
	}
	return f, err
}

// Exec runs a SQL statement that returns no rows (INSERT, UPDATE, DELETE,
// DDL) and returns the number of rows it affected, as the driver counts
// them (-1 if it does not). Parameters are bound as [Query] binds them;
// with a Frame of parameter sets the statement runs once per row (a Frame
// of no rows runs nothing).
func Exec(ctx context.Context, conn adbc.Connection, sql string, params ...any) (int64, error) {
	st, err := newStatement(ctx, "exec", conn, sql, len(params) > 0)
	if err != nil {
		return 0, err
	}
	n, err := (&Stmt{st: st}).exec(ctx, "exec", params)
	if cerr := st.Close(); err == nil && cerr != nil {
		err = &Error{Op: "close", Err: cerr}
	}
	return n, err
}

// newStatement makes a statement of sql on conn, prepared if prepare.
func newStatement(ctx context.Context, op string, conn adbc.Connection, sql string, prepare bool) (adbc.Statement, error) {
	if conn == nil {
		return nil, &Error{Op: op, Err: fmt.Errorf("%w: nil connection", frame.ErrArgument)}
	}
	st, err := conn.NewStatement()
	if err != nil {
		return nil, wrap(ctx, op, err)
	}
	if err := st.SetSqlQuery(sql); err != nil {
		st.Close()
		return nil, wrap(ctx, op, err)
	}
	if prepare {
		if err := st.Prepare(ctx); err != nil {
			st.Close()
			return nil, wrap(ctx, "prepare", err)
		}
	}
	return st, nil
}

// Stmt is a prepared statement of an ADBC connection: a query or
// statement parsed and planned once, then run any number of times with
// parameters. Parameters are Go values, one per placeholder, each bound
// as a column of a one-row record batch named "0", "1", ... (as ADBC's
// DB-API names positional parameters) of the Arrow type of its Go type:
// bool; int and int64 as int64, the sized ints and uints as themselves,
// uint as uint64; float32, float64; string as utf8; []byte as binary;
// time.Time as timestamp[ns, UTC]; time.Duration as duration[ns]; nil as
// a null. Or a lone *frame.Frame (its columns, not its index) or
// arrow.RecordBatch: one parameter set per row (adbc.Statement.Bind or
// BindStream), the statement running once per row. Which types a driver
// takes is the driver's affair. A call without parameters runs the
// statement with the ones bound last, if any, as ADBC keeps them.
//
// Running a Stmt again invalidates the Reader of its previous query, as
// ADBC says of a statement. A Stmt is safe for concurrent use, one call
// at a time (its connection is not: see [Query]). Close it when done.
type Stmt struct {
	mu     sync.Mutex
	st     adbc.Statement
	closed bool
}

// Prepare prepares a SQL query or statement on conn, to run it several
// times with different parameters.
func Prepare(ctx context.Context, conn adbc.Connection, sql string) (*Stmt, error) {
	st, err := newStatement(ctx, "prepare", conn, sql, true)
	if err != nil {
		return nil, err
	}
	return &Stmt{st: st}, nil
}

// Query runs the prepared query with params bound (see [Stmt]) and
// returns its whole result as one Frame.
func (s *Stmt) Query(ctx context.Context, params ...any) (*frame.Frame, error) {
	r, err := s.QueryReader(ctx, params...)
	if err != nil {
		return nil, err
	}
	return collect(r)
}

// QueryReader runs the prepared query with params bound (see [Stmt]) and
// returns a Reader of its result.
func (s *Stmt) QueryReader(ctx context.Context, params ...any) (*Reader, error) {
	return s.queryReader(ctx, "query", params)
}

// Exec runs the prepared statement with params bound (see [Stmt]) and
// returns the number of rows it affected.
func (s *Stmt) Exec(ctx context.Context, params ...any) (int64, error) {
	return s.exec(ctx, "exec", params)
}

func (s *Stmt) queryReader(ctx context.Context, op string, params []any) (*Reader, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	recs, err := s.batches(op, params)
	if err != nil {
		return nil, err
	}
	defer sqlbind.Release(recs)
	if len(params) > 0 && sqlbind.Rows(recs) == 0 {
		return nil, &Error{Op: op, Err: sqlbind.ErrNoRows}
	}
	if err := s.bind(ctx, recs); err != nil {
		return nil, wrap(ctx, op, err)
	}
	rr, _, err := s.st.ExecuteQuery(ctx)
	if err != nil {
		return nil, wrap(ctx, op, err)
	}
	return &Reader{ctx: ctx, rr: rr}, nil
}

func (s *Stmt) exec(ctx context.Context, op string, params []any) (int64, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	recs, err := s.batches(op, params)
	if err != nil {
		return 0, err
	}
	defer sqlbind.Release(recs)
	return s.execBatches(ctx, op, recs, len(params) > 0)
}

// execBatches runs the statement with recs bound; bound says whether
// there are parameters at all (a statement with parameter sets of no
// rows is never run).
func (s *Stmt) execBatches(ctx context.Context, op string, recs []arrow.RecordBatch, bound bool) (int64, error) {
	if bound && sqlbind.Rows(recs) == 0 {
		return 0, nil
	}
	if err := s.bind(ctx, recs); err != nil {
		return 0, wrap(ctx, op, err)
	}
	n, err := s.st.ExecuteUpdate(ctx)
	return n, wrap(ctx, op, err)
}

// batches turns params into record batches, checking that s is open.
func (s *Stmt) batches(op string, params []any) ([]arrow.RecordBatch, error) {
	if s.closed {
		return nil, &Error{Op: op, Err: sqlbind.ErrClosed}
	}
	recs, err := sqlbind.Batches(params, DefaultBatchSize)
	if err != nil {
		return nil, &Error{Op: op, Err: err}
	}
	return recs, nil
}

// bind binds recs (none: leaves the statement as it is); the driver
// keeps its own references.
func (s *Stmt) bind(ctx context.Context, recs []arrow.RecordBatch) error {
	switch len(recs) {
	case 0:
		return nil
	case 1:
		return s.st.Bind(ctx, recs[0])
	}
	rdr, err := sqlbind.Stream(recs)
	if err != nil {
		return err
	}
	defer rdr.Release()
	return s.st.BindStream(ctx, rdr)
}

// Close closes the statement.
func (s *Stmt) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return nil
	}
	s.closed = true
	if err := s.st.Close(); err != nil {
		return &Error{Op: "close", Err: err}
	}
	return nil
}
