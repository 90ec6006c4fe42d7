package adbc

import (
	"context"
	"errors"
	"fmt"

	"github.com/apache/arrow-adbc/go/adbc"
	"github.com/apache/arrow-go/v18/arrow"
	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/internal/sqlbind"
)

// Ingest writes the rows of f into the table named table through ADBC's
// bulk ingest (a statement with adbc.OptionKeyIngestTargetTable and
// adbc.OptionKeyIngestMode, the frame bound as a stream of record
// batches of [WithBatchSize] rows, shared with f), and returns the number
// of rows written, as the driver counts them. [WithExisting] maps to the
// ingest mode: ErrorIfExists is "create" (the default), Overwrite
// "replace", Append "create_append". A label index or MultiIndex is
// written as leading columns (Frame.ResetIndex), as pandas' to_sql writes
// it; a range index is not written.
//
// A driver without bulk ingest refuses the option with
// adbc.StatusNotImplemented (ADBC's Flight SQL driver, v1.8.0, does). In
// Append mode only, Ingest then inserts the rows into the existing table
// through a prepared statement, INSERT INTO "table" ("col", ...) VALUES
// (?, ...), bound with the same batches: slower, with "?" placeholders,
// and the table must exist (creating one needs the database's own DDL,
// which Ingest does not guess). The other modes return the driver's
// error, an adbc.Error that errors.As finds.
func Ingest(ctx context.Context, conn adbc.Connection, table string, f *frame.Frame, opts ...Option) (int64, error) {
	cfg := makeConfig(opts)
	fail := func(err error) (int64, error) {
		return 0, wrap(ctx, "ingest", fmt.Errorf("table %q: %w", table, err))
	}
	if conn == nil {
		return fail(fmt.Errorf("%w: nil connection", frame.ErrArgument))
	}
	recs, err := sqlbind.IngestBatches(table, f, cfg.batchRows)
	if err != nil {
		return fail(err)
	}
	defer sqlbind.Release(recs)
	n, err := bulkIngest(ctx, conn, table, cfg.existing, recs)
	var ae adbc.Error
	if errors.As(err, &ae) && ae.Code == adbc.StatusNotImplemented && cfg.existing == Append && ctx.Err() == nil {
		return insert(ctx, conn, table, recs)
	}
	if err != nil {
		return fail(err)
	}
	return n, nil
}

// bulkIngest runs ADBC's bulk ingest of recs into table.
func bulkIngest(ctx context.Context, conn adbc.Connection, table string, e Existing, recs []arrow.RecordBatch) (int64, error) {
	st, err := conn.NewStatement()
	if err != nil {
		return 0, err
	}
	defer st.Close()
	if err := st.SetOption(adbc.OptionKeyIngestTargetTable, table); err != nil {
		return 0, err
	}
	if err := st.SetOption(adbc.OptionKeyIngestMode, ingestMode(e)); err != nil {
		return 0, err
	}
	rdr, err := sqlbind.Stream(recs)
	if err != nil {
		return 0, err
	}
	defer rdr.Release()
	if err := st.BindStream(ctx, rdr); err != nil {
		return 0, err
	}
	return st.ExecuteUpdate(ctx)
}

// insert is Ingest's way with a driver without bulk ingest: a prepared
// INSERT bound with the batches.
func insert(ctx context.Context, conn adbc.Connection, table string, recs []arrow.RecordBatch) (int64, error) {
	st, err := newStatement(ctx, "ingest", conn, sqlbind.InsertSQL(table, recs[0].Schema()), true)
	if err != nil {
		return 0, err
	}
	s := &Stmt{st: st}
	s.mu.Lock()
	n, err := s.execBatches(ctx, "ingest", recs, true)
	s.mu.Unlock()
	if cerr := s.Close(); err == nil {
		err = cerr
	}
	return n, err
}
