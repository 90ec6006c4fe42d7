package build

// Whole-input inference in bounded memory. A streaming reader that wants
// every batch of a file larger than memory to share one schema reads the
// file twice: pass 1 gives every row to a Builder and calls
// [Builder.DiscardRows] every so many rows, so that the Builder holds the
// schema learnt so far but none of the values; [Builder.Inferred] then
// gives the schema of the whole input, and pass 2 builds the batches
// against it. A dropped node keeps what inference still reads about
// the values it held: its kind and type, its fields in first-seen order,
// the records counted for strict keys and map inference, the slots where
// each key was given (map appearance), whether an int64 leaf held an
// integer float64 cannot hold exactly (widening to float64) and whether a
// structure failed to become a map.

// DiscardRows drops the values of the rows given since the last Finish
// (or DiscardRows) but keeps everything learnt about the schema from
// them, so that the rows given next are inferred as if the dropped ones
// were still there: [Builder.Inferred] after the whole input is the
// schema of all of it. The column buffers are kept, emptied, for the next rows, so
// memory does not grow with the rows dropped. Rows keep their numbers in
// errors (the next row is numbered after the dropped ones), and
// [Builder.NumRows] counts only the rows given since. It is an error with
// a record or list open. [Builder.Merge] works across it: a Builder whose
// rows were dropped can take another's rows, and be merged in.
func (b *Builder) DiscardRows() error {
	if b.err != nil {
		return b.err
	}
	if b.Depth() > 0 || b.pending {
		return b.misuse("DiscardRows with %d records or lists open", b.Depth())
	}
	n := b.NumRows()
	b.rowsNode().discard()
	b.rowBase += n
	return nil
}

// discard empties nd and the nodes below it, keeping their schema and
// the counts inference reads (see above), and their buffers' capacity.
func (nd *vnode) discard() {
	switch nd.kind {
	case kindLeaf:
		if nd.typ == storeInt64 && nd.spec == nil && !nd.inexact {
			for _, v := range nd.i64 {
				if !exactFloat(v) {
					nd.inexact, nd.inexactV = true, v
					break
				}
			}
		}
		nd.i64, nd.f64, nd.i32, nd.dec = nd.i64[:0], nd.f64[:0], nd.i32[:0], nd.dec[:0]
		nd.bytes, nd.bits = nd.bytes[:0], nd.bits[:0]
		if len(nd.off32) > 0 {
			nd.off32 = nd.off32[:1]
		}
		if len(nd.off64) > 0 {
			nd.off64 = nd.off64[:1]
		}
	case kindList, kindMap:
		if len(nd.splits) > 0 {
			nd.splits = nd.splits[:1]
			nd.splits[0] = 0
		}
		nd.child.discard()
	case kindStruct:
		for _, c := range nd.kids {
			c.gonePresent += c.present()
			c.discard()
		}
	}
	nd.gone += nd.n
	nd.n = 0
	nd.valid = Bitmap{}
	nd.absent = nd.absent[:0]
}

// unifySchema merges the schema of src into nd (its kind and types, not
// its values), as replaying src's values into nd would, and reports
// false where they do not share one type (or src holds JSON text, which
// is not replayed). It is how a structure whose values were dropped
// decides whether it can become a map.
func (nd *vnode) unifySchema(src *vnode) bool {
	switch {
	case src.kind == kindNull:
		return true
	case src.kind == kindLeaf && src.jsonText:
		return false
	case nd.kind == kindNull && src.kind == kindLeaf:
		nd.becomeLeaf(src.typ, src.firstRow)
		nd.dtype = src.dtype
	case nd.kind == kindNull:
		nd.become(src.kind, src.firstRow)
		if src.kind == kindMap {
			// Entries: a string key leaf and the values.
			m := newMapNode(&vnode{})
			nd.child = m.child
		}
	}
	if nd.kind != src.kind {
		return false
	}
	switch nd.kind {
	case kindLeaf:
		if nd.typ != src.typ {
			switch {
			case nd.typ == storeInt64 && src.typ == storeFloat64 && nd.exactInts():
				nd.widen()
			case nd.typ == storeFloat64 && src.typ == storeInt64 && src.exactInts():
			case nd.typ == storeInt64 && src.typ == storeDecimal:
				nd.widenDecimal()
			case nd.typ == storeDecimal && src.typ == storeInt64:
			default:
				return false
			}
		}
		if nd.typ == storeInt64 && !nd.inexact {
			if v, ok := src.firstInexact(); ok {
				nd.inexact, nd.inexactV = true, v
			}
		}
		return true
	case kindList:
		return nd.child.unifySchema(src.child)
	case kindMap:
		return nd.child.kids[1].unifySchema(src.child.kids[1])
	}
	for i, sc := range src.kids {
		name := src.names[i]
		c := nd.children[name]
		if c == nil {
			c = &vnode{idx: len(nd.kids), keyRow: sc.keyRow}
			if nd.children == nil {
				nd.children = make(map[string]*vnode)
			}
			nd.children[name] = c
			nd.names = append(nd.names, name)
			nd.kids = append(nd.kids, c)
		}
		if !c.unifySchema(sc) {
			return false
		}
	}
	return true
}

// Inferred returns the columns, holding no rows, of the schema the rows
// given so far (dropped ones included, see [Builder.DiscardRows]) have:
// the columns Finish would give for them, maps inferred by appearance
// decided as Finish decides them. It finishes nothing and changes
// nothing: rows can follow. It is an error with a record or list open,
// before any row, or when the rows are not records (or lists of them).
// structured.Builder.Spec makes the Spec of a stream of its result.
func (b *Builder) Inferred() (Column, error) {
	if b.err != nil {
		return Column{}, b.err
	}
	if b.Depth() > 0 || b.pending {
		return Column{}, b.errorf(KindSchema, "Spec with %d records or lists open", b.Depth())
	}
	rows := b.rowsNode()
	if rows.n == 0 && rows.gone == 0 {
		return Column{}, b.errorf(KindSchema, "Spec before any row: there is nothing to infer it from")
	}
	sb := &Builder{op: b.op, opts: b.opts, errs: b.errs, rows: true}
	sb.root = &vnode{kind: kindList, splits: []int64{0}, child: rows.schemaCopy()}
	return sb.finishRows()
}

// schemaCopy returns a node with nd's schema and the counts inference
// reads, as if all of nd's slots had been dropped.
func (nd *vnode) schemaCopy() *vnode {
	c := &vnode{kind: nd.kind, firstRow: nd.firstRow, idx: nd.idx, keyRow: nd.keyRow,
		records: nd.records, firstRec: nd.firstRec, unordered: nd.unordered, noMap: nd.noMap,
		gone: nd.gone + nd.n, gonePresent: nd.gonePresent + nd.present()}
	switch nd.kind {
	case kindLeaf:
		c.typ, c.dtype, c.jsonText, c.large = nd.typ, nd.dtype, nd.jsonText, nd.large
		c.inexact, c.inexactV = nd.inexact, nd.inexactV
		if v, ok := nd.firstInexact(); ok {
			c.inexact, c.inexactV = true, v
		}
		c.initLeaf(0)
	case kindList, kindMap:
		c.splits = []int64{0}
		c.child = nd.child.schemaCopy()
	case kindStruct:
		c.names = append([]string(nil), nd.names...)
		c.kids = make([]*vnode, len(nd.kids))
		c.children = make(map[string]*vnode, len(nd.kids))
		for i, k := range nd.kids {
			c.kids[i] = k.schemaCopy()
			c.children[nd.names[i]] = c.kids[i]
		}
	}
	return c
}
