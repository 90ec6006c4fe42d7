package build

import (
	"runtime"
	"slices"

	"github.com/apache/arrow-go/v18/arrow/bitutil"
	"github.com/structframe/structframe/internal/fault"
)

// Reading the rows is bound by memory latency (every map, slice and boxed
// scalar of the input is its own allocation), so a long top-level list is
// cut into chunks built on several cores, each into its own node tree; the
// trees are then merged in row order. Any error, in a chunk or while
// merging, makes the caller build the rows again in one pass, so errors are
// the same as without chunks.

// Chunking says when to build a top-level list in chunks: lists of at
// least 2*MinRows rows are cut into up to Most chunks (GOMAXPROCS, at most
// 8, if Most is 0) of at least MinRows rows.
type Chunking struct {
	MinRows, Most int
}

// DefaultChunking is the chunking of FromValue and FromValueSpec.
var DefaultChunking = Chunking{MinRows: 16384}

// chunks returns how many chunks to build n rows in (1: don't).
func (c Chunking) chunks(n int) int {
	most := c.Most
	if most == 0 {
		most = min(runtime.GOMAXPROCS(0), 8)
	}
	return max(min(most, n/max(c.MinRows, 1)), 1)
}

// reservePoint is the row of a top-level list of n items at which the
// builder, having seen a sample of the rows, reserves room for all of
// them (-1 for short lists, which simply grow).
func reservePoint(n int) int {
	if n < 4096 {
		return -1
	}
	return n / 32
}

// rowWalker adds row i to the Builder it was made for.
type rowWalker func(i int) error

// walkRange adds rows lo to hi with add, reserving room for about total
// rows once it has seen a sample of them.
func walkRange(b *Builder, add rowWalker, lo, hi, total int) error {
	at := lo + reservePoint(hi-lo)
	for i := lo; i < hi; i++ {
		if i == at && i > lo {
			b.rowsNode().reserve(float64(total) / float64(i-lo))
		}
		if err := add(i); err != nil {
			return err
		}
	}
	return nil
}

// anyRows walks the items of a Go slice as rows.
func anyRows[T any](rows []T) func(*Builder) rowWalker {
	return func(b *Builder) rowWalker {
		return func(i int) error { return b.walk(any(rows[i])) }
	}
}

// walkChunked builds n rows in chunks, each on its own goroutine and
// Builder (whose row walker newWalker makes), and merges them into b's
// rows. It reports false on any error or disagreement, leaving b's rows
// unusable.
func walkChunked(b *Builder, n, chunks int, newWalker func(*Builder) rowWalker) bool {
	builders := make([]*Builder, chunks)
	for k := range chunks {
		lo := k * n / chunks
		cb := &Builder{op: b.op, opts: b.opts, errs: b.errs, schema: b.spec(), rows: true, rowBase: lo}
		if k == 0 {
			cb = b
		} else if err := cb.reset(); err != nil {
			return false
		}
		builders[k] = cb
	}
	// A worker's panic is raised again here, on the caller's goroutine.
	var g fault.Group
	for k := range chunks {
		lo, hi := k*n/chunks, (k+1)*n/chunks
		total := hi - lo
		if k == 0 {
			total = n // the merged columns grow in chunk 0's slices
		}
		g.Go(func() error { return walkRange(builders[k], newWalker(builders[k]), lo, hi, total) })
	}
	if err := g.Wait(); err != nil {
		b.err = nil
		return false
	}
	nd := b.rowsNode()
	for _, o := range builders[1:] {
		var m mover
		ok := nd.absorb(o.rowsNode(), b.opts.StrictKeys, 0, &m)
		m.run(b.opts.workers())
		if !ok {
			return false
		}
	}
	// A structure whose chunks each stayed below the map threshold may
	// pass it merged: one pass would have made it a map as the key came.
	return b.opts.MapThreshold <= 0 || !nd.passesThreshold(b.opts.MapThreshold, b.spine())
}

// passesThreshold reports whether an inferred structure below nd (the
// spine aside) has more keys than the map threshold.
func (nd *vnode) passesThreshold(limit int, spine *vnode) bool {
	switch nd.kind {
	case kindList, kindMap:
		return nd.child.passesThreshold(limit, spine)
	case kindStruct:
		if nd != spine && nd.spec == nil && !nd.noMap && len(nd.kids) > limit {
			return true
		}
		for _, c := range nd.kids {
			if c.passesThreshold(limit, spine) {
				return true
			}
		}
	}
	return false
}

// absorb appends the slots of o, a node of the same field path built from
// the rows that follow nd's, to nd. It reports false when the two do not
// agree (a schema error, which the one-pass build will name). shift is
// added to the rows o's nodes record (where a kind or key was first seen),
// to number them as nd's.
func (nd *vnode) absorb(o *vnode, strict bool, shift int, m *mover) bool {
	nd.absorbAbsent(o)
	nd.gone += o.gone
	nd.gonePresent += o.gonePresent
	if o.kind == kindNull {
		nd.padNulls(o.n)
		return true
	}
	if nd.kind == kindNull {
		// Only nulls so far: take o's kind, after as many nulls.
		if nd.spec != nil {
			return false
		}
		if o.kind == kindLeaf {
			nd.becomeLeaf(o.typ, o.firstRow+shift)
			nd.jsonText = o.jsonText
		} else {
			nd.become(o.kind, o.firstRow+shift)
		}
	}
	if nd.kind != o.kind {
		return false
	}
	base := nd.n
	switch nd.kind {
	case kindLeaf:
		if !nd.absorbLeaf(o, m) {
			return false
		}
	case kindList, kindMap:
		if nd.spec == nil || nd.spec.fixed == Unknown {
			last := nd.splits[len(nd.splits)-1]
			nd.splits = shiftAppend(m, nd.splits, o.splits, len(o.splits)-1, last)
		}
		if !nd.child.absorb(o.child, strict, shift, m) {
			return false
		}
	case kindStruct:
		if strict && nd.records > 0 && o.records > 0 && !slices.Equal(nd.names, o.names) {
			return false // the one-pass build names the keys that differ
		}
		for _, c := range nd.kids {
			c.padAbsent(base - c.n)
		}
		for i, oc := range o.kids {
			k := o.names[i]
			oc.padAbsent(o.n - oc.n)
			c := nd.children[k]
			if c == nil {
				if nd.spec != nil {
					return false
				}
				c = &vnode{idx: len(nd.kids), keyRow: oc.keyRow + shift}
				c.padAbsent(base)
				if nd.children == nil {
					nd.children = make(map[string]*vnode)
				}
				nd.children[k] = c
				nd.names = append(nd.names, k)
				nd.kids = append(nd.kids, c)
			}
			if !c.absorb(oc, strict, shift, m) {
				return false
			}
		}
		if nd.records == 0 {
			nd.firstRec = o.firstRec + shift
		}
		nd.records += o.records
		nd.unordered = nd.unordered || o.unordered
		nd.noMap = nd.noMap || o.noMap
	}
	appendBitmap(&nd.valid, &o.valid, o.n)
	nd.n += o.n
	return true
}

// absorbAbsent appends o's record of absent keys to nd's, shifted past
// nd's slots.
func (nd *vnode) absorbAbsent(o *vnode) {
	base := nd.n
	for j := 0; j+1 < len(o.absent); j += 2 {
		s, e := base+o.absent[j], base+o.absent[j+1]
		if m := len(nd.absent); m > 0 && nd.absent[m-1] == s {
			nd.absent[m-1] = e
		} else {
			nd.absent = append(nd.absent, s, e)
		}
	}
}

// absorbLeaf appends o's items to nd's (validity and n aside).
func (nd *vnode) absorbLeaf(o *vnode, m *mover) bool {
	if nd.jsonText != o.jsonText && !(nd.jsonText && o.typ == storeString) {
		// (Strings go to JSON text as they are.)
		return false
	}
	if nd.typ != o.typ {
		switch {
		case nd.spec != nil:
			return false
		case nd.typ == storeInt64 && o.typ == storeFloat64 && nd.exactInts():
			nd.widen()
		case nd.typ == storeFloat64 && o.typ == storeInt64 && o.exactInts():
			o.widen()
		case nd.typ == storeInt64 && o.typ == storeDecimal:
			nd.widenDecimal()
		case nd.typ == storeDecimal && o.typ == storeInt64:
			o.widenDecimal()
		default:
			return false
		}
	}
	if nd.typ == storeInt64 && o.inexact && !nd.inexact {
		nd.inexact, nd.inexactV = true, o.inexactV
	}
	switch nd.typ {
	case storeInt64, storeTimestamp:
		nd.i64 = moveAppend(m, nd.i64, o.i64)
	case storeFloat64:
		nd.f64 = moveAppend(m, nd.f64, o.f64)
	case storeDate32:
		nd.i32 = moveAppend(m, nd.i32, o.i32)
	case storeDecimal:
		nd.dec = moveAppend(m, nd.dec, o.dec)
	case storeBool:
		nd.bits = growZero(nd.bits, int(bitutil.BytesForBits(int64(nd.n+o.n)))-len(nd.bits))
		for i := range o.n {
			if bitutil.BitIsSet(o.bits, i) {
				bitutil.SetBit(nd.bits, nd.n+i)
			}
		}
	case storeString, storeBinary:
		base := int64(len(nd.bytes))
		if !nd.large && (o.large || base+int64(len(o.bytes)) > int64(MaxSmallOffset)) {
			nd.off64 = make([]int64, len(nd.off32), len(nd.off32)+o.n)
			for i, v := range nd.off32 {
				nd.off64[i] = int64(v)
			}
			nd.off32, nd.large = nil, true
		}
		nd.bytes = moveAppend(m, nd.bytes, o.bytes)
		switch {
		case nd.large && o.large:
			nd.off64 = shiftAppend(m, nd.off64, o.off64, o.n, base)
		case nd.large:
			nd.off64 = shiftAppend(m, nd.off64, o.off32, o.n, base)
		default:
			nd.off32 = shiftAppend(m, nd.off32, o.off32, o.n, int32(base))
		}
	}
	return true
}

// ensure returns s with capacity for k more items.
func ensure[T any](s []T, k int) []T {
	if len(s)+k <= cap(s) {
		return s
	}
	return room(s, k)
}

// appendBitmap appends the first n bits of src to dst.
func appendBitmap(dst, src *Bitmap, n int) {
	nulls := src.nulls
	if src.bits != nil && n != src.n {
		nulls = n - bitutil.CountSetBits(src.bits, 0, n)
	}
	dst.AppendBits(src.bits, n, nulls)
}
