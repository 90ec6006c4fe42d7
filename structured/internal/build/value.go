package build

// Values builds the columns of FromValue's and FromValueSpec's value v,
// a Go type the walker reads directly (see ReadsDirectly): a map gives
// one structure (its struct column, rank 0), a list its items as rows
// (the rows' list), against c.Schema or inferring the schema. A long list
// is read in chunks (see c.Chunks). The caller has checked that v is a
// map, a list, or nil for a rank-0 Schema that allows it.
func Values(c Config, v any) (Column, error) {
	b := c.builder()
	if err := b.reset(); err != nil {
		return Column{}, err
	}
	return b.buildValue(v)
}

// buildValue returns the columns of a map (rank 0) or a list whose items
// are the rows.
func (b *Builder) buildValue(v any) (Column, error) {
	var err error
	switch x := v.(type) {
	case map[string]any:
		if x == nil {
			return Column{}, b.errorf(KindType, "got a nil %T: %s builds a Tensor from a map or a list of maps", v, b.op)
		}
		if err := b.walk(x); err != nil {
			return Column{}, err
		}
		return b.finishOne()
	case nil:
		if err := b.walk(nil); err != nil {
			return Column{}, err
		}
		return b.finishOne()
	case []any:
		if x == nil {
			return Column{}, b.errorf(KindType, "got a nil %T: %s builds a Tensor from a map or a list of maps", v, b.op)
		}
		err = walkRows(b, x)
	case []map[string]any:
		if x == nil {
			return Column{}, b.errorf(KindType, "got a nil %T: %s builds a Tensor from a map or a list of maps", v, b.op)
		}
		err = walkRows(b, x)
	case []string:
		err = walkTyped(b, x)
	case []int64:
		err = walkTyped(b, x)
	case []int:
		err = walkTyped(b, x)
	case []float64:
		err = walkTyped(b, x)
	case []bool:
		err = walkTyped(b, x)
	}
	if err != nil {
		return Column{}, err
	}
	return b.finishRows()
}

// finishOne returns the column of a single structure, the only row.
func (b *Builder) finishOne() (Column, error) {
	rows := b.rowsNode()
	switch rows.kind {
	case kindNull:
		if rows.spec == nil {
			return Column{}, b.errorf(KindType, "got nil: %s builds a Tensor from a map or a list of maps", b.op)
		}
	case kindStruct:
	default:
		return Column{}, b.errorf(KindType, "got a %s: %s builds a Tensor from a map or a list of maps", rows.describe(), b.op)
	}
	return b.finish(rows, nil)
}

// ValueOf builds the column of ValueOf's value v, a Go type the walker
// reads directly: a list is the rows' list, any other value one slot.
func ValueOf(c Config, v any) (Column, error) {
	b := c.builder()
	if err := b.reset(); err != nil {
		return Column{}, err
	}
	switch x := v.(type) {
	case []any:
		if x != nil {
			if err := walkRows(b, x); err != nil {
				return Column{}, err
			}
			return b.finishRoot()
		}
	case []map[string]any:
		if x != nil {
			if err := walkRows(b, x); err != nil {
				return Column{}, err
			}
			return b.finishRoot()
		}
	}
	if err := b.walk(v); err != nil {
		return Column{}, err
	}
	return b.finish(b.rowsNode(), nil)
}

// walkTyped adds the items of a typed slice of scalars as rows (which
// finishRows refuses: a Tensor is made of records).
func walkTyped[T any](b *Builder, rows []T) error {
	if rows == nil {
		return b.misuse("got a nil %T: %s builds a Tensor from a map or a list of maps", rows, b.op)
	}
	return walkRows(b, rows)
}

// walkRows adds the items of a top-level list as rows, in chunks on
// several cores when it is long (see parallel.go).
func walkRows[T any](b *Builder, rows []T) error {
	return walkRowsWith(b, len(rows), anyRows(rows))
}

// walkRowsWith adds n rows with the row walkers newWalker makes, in
// chunks when there are many.
func walkRowsWith(b *Builder, n int, newWalker func(*Builder) rowWalker) error {
	b.rows = true
	if k := b.chunking.chunks(n); k > 1 {
		if walkChunked(b, n, k, newWalker) {
			return nil
		}
		// Build again in one pass, to report the error.
		if err := b.reset(); err != nil {
			return err
		}
	}
	return walkRange(b, newWalker(b), 0, n, n)
}
