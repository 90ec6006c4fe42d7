// Package lazy plans frame operations before running them, as Polars'
// LazyFrame: a query is built from a scan of a file (csv.Scan,
// json.Scan, ipc.Scan, parquet.Scan, dataset.Scan) or from a Frame
// (From), then the same verbs as frame.Frame (Filter, Select,
// WithColumns, Sort, GroupBy, Join, ...), and runs only when asked:
// Collect gives a Frame, Stream the result batch by batch, Sink writes
// it with any batch writer of the io packages.
//
// Before it runs, a query is optimized: the columns (and nested paths)
// no later step reads are never read (projection pushdown, into the
// readers' column options); filters move down to the scan, where a
// Parquet scan rules out row groups by their statistics and a dataset
// its partitions (predicate pushdown); Head stops the scan after the
// rows it keeps (slice pushdown). Explain prints the optimized plan with
// what each scan will read; Schema gives the result's columns and types
// without reading any row.
//
// Steps that work row by row (Filter, Select and WithColumns of
// expressions without aggregations or windows, Drop, Rename, Explode,
// Unnest, Head, Slice, Concat) run on each batch as it is read, in
// memory bounded by a batch. The others (Sort, GroupBy, Join, Unique,
// aggregations) gather their input first; their result equals the eager
// verb's on the whole data.
package lazy
