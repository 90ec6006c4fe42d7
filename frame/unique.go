package frame

// Unique keeps the first row of each distinct key, in order (pandas'
// drop_duplicates(keep="first"), Polars' unique(maintain_order=True)):
// the key is the given columns (leaves or structures, nested paths too),
// or every column when none is given (list and structure columns
// compare item by item, field by field). Nulls are equal to each other.
// Label indexes follow the kept rows. A list of lists in the key is an
// ErrType error. Selectors (ColsByType, a ^pattern$) name several columns.
func (f *Frame) Unique(refs ...string) *Frame {
	const op = "Unique"
	if f.Err() != nil {
		return f
	}
	given := len(refs) > 0
	refs, err := f.expandRefs(op, refs)
	if err != nil {
		return failed(err)
	}
	if given && len(refs) == 0 {
		// Not every column, which no column given would mean.
		return failed(errorf(op, ErrColumn, "the selectors name no column"))
	}
	if len(refs) == 0 {
		for _, name := range f.data.FieldNames() {
			refs = append(refs, Path(name))
		}
		if len(refs) == 0 {
			return f
		}
	}
	groups, _, err := grpKeys(op, f, refs)
	if err != nil {
		return failed(err)
	}
	if groups.n == f.data.NumRows() {
		return f
	}
	return f.take(op, groups.firstRows())
}
