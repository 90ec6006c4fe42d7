package flightsql

import (
	"context"
	"fmt"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/flight/flightsql"
	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/internal/sqlbind"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// Ingest writes the rows of f into the table named table (a name, not
// SQL: it is sent as it is) by Flight SQL's bulk ingest
// (CommandStatementIngest, arrow-go's ExecuteIngest): the record batches
// are streamed to the server without copying, in slices of
// [WithBatchSize] rows, and the server creates the table from their Arrow
// schema. It returns the number of rows written. [WithExisting] says what
// happens when the table exists: ErrorIfExists (the default) fails,
// Overwrite replaces it, Append adds the rows (creating the table if it
// is missing). A label index or MultiIndex is written as leading columns
// (Frame.ResetIndex), as pandas' to_sql writes it; a range index is not
// written.
//
// A server without bulk ingest answers Unimplemented (arrow-go's SQLite
// example does). In Append mode only, Ingest then inserts the rows into
// the existing table through a prepared statement,
// INSERT INTO "table" ("col", ...) VALUES (?, ...), bound with the same
// batches, which the server runs once per row: slower, with "?"
// placeholders, and the table must exist (creating one needs the server's
// own DDL, which Ingest does not guess). The other modes return the
// Unimplemented error, whose status status.Code reads through the *Error.
func (c *Client) Ingest(ctx context.Context, table string, f *frame.Frame, opts ...Option) (int64, error) {
	cfg := makeConfig(c.cfg, opts)
	fail := func(err error) (int64, error) {
		return 0, wrap(ctx, "ingest", c.url, fmt.Errorf("table %q: %w", table, err))
	}
	recs, err := sqlbind.IngestBatches(table, f, cfg.batchRows)
	if err != nil {
		return fail(err)
	}
	defer sqlbind.Release(recs)
	rdr, err := sqlbind.Stream(recs)
	if err != nil {
		return fail(err)
	}
	defer rdr.Release()
	req := &flightsql.ExecuteIngestOpts{Table: table, TableDefinitionOptions: tableOptions(cfg.existing)}
	cctx, cancel := c.call(ctx)
	n, err := c.cl.ExecuteIngest(cctx, rdr, req)
	cancel()
	if status.Code(err) == codes.Unimplemented && cfg.existing == Append && ctx.Err() == nil {
		return c.insert(ctx, table, recs)
	}
	if err != nil {
		return fail(err)
	}
	return n, nil
}

// tableOptions are the bulk ingest options of a mode, as ADBC's Flight SQL
// driver maps its ingest modes.
func tableOptions(e Existing) *flightsql.TableDefinitionOptions {
	o := &flightsql.TableDefinitionOptions{IfNotExist: flightsql.TableDefinitionOptionsTableNotExistOptionCreate}
	switch e {
	case Overwrite:
		o.IfExists = flightsql.TableDefinitionOptionsTableExistsOptionReplace
	case Append:
		o.IfExists = flightsql.TableDefinitionOptionsTableExistsOptionAppend
	default:
		o.IfExists = flightsql.TableDefinitionOptionsTableExistsOptionFail
	}
	return o
}

// insert is Ingest's way on a server without bulk ingest: a prepared
// INSERT bound with the batches.
func (c *Client) insert(ctx context.Context, table string, recs []arrow.RecordBatch) (int64, error) {
	s, err := c.prepare(ctx, "ingest", sqlbind.InsertSQL(table, recs[0].Schema()))
	if err != nil {
		return 0, err
	}
	s.mu.Lock()
	n, err := s.execBatches(ctx, "ingest", recs, true)
	s.mu.Unlock()
	if cerr := s.Close(); err == nil {
		err = cerr
	}
	return n, err
}
