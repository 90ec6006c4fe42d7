package parquet

import (
	"errors"
	"fmt"
	"math"
	"sync"

	"github.com/apache/arrow-go/v18/arrow/memory"
	pq "github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/metadata"
)

// A leaf column much larger than a worker's share of a read (a file of
// one or two columns and many row groups) is decoded in parts, runs of
// its row groups, on every core. Numbers outside lists, where the
// footer counts each part's nulls, are decoded in place: each part
// straight into its place in the leaf's buffers (inPlace). Otherwise the
// first part is decoded into the leaf's own buffers and every other into
// a scratch leaf (leafOut) kept for the next part, then appended to the
// first as soon as the parts before it are (leafParts.finish), while the
// other cores decode: the leaf's pages are faulted in once, and each
// value is copied once more. Read whole, one leaf took one core while
// the others waited.

// leafParts is a leaf decoded in parts.
type leafParts struct {
	groups [][]int // each part's row groups, in order

	mu      sync.Mutex
	outs    []*leafOut // each part decoded, until appended to outs[0]
	errs    []error
	done    []bool
	next    int        // the parts before next are appended to outs[0]
	placing bool       // a goroutine is appending
	free    []*leafOut // scratch leaves appended, for the next parts
	err     error
	place   *inPlace // the parts are decoded in place (nil: appended)
}

func newLeafParts(groups [][]int) *leafParts {
	k := len(groups)
	return &leafParts{groups: groups, outs: make([]*leafOut, k), errs: make([]error, k), done: make([]bool, k)}
}

// scratch returns the leaf part p is to be decoded into: its view of
// the whole when decoded in place; else nil (new buffers) for the first,
// a scratch leaf already appended, or nil when none is free.
func (lp *leafParts) scratch(p int) *leafOut {
	if lp.place != nil {
		return lp.place.view(p)
	}
	if p == 0 {
		return nil
	}
	lp.mu.Lock()
	defer lp.mu.Unlock()
	if k := len(lp.free); k > 0 {
		o := lp.free[k-1]
		lp.free = lp.free[:k-1]
		return o
	}
	return nil
}

// finish records part p decoded (o, or err; sc, the scratch leaf it was
// decoded into, or nil), and appends to the first part every part that
// can be, in order. It returns the leaf whole, or its error, to the call
// that appends the last part; ok is false to the others.
func (lp *leafParts) finish(p int, o *leafOut, err error, sc *leafOut) (whole *leafOut, werr error, ok bool) {
	if lp.place != nil {
		return lp.finishInPlace(p, o, err)
	}
	lp.mu.Lock()
	if err != nil && sc != nil {
		lp.free = append(lp.free, sc) // (its buffers, released at the end)
	}
	lp.outs[p], lp.errs[p], lp.done[p] = o, err, true
	if lp.placing {
		lp.mu.Unlock()
		return nil, nil, false
	}
	lp.placing = true
	for lp.next < len(lp.done) && lp.done[lp.next] {
		q := lp.next
		lp.mu.Unlock()
		lp.err = errors.Join(lp.err, lp.errs[q])
		var back *leafOut
		if q > 0 && lp.outs[q] != nil {
			if lp.err == nil {
				lp.err = guard(func() error { return appendLeaf(lp.outs[0], lp.outs[q]) })
			}
			back, lp.outs[q] = lp.outs[q], nil
		}
		lp.mu.Lock()
		if back != nil {
			lp.free = append(lp.free, back)
		}
		lp.next++
	}
	lp.placing = false
	last := lp.next == len(lp.done)
	lp.mu.Unlock()
	if !last {
		return nil, nil, false
	}
	for _, s := range lp.free {
		s.release()
	}
	lp.free = nil
	if lp.err != nil {
		if lp.outs[0] != nil {
			lp.outs[0].release()
		}
		return nil, lp.err, true
	}
	return lp.outs[0], nil, true
}

// finishInPlace is finish for parts decoded in place: the leaf is whole
// when every part is decoded.
func (lp *leafParts) finishInPlace(p int, o *leafOut, err error) (*leafOut, error, bool) {
	if err == nil {
		err = lp.place.check(p, o)
	}
	lp.mu.Lock()
	defer lp.mu.Unlock()
	lp.err = errors.Join(lp.err, err)
	if o != nil {
		lp.place.whole.defsSeen |= o.defsSeen
	}
	lp.next++
	if lp.next < len(lp.done) {
		return nil, nil, false
	}
	if lp.err != nil {
		lp.place.whole.release()
		return nil, lp.err, true
	}
	return lp.place.whole, nil, true
}

// appendLeaf appends the entries and values of src to dst, a leaf of
// the same column decoded from the row groups before src's.
func appendLeaf(dst, src *leafOut) error {
	if (dst.defs == nil) != (src.defs == nil) || (dst.reps == nil) != (src.reps == nil) || dst.kind != src.kind || dst.width != src.width {
		return errStructure
	}
	if dst.defs != nil {
		dst.defs = append(dst.defs, src.defs...)
	}
	if dst.reps != nil {
		dst.reps = append(dst.reps, src.reps...)
	}
	dst.defsSeen |= src.defsSeen
	dst.entries += src.entries
	switch dst.kind {
	case fixedValues:
		w := dst.width
		atLeast(dst.vals, (dst.n+src.n)*w)
		copy(dst.vals.Bytes()[dst.n*w:], src.vals.Bytes()[:src.n*w])
	case boolValues:
		// (the bits past dst.n are clear: a leaf's bits are set, not
		// written, into cleared memory)
		have := (dst.n + 7) / 8
		atLeast(dst.vals, (dst.n+src.n+7)/8)
		b := dst.vals.Bytes()
		clear(b[have:])
		appendBits(b, dst.n, src.vals.Bytes(), src.n)
	case byteValues:
		if dst.nbytes+src.nbytes > math.MaxInt32 {
			return errUnsupported // past int32 offsets
		}
		atLeast(dst.offs, (dst.n+src.n+1)*4)
		offs, from := asInt32s(dst.offs.Bytes())[dst.n+1:], asInt32s(src.offs.Bytes())[1:src.n+1]
		base := int32(dst.nbytes)
		for i, e := range from {
			offs[i] = base + e
		}
		atLeast(dst.vals, dst.nbytes+src.nbytes)
		copy(dst.vals.Bytes()[dst.nbytes:], src.vals.Bytes()[:src.nbytes])
		dst.nbytes += src.nbytes
		dst.vals.Resize(dst.nbytes)
	default:
		return fmt.Errorf("appendLeaf: kind %d", dst.kind)
	}
	dst.n += src.n
	return nil
}

// atLeast grows b to n bytes when it is shorter, doubling: a leaf's
// buffers are mappings of their own, grown in place.
func atLeast(b interface {
	Len() int
	Resize(int)
}, n int) {
	if have := b.Len(); have < n {
		b.Resize(max(n, 2*have))
	}
}

// leafRuns cuts groups into runs of consecutive row groups whose chunks
// of the leaf cost about part each (directCost): two runs at least, or
// nil.
func leafRuns(md *metadata.FileMetaData, leaf int, groups []int, part int64) [][]int {
	if len(groups) < 2 || part <= 0 {
		return nil
	}
	var runs [][]int
	start, acc := 0, int64(0)
	for i, g := range groups {
		acc += directCost(md, leaf, []int{g})
		if acc >= part && i+1 < len(groups) {
			runs = append(runs, groups[start:i+1])
			start, acc = i+1, 0
		}
	}
	runs = append(runs, groups[start:])
	if len(runs) < 2 {
		return nil
	}
	return runs
}

// inPlace is how the parts of a leaf of fixed-width values outside
// lists are decoded where the footer says how many entries and values
// each part has (the chunks' value counts, less their null counts): each
// straight into its place in the leaf's own buffers, with nothing to
// append.
type inPlace struct {
	whole   *leafOut
	entries []int // each part's first entry, and the end: len(parts)+1
	values  []int // likewise, each part's first value
}

// planInPlace returns the parts of the leaf col over runs decoded in
// place, their buffers made, or nil where the footer does not say
// enough (a null count missing) or the leaf is of another kind.
func planInPlace(md *metadata.FileMetaData, col int, runs [][]int, mem memory.Allocator) *inPlace {
	desc := md.Schema.Column(col)
	kind, width, ok := directKind(desc)
	if !ok || kind != fixedValues || desc.MaxRepetitionLevel() > 0 || desc.MaxDefinitionLevel() > 1 {
		return nil
	}
	ip := &inPlace{entries: []int{0}, values: []int{0}}
	e, v := int64(0), int64(0)
	for _, run := range runs {
		for _, g := range run {
			cc, err := md.RowGroup(g).ColumnChunk(col)
			if err != nil {
				return nil
			}
			nulls := int64(0)
			if desc.MaxDefinitionLevel() > 0 {
				st, err := cc.Statistics()
				if err != nil || st == nil || !st.HasNullCount() {
					return nil
				}
				nulls = st.NullCount()
			}
			if cc.NumValues() < 0 || nulls < 0 || nulls > cc.NumValues() {
				return nil
			}
			e += cc.NumValues()
			v += cc.NumValues() - nulls
		}
		if e > math.MaxInt32 {
			return nil
		}
		ip.entries = append(ip.entries, int(e))
		ip.values = append(ip.values, int(v))
	}
	o := &leafOut{kind: kind, width: width, bigEndian: desc.PhysicalType() == pq.Types.FixedLenByteArray, entries: int(e), n: int(v)}
	if desc.MaxDefinitionLevel() > 0 {
		o.defs = make([]uint8, e)
	}
	o.vals = newBuffer(mem, int(v)*width)
	ip.whole = o
	return ip
}

// view is the leaf part p decodes into: views of the whole's buffers at
// the part's place, which do not grow.
func (ip *inPlace) view(p int) *leafOut {
	w := ip.whole
	o := &leafOut{kind: w.kind, width: w.width, bigEndian: w.bigEndian, fixed: true}
	if w.defs != nil {
		e0, e1 := ip.entries[p], ip.entries[p+1]
		o.defs = w.defs[e0:e0:e1]
	}
	v0, v1 := ip.values[p]*w.width, ip.values[p+1]*w.width
	o.vals = memory.NewBufferBytes(w.vals.Bytes()[v0:v1:v1])
	return o
}

// check reports whether part p, decoded into o (its view), holds what
// the footer says.
func (ip *inPlace) check(p int, o *leafOut) error {
	e, v := ip.entries[p+1]-ip.entries[p], ip.values[p+1]-ip.values[p]
	if o.entries != e || o.n != v || o.defs != nil && len(o.defs) != e {
		return fmt.Errorf("%w: part %d has %d entries and %d values, the footer %d and %d", errStructure, p, o.entries, o.n, e, v)
	}
	return nil
}
