// Package gota converts between structframe Frames and gota DataFrames
// (github.com/go-gota/gota v0.12.0): [FromDataFrame] makes a Frame of a
// gota DataFrame, [ToDataFrame] a gota DataFrame of a Frame. It is a
// package of its own, beside the readers and writers of package io, so
// that a program that does not convert to or from gota links neither gota
// nor the gonum packages gota imports.
//
// gota holds four element types (int, float64, bool, string) and one NA
// flag per element. Both ways keep every value gota can hold, its type,
// its NA/null state and the column order:
//
//	gota        frame
//	Int         int64
//	Float       float64 (NA ↔ null)
//	Bool        bool
//	String      string
//
// What gota cannot hold is converted by rule, and said here rather than
// lost in silence:
//   - every integer width becomes int (unsigned values above MaxInt64 are
//     an error naming the column), float32 and float16 become float64;
//   - a float NaN becomes NA (gota has no NaN apart from NA), so it comes
//     back as null; a string "NaN" becomes NA too (gota's rule);
//   - dates, timestamps, durations, decimals and other leaf types become
//     their text (RFC 3339 for times, the exact digits for decimals);
//   - a non-range index becomes leading columns (ResetIndex);
//   - nested structures become dotted columns ("recipe.title"); lists and
//     maps become JSON text (a map's keys sorted, as encoding/json writes),
//     or, for one list column, rows ([WithExplode]).
//
// FromDataFrame with [WithSchema](spec) undoes all of it: the dotted
// columns are nested again, the JSON text is parsed back into lists, and
// every leaf gets the Spec's type (int32, timestamps, decimals ...).
//
// Errors are *frame.Error values whose Op is "gota.FromDataFrame" or
// "gota.ToDataFrame" (or the frame method that failed), so errors.Is
// matches frame's sentinels: frame.ErrType for a column that cannot be
// converted, frame.ErrColumn for a column the Spec names and the
// DataFrame lacks, frame.ErrArgument for a DataFrame that carries an
// error or options that do not fit together.
package gota
