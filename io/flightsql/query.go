package flightsql

import (
	"context"
	"sync"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/flight/flightsql"
	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/internal/sqlbind"
)

// Query runs a SQL query and returns its whole result as one Frame, the
// record batches joined without copying their buffers (see [Reader] for
// a result read batch by batch, and for how endpoints are fetched).
// Nested Arrow types (lists, structs, maps) are kept as nested columns.
//
// With params, the query is prepared and run with the parameters bound
// to its placeholders (written as the server's SQL writes them: "?" for
// most): Go values, one per placeholder (see [Stmt]), or a lone
// *frame.Frame or arrow.RecordBatch whose columns are the placeholders and
// whose rows are parameter sets, the query running once per row and the
// results following one another. The prepared statement is closed after.
func (c *Client) Query(ctx context.Context, sql string, params ...any) (*frame.Frame, error) {
	r, err := c.QueryReader(ctx, sql, params...)
	if err != nil {
		return nil, err
	}
	return collect(r)
}

// QueryReader runs a SQL query, as [Client.Query], and returns a Reader of
// its result batch by batch; ctx governs the fetch of the result too.
func (c *Client) QueryReader(ctx context.Context, sql string, params ...any) (*Reader, error) {
	if len(params) == 0 {
		cctx, cancel := c.call(ctx)
		info, err := c.cl.Execute(cctx, sql)
		cancel()
		if err != nil {
			return nil, wrap(ctx, "query", c.url, err)
		}
		r, err := newReader(ctx, c, info, nil)
		if err != nil {
			return nil, &Error{Op: "query", URL: c.url, Err: err}
		}
		return r, nil
	}
	s, err := c.prepare(ctx, "query", sql)
	if err != nil {
		return nil, err
	}
	r, err := s.queryReader(ctx, "query", params, true)
	if err != nil {
		s.Close()
		return nil, err
	}
	return r, nil
}

// Exec runs a SQL statement that returns no rows (INSERT, UPDATE, DELETE,
// DDL) and returns the number of rows it affected, as the server counts
// them (-1 if it does not). Parameters are bound as [Client.Query] binds
// them; with a Frame of parameter sets the statement runs once per row
// and the counts are summed (a Frame of no rows runs nothing).
func (c *Client) Exec(ctx context.Context, sql string, params ...any) (int64, error) {
	if len(params) == 0 {
		cctx, cancel := c.call(ctx)
		defer cancel()
		n, err := c.cl.ExecuteUpdate(cctx, sql)
		return n, wrap(ctx, "exec", c.url, err)
	}
	s, err := c.prepare(ctx, "exec", sql)
	if err != nil {
		return 0, err
	}
	n, err := s.exec(ctx, "exec", params)
	if cerr := s.Close(); err == nil {
		err = cerr
	}
	return n, err
}

// Stmt is a prepared statement: a query or statement parsed and planned
// once by the server, then run any number of times with parameters.
// Parameters are Go values, one per placeholder, each sent as a column of
// a one-row record batch named "0", "1", ... (as ADBC's DB-API names
// positional parameters) of the Arrow type of its Go type: bool; int and
// int64 as int64, the sized ints and uints as themselves, uint as uint64;
// float32, float64; string as utf8; []byte as binary; time.Time as
// timestamp[ns, UTC]; time.Duration as duration[ns]; nil as a null. Or a
// lone *frame.Frame (its columns, not its index) or arrow.RecordBatch:
// one parameter set per row, sent in slices of [WithBatchSize] rows, the
// statement running once per row. Which types a server takes is the
// server's affair: arrow-go's SQLite example takes integers (not int16
// or unsigned ones other than uint8), floats, strings, binaries and nulls,
// and refuses booleans and timestamps.
//
// A Stmt is safe for concurrent use, one call at a time. Running it again
// may invalidate the Reader of its previous query, as ADBC says of a
// statement: some servers (arrow-go's example) keep a statement's last
// parameters for the fetch of its result, so read a [Stmt.QueryReader]'s
// result before the next call. Close it when done.
type Stmt struct {
	c      *Client
	mu     sync.Mutex
	ps     *flightsql.PreparedStatement
	closed bool
}

// Prepare prepares a SQL query or statement on the server, to run it
// several times with different parameters.
func (c *Client) Prepare(ctx context.Context, sql string) (*Stmt, error) {
	return c.prepare(ctx, "prepare", sql)
}

func (c *Client) prepare(ctx context.Context, op, sql string) (*Stmt, error) {
	cctx, cancel := c.call(ctx)
	defer cancel()
	ps, err := c.cl.Prepare(cctx, sql)
	if err != nil {
		return nil, wrap(ctx, op, c.url, err)
	}
	return &Stmt{c: c, ps: ps}, nil
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
	return s.queryReader(ctx, "query", params, false)
}

// Exec runs the prepared statement with params bound (see [Stmt]) and
// returns the number of rows it affected.
func (s *Stmt) Exec(ctx context.Context, params ...any) (int64, error) {
	return s.exec(ctx, "exec", params)
}

// queryReader runs the query; closeAfter makes the Reader close s when it
// is done.
func (s *Stmt) queryReader(ctx context.Context, op string, params []any, closeAfter bool) (*Reader, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	recs, err := s.batches(op, params)
	if err != nil {
		return nil, err
	}
	defer sqlbind.Release(recs)
	if len(params) > 0 && sqlbind.Rows(recs) == 0 {
		return nil, &Error{Op: op, URL: s.c.url, Err: sqlbind.ErrNoRows}
	}
	if err := s.bind(recs); err != nil {
		return nil, &Error{Op: op, URL: s.c.url, Err: err}
	}
	cctx, cancel := s.c.call(ctx)
	info, err := s.ps.Execute(cctx)
	cancel()
	if err != nil {
		return nil, wrap(ctx, op, s.c.url, err)
	}
	var after func() error
	if closeAfter {
		after = s.Close
	}
	r, err := newReader(ctx, s.c, info, after)
	if err != nil {
		return nil, &Error{Op: op, URL: s.c.url, Err: err}
	}
	return r, nil
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
// there are parameters at all (a statement without is run once, one with
// parameter sets of no rows never).
func (s *Stmt) execBatches(ctx context.Context, op string, recs []arrow.RecordBatch, bound bool) (int64, error) {
	if bound && sqlbind.Rows(recs) == 0 {
		return 0, nil
	}
	if err := s.bind(recs); err != nil {
		return 0, &Error{Op: op, URL: s.c.url, Err: err}
	}
	cctx, cancel := s.c.call(ctx)
	defer cancel()
	n, err := s.ps.ExecuteUpdate(cctx)
	return n, wrap(ctx, op, s.c.url, err)
}

// batches turns params into record batches, checking that s is open.
func (s *Stmt) batches(op string, params []any) ([]arrow.RecordBatch, error) {
	if s.closed {
		return nil, &Error{Op: op, URL: s.c.url, Err: sqlbind.ErrClosed}
	}
	recs, err := sqlbind.Batches(params, s.c.cfg.batchRows)
	if err != nil {
		return nil, &Error{Op: op, URL: s.c.url, Err: err}
	}
	return recs, nil
}

// bind sets recs as the parameters of the next execution (none: no
// parameters); the statement keeps its own references.
func (s *Stmt) bind(recs []arrow.RecordBatch) error {
	switch len(recs) {
	case 0:
		s.ps.SetParameters(nil)
	case 1:
		s.ps.SetParameters(recs[0])
	default:
		rdr, err := sqlbind.Stream(recs)
		if err != nil {
			return err
		}
		s.ps.SetRecordReader(rdr)
		rdr.Release()
	}
	return nil
}

// Close closes the statement on the server (with a context of its own,
// bounded, so that a cancelled query still gives it back).
func (s *Stmt) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return nil
	}
	s.closed = true
	ctx, cancel := cleanupContext(context.Background())
	defer cancel()
	return newError("close", s.c.url, s.ps.Close(s.c.outgoing(ctx)))
}
