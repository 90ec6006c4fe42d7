package frame

import (
	"encoding/binary"
	"fmt"
	"hash/maphash"
	"math"
	"math/bits"
	"slices"
	"unsafe"

	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/bitutil"
	"github.com/structframe/structframe/internal/dtype"
	"github.com/structframe/structframe/structured"
)

// The row-key kernel of GroupBy, Unique, ValueCounts, Nest and NUnique:
// the key columns are hashed column by column into one uint64 per row
// (a typed loop per column, no value boxed), then an open-addressing table
// gives each row a dense group id in first-seen order, comparing the keys
// of rows whose hashes meet so that a collision never merges two groups.
// Nulls are a value like any other: every null key falls in one group, as
// in SQL's GROUP BY and Polars.

// grpGroups is the grouping of a frame's rows.
type grpGroups struct {
	ids   []int32 // group of each row, 0..n-1 in order of first appearance
	first []int32 // first row of each group
	n     int     // number of groups
}

// grpEq reports whether rows i and j hold the same key in one column.
type grpEq func(i, j int) bool

// grpSeed keys the string hash; it is per process, so group ids (which
// only depend on first appearance) do not depend on it.
var grpSeed = maphash.MakeSeed()

// grpNullHash is what a null key contributes to its row's hash.
const grpNullHash = 0x6a09e667f3bcc909

// grpMix is the splitmix64 finaliser: it spreads the bits of x.
func grpMix(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	x ^= x >> 31
	return x
}

// grpCombine folds the hash x of one key column into a row's hash.
func grpCombine(h, x uint64) uint64 { return grpMix(h*0x9e3779b97f4a7c15 ^ x) }

// grpHashValue hashes a key column (a value of n rows) into h and returns
// its row comparison. Keys may be leaves of rank 1 of any integer, float,
// bool, string or temporal type, structures of those (a rank-1 Tensor,
// compared field by field, null structures as one value), or lists of
// either (rank 2).
func grpHashValue(name string, v structured.Value, h []uint64) (grpEq, error) {
	switch v := v.(type) {
	case *structured.Dense:
		if v.Rank() == 1 {
			return grpHashLeaf(name, v, h)
		}
	case *structured.Tensor:
		if v.Rank() == 1 {
			return grpHashStruct(name, v, h)
		}
	}
	if v.Rank() == 2 {
		return grpHashList(name, v, h)
	}
	return nil, fmt.Errorf("%w: key %q has shape %s; group by scalars, structures or lists of them", ErrType, name, v.Shape())
}

// grpHashList hashes a list column (a ragged or fixed-size leaf of rank 2,
// or a list of structures): its items are hashed as a column of their own,
// then each row folds its items' hashes with its length; two rows are
// equal when both are null, or neither is and their items are equal one
// by one (a null list and an empty one differ).
func grpHashList(name string, v structured.Value, h []uint64) (grpEq, error) {
	ls, err := exprListOf(exprFromValue(v))
	if err != nil {
		return nil, err
	}
	ih := make([]uint64, ls.splits[ls.n])
	ieq, err := grpHashValue(name+"[]", ls.items, ih)
	if err != nil {
		return nil, err
	}
	valid, splits := ls.valid, ls.splits
	for r := 0; r < ls.n; r++ {
		if valid != nil && !bitutil.BitIsSet(valid, r) {
			h[r] = grpCombine(h[r], grpNullHash)
			continue
		}
		x := uint64(splits[r+1] - splits[r])
		for k := splits[r]; k < splits[r+1]; k++ {
			x = grpCombine(x, ih[k])
		}
		h[r] = grpCombine(h[r], x)
	}
	return func(i, j int) bool {
		if valid != nil {
			vi, vj := bitutil.BitIsSet(valid, i), bitutil.BitIsSet(valid, j)
			if !vi || !vj {
				return vi == vj
			}
		}
		si, sj := splits[i], splits[j]
		n := splits[i+1] - si
		if splits[j+1]-sj != n {
			return false
		}
		for k := int64(0); k < n; k++ {
			if !ieq(int(si+k), int(sj+k)) {
				return false
			}
		}
		return true
	}, nil
}

func grpHashStruct(name string, t *structured.Tensor, h []uint64) (grpEq, error) {
	valid := exprBitsOf(t.Validity())
	eqs := make([]grpEq, 0, t.NumFields())
	for fname, fv := range t.FieldsSeq() {
		eq, err := grpHashValue(name+"."+fname, fv, h)
		if err != nil {
			return nil, err
		}
		eqs = append(eqs, eq)
	}
	if valid != nil {
		for i := range h {
			if !bitutil.BitIsSet(valid, i) {
				h[i] = grpCombine(h[i], grpNullHash)
			}
		}
	}
	return func(i, j int) bool {
		if valid != nil {
			vi, vj := bitutil.BitIsSet(valid, i), bitutil.BitIsSet(valid, j)
			if !vi || !vj {
				return vi == vj
			}
		}
		for _, eq := range eqs {
			if !eq(i, j) {
				return false
			}
		}
		return true
	}, nil
}

func grpHashLeaf(name string, d *structured.Dense, h []uint64) (grpEq, error) {
	valid := exprLeafValidity(d)
	dt := d.DataType()
	switch f := dtype.Of(dt); {
	case f.Class == dtype.ClassNull:
		for i := range h {
			h[i] = grpCombine(h[i], grpNullHash)
		}
		return func(i, j int) bool { return true }, nil
	case f.Integer() || f.Temporal():
		// Integers, dates, times, timestamps, durations: by their bits.
		switch f.Width {
		case 1:
			return grpHashFixed(exprRaw[uint8](d), valid, h), nil
		case 2:
			return grpHashFixed(exprRaw[uint16](d), valid, h), nil
		case 4:
			return grpHashFixed(exprRaw[uint32](d), valid, h), nil
		case 8:
			return grpHashFixed(exprRaw[uint64](d), valid, h), nil
		}
	case f.Class == dtype.ClassFloat:
		switch f.Width {
		case 4:
			return grpHashFloat(exprRaw[float32](d), valid, h), nil
		case 8:
			return grpHashFloat(exprRaw[float64](d), valid, h), nil
		}
		fs, _ := dtype.Float64s(d.Values().Data(), nil) // float16
		return grpHashFloat(fs, valid, h), nil
	case f.Class == dtype.ClassBool:
		bs, err := d.Bools()
		if err != nil {
			return nil, err
		}
		return grpHashFixed(exprBoolBytesOf(bs), valid, h), nil
	}
	if offs, data, ok := exprStrBytes[int32](d.Values()); ok {
		return grpHashOffsets(offs, data, valid, h), nil
	}
	if offs, data, ok := exprStrBytes[int64](d.Values()); ok {
		return grpHashOffsets(offs, data, valid, h), nil
	}
	if exprTypeOf(dt) == exprStrT {
		strs, err := d.Strings()
		if err != nil {
			return nil, err
		}
		return grpHashStrings(strs, valid, h), nil
	}
	return nil, fmt.Errorf("%w: key %q of type %s cannot be grouped", ErrType, name, dt)
}

// grpHashFixed hashes fixed-width keys by their bits.
func grpHashFixed[T uint8 | uint16 | uint32 | uint64](vals []T, valid []byte, h []uint64) grpEq {
	for i, x := range vals {
		hx := uint64(x)
		if valid != nil && !bitutil.BitIsSet(valid, i) {
			hx = grpNullHash
		}
		h[i] = grpCombine(h[i], hx)
	}
	if valid == nil {
		return func(i, j int) bool { return vals[i] == vals[j] }
	}
	return func(i, j int) bool {
		vi, vj := bitutil.BitIsSet(valid, i), bitutil.BitIsSet(valid, j)
		if !vi || !vj {
			return vi == vj
		}
		return vals[i] == vals[j]
	}
}

// grpHashFloat hashes float keys: -0 and 0 are one key, and every NaN is
// one key (as Polars groups them).
func grpHashFloat[T float32 | float64](vals []T, valid []byte, h []uint64) grpEq {
	for i, x := range vals {
		f := float64(x)
		var bits uint64
		switch {
		case f == 0:
			bits = 0
		case f != f:
			bits = 0x7ff8000000000001
		default:
			bits = math.Float64bits(f)
		}
		if valid != nil && !bitutil.BitIsSet(valid, i) {
			bits = grpNullHash
		}
		h[i] = grpCombine(h[i], bits)
	}
	eq := func(i, j int) bool {
		a, b := vals[i], vals[j]
		return a == b || (a != a && b != b)
	}
	if valid == nil {
		return eq
	}
	return func(i, j int) bool {
		vi, vj := bitutil.BitIsSet(valid, i), bitutil.BitIsSet(valid, j)
		if !vi || !vj {
			return vi == vj
		}
		return eq(i, j)
	}
}

// grpHashOffsets hashes the strings of an Arrow string or large_string
// array straight from its offsets and bytes.
func grpHashOffsets[O int32 | int64](offs []O, data []byte, valid []byte, h []uint64) grpEq {
	s := unsafe.String(unsafe.SliceData(data), len(data))
	base := offs[0]
	at := func(i int) string { return s[offs[i]-base : offs[i+1]-base] }
	if valid == nil {
		for i := range h {
			h[i] = grpCombine(h[i], maphash.String(grpSeed, at(i)))
		}
	} else {
		for i := range h {
			hx := uint64(grpNullHash)
			if bitutil.BitIsSet(valid, i) {
				hx = maphash.String(grpSeed, at(i))
			}
			h[i] = grpCombine(h[i], hx)
		}
	}
	if valid == nil {
		return func(i, j int) bool { return at(i) == at(j) }
	}
	return func(i, j int) bool {
		vi, vj := bitutil.BitIsSet(valid, i), bitutil.BitIsSet(valid, j)
		if !vi || !vj {
			return vi == vj
		}
		return at(i) == at(j)
	}
}

// grpHashStrings hashes decoded strings (views, dictionaries).
func grpHashStrings(strs []string, valid []byte, h []uint64) grpEq {
	for i, x := range strs {
		hx := uint64(grpNullHash)
		if valid == nil || bitutil.BitIsSet(valid, i) {
			hx = maphash.String(grpSeed, x)
		}
		h[i] = grpCombine(h[i], hx)
	}
	if valid == nil {
		return func(i, j int) bool { return strs[i] == strs[j] }
	}
	return func(i, j int) bool {
		vi, vj := bitutil.BitIsSet(valid, i), bitutil.BitIsSet(valid, j)
		if !vi || !vj {
			return vi == vj
		}
		return strs[i] == strs[j]
	}
}

// grpBuild numbers the distinct keys of n rows in first-seen order, from
// their hashes and their comparisons (all of which must hold for two rows
// to share a group).
func grpBuild(n int, h []uint64, eqs []grpEq) *grpGroups {
	g := &grpGroups{ids: make([]int32, n)}
	size := 16
	for size < 2*min(n, 1<<10) {
		size <<= 1
	}
	slots := make([]int32, size) // group id + 1; 0 is empty
	hashes := make([]uint64, 0, 16)
	mask := uint64(size - 1)
	eq := func(i, j int) bool {
		for _, e := range eqs {
			if !e(i, j) {
				return false
			}
		}
		return true
	}
	if len(eqs) == 1 {
		eq = eqs[0]
	}
	for i := 0; i < n; i++ {
		hi := h[i]
		p := hi & mask
		for {
			s := slots[p]
			if s == 0 {
				id := int32(len(g.first))
				slots[p] = id + 1
				g.first = append(g.first, int32(i))
				hashes = append(hashes, hi)
				g.ids[i] = id
				if 2*len(g.first) > size {
					size <<= 1
					mask = uint64(size - 1)
					slots = grpRehash(hashes, size)
				}
				break
			}
			if hashes[s-1] == hi && eq(int(g.first[s-1]), i) {
				g.ids[i] = s - 1
				break
			}
			p = (p + 1) & mask
		}
	}
	g.n = len(g.first)
	return g
}

// grpRehash lays the groups out in a table of a new size.
func grpRehash(hashes []uint64, size int) []int32 {
	slots := make([]int32, size)
	mask := uint64(size - 1)
	for id, hi := range hashes {
		p := hi & mask
		for slots[p] != 0 {
			p = (p + 1) & mask
		}
		slots[p] = int32(id) + 1
	}
	return slots
}

// grpKeys groups the rows of f by the key columns at refs.
func grpKeys(op string, f *Frame, refs []string) (*grpGroups, []structured.Value, error) {
	names := make([]string, len(refs))
	vals := make([]structured.Value, len(refs))
	for k, ref := range refs {
		_, v, err := f.column(op, ref)
		if err != nil {
			return nil, nil, err
		}
		names[k], vals[k] = displayPath(ref), v
	}
	g, err := grpValues(op, f.data.NumRows(), names, vals)
	return g, vals, err
}

// grpValues groups n rows by key values (named for messages): the fused
// kernel for one plain key, the general one otherwise.
func grpValues(op string, n int, names []string, vals []structured.Value) (*grpGroups, error) {
	if len(vals) == 1 {
		if g, ok := grpSingle(vals[0]); ok {
			return g, nil
		}
	}
	if g, ok := grpPacked(n, vals); ok {
		return g, nil
	}
	h := make([]uint64, n)
	eqs := make([]grpEq, len(vals))
	for k, v := range vals {
		eq, err := grpHashValue(names[k], v, h)
		if err != nil {
			return nil, wrap(op, err)
		}
		eqs[k] = eq
	}
	return grpBuild(n, h, eqs), nil
}

// order returns the rows sorted by group, stable (a counting sort), and
// each group's row count.
func (g *grpGroups) order() (rows []int, sizes []int64) {
	sizes = make([]int64, g.n)
	for _, id := range g.ids {
		sizes[id]++
	}
	starts := make([]int64, g.n)
	var sum int64
	for i, s := range sizes {
		starts[i] = sum
		sum += s
	}
	rows = make([]int, len(g.ids))
	for i, id := range g.ids {
		rows[starts[id]] = i
		starts[id]++
	}
	return rows, sizes
}

// firstRows is each group's first row, as ints for Take.
func (g *grpGroups) firstRows() []int {
	out := make([]int, g.n)
	for i, r := range g.first {
		out[i] = int(r)
	}
	return out
}

// grpSlot is a slot of a fused single-key table: the key's hash and its
// group id + 1 (0 for an empty slot).
type grpSlot struct {
	h  uint64
	id int32
}

// grpTable is the open-addressing table of the fused single-key kernels.
type grpTable struct {
	slots []grpSlot
	mask  uint64
	used  int
}

func grpNewTable() *grpTable {
	return &grpTable{slots: make([]grpSlot, 64), mask: 63}
}

// reserve makes room for groups entries, at most half full, rehashing
// what the table holds: for a column whose first rows show that most rows
// are groups of their own, so that the table is not doubled again and
// again as they come.
func (t *grpTable) reserve(groups int) {
	size := len(t.slots)
	for size < 2*groups {
		size *= 2
	}
	if size > len(t.slots) {
		t.rehash(size)
	}
}

// rehash moves what the table holds into size slots (a power of two).
func (t *grpTable) rehash(size int) {
	old := t.slots
	t.slots = make([]grpSlot, size)
	t.mask = uint64(size - 1)
	for _, s := range old {
		if s.id == 0 {
			continue
		}
		p := s.h & t.mask
		for t.slots[p].id != 0 {
			p = (p + 1) & t.mask
		}
		t.slots[p] = s
	}
}

// grpManySample is the rows after which a string key's grouping judges
// from the groups seen whether most rows are groups of their own, and
// sizes its table for all of its rows at that rate (grpSingleOffsets).
const grpManySample = 4096

// grow doubles the table when it is half full.
func (t *grpTable) grow() {
	t.used++
	if 2*t.used > len(t.slots) {
		t.rehash(2 * len(t.slots))
	}
}

// grpSingle groups by one key column with a fused kernel when it is a
// plain string or fixed-width vector: hash, probe and compare in one loop
// with the keys held typed, no per-row hash array and no comparison calls.
// ok is false for other columns (the general kernel takes them).
func grpSingle(v structured.Value) (g *grpGroups, ok bool) {
	d, isDense := v.(*structured.Dense)
	if !isDense || d.Rank() != 1 {
		return nil, false
	}
	valid := exprBitsOf(d.Validity())
	switch f := dtype.Of(d.DataType()); {
	case f.Integer() || f.Temporal():
		switch f.Width {
		case 1:
			return grpSingleFixed(exprRaw[uint8](d), valid), true
		case 2:
			return grpSingleFixed(exprRaw[uint16](d), valid), true
		case 4:
			return grpSingleFixed(exprRaw[uint32](d), valid), true
		case 8:
			return grpSingleFixed(exprRaw[uint64](d), valid), true
		}
	case f.Class == dtype.ClassBool:
		bs, err := d.Bools()
		if err != nil {
			return nil, false
		}
		return grpSingleFixed(exprBoolBytesOf(bs), valid), true
	case f.Class == dtype.ClassFloat:
		switch f.Width {
		case 4:
			return grpSingleFixed(grpFloatKeys(exprRaw[float32](d)), valid), true
		case 8:
			return grpSingleFixed(grpFloatKeys(exprRaw[float64](d)), valid), true
		}
		fs, _ := dtype.Float64s(d.Values().Data(), nil) // float16
		return grpSingleFixed(grpFloatKeys(fs), valid), true
	case f.Class == dtype.ClassString:
		if offs, data, ok := exprStrBytes[int32](d.Values()); ok {
			return grpSplitOffsets(offs, data, valid), true
		}
		if offs, data, ok := exprStrBytes[int64](d.Values()); ok {
			return grpSplitOffsets(offs, data, valid), true
		}
	case f.Class == dtype.ClassDictionary:
		if dict, ok := d.Values().(*array.Dictionary); ok {
			return grpSingleDict(dict, valid)
		}
	}
	return nil, false
}

// grpFloatKeys gives floats keys compared by bits: -0 is 0 and every NaN
// one NaN, as grpHashFloat groups them.
func grpFloatKeys[T float32 | float64](vals []T) []uint64 {
	out := make([]uint64, len(vals))
	for i, x := range vals {
		f := float64(x)
		switch {
		case f == 0:
		case f != f:
			out[i] = 0x7ff8000000000001
		default:
			out[i] = math.Float64bits(f)
		}
	}
	return out
}

// grpSingleDict groups a dictionary of strings by its indices: the
// dictionary's entries are grouped once (two entries may hold one string),
// then each row's index maps to its entry's group and the rows are
// grouped by that number, in the rows' first-seen order. A row whose
// entry is null is a null row.
func grpSingleDict(dict *array.Dictionary, valid []byte) (*grpGroups, bool) {
	entries := dict.Dictionary()
	offs, data, ok := exprStrBytes[int32](entries)
	if !ok {
		return nil, false
	}
	canon := grpSingleOffsets(offs, data, nil).ids
	idx, ok := dtype.Int64s(dict.Data(), nil) // the indices; uint64 ones past MaxInt64 are negative, refused below
	if !ok {
		return nil, false
	}
	if entries.NullN() > 0 {
		// valid may be Arrow's bitmap: work on a copy.
		if valid == nil {
			valid = exprBitsAll(len(idx))
		} else {
			valid = append([]byte(nil), valid[:bitutil.BytesForBits(int64(len(idx)))]...)
		}
	}
	keys := make([]uint32, len(idx))
	for i, x := range idx {
		if valid != nil && !bitutil.BitIsSet(valid, i) {
			continue
		}
		if x < 0 || int(x) >= len(canon) {
			return nil, false
		}
		if entries.IsNull(int(x)) {
			valid[i/8] &^= 1 << (i % 8)
			continue
		}
		keys[i] = uint32(canon[x])
	}
	return grpSingleFixed(keys, valid), true
}

// grpSingleOffsets is the fused kernel over an Arrow string array.
//
// It and grpSingleFixed are one loop written twice on purpose. One generic
// loop over a key accessor and a hash, given as an interface type
// parameter or as func values, was measured 30-40% slower on fixed-width
// keys and about 75% slower on strings (1M rows, 1000 keys): Go calls a
// type parameter's methods and a func value through a pointer and does
// not inline them, and in this loop the key read and the hash are all the
// work there is.
func grpSingleOffsets[O int32 | int64](offs []O, data []byte, valid []byte) *grpGroups {
	n := len(offs) - 1
	s := unsafe.String(unsafe.SliceData(data), len(data))
	base := offs[0]
	g := &grpGroups{ids: make([]int32, n)}
	t := grpNewTable()
	keys := make([]string, 0, 64)
	words := make([][2]uint64, 0, 64) // per group: its key's words, when short (grpShortKey)
	nullID := int32(-1)
	for i := 0; i < n; i++ {
		if i == grpManySample && n >= 4*grpManySample && len(g.first) > grpManySample/2 {
			// Most rows so far are new groups: size for the rest at
			// that rate.
			est := len(g.first) * (n / grpManySample)
			t.reserve(est)
			g.first = slices.Grow(g.first, est-len(g.first))
			keys = slices.Grow(keys, est-len(keys))
			words = slices.Grow(words, est-len(words))
		}
		if valid != nil && !bitutil.BitIsSet(valid, i) {
			if nullID < 0 {
				nullID = int32(len(g.first))
				g.first = append(g.first, int32(i))
				keys = append(keys, "")
				words = append(words, grpLongKey)
			}
			g.ids[i] = nullID
			continue
		}
		ko, ke := int(offs[i]-base), int(offs[i+1]-base)
		k := s[ko:ke]
		// A short key (a city, a code) is two words, hashed and compared
		// inline: maphash and a string comparison are two calls, most of
		// the loop's time on such keys (W5's group-by: 8.3-8.8 ms against
		// 7.3-8.0, BenchmarkGroupByMean). A longer key is hashed with
		// maphash and compared as a string; its words are grpLongKey,
		// which no short key's are.
		short := ke-ko < 16
		w, h := grpLongKey, uint64(0)
		if short {
			b := data[ko:]
			var last [16]byte
			if len(b) < 16 { // (the data's last bytes: no 16 to load)
				copy(last[:], k)
				b = last[:]
			}
			w[0], w[1] = grpShortKey(b[:16], ke-ko)
			h = grpShortHash(w[0], w[1])
		} else {
			h = maphash.String(grpSeed, k)
		}
		p := h & t.mask
		for {
			sl := t.slots[p]
			if sl.id == 0 {
				id := int32(len(g.first))
				t.slots[p] = grpSlot{h: h, id: id + 1}
				g.first = append(g.first, int32(i))
				keys = append(keys, k)
				words = append(words, w)
				g.ids[i] = id
				t.grow()
				break
			}
			if sl.h == h && words[sl.id-1] == w && (short || keys[sl.id-1] == k) {
				g.ids[i] = sl.id - 1
				break
			}
			p = (p + 1) & t.mask
		}
	}
	g.n = len(g.first)
	return g
}

// grpLongKey stands for the words of a key of 16 bytes or more (and of
// the null group's): a length of 255 in the second word's top byte, which
// no short key has.
var grpLongKey = [2]uint64{0, ^uint64(0)}

// grpShortKey is a key of n < 16 bytes, the first n of b (which has 16),
// as two words: its bytes, zeros past them, and its length in the top
// byte of the second, so that keys of different lengths (a key and the
// same with NUL bytes added) differ.
func grpShortKey(b []byte, n int) (w0, w1 uint64) {
	x0 := binary.LittleEndian.Uint64(b[:8])
	x1 := binary.LittleEndian.Uint64(b[8:16])
	s0 := uint(8 * min(n, 8))
	s1 := uint(8 * max(n-8, 0))
	w0 = x0 & (uint64(1)<<s0 - 1)
	w1 = x1&(uint64(1)<<s1-1) | uint64(n)<<56
	return w0, w1
}

// grpShortHash hashes a short key's words (wyhash's mix: a 128-bit
// product of the words, each xored with a per-process key, folded), so
// that keys chosen to collide cannot be found without the key.
func grpShortHash(w0, w1 uint64) uint64 {
	hi, lo := bits.Mul64(w0^grpShortSeed[0], w1^grpShortSeed[1])
	return hi ^ lo
}

// grpShortSeed keys grpShortHash, per process as grpSeed.
var grpShortSeed = func() [2]uint64 {
	var h maphash.Hash
	h.SetSeed(grpSeed)
	h.WriteString("short keys")
	a := h.Sum64()
	h.WriteString("second word")
	return [2]uint64{a | 1, h.Sum64() | 1}
}()

// grpSingleFixed is the fused kernel over fixed-width keys, compared by
// their bits.
func grpSingleFixed[T uint8 | uint16 | uint32 | uint64](vals []T, valid []byte) *grpGroups {
	n := len(vals)
	if g, ok := grpDirect(vals, valid); ok {
		return g
	}
	g := &grpGroups{ids: make([]int32, n)}
	t := grpNewTable()
	keys := make([]T, 0, 64)
	nullID := int32(-1)
	for i, x := range vals {
		if valid != nil && !bitutil.BitIsSet(valid, i) {
			if nullID < 0 {
				nullID = int32(len(g.first))
				g.first = append(g.first, int32(i))
				keys = append(keys, 0)
			}
			g.ids[i] = nullID
			continue
		}
		h := grpMix(uint64(x))
		p := h & t.mask
		for {
			sl := t.slots[p]
			if sl.id == 0 {
				id := int32(len(g.first))
				t.slots[p] = grpSlot{h: h, id: id + 1}
				g.first = append(g.first, int32(i))
				keys = append(keys, x)
				g.ids[i] = id
				t.grow()
				break
			}
			if sl.h == h && keys[sl.id-1] == x {
				g.ids[i] = sl.id - 1
				break
			}
			p = (p + 1) & t.mask
		}
	}
	g.n = len(g.first)
	return g
}

// grpDirectSpan is the widest span of keys (largest minus smallest) that
// grpDirect indexes: a table of 256 KiB at most.
const grpDirectSpan = 1 << 16

// grpDirect groups keys that span a short range (years, months, codes,
// a packed year and month) with no hashing: the key less the smallest is
// the index of its group's slot in a table, as DuckDB's perfect hash
// aggregate. Groups come in first-seen order, nulls one group. ok is
// false when the span is too wide for the table, or wider than the rows
// (the table would cost more than it saves).
func grpDirect[T uint8 | uint16 | uint32 | uint64](vals []T, valid []byte) (*grpGroups, bool) {
	n := len(vals)
	if n == 0 {
		return nil, false
	}
	lo, hi, seen := T(0), T(0), false
	for i, x := range vals {
		if valid != nil && !bitutil.BitIsSet(valid, i) {
			continue
		}
		if !seen {
			lo, hi, seen = x, x, true
			continue
		}
		lo, hi = min(lo, x), max(hi, x)
	}
	return grpDirectRange(vals, valid, lo, uint64(hi-lo))
}

// grpDirectRange is grpDirect for keys known to lie in [lo, lo+span].
func grpDirectRange[T uint8 | uint16 | uint32 | uint64](vals []T, valid []byte, lo T, span uint64) (*grpGroups, bool) {
	n := len(vals)
	if span >= grpDirectSpan || span > uint64(n) {
		return nil, false
	}
	slots := make([]int32, span+1) // group id + 1; 0: not seen
	g := &grpGroups{ids: make([]int32, n)}
	nullID := int32(-1)
	for i, x := range vals {
		if valid != nil && !bitutil.BitIsSet(valid, i) {
			if nullID < 0 {
				nullID = int32(len(g.first))
				g.first = append(g.first, int32(i))
			}
			g.ids[i] = nullID
			continue
		}
		k := x - lo
		id := slots[k] - 1
		if id < 0 {
			id = int32(len(g.first))
			slots[k] = id + 1
			g.first = append(g.first, int32(i))
		}
		g.ids[i] = id
	}
	g.n = len(g.first)
	return g, true
}
