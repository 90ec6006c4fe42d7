package frame

import (
	"errors"
	"fmt"
	"strings"
)

// ErrValidate reports join keys that are not unique on a side that
// WithValidate says has unique keys.
var ErrValidate = errors.New("join keys not unique")

// joinValidate checks the uniqueness v asks for. rcodes numbers the right
// key tuples (joinCodes); the left ones are numbered here when needed.
func joinValidate(op string, v JoinValidate, on JoinOn, l, r joinSide, rcodes []int32, ngroups int, nullsEqual bool) error {
	if v > ManyToOne {
		return errorf(op, ErrArgument, "unknown validation %d", uint8(v))
	}
	if v == OneToOne || v == OneToMany {
		_, lcodes, ng := joinCodes(joinEmptyKeys(l.keys), l.keys, nullsEqual)
		if err := joinUnique(op, v, "left", on.left, l, lcodes, ng); err != nil {
			return err
		}
	}
	if v == OneToOne || v == ManyToOne {
		if err := joinUnique(op, v, "right", on.right, r, rcodes, ngroups); err != nil {
			return err
		}
	}
	return nil
}

// joinUnique returns an ErrValidate error for the first key tuple that
// codes gives two rows (a code of -1, a null key, is never checked).
func joinUnique(op string, v JoinValidate, side string, keys []joinKey, s joinSide, codes []int32, ngroups int) error {
	first := make([]int32, ngroups)
	for i := range first {
		first[i] = -1
	}
	for i, c := range codes {
		if c < 0 {
			continue
		}
		if first[c] < 0 {
			first[c] = int32(i)
			continue
		}
		row := int(first[c])
		parts := make([]string, len(keys))
		for k, key := range keys {
			var x any
			if cell, err := s.vals[k].Index(row); err == nil {
				x = cell.ToValue()
			}
			if str, ok := x.(string); ok {
				parts[k] = fmt.Sprintf("%s = %q", key, str)
			} else {
				parts[k] = fmt.Sprintf("%s = %v", key, x)
			}
		}
		return errorf(op, ErrValidate, "validate %s: the %s key %s is on rows %d and %d",
			v, side, strings.Join(parts, ", "), row, i)
	}
	return nil
}

// joinEmptyKeys returns keys of the same types holding no row, to number
// the tuples of keys by joinCodes(joinEmptyKeys(keys), keys).
func joinEmptyKeys(keys []*sortKeyCol) []*sortKeyCol {
	out := make([]*sortKeyCol, len(keys))
	for i, k := range keys {
		e := *k
		e.n = 0
		if e.u != nil {
			e.u = e.u[:0]
		}
		if e.hi != nil {
			e.hi = e.hi[:0]
		}
		if e.s != nil {
			e.s = e.s[:0]
		}
		out[i] = &e
	}
	return out
}
