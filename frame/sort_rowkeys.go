package frame

import (
	"encoding/binary"
	"strings"
)

// RowKeys are the sort keys of a frame's rows as bytes (see
// [Frame.SortRowKeys]): comparing two rows' bytes with bytes.Compare
// orders them as Sort orders them, across frames of one schema.
type RowKeys struct {
	data []byte
	ends []int // row i is data[ends[i-1]:ends[i]]
}

// Len is the number of rows.
func (k RowKeys) Len() int { return len(k.ends) }

// Row is the key bytes of row i (a view into k, not to be changed).
func (k RowKeys) Row(i int) []byte {
	start := 0
	if i > 0 {
		start = k.ends[i-1]
	}
	return k.data[start:k.ends[i]:k.ends[i]]
}

// SortRowKeys encodes the keys of each row of f, as Sort(keys...) reads
// them, into bytes whose order (bytes.Compare) is the order Sort gives:
// each key's null marker (where its nulls go, first or last) and then
// its value, order-preserving (numbers and times as the bits Sort ranks
// them by, big-endian; strings with their zero bytes escaped and a
// terminator, so that a prefix comes first), inverted for a descending
// key. Rows of equal keys have equal bytes: merging frames each sorted
// by keys, taking equal rows from earlier frames first, gives what Sort
// of the concatenated frames gives (Sort is stable). It is what an
// external sort merges its sorted runs by, as DuckDB and Arrow's row
// format do.
//
// The key expressions are evaluated on f alone: an expression over the
// whole column (an aggregation, a window) gives other keys on a part of
// the rows than on all of them.
func (f *Frame) SortRowKeys(keys ...SortKey) (RowKeys, error) {
	const op = "SortRowKeys"
	if err := f.Err(); err != nil {
		return RowKeys{}, err
	}
	keys, err := f.expandSortKeys(op, keys)
	if err != nil {
		return RowKeys{}, err
	}
	if len(keys) == 0 {
		return RowKeys{}, errorf(op, ErrArgument, "no sort key")
	}
	n := f.data.NumRows()
	cols := make([]*sortKeyCol, len(keys))
	for i, k := range keys {
		v, err := k.expr.evalFrame(op, f)
		if err != nil {
			return RowKeys{}, wrap(op, err)
		}
		if cols[i], err = sortKeyOf(op, sortKeyName(k.expr), v, n); err != nil {
			return RowKeys{}, err
		}
	}
	out := RowKeys{ends: make([]int, n)}
	out.data = make([]byte, 0, n*len(cols)*9) // a marker and 8 bytes a key, most often
	for i := range n {
		for k, c := range cols {
			out.data = appendRowKey(out.data, c, i, keys[k])
		}
		out.ends[i] = len(out.data)
	}
	return out, nil
}

// Null markers: a null sorts before (first) or after (last) every value.
const (
	rowKeyNullFirst = 0x00
	rowKeyValue     = 0x01
	rowKeyNullLast  = 0x02
)

// appendRowKey appends row i of key c, sorted as k says.
func appendRowKey(dst []byte, c *sortKeyCol, i int, k SortKey) []byte {
	if c.isNull(i) {
		if k.nulls == sortNullsFirst {
			return append(dst, rowKeyNullFirst)
		}
		return append(dst, rowKeyNullLast)
	}
	dst = append(dst, rowKeyValue)
	start := len(dst)
	switch {
	case c.class == "string":
		dst = appendEscaped(dst, c.s[i])
	case c.hi != nil:
		dst = binary.BigEndian.AppendUint64(dst, c.hi[i])
		dst = binary.BigEndian.AppendUint64(dst, c.u[i])
	default:
		dst = binary.BigEndian.AppendUint64(dst, c.u[i])
	}
	if k.desc {
		for j := start; j < len(dst); j++ {
			dst[j] = ^dst[j]
		}
	}
	return dst
}

// appendEscaped appends s with each zero byte as 0x00 0xFF and the
// terminator 0x00 0x01: a string sorts before every longer string it is
// a prefix of, and inverting the bytes reverses the order.
func appendEscaped(dst []byte, s string) []byte {
	for {
		i := strings.IndexByte(s, 0)
		if i < 0 {
			break
		}
		dst = append(dst, s[:i]...)
		dst = append(dst, 0x00, 0xFF)
		s = s[i+1:]
	}
	dst = append(dst, s...)
	return append(dst, 0x00, 0x01)
}
