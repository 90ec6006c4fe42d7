package flightsql

import (
	"context"
	"fmt"
	"strings"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/flight/flightsql"
	"github.com/structframe/structframe/frame"
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
	if table == "" {
		return fail(fmt.Errorf("%w: no table name", ErrParameter))
	}
	recs, err := frameBatches(f, true, cfg.batchRows)
	if err != nil {
		return fail(err)
	}
	defer release(recs)
	if len(recs) == 0 {
		return fail(fmt.Errorf("%w: the frame gives no record batch", ErrParameter))
	}
	rdr, err := array.NewRecordReader(recs[0].Schema(), recs)
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
	fields := recs[0].Schema().Fields()
	cols := make([]string, len(fields))
	for i, f := range fields {
		cols[i] = quoteIdent(f.Name)
	}
	sql := "INSERT INTO " + quoteIdent(table) + " (" + strings.Join(cols, ", ") + ") VALUES (" +
		strings.TrimSuffix(strings.Repeat("?, ", len(cols)), ", ") + ")"
	s, err := c.prepare(ctx, "ingest", sql)
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

// quoteIdent quotes a name as an SQL identifier: between double quotes,
// a double quote doubled.
func quoteIdent(name string) string {
	return `"` + strings.ReplaceAll(name, `"`, `""`) + `"`
}
