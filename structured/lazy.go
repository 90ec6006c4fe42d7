package structured

import "sync"

// A lazyField is a field value worked out on first use: Concat joins the
// fields of its inputs only when a field is read, so that a Tensor joined
// from many pieces (the record batches of a memory-mapped Arrow file, the
// frames of a dataset) costs nothing until its fields are used, and a
// field never read is never copied. The inputs' arrays stay alive until
// then; the join runs once, whichever goroutine reads first. Until then
// the field's pieces, one per input, can be read as they are
// ([Tensor.FieldChunks]).
type lazyField struct {
	once sync.Once
	mu   sync.Mutex     // guards pcs (and its clearing) against a concurrent join
	make func() Value   // nil after it ran, so the inputs can be collected
	pcs  func() []Value // the field's value in each input; nil once joined
	v    Value
}

// value returns the field's value, working it out on first use.
func (l *lazyField) value() Value {
	l.once.Do(func() {
		v := l.make() // make is written only here, under once
		l.mu.Lock()
		l.v, l.make, l.pcs = v, nil, nil
		l.mu.Unlock()
	})
	return l.v
}

// pieces returns the field's value in each input of the Concat that made
// it, or nil once the field has been joined (or when it has no pieces).
func (l *lazyField) pieces() []Value {
	l.mu.Lock()
	pcs := l.pcs
	l.mu.Unlock()
	if pcs == nil {
		return nil
	}
	return pcs()
}

// unjoined returns the pieces of field i of a rank-1 Tensor when the
// field is still in pieces (not yet joined), else nil. Rank 1 only: a
// higher rank's pieces carry their inputs' outer partitions.
func (t *Tensor) unjoined(i int) []Value {
	if t.rank != 1 || t.fields[i] != nil {
		return nil
	}
	pcs := t.lazy[i].pieces()
	if len(pcs) == 0 {
		return nil
	}
	return pcs
}

// field returns field i. A Tensor's fields slice holds nil at a field
// that is worked out on first use (see lazyField), whose slot is then
// lazy[i]; lazy may be shorter than fields, ending at its last lazy
// field. Every read of a field's value goes through field or fieldValues.
func (t *Tensor) field(i int) Value {
	if v := t.fields[i]; v != nil {
		return v
	}
	return t.lazy[i].value()
}

// fieldValues returns every field's value, in order, working out those
// not yet used. The slice is t's own when no field is lazy: read it, never
// change it.
func (t *Tensor) fieldValues() []Value {
	if t.lazy == nil {
		return t.fields
	}
	out := make([]Value, len(t.fields))
	for i := range out {
		out[i] = t.field(i)
	}
	return out
}

// lazyAt returns the lazy slot of field i, or nil when it is a plain
// value: operations that only move fields around (WithOnly, Without)
// carry the slot along instead of working it out.
func (t *Tensor) lazyAt(i int) *lazyField {
	if i >= len(t.lazy) { // lazy may stop at the last lazy field
		return nil
	}
	return t.lazy[i]
}

// setLazy makes field i of the Tensor t, which is being built, one that
// fn works out on first use; pieces, if not nil, gives the field's value
// in each input it is joined from (see [Tensor.FieldChunks]).
func (t *Tensor) setLazy(i int, fn func() Value, pieces func() []Value) {
	if t.lazy == nil {
		t.lazy = make([]*lazyField, len(t.fields))
	}
	t.fields[i] = nil
	t.lazy[i] = &lazyField{make: fn, pcs: pieces}
}

// keepLazy gives field i of the Tensor t, which is being built from
// another Tensor's fields (t.fields[i] copied from there), that field's
// lazy slot l, if it has one.
func (t *Tensor) keepLazy(i int, l *lazyField) {
	if l == nil {
		return
	}
	if t.lazy == nil {
		t.lazy = make([]*lazyField, len(t.fields), cap(t.fields))
	}
	for len(t.lazy) <= i {
		t.lazy = append(t.lazy, nil)
	}
	t.lazy[i] = l
}
