package structured

// Whole-input inference in bounded memory. A streaming reader that wants
// every batch of a file larger than memory to share one schema reads the
// file twice: pass 1 gives every row to a Builder and calls
// [Builder.DiscardRows] every so many rows, so that the Builder holds the
// schema learnt so far but none of the values; [Builder.Spec] then gives
// the schema of the whole input, and pass 2 builds the batches with
// NewBuilder(spec). (What the engine keeps of the dropped rows is told in
// the build package's discard.go.)

// DiscardRows drops the values of the rows given since the last Finish
// (or DiscardRows) but keeps everything learnt about the schema from
// them, so that the rows given next are inferred as if the dropped ones
// were still there: [Builder.Spec] after the whole input is the schema of
// all of it. The column buffers are kept, emptied, for the next rows, so
// memory does not grow with the rows dropped. Rows keep their numbers in
// errors (the next row is numbered after the dropped ones), and
// [Builder.NumRows] counts only the rows given since. It is an error with
// a record or list open. [Builder.Merge] works across it: a Builder whose
// rows were dropped can take another's rows, and be merged in.
func (b *Builder) DiscardRows() error {
	return b.e.DiscardRows()
}

// Spec returns the schema the rows given so far (dropped ones included,
// see [Builder.DiscardRows]) would be frozen with by [Builder.Finish]:
// the Tensor's Spec with every field nullable and every dimension of
// variable length, maps inferred by appearance decided as Finish decides
// them. It finishes nothing and changes nothing: rows can follow. A
// Builder given a Spec (or past its first Finish) returns that Spec. It
// is an error before any row, or when the rows are not records (or lists
// of them).
//
// With it, a reader infers the schema over the whole input in bounded
// memory and builds every batch against it with NewBuilder(spec): the
// Tensors equal those of one-pass inference, except that the entries of
// a map inferred by its keys (WithMapThreshold, WithMapAppearance) keep
// each record's key order rather than the first-seen order of the keys,
// and that a field that became JSON text (ConflictJSONText) holds every
// value's text as given, where inference re-renders the values seen
// before the conflict (1.50 as 1.5, keys in first-seen order).
func (b *Builder) Spec() (*Spec, error) {
	if err := b.e.Err(); err != nil {
		return nil, err
	}
	if b.spec != nil {
		return b.spec, nil
	}
	col, err := b.e.Inferred()
	if err != nil {
		return nil, err
	}
	return streamSpec(assemble(col, 0, Unknown, nil).(*Tensor).Spec()), nil
}
