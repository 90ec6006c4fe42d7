package build

import (
	"strconv"
	"strings"
)

// Merging Builders: a reader cuts its input into chunks at row
// boundaries, builds each chunk on its own goroutine into its own Builder
// (made with [Builder.Fork]) and merges them in input order. The merged
// rows equal what one Builder given all the rows would hold, schema
// inference included, or Merge says it cannot tell (KindMergeConflict)
// and the caller gives that chunk's rows to the Builder again, one by
// one, which gives the exact result or error. Merge first checks the two
// trees without changing anything, then appends; so a refused Merge
// leaves both Builders as they were.

// Fork makes f, a zero Builder, an empty Builder with b's options and
// schema (b's Schema, or the one frozen after its first Finish; or
// inference from scratch), for building rows on another goroutine to
// [Builder.Merge] into b.
func (b *Builder) Fork(f *Builder) {
	*f = Builder{op: b.op, opts: b.opts, errs: b.errs, schema: b.spec(), rows: true, frozen: b.frozen}
	if err := f.reset(); err != nil {
		f.err = err // b's Schema was accepted already: not reached
	}
}

// Merge appends the rows o was given (since its last Finish) after b's,
// as if they had been given to b, and leaves o empty, as [Builder.Fork]
// would make it, for the next chunk. Inference over the merged rows is
// that of one pass (keys unioned in first-seen order, int64 widened to
// float64 where exact, null-only fields taking the other's type, map
// decisions taken over all the rows); rows o's nodes remember (in later
// errors, "first seen at row ...") are shifted by b's rows. b and o must
// have the same options and schema (or both infer), and be between rows:
// sameSchema says whether the Specs their Schemas come from are equal.
//
// An error set in o is returned as it is, and b is left unchanged. Where
// one pass would have given an error, or a result Merge cannot
// reproduce, it returns a KindMergeConflict error and leaves both
// Builders unchanged. Merging into a Builder whose error is set returns
// that error.
func (b *Builder) Merge(o *Builder, sameSchema bool) error {
	if b.err != nil {
		return b.err
	}
	if o.err != nil {
		return o.err
	}
	if o == b {
		return b.wrap(errorf("Merge", KindSchema, "", "a Builder cannot merge itself"))
	}
	if b.Depth() > 0 || b.pending {
		return b.misuse("Merge with %d records or lists open", b.Depth())
	}
	if o.Depth() > 0 || o.pending {
		return b.wrap(errorf("Merge", KindSchema, "", "the Builder merged has %d records or lists open", o.Depth()))
	}
	if why := b.mergeable(o, sameSchema); why != "" {
		return b.wrap(errorf("Merge", KindMergeConflict, "", "%s", why))
	}
	mc := mergeCheck{threshold: b.opts.MapThreshold, strict: b.opts.StrictKeys}
	if !mc.check(b.rowsNode(), o.rowsNode(), true) {
		return b.wrap(&Error{Op: "Merge", Path: ClipMiddle(strings.Join(mc.path, "."), MaxErrorPath), Kind: KindMergeConflict, Msg: mc.why})
	}
	if b.rowBase == 0 && b.NumRows() == 0 && o.rowBase == 0 {
		// Nothing given to b: take o's rows as they are.
		b.root = o.root
	} else if !b.absorb(o) {
		// check said yes: not reached.
		b.err = b.wrap(errorf("Merge", KindSchema, "", "merging failed after its check passed"))
		return b.err
	} else if o.spec() != nil {
		// A schema that is given does not change: o keeps its columns'
		// capacity for its next chunk rather than allocating them anew.
		o.rowsNode().discard()
		o.rowBase = 0
		return nil
	}
	o.rowBase = 0
	if err := o.reset(); err != nil {
		o.err = err
	}
	return nil
}

// absorb appends o's rows to b's: the bookkeeping first, then the bulk
// of the values moved on every core, before o is emptied.
func (b *Builder) absorb(o *Builder) bool {
	var m mover
	ok := b.rowsNode().absorb(o.rowsNode(), b.opts.StrictKeys, b.rowBase+b.NumRows()-o.rowBase, &m)
	m.run(b.opts.workers())
	return ok
}

// mergeable says why b and o cannot be merged at all ("" if they can).
func (b *Builder) mergeable(o *Builder, sameSchema bool) string {
	mine, theirs := b.spec(), o.spec()
	switch {
	case (mine == nil) != (theirs == nil):
		return "one Builder infers the schema and the other has a Spec (or a frozen schema): make the other with Fork"
	case mine != nil && mine != theirs && !sameSchema:
		return "the Builders have different Specs: make the other with Fork"
	}
	bo, oo := b.opts, o.opts
	bo.Parallelism, oo.Parallelism = 0, 0
	if bo != oo {
		return "the Builders have different options: make the other with Fork"
	}
	return ""
}

// mergeCheck checks, without changing them, that absorbing one node tree
// into another gives what one pass over their rows gives.
type mergeCheck struct {
	threshold int
	strict    bool
	path      []string // where the check failed
	why       string
}

func (m *mergeCheck) fail(why string) bool {
	m.why = why
	return false
}

// check reports whether o can be absorbed into nd. spine is set for the
// rows node and the lists and structure that make the Tensor's own
// dimensions (a spine structure never becomes a map).
func (m *mergeCheck) check(nd, o *vnode, spine bool) bool {
	if o.kind == kindNull {
		return true
	}
	if nd.kind == kindNull {
		// o's values follow nulls only: as o had them, after more nulls
		// (with a Spec both are null-typed or both typed).
		return nd.spec == nil || o.kind == kindNull
	}
	if nd.kind != o.kind {
		return m.fail("the rows merged hold a " + o.describe() + " where the rows before hold a " + nd.describe())
	}
	switch nd.kind {
	case kindLeaf:
		return m.leaf(nd, o)
	case kindList:
		return m.check(nd.child, o.child, spine)
	case kindMap:
		if !m.check(nd.child.kids[1], o.child.kids[1], false) {
			m.path = append([]string{"value"}, m.path...)
			return false
		}
		return true
	}
	// Structures.
	added := 0
	for _, k := range o.names {
		if nd.children[k] == nil {
			added++
		}
	}
	switch {
	case added > 0 && nd.spec != nil:
		return m.fail("the rows merged have keys the Spec lacks")
	case m.strict && nd.records > 0 && o.records > 0 && (added > 0 || len(o.names) != len(nd.names)):
		return m.fail("the records merged have other keys than the records before them (strict keys)")
	case added > 0 && !spine && nd.spec == nil && !nd.noMap && m.threshold > 0 && len(nd.kids)+added > m.threshold:
		return m.fail("merged, the records have more keys than the map threshold (" + strconv.Itoa(m.threshold) + ")")
	}
	for i, oc := range o.kids {
		if c := nd.children[o.names[i]]; c != nil && !m.check(c, oc, false) {
			m.path = append([]string{o.names[i]}, m.path...)
			return false
		}
	}
	return true
}

// leaf checks two leaves of one path.
func (m *mergeCheck) leaf(nd, o *vnode) bool {
	switch {
	case o.jsonText:
		// o's values before its conflict were made text from their stored
		// form, where one pass would have taken some as given.
		return m.fail("the rows merged hold JSON text (a conflict) where the rows before do not")
	case nd.jsonText:
		if o.typ != storeString {
			return m.fail("the rows merged hold " + typeName(o.dtype) + " where the rows before hold JSON text (a conflict)")
		}
		return true
	case nd.typ == o.typ:
		return true
	case nd.spec != nil:
		return m.fail("the rows merged hold " + typeName(o.dtype) + " where the rows before hold " + typeName(nd.dtype))
	case nd.typ == storeInt64 && o.typ == storeFloat64:
		if !nd.exactInts() {
			return m.fail("the rows merged hold float64 where the rows before hold integers float64 cannot hold exactly")
		}
		return true
	case nd.typ == storeFloat64 && o.typ == storeInt64:
		if !o.exactInts() {
			return m.fail("the rows merged hold integers float64 cannot hold exactly where the rows before hold float64")
		}
		return true
	case nd.typ == storeInt64 && o.typ == storeDecimal, nd.typ == storeDecimal && o.typ == storeInt64:
		return true
	}
	return m.fail("the rows merged hold " + typeName(o.dtype) + " where the rows before hold " + typeName(nd.dtype))
}
