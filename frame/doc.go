// Package frame is the DataFrame of structframe: a table over a rank-1
// StructuredTensor whose columns may be scalars, lists, maps or nested
// structures, with a row index (package index).
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
// data (Tensor, Data, Column, ToRecordBatch, ...) returns it as its error,
// and String prints it. Must panics with it, for tests and examples. This is
// the model of bufio.Scanner and database/sql.Rows, chosen over
// (Frame, error) results because those break every chain into statements.
// Errors name the method and the columns involved, wrap a sentinel
// (ErrColumn, ErrType, ErrShape, ...) or the error of the structured layer,
// and nothing panics on user input.
//
// # Column references
//
// A column is referred to by a string: an exact top-level name first, else
// a dotted path into nested columns ("recipe.ingredients.name"); Path
// builds a reference from pieces for names that contain dots.
//
// # Index
//
// A range index is implicit and renumbers rows after every selection (as
// Polars has no index at all); a label index or MultiIndex follows its
// rows. Tensor stores a non-range index in the field "_index_", and
// FromTensor reads it back.
package frame
