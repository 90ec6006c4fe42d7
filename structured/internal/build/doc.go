// Package build is the engine behind structured's streaming Builder and
// its FromValue, FromValueSpec and ValueOf: events in (records, keys,
// lists, scalars, nulls), each value appended to a growable column per
// field path while the schema is inferred or checked, and finished
// columns out. It knows nothing of Tensors or Specs.
//
// Why below the model. structured's API returns Tensors (NewBuilder's
// Finish, FromValue), and structured's own tests build their fixtures
// with FromValue; Go forbids an import cycle even in tests, so the
// engine cannot sit above structured and be called back. It sits below,
// behind a narrow seam, and structured keeps thin faces: the exported
// functions and the Builder type with their documentation, the options,
// the Spec a stream is frozen with, and the assembly of a Tensor from
// the columns.
//
// The seam, in. A [Config] names the operation (for errors), gives the
// [Options] and, to check values against, a [Schema]: what a Spec says
// (shape, fields, types, nullability), which structured copies from its
// Spec once per Builder. [Builder.Freeze] takes the schema of a stream's
// first batch from a [SchemaSource], asked only if another batch comes.
// The events are the methods of [Builder]; structured.Builder forwards
// each in a single call, which the compiler inlines.
//
// The seam, out. [Builder.Finish] (and [Values], [ValueOf] and [Reflect]
// for Go values) hand the columns over as a [Column] tree: per node its
// layout (leaf, list or structure) and validity; a list's int64 splits,
// or the fixed length a Schema gives it, and whether it is a map; a
// structure's field names and columns in their final order; a leaf's
// items as an Arrow array. The Go slices values were appended to become
// the buffers without a copy, and a Column is a view of its node, so
// handing them over allocates nothing.
//
// Errors. An [Error] carries the operation, the field path with list
// positions, the [Kind] (which of structured's sentinel errors it is) and
// the message, the row included. [Config.Errors] turns it into the
// caller's error once (structured makes its *Error with the same Op,
// Path and message): the Builder returns that value, so an event's error
// needs no conversion on the way out and a spent Builder returns the same
// error again.
//
// The files: builder.go holds the events and the Builder's state;
// node.go the node tree (one node per field path) and leaf.go,
// number.go, numscan.go how leaves store and widen values; text.go the
// JSON text conflicts turn into; map.go map columns; merge.go,
// parallel.go and discard.go the merging of Builders, the building of
// long lists on several cores and inference in bounded memory;
// hints.go the sizing of a stream's next batch; column.go the finishing.
// schema.go turns a Schema into nodes. walk.go and value.go walk nested
// Go values (maps, slices, scalars) into events, reflect.go, tree.go and
// gofields.go other Go types by reflection.
package build
