package build

import (
	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/bitutil"
)

// Map columns. Records whose keys are data (language codes, IDs, dates)
// become a map node: a list node (kindMap) of entries, the entries a
// struct node with a "key" string leaf and a "value" node. A map field of
// a Spec starts as one; an inferred structure becomes one when its path
// passes the map threshold of distinct keys: its records so far are
// replayed into entries, in their key order, skipping absent keys and
// keeping keys given as null. Replaying fails, and the structure stays a
// structure, when the values do not share one type.

// isList reports whether nd holds lists (plain lists or maps).
func (nd *vnode) isList() bool { return nd.kind == kindList || nd.kind == kindMap }

// newMapNode returns an empty map node whose values go to vals.
func newMapNode(vals *vnode) *vnode {
	keys := &vnode{kind: kindLeaf}
	keys.typ, keys.dtype = storeString, arrow.BinaryTypes.String
	keys.initLeaf(0)
	entry := &vnode{kind: kindStruct, names: []string{"key", "value"}, kids: []*vnode{keys, vals}}
	entry.children = map[string]*vnode{"key": keys, "value": vals}
	vals.idx = 1
	return &vnode{kind: kindMap, splits: []int64{0}, child: entry}
}

// beginMap opens a record of a map field.
func (b *Builder) beginMap(nd *vnode) error {
	if len(b.stack) >= MaxNesting {
		return b.fail(b.tooDeep())
	}
	b.stack = append(b.stack, bframe{nd: nd, slot: nd.child.n, cur: -1})
	return nil
}

// mapKey adds an entry with key name to the open map record f; its value
// comes next.
func (b *Builder) mapKey(f *bframe, name string) error {
	entry := f.nd.child
	entry.kids[0].appendBytes(name)
	entry.markValid()
	f.keys++
	b.pending = true
	return nil
}

// endMap closes the open map record f.
func (b *Builder) endMap(f *bframe) error {
	nd := f.nd
	b.stack = b.stack[:len(b.stack)-1]
	nd.splits = push(nd.splits, int64(nd.child.n))
	nd.markValid()
	return nil
}

// lastMapKey is the key of the last entry of the open map record f, for
// error positions.
func (f *bframe) lastMapKey() (string, bool) {
	keys := f.nd.child.kids[0]
	if keys.n <= f.slot {
		return "", false
	}
	return keys.stringAt(keys.n - 1), true
}

// toMap turns the struct node of the open record f into a map node, if
// its values share one type. It reports whether it did.
func (b *Builder) toMap(f *bframe) bool {
	if f.nd == b.spine() {
		return false
	}
	start, ok := b.convertMap(f.nd, true)
	if ok {
		f.slot = start
	}
	return ok
}

// convertMap replays the records of the struct node nd (and, if open,
// the one being built in slot nd.n) into a map node that replaces it. It
// returns the first entry of the open record, and false (marking nd) if
// the values do not share one type.
func (b *Builder) convertMap(nd *vnode, open bool) (int, bool) {
	if nd.noMap || nd.spec != nil {
		return 0, false
	}
	vals := &vnode{}
	if nd.gone > 0 {
		// Records were dropped (DiscardRows): their values cannot be
		// replayed, but their types must still share one.
		for _, c := range nd.kids {
			if !vals.unifySchema(c) {
				nd.noMap = true
				return 0, false
			}
		}
	}
	m := newMapNode(vals)
	tb := &Builder{op: b.op, opts: b.opts, errs: b.errs, rows: b.rows, row: b.row}
	tb.opts.Conflicts = ConflictError
	tb.root = &vnode{kind: kindList, splits: []int64{0}, child: vals}
	entry, keys := m.child, m.child.kids[0]
	entries := func(i int) bool {
		for k, c := range nd.kids {
			if c.isAbsent(i) {
				continue
			}
			keys.appendBytes(nd.names[k])
			entry.markValid()
			if replay(tb, c, i) != nil {
				return false
			}
		}
		return true
	}
	for i := range nd.n {
		if nd.isNullSlot(i) {
			m.splits = push(m.splits, m.splits[len(m.splits)-1])
			m.markNull()
			continue
		}
		if !entries(i) {
			nd.noMap = true
			return 0, false
		}
		m.splits = push(m.splits, int64(entry.n))
		m.markValid()
	}
	start := entry.n
	if open && !entries(nd.n) {
		nd.noMap = true
		return 0, false
	}
	m.firstRow, m.idx, m.keyRow, m.absent = nd.firstRow, nd.idx, nd.keyRow, nd.absent
	m.gone, m.gonePresent = nd.gone, nd.gonePresent
	*nd = *m
	return start, true
}

// sparse reports whether the keys of the inferred struct node nd are
// sparse enough to make it a map: on average a key appears in fewer than
// the map-appearance share of its records (DuckDB's
// field_appearance_threshold).
func (b *Builder) sparse(nd *vnode) bool {
	limit := b.opts.MapAppearance
	if limit <= 0 || nd.spec != nil || nd.noMap || len(nd.kids) < 2 || nd.records == 0 {
		return false
	}
	present := 0
	for _, c := range nd.kids {
		present += c.present() + c.gonePresent
	}
	return float64(present) < limit*float64(len(nd.kids))*float64(nd.records)
}

// onRows reports whether nd is the rows node or one of the lists and
// structures below it that make the Tensor's own dimensions.
func (b *Builder) onRows(nd *vnode) bool {
	cur := b.rowsNode()
	for {
		if cur == nd {
			return true
		}
		if cur.kind != kindList {
			return false
		}
		cur = cur.child
	}
}

// spine is the struct node of the Tensor's own structures (below the
// rows' lists), which is never a map: its fields are the columns.
func (b *Builder) spine() *vnode {
	nd := b.rowsNode()
	for nd.kind == kindList {
		nd = nd.child
	}
	return nd
}

// replay gives slot i of node src to tb as events.
func replay(tb *Builder, src *vnode, i int) error {
	if src.isNullSlot(i) {
		return tb.Null()
	}
	switch src.kind {
	case kindList:
		if err := tb.BeginList(); err != nil {
			return err
		}
		lo, hi := src.listBounds(i)
		for j := lo; j < hi; j++ {
			if err := replay(tb, src.child, j); err != nil {
				return err
			}
		}
		return tb.EndList()
	case kindStruct:
		if err := tb.BeginRecord(); err != nil {
			return err
		}
		if src.unordered && tb.text.nd == nil {
			tb.stack[len(tb.stack)-1].nd.unordered = true
		}
		for k, c := range src.kids {
			if c.isAbsent(i) {
				continue
			}
			if err := tb.Key(src.names[k]); err != nil {
				return err
			}
			if err := replay(tb, c, i); err != nil {
				return err
			}
		}
		return tb.EndRecord()
	case kindMap:
		if err := tb.BeginRecord(); err != nil {
			return err
		}
		lo, hi := src.listBounds(i)
		keys, vals := src.child.kids[0], src.child.kids[1]
		for j := lo; j < hi; j++ {
			if err := tb.Key(keys.stringAt(j)); err != nil {
				return err
			}
			if err := replay(tb, vals, j); err != nil {
				return err
			}
		}
		return tb.EndRecord()
	}
	if src.jsonText {
		return tb.misuse("JSON text is not replayed")
	}
	switch src.typ {
	case storeInt64:
		return tb.Int(src.i64[i])
	case storeFloat64:
		return tb.Float(src.f64[i])
	case storeDecimal:
		return tb.Number([]byte(src.dec[i].ToString(0)))
	case storeString:
		return tb.String(src.stringAt(i))
	case storeBinary:
		return tb.Bytes([]byte(src.stringAt(i)))
	case storeBool:
		return tb.Bool(bitutil.BitIsSet(src.bits, i))
	case storeTimestamp:
		return tb.Time(arrow.Timestamp(src.i64[i]).ToTime(src.dtype.(*arrow.TimestampType).Unit).UTC())
	case storeDate32:
		return tb.Date(arrow.Date32(src.i32[i]))
	}
	return tb.misuse("cannot replay %s", src.describe())
}

// present counts the slots of nd, a field, whose records gave its key.
func (nd *vnode) present() int {
	p := nd.n
	for j := 0; j+1 < len(nd.absent); j += 2 {
		p -= nd.absent[j+1] - nd.absent[j]
	}
	return p
}
