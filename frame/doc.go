// Package frame is the DataFrame of structframe: a table over a rank-1
// StructuredTensor whose columns may be scalars, lists, maps or nested
// structures, with a row index (package index). It does what pandas and
// Polars do on flat tables, and on nested columns what neither can.
//
// # Where to start
//
//   - Build: FromRecords (what encoding/json decodes), FromStructs (Go
//     structs), FromColumns (named Go slices or structured values),
//     FromRecordBatch (Arrow, zero-copy), FromTensor; the readers of
//     package io (io/json, io/csv, io/ipc, io/parquet, io/dataset) and
//     gota's DataFrames (io/gota).
//   - Look: Shape, Columns, Schema (a Spec; Schema().Tree()), Head, Tail,
//     Column (a Series), Describe (one row per leaf path, with
//     percentiles), Corr, String.
//   - Rows: Slice, Take, Filter, Sort, TopK, BottomK, Sample, Shuffle,
//     Unique, DropNulls, DropNaNs, Loc, ILoc, At.
//   - Columns: Select, SelectExprs, Drop, Rename, WithColumns, IsNull,
//     FillNull, FillNullWith (forward, backward, ...), Interpolate, FillNaN.
//   - Combine: GroupBy(...).Agg(...) (and Head, Tail, Apply per group),
//     ValueCounts, Join (inner, left, right, outer, semi, anti, cross; on
//     columns or expressions), JoinAsof, Concat.
//   - Windows and time series: Over on any expression (an aggregation per
//     group back on each row; Shift, Diff, CumSum, Rank and the Rolling
//     family within each group), GroupByDynamic and Rolling (time
//     buckets), EWMMean.
//   - Reshape: Pivot and Unpivot (long to wide and back), Transpose,
//     PartitionBy, Unstack and Stack (a MultiIndex level to structure
//     columns and back), HStack, WithRowIndex.
//   - Nested data: Explode, Unnest, Flatten and Unflatten, Nest and
//     NestPositions (the inverse of Explode), Promote, Broadcast, and At for
//     selection at any depth with ints, slices, names and masks.
//   - Index: SetIndex (one column: a label index; several: a MultiIndex,
//     whose tensor groups the rows by the outer levels), ResetIndex.
//   - Out: Tensor (the index in the field "_index_"), ToRecordBatch; the
//     writers of package io, and io/gota.
//
// # Expressions
//
// Filter, WithColumns, SelectExprs, Sort (By) and GroupBy.Agg take the same
// Expr values, as Polars does: Col("recipe.time").Gt(Lit(30)),
// Col("scores").List().Mean(), Col("name").Str().StartsWith("A"),
// Col("score").Mean(). They are evaluated a column at a time by typed
// kernels; the promotion rules and null rules are on Expr.
//
// # Errors
//
// Methods of *Frame that make a Frame return a *Frame, never (Frame, error):
// a Frame carries the first error met in a chain and every later method
// passes it on untouched, so a notebook cell reads as a Polars chain,
//
//	out := df.Filter(frame.Col("score").Gt(frame.Lit(8))).Sort(frame.Desc("score")).Head(10)
//	if err := out.Err(); err != nil { ... }
//
// The error cannot go unseen: Err returns it, every method that returns
// data (Tensor, Data, Column, ToRecordBatch, ...) returns it as its
// error, and String prints it. Must panics with it, for tests and
// examples. This is the model of bufio.Scanner and database/sql.Rows,
// chosen over (Frame, error) results because those break every chain into
// statements. Errors name the method and the columns involved, wrap a
// sentinel (ErrColumn, ErrType, ErrShape, ErrDuplicate, ErrIndex,
// ErrArgument; the ones a lower layer has are its values, so
// errors.Is(err, structured.ErrType) holds too) or the error of the layer
// below, and nothing panics on user input.
//
// # Column references
//
// A column is referred to by a string: an exact top-level name first, else
// a dotted path into nested columns ("recipe.ingredients.name": through a
// list of structures, one list of names per row); Path builds a reference
// from pieces for names that contain dots.
//
// # Nested verbs and their policies
//
// Where pandas and Polars users got hurt, the choice is named:
//   - Explode keeps a row for an empty or a null list by default (Spark's
//     explode_outer); WithEmptyAs and WithNullAs drop or refuse them instead, and
//     WithPosition records the item's position (-1 for an empty list, null
//     for a null list), so NestPositions rebuilds [], null and [null]
//     exactly. Lists exploded together must have equal lengths, or the
//     error names both columns and the row.
//   - Unnest refuses a name collision by default, naming both columns;
//     WithCollision(CollisionPrefix) or WithPrefixed(true) name fields by path.
//   - Flatten turns every structure into dotted leaf columns at once
//     (json_normalize), sharing every value buffer.
//
// # Index
//
// A range index is implicit and renumbers rows after every selection (as
// Polars, which has no index at all); a label index or MultiIndex follows
// its rows. Tensor stores a non-range index in the field "_index_" (a
// MultiIndex nested level by level, see package index), and FromTensor
// reads it back, so an index travels through every writer and reader.
//
// # gota
//
// Package io/gota converts to and from gota DataFrames (gota.FromDataFrame,
// gota.ToDataFrame) without loss of what gota can hold, and rebuilds nested
// columns from flat ones. It is a package of its own so that frame links
// neither gota nor gonum. examples/gota_nest turns flat gota order lines
// into orders with lists of items and a MultiIndex, and back.
package frame
