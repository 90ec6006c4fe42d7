package frame

import (
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/structframe/structframe/internal/dtype"
	"github.com/structframe/structframe/internal/hugepage"
	"github.com/structframe/structframe/structured"
)

// SortKey is one key of Sort: an expression giving one value per row (a
// column, with Col), a direction and where nulls go. Make one with Asc,
// Desc or By, and change it with its methods:
//
//	df.Sort(frame.Desc("score").NullsFirst(), frame.Asc("name"))
type SortKey struct {
	expr  Expr
	desc  bool
	nulls sortNulls
}

// sortNulls is where a key puts its nulls; the zero value is the default.
type sortNulls uint8

const (
	sortNullsDefault sortNulls = iota
	sortNullsFirst
	sortNullsLast
)

// Asc sorts by a column, smallest first.
func Asc(ref string) SortKey { return SortKey{expr: Col(ref)} }

// Desc sorts by a column, largest first.
func Desc(ref string) SortKey { return SortKey{expr: Col(ref), desc: true} }

// By sorts by an expression, smallest first; its Desc method reverses it.
func By(e Expr) SortKey { return SortKey{expr: e} }

// Desc returns the key sorting largest first.
func (k SortKey) Desc() SortKey { k.desc = true; return k }

// Asc returns the key sorting smallest first.
func (k SortKey) Asc() SortKey { k.desc = false; return k }

// NullsFirst returns the key putting its null rows before all others,
// whatever the direction.
func (k SortKey) NullsFirst() SortKey { k.nulls = sortNullsFirst; return k }

// NullsLast returns the key putting its null rows after all others,
// whatever the direction. It is the default.
func (k SortKey) NullsLast() SortKey { k.nulls = sortNullsLast; return k }

// Expr is the expression the key sorts by (Col(ref) for Asc and Desc):
// what a query planner reads to know the columns a sort needs.
func (k SortKey) Expr() Expr { return k.expr }

// String renders the key as "col(score) desc nulls first".
func (k SortKey) String() string {
	s := k.expr.String()
	if k.desc {
		s += " desc"
	} else {
		s += " asc"
	}
	if k.nulls == sortNullsFirst {
		s += " nulls first"
	} else {
		s += " nulls last"
	}
	return s
}

// Sort returns the rows ordered by the keys: by the first key, rows equal
// there by the second, and so on. The sort is stable: rows equal on every
// key keep their order. A label index follows its rows; a range index
// counts 0..n-1 again.
//
// Keys are scalar columns (or expressions with one value per row) of any
// integer width, float, string (string, large_string, string_view,
// dictionary), bool, date, time, timestamp, duration or decimal128 type; a list,
// struct or map column is an ErrType error naming it, an unknown column
// an ErrColumn error, no key an ErrArgument error.
//
// Order within a key: NaN is larger than +Inf and distinct from null (as
// in Polars), -0 equals +0, false < true, strings by their bytes. Nulls go
// last by default, in either direction, as in pandas (na_position="last")
// and DuckDB (NULLS LAST); NullsFirst moves them first. Polars puts them
// first by default; we follow the two that agree with SQL's habit of
// showing data before its holes.
//
// Cost: each key is read once into a flat []uint64 whose integer order
// is the key's order (the bits of numbers, the rank of strings among the
// distinct strings, found with one hash table and a sort of the distinct
// values), and the row positions are sorted by a least significant key
// first radix sort, stable, skipping the byte passes where all rows agree
// (small integers take 1 or 2 passes). No comparison function runs per
// row. The rows are then gathered once per column.
func (f *Frame) Sort(keys ...SortKey) *Frame {
	const op = "Sort"
	if f.Err() != nil {
		return f
	}
	keys, err := f.expandSortKeys(op, keys)
	if err != nil {
		return failed(err)
	}
	if len(keys) == 0 {
		return failed(errorf(op, ErrArgument, "no sort key"))
	}
	n := f.data.NumRows()
	cols := make([]*sortKeyCol, len(keys))
	var first structured.Value // the first key's value
	for i, k := range keys {
		v, err := k.expr.evalFrame(op, f)
		if err != nil {
			return failed(wrap(op, err))
		}
		if i == 0 {
			first = v
		}
		if cols[i], err = sortKeyOfRanked(op, sortKeyName(k.expr), v, n); err != nil {
			return failed(err)
		}
	}
	perm, runs := sortPermRuns(cols, keys, n)
	if runs != nil {
		if out := f.takeRuns(op, perm, first, runs); out != nil {
			return out
		}
	}
	return f.take(op, perm)
}

// sortKeyName is the name of a key in messages: the column a Col reads,
// else the expression.
func sortKeyName(e Expr) string {
	s := e.String()
	if strings.HasPrefix(s, "col(") && strings.HasSuffix(s, ")") && strings.Count(s, "(") == 1 {
		return s[len("col(") : len(s)-1]
	}
	return s
}

// sortPerm returns the row positions in sorted order: a least significant
// key first radix sort, each key a stable radix pass over its uint64 form
// (strings by their rank among the distinct strings) followed, when the
// key has nulls, by a stable partition putting them first or last. Null
// rows read as one value in the pass, so their order is that of the later
// keys, as it must be.
func sortPerm(cols []*sortKeyCol, keys []SortKey, n int) []int {
	perm, _ := sortPermRuns(cols, keys, n)
	return perm
}

// sortPermRuns is sortPerm, and when the rows were bucketed by the first
// key (sortBuckets), the runs of equal first keys in sorted order.
func sortPermRuns(cols []*sortKeyCol, keys []SortKey, n int) ([]int, *sortRuns) {
	perm := make([]int, n)
	for i := range perm {
		perm[i] = i
	}
	if n < 2 {
		return perm, nil
	}
	us := make([][]uint64, len(cols))
	for k, col := range cols {
		us[k] = col.u
		if col.s != nil {
			us[k] = sortStringRanks(col)
		}
	}
	scratch := make([]int, n)
	var runs sortRuns
	if sortBuckets(cols, us, keys, perm, scratch, &runs) {
		return perm, &runs
	}
	sortRowsBy(cols, us, keys, perm, scratch)
	return perm, nil
}

// sortRowsBy sorts rows by the keys, least significant first: a stable
// radix pass per key over its uint64 form us[k], then, when the key has
// nulls, a stable partition putting them first or last. scratch is as
// long as rows.
func sortRowsBy(cols []*sortKeyCol, us [][]uint64, keys []SortKey, rows, scratch []int) {
	for k := len(cols) - 1; k >= 0; k-- {
		col := cols[k]
		var null func(int) bool
		if col.hasNulls() {
			null = col.isNull
		}
		sortRadix(us[k], rows, keys[k].desc, null)
		if col.hi != nil {
			sortRadix(col.hi, rows, keys[k].desc, null) // a decimal's high words after its low ones
		}
		if null != nil {
			copy(rows, sortPartitionNulls(rows, scratch, null, keys[k].nulls == sortNullsFirst))
		}
	}
}

// sortBucketMin is the rows a bucket needs on average for sortBuckets to
// pay: fewer, and the radix passes' histograms cost more than they save.
const sortBucketMin = 512

// sortBuckets sorts rows (0..n-1) when the first of several keys has few
// distinct values (a city, a year, a category): a counting sort puts the
// rows in buckets of that key (nulls one bucket, first or last), copying
// the other keys into bucket order on the way (one sequential read of
// each), then each bucket is sorted by the other keys on its own, its
// keys in the cache, the buckets on every core. Sorting every key over
// all the rows would read each key at random positions. ok is false when
// the first key does not qualify.
func sortBuckets(cols []*sortKeyCol, us [][]uint64, keys []SortKey, rows, scratch []int, runs *sortRuns) bool {
	n := len(rows)
	if len(cols) < 2 {
		return false
	}
	for _, col := range cols {
		if col.hi != nil {
			return false // decimals of two words
		}
	}
	first, u := cols[0], us[0]
	nulls := first.hasNulls()
	var lo, hi uint64
	seen := false
	for i, x := range u[:n] {
		if nulls && first.isNull(i) {
			continue
		}
		if !seen {
			lo, hi, seen = x, x, true
			continue
		}
		lo, hi = min(lo, x), max(hi, x)
	}
	span := hi - lo + 1
	if !seen || span > 1<<16 || span*sortBucketMin > uint64(n) {
		return false
	}
	// Bucket b holds the rows of the b-th value in sort order; the null
	// bucket is the first or the last.
	nb := int(span) + 1
	bucket := make([]int32, n)
	for i := range n {
		var b int
		switch {
		case nulls && first.isNull(i):
			if keys[0].nulls != sortNullsFirst {
				b = nb - 1
			}
		default:
			b = int(u[i] - lo)
			if keys[0].desc {
				b = int(span) - 1 - b
			}
			if keys[0].nulls == sortNullsFirst {
				b++
			}
		}
		bucket[i] = int32(b)
	}
	starts := make([]int, nb+1)
	for _, b := range bucket {
		starts[b+1]++
	}
	for b := range nb {
		starts[b+1] += starts[b]
	}
	// rowAt is the row at each position in bucket order; the other keys,
	// and their nulls, are copied into that order.
	rest := len(cols) - 1
	ub := make([][]uint64, rest)
	nullb := make([][]bool, rest)
	for k := range rest {
		ub[k] = make([]uint64, n)
		if cols[k+1].hasNulls() {
			nullb[k] = make([]bool, n)
		}
	}
	rowAt := scratch
	next := append([]int(nil), starts[:nb]...)
	for i, b := range bucket {
		p := next[b]
		next[b]++
		rowAt[p] = i
		for k := range rest {
			ub[k][p] = us[k+1][i]
			if nullb[k] != nil {
				nullb[k][p] = cols[k+1].isNull(i)
			}
		}
	}
	// Sort positions within each bucket, then read the rows through them.
	pos := rows
	for p := range pos {
		pos[p] = p
	}
	var (
		wg   sync.WaitGroup
		work atomic.Int64
	)
	for range min(runtime.GOMAXPROCS(0), nb) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var (
				tmp []int
				buf sortScratch
			)
			for {
				b := int(work.Add(1) - 1)
				if b >= nb {
					return
				}
				s, e := starts[b], starts[b+1]
				if e-s < 2 {
					continue
				}
				if cap(tmp) < e-s {
					tmp = make([]int, e-s)
				}
				for k := rest - 1; k >= 0; k-- {
					var null func(int) bool
					if isNull := nullb[k]; isNull != nil {
						null = func(p int) bool { return isNull[p] }
					}
					buf.radix(ub[k], pos[s:e], keys[k+1].desc, null)
					if null != nil {
						copy(pos[s:e], sortPartitionNulls(pos[s:e], tmp[:e-s], null, keys[k+1].nulls == sortNullsFirst))
					}
				}
			}
		}()
	}
	wg.Wait()
	for p, q := range pos {
		pos[p] = rowAt[q]
	}
	if runs != nil {
		for b := range nb {
			if s, e := starts[b], starts[b+1]; e > s {
				runs.reps = append(runs.reps, rows[s])
				runs.counts = append(runs.counts, int32(e-s))
			}
		}
	}
	return true
}

// sortStringRanks gives each row of a string key the rank of its string
// among the key's distinct strings (null rows any): strings are compared
// once per distinct value, and the rows then sort as integers. The
// distinct strings come from the group-by's hash of the stored bytes
// (col.str), else from a map of col.s; nil when the key has neither.
func sortStringRanks(col *sortKeyCol) []uint64 {
	var (
		ids   []int32
		ng    int
		str   func(g int) string // the string of group g
		nullG = -1               // the group of the null rows, if any
	)
	if g, ok := grpStringGroups(col.str); ok {
		at, _ := dtype.Strings(col.str.Values().Data())
		ids, ng = g.ids, g.n
		str = func(k int) string { return at(int(g.first[k])) }
		if col.hasNulls() {
			for k, r := range g.first {
				if col.isNull(int(r)) {
					nullG = k
				}
			}
		}
	} else if col.s != nil {
		index := make(map[string]int32)
		var distinct []string
		ids = make([]int32, len(col.s))
		nulls := col.hasNulls()
		for i, s := range col.s {
			if nulls && col.isNull(i) {
				continue // group 0: read as one value, placed by the null partition
			}
			id, ok := index[s]
			if !ok {
				id = int32(len(distinct))
				index[s] = id
				distinct = append(distinct, s)
			}
			ids[i] = id
		}
		ng = len(distinct)
		str = func(k int) string { return distinct[k] }
	} else {
		return nil
	}
	order := make([]int, 0, ng)
	for k := range ng {
		if k != nullG { // null rows rank 0: the null partition places them
			order = append(order, k)
		}
	}
	sortStringsMSD(order, str, 0, make([]uint64, ng), new(sortScratch))
	rank := make([]uint64, max(ng, 1))
	for r, id := range order {
		rank[id] = uint64(r)
	}
	codes := hugepage.Filled[uint64](len(ids))
	for i, id := range ids {
		codes[i] = rank[id]
	}
	return codes
}

// sortStringsMSD sorts order (indexes of strings, all equal in their
// first off bytes) by str, in byte order: by the 8 bytes from off, as
// big-endian integers, with a radix sort, then each run of equal 8 bytes
// by the next 8; small runs, and runs of strings that all end within
// those bytes, by comparisons. Comparing whole strings in one
// comparison sort misses the cache at each comparison and compares the
// shared prefixes again every time. keys is scratch indexed by the
// strings' indexes.
func sortStringsMSD(order []int, str func(int) string, off int, keys []uint64, b *sortScratch) {
	if len(order) <= 32 {
		slices.SortFunc(order, func(x, y int) int { return strings.Compare(str(x), str(y)) })
		return
	}
	longer := false // some string goes on past off+8
	for _, k := range order {
		s := str(k)
		var w uint64
		if off+8 <= len(s) {
			_ = s[off+7]
			w = uint64(s[off])<<56 | uint64(s[off+1])<<48 | uint64(s[off+2])<<40 | uint64(s[off+3])<<32 |
				uint64(s[off+4])<<24 | uint64(s[off+5])<<16 | uint64(s[off+6])<<8 | uint64(s[off+7])
			longer = longer || len(s) > off+8
		} else {
			for i := off; i < off+8; i++ {
				w <<= 8
				if i < len(s) {
					w |= uint64(s[i])
				}
			}
		}
		keys[k] = w
	}
	b.radix(keys, order, false, nil)
	for i := 0; i < len(order); {
		j := i + 1
		for j < len(order) && keys[order[j]] == keys[order[i]] {
			j++
		}
		if j-i > 1 {
			if longer {
				sortStringsMSD(order[i:j], str, off+8, keys, b)
			} else {
				// Equal up to off+8 and no longer: they differ only in
				// where they end ("ab" and "ab\x00").
				slices.SortFunc(order[i:j], func(x, y int) int { return strings.Compare(str(x), str(y)) })
			}
		}
		i = j
	}
}

// grpStringGroups groups a stored string column by the group-by's hash
// of its bytes; ok is false for nil or another layout.
func grpStringGroups(d *structured.Dense) (*grpGroups, bool) {
	if d == nil {
		return nil, false
	}
	if _, ok := dtype.Strings(d.Values().Data()); !ok {
		return nil, false
	}
	return grpSingle(d)
}

// sortPartitionNulls moves the rows whose key is null first or last,
// keeping the order within both groups; it writes into out and returns it.
func sortPartitionNulls(rows, out []int, null func(int) bool, first bool) []int {
	out = out[:0]
	for _, r := range rows {
		if null(r) == first {
			out = append(out, r)
		}
	}
	for _, r := range rows {
		if null(r) != first {
			out = append(out, r)
		}
	}
	return out
}

// The radix sort's digits: 11 bits, so 6 passes cover 64 bits with
// histograms of 2048 counts that stay in the L1 cache.
const (
	sortDigitBits = 11
	sortPasses    = (64 + sortDigitBits - 1) / sortDigitBits
	sortDigitMask = 1<<sortDigitBits - 1
)

// sortInsertion sorts rows by keys (keys[i] belongs to rows[i]), stably.
func sortInsertion(keys []uint64, rows []int) {
	for i := 1; i < len(keys); i++ {
		k, r := keys[i], rows[i]
		j := i
		for ; j > 0 && keys[j-1] > k; j-- {
			keys[j], rows[j] = keys[j-1], rows[j-1]
		}
		keys[j], rows[j] = k, r
	}
}

// sortRadix sorts rows by keys[row] (descending when desc; rows where
// null says so as one value), stably, with
// a least-significant-digit radix sort over 11-bit digits of the keys:
// all histograms in one pass, and passes where every row has the same
// digit skipped (a column of small integers or dates takes 1 or 2 passes).
func sortRadix(keys []uint64, rows []int, desc bool, null func(int) bool) {
	var buf sortScratch
	buf.radix(keys, rows, desc, null)
}

// sortScratch holds a radix sort's buffers, kept from one sort to the
// next by a worker sorting many buckets.
type sortScratch struct {
	k1, k2 []uint64
	r2     []int
}

// grow returns the three buffers, n long.
func (b *sortScratch) grow(n int) ([]uint64, []uint64, []int) {
	if cap(b.k1) < n {
		b.k1, b.k2, b.r2 = make([]uint64, n), make([]uint64, n), make([]int, n)
	}
	return b.k1[:n], b.k2[:n], b.r2[:n]
}

// radix is sortRadix with b's buffers.
func (b *sortScratch) radix(keys []uint64, rows []int, desc bool, null func(int) bool) {
	n := len(rows)
	if n < 2 {
		return
	}
	var flip uint64
	if desc {
		flip = ^uint64(0)
	}
	k1, k2, r2 := b.grow(n)
	for i, r := range rows {
		k1[i] = keys[r] ^ flip
		if null != nil && null(r) {
			k1[i] = 0 // one value: the null rows keep their order
		}
	}
	if n <= 64 {
		sortInsertion(k1, rows)
		return
	}
	var hist [sortPasses][1 << sortDigitBits]int
	for _, k := range k1 {
		for d := range sortPasses {
			hist[d][(k>>(sortDigitBits*d))&sortDigitMask]++
		}
	}
	r1 := rows
	for d := range sortPasses {
		h := &hist[d]
		shift := sortDigitBits * d
		if h[(k1[0]>>shift)&sortDigitMask] == n {
			continue // every row has this digit: the pass would change nothing
		}
		sum := 0
		for b := range h {
			c := h[b]
			h[b] = sum
			sum += c
		}
		for i, k := range k1 {
			b := (k >> shift) & sortDigitMask
			j := h[b]
			h[b] = j + 1
			k2[j] = k
			r2[j] = r1[i]
		}
		k1, k2 = k2, k1
		r1, r2 = r2, r1
	}
	if &r1[0] != &rows[0] {
		copy(rows, r1)
	}
}
