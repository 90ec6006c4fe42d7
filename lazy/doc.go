// Package lazy plans frame operations before running them, as Polars'
// LazyFrame: a query is built from a scan of a file (csv.Scan,
// json.Scan, ipc.Scan, parquet.Scan, dataset.Scan) or from a Frame
// (From), then the same verbs as frame.Frame (Filter, Select,
// WithColumns, Sort, GroupBy, Join, ...), and runs only when asked:
// Collect gives a Frame, Stream the result batch by batch, Sink writes
// it with any batch writer of the io packages.
//
// Before it runs, a query is optimized:
//   - projection pushdown: the columns no later step reads are never
//     read (the readers' WithColumns), down to nested paths for the
//     sources that read them (json.Scan: Col("user.name") reads no other
//     field of user), on both sides of a join;
//   - predicate pushdown: filters move down to the scans, through the
//     steps that do not make the columns they read and into the side of a
//     join whose columns they read; there a Parquet scan rules out row
//     groups by their statistics and a dataset its partitions;
//   - slice pushdown: Head stops the scan after the rows it keeps;
//   - constants folded inside expressions (frame.Expr.Simplify), so that
//     x > 2 * 5 reaches a Parquet scan as x > 10, and filters moved
//     below Rename over the old names (frame.Expr.RenameColumns);
//   - common subplans: in Collect, a part the query uses twice (a frame
//     joined to its own group-by, concatenated with a filter of itself)
//     becomes a CACHE, run once for the columns, rows and filters its uses
//     need together, and held in memory for them; Stream and Sink, bound
//     to a few batches of memory, read it once per use.
//
// The optimized plan must give the columns the query gives as written
// (compared on their schemas), or the query runs as written. Explain
// prints the optimized plan with what each scan reads; Schema gives the
// result's columns and types without reading any row of a Parquet or
// Arrow file (a CSV file's types are inferred over the whole file, once
// per scan, as Read infers them; a JSON file's over its first rows, see
// SampledSource: when a later row does not fit, the query runs again on
// the whole file's schema, so results do not depend on it).
//
// Steps that work row by row (Filter, Select and WithColumns of
// expressions without aggregations or windows, Drop, Rename, Explode,
// Unnest, Flatten, WithRowIndex, Head, Slice, Concat) run on each batch
// as it is read, in memory bounded by a batch. An inner, left, semi or
// anti join streams its left side through its right side, built once; an
// inner, semi or anti join whose left side is known to be several times
// smaller (a RowCounter source: a Parquet footer; a frame) builds on the
// left and streams the right side instead, in the same order. A group-by
// whose aggregations are sums, counts, lens, least and greatest values
// and means aggregates each batch and combines the partial results, in
// memory of the groups. The other steps (Sort, Tail, Unique, other
// aggregations and joins) gather their input first. Every result equals
// the eager verbs' on the whole data.
//
// The row-by-row steps above a scan, and a group-by's aggregation of
// each batch, run on every core (GOMAXPROCS workers, morsel-driven): the
// batches go to the workers in the order read, and their results are
// taken back in that order, so the result and its order are those of one
// goroutine. About three batches per worker are in flight. A scan under
// Head reads on one goroutine, so as not to read ahead.
//
// Memory: Collect, Stream and Sink take RunOptions. Past WithMemoryLimit
// (half the physical memory unless given), a Sort of a streaming input
// writes sorted runs to temporary Arrow IPC files and merges them by the
// bytes of their keys (frame.SortRowKeys), and a streaming group-by
// writes its partial groups to 16 files partitioned by a hash of their
// keys and finishes one at a time; WithTempDir says where, WithStats
// counts what was written. Files are removed when the run ends.
package lazy
