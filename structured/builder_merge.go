package structured

import "errors"

// Merging Builders: a reader cuts its input into chunks at row
// boundaries, builds each chunk on its own goroutine into its own Builder
// (made with [Builder.Fork]) and merges them in input order. The merged
// rows equal what one Builder given all the rows would hold, schema
// inference included, or Merge says it cannot tell (ErrMergeConflict) and
// the caller gives that chunk's rows to the Builder again, one by one,
// which gives the exact result or error. A refused Merge leaves both
// Builders as they were.

// ErrMergeConflict reports that [Builder.Merge] cannot join two Builders'
// rows exactly as one pass over them would: their values conflict (a
// schema error, or a field that becomes JSON text), a structure would
// pass the map threshold only once merged, or the Builders were made with
// different Specs or options. The Builders are unchanged; give the other
// Builder's rows to the first again, event by event, for the one-pass
// result or its error (with the right field path and row).
var ErrMergeConflict = errors.New("merge conflict: rebuild these rows in one pass")

// Fork returns an empty Builder with b's options and schema (b's Spec, or
// the schema frozen by its first Finish; or inference from scratch), for
// building rows on another goroutine to [Builder.Merge] into b.
func (b *Builder) Fork() *Builder {
	f := &Builder{spec: b.spec}
	b.e.Fork(&f.e)
	return f
}

// Merge appends the rows o was given (since its last Finish) after b's,
// as if they had been given to b, and leaves o empty, as [Builder.Fork]
// would make it, for the next chunk. Inference over the merged rows is
// that of one pass (keys unioned in first-seen order, int64 widened to
// float64 where exact, null-only fields taking the other's type, map
// decisions taken over all the rows); rows o's nodes remember (in later
// errors, "first seen at row ...") are shifted by b's rows. b and o must
// have the same options and Spec (or both infer), and be between rows.
//
// An error set in o is returned as it is (its rows numbered from o's
// first row), and b is left unchanged. Where one pass would have given an
// error, or a result Merge cannot reproduce, it returns an *Error
// wrapping [ErrMergeConflict] and leaves both Builders unchanged: give
// o's rows to b again event by event. Merging into a Builder whose error
// is set returns that error.
func (b *Builder) Merge(o *Builder) error {
	return b.e.Merge(&o.e, b.spec == o.spec || b.spec.Equal(o.spec))
}
