package frame

import (
	"cmp"
	"slices"
	"strings"
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
// dictionary), bool, date, time, timestamp or duration type; a list,
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
// Cost: each key is read once into a flat []uint64 (order-preserving
// bits) or []string; the first key is sorted by an LSD radix sort when it
// is fixed width (floats, integers, dates...), else by a comparison sort,
// and only runs of rows tied on it are sorted further by the later keys.
// The rows are then gathered once per column.
func (f *Frame) Sort(keys ...SortKey) *Frame {
	const op = "Sort"
	if f.Err() != nil {
		return f
	}
	if len(keys) == 0 {
		return failed(errorf(op, ErrArgument, "no sort key"))
	}
	n := f.data.NumRows()
	cols := make([]*sortKeyCol, len(keys))
	for i, k := range keys {
		v, err := k.expr.evalFrame(op, f)
		if err != nil {
			return failed(wrap(op, err))
		}
		if cols[i], err = sortKeyOf(op, sortKeyName(k.expr), v, n); err != nil {
			return failed(err)
		}
	}
	perm := sortPerm(cols, keys, n)
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

// sortPerm returns the row positions in sorted order.
func sortPerm(cols []*sortKeyCol, keys []SortKey, n int) []int {
	first, k0 := cols[0], keys[0]
	valid := make([]int, 0, n)
	var nulls []int
	if first.hasNulls() {
		for i := range n {
			if first.isNull(i) {
				nulls = append(nulls, i)
			} else {
				valid = append(valid, i)
			}
		}
	} else {
		for i := range n {
			valid = append(valid, i)
		}
	}
	// The first key: rows keep their order among equals in both sorts.
	if first.u != nil {
		sortRadix(first.u, valid, k0.desc)
	} else {
		s, desc := first.s, k0.desc
		slices.SortFunc(valid, func(a, b int) int {
			c := strings.Compare(s[a], s[b])
			if desc {
				c = -c
			}
			if c != 0 {
				return c
			}
			return cmp.Compare(a, b)
		})
	}
	// Later keys break the ties of the first.
	if len(cols) > 1 {
		rest := sortComparator(cols[1:], keys[1:])
		for start := 0; start < len(valid); {
			end := start + 1
			for end < len(valid) && first.equal(valid[start], valid[end]) {
				end++
			}
			if end-start > 1 {
				slices.SortFunc(valid[start:end], rest)
			}
			start = end
		}
		if len(nulls) > 1 {
			slices.SortFunc(nulls, rest)
		}
	}
	if len(nulls) == 0 {
		return valid
	}
	if k0.nulls == sortNullsFirst {
		return append(nulls, valid...)
	}
	return append(valid, nulls...)
}

// equal reports whether rows a and b, both non-null, hold equal values.
func (k *sortKeyCol) equal(a, b int) bool {
	if k.u != nil {
		return k.u[a] == k.u[b]
	}
	return k.s[a] == k.s[b]
}

// sortComparator compares two rows by the keys in turn, then by position,
// which makes slices.SortFunc (pdqsort) stable.
func sortComparator(cols []*sortKeyCol, keys []SortKey) func(a, b int) int {
	return func(a, b int) int {
		for i, k := range cols {
			na, nb := k.isNull(a), k.isNull(b)
			if na || nb {
				if na && nb {
					continue
				}
				if na == (keys[i].nulls == sortNullsFirst) {
					return -1
				}
				return 1
			}
			var c int
			if k.u != nil {
				c = cmp.Compare(k.u[a], k.u[b])
			} else {
				c = strings.Compare(k.s[a], k.s[b])
			}
			if c != 0 {
				if keys[i].desc {
					return -c
				}
				return c
			}
		}
		return cmp.Compare(a, b)
	}
}

// sortRadix sorts rows by keys[row] (descending when desc), stably, with
// a least-significant-digit radix sort over the 8 bytes of the keys:
// all 8 histograms in one pass, and passes where every row has the same
// byte skipped (a column of small integers or dates takes 2 or 3 passes).
func sortRadix(keys []uint64, rows []int, desc bool) {
	n := len(rows)
	if n < 2 {
		return
	}
	if n <= 64 {
		slices.SortStableFunc(rows, func(a, b int) int {
			if desc {
				return cmp.Compare(keys[b], keys[a])
			}
			return cmp.Compare(keys[a], keys[b])
		})
		return
	}
	var flip uint64
	if desc {
		flip = ^uint64(0)
	}
	k1 := make([]uint64, n)
	k2 := make([]uint64, n)
	r2 := make([]int, n)
	var hist [8][256]int
	for i, r := range rows {
		k := keys[r] ^ flip
		k1[i] = k
		for d := range 8 {
			hist[d][byte(k>>(8*d))]++
		}
	}
	r1 := rows
	for d := range 8 {
		h := &hist[d]
		if h[byte(k1[0]>>(8*d))] == n {
			continue // every row has this byte: the pass would change nothing
		}
		sum := 0
		for b := range 256 {
			c := h[b]
			h[b] = sum
			sum += c
		}
		shift := 8 * d
		for i, k := range k1 {
			b := byte(k >> shift)
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
