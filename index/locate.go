package index

import (
	"fmt"
	"reflect"
	"sort"
)

// LabelRange is a lookup key selecting the labels from Lo to Hi, both
// included, as pandas' label slices: the positions from the first label Lo
// to the last label Hi (within each outer group, for an inner level of a
// MultiIndex). The labels need not be sorted; Lo and Hi must both exist at
// the level, and a range whose Hi comes before its Lo selects nothing.
type LabelRange struct{ Lo, Hi any }

// Between returns the key selecting labels lo through hi, inclusive.
func Between(lo, hi any) LabelRange { return LabelRange{Lo: lo, Hi: hi} }

// String renders the range as "lo:hi".
func (r LabelRange) String() string { return fmt.Sprintf("%v:%v", r.Lo, r.Hi) }

// Locate returns the positions of the rows that keys select, in order:
// one key per level, outer first (a prefix of the levels may be given).
// A key is a Go scalar (int, int64, float64, string, bool, time.Time,
// time.Duration, or nil for null labels) converted to the level's Arrow
// type, a list of them ([]any or a typed slice such as []string: the rows
// of each label, in the list's order), or a [LabelRange]. Keys after the
// first select among the children of the groups the earlier keys chose.
//
// A Range index is labelled by its positions: int keys select them.
// Errors: a label that is absent (ErrNotFound, naming it and the level), a
// key that cannot be compared with the level's labels (ErrKeyType), more
// keys than levels or no key (ErrInvalid).
func Locate(idx Index, keys ...any) ([]int, error) {
	if err := checkIndex(idx); err != nil {
		return nil, err
	}
	levels := max(idx.NumLevels(), 1)
	if len(keys) == 0 || len(keys) > levels {
		return nil, fmt.Errorf("index: %w: %d keys for an index of %d level(s)", ErrInvalid, len(keys), levels)
	}
	switch x := idx.(type) {
	case Range:
		return idxLocateRange(x.n, keys[0])
	case *Labels:
		col, err := x.column()
		if err != nil {
			return nil, err
		}
		return idxSelect(col, 0, x.name, []idxSpan{{0, x.NumRows()}}, keys[0])
	case *Multi:
		spans := []idxSpan{{0, x.NumGroups(0)}}
		var groups []int
		for k, key := range keys {
			col, err := x.column(k)
			if err != nil {
				return nil, err
			}
			if groups, err = idxSelect(col, k, x.names[k], spans, key); err != nil {
				return nil, err
			}
			if k+1 < len(keys) {
				spans = spans[:0]
				for _, g := range groups {
					s, e := x.parts[k].Bounds(g)
					spans = append(spans, idxSpan{s, e})
				}
			}
		}
		k := len(keys) - 1
		var rows []int
		for _, g := range groups {
			s, e := x.groupRows(k, g)
			for r := s; r < e; r++ {
				rows = append(rows, r)
			}
		}
		return rows, nil
	}
	return nil, fmt.Errorf("index: %w: unknown index kind %T", ErrInvalid, idx)
}

// idxLocateRange selects positions of a range index, whose labels are
// the positions themselves.
func idxLocateRange(n int, key any) ([]int, error) {
	pos := func(label any) (int, error) {
		i, ok := idxGoInt(label)
		if !ok {
			u, isUint := idxGoUint(label)
			if !isUint {
				return 0, fmt.Errorf("index: %w: key %v (%T) cannot be compared with the positions of a range index", ErrKeyType, label, label)
			}
			i = int64(min(u, uint64(n)))
		}
		if i < 0 || i >= int64(n) {
			return 0, fmt.Errorf("index: %w: label %v of a range index of %d rows", ErrNotFound, label, n)
		}
		return int(i), nil
	}
	if r, ok := key.(LabelRange); ok {
		lo, err := pos(r.Lo)
		if err != nil {
			return nil, err
		}
		hi, err := pos(r.Hi)
		if err != nil {
			return nil, err
		}
		var out []int
		for i := lo; i <= hi; i++ {
			out = append(out, i)
		}
		return out, nil
	}
	labels, isList := idxList(key)
	if !isList {
		labels = []any{key}
	}
	out := make([]int, len(labels))
	for i, label := range labels {
		p, err := pos(label)
		if err != nil {
			return nil, err
		}
		out[i] = p
	}
	return out, nil
}

// idxSpan is a range [s, e) of groups at one depth: the children of one
// selected parent.
type idxSpan struct{ s, e int }

// idxSelect returns the groups of a level, within spans (in their order),
// that key selects.
func idxSelect(col *idxCol, k int, name string, spans []idxSpan, key any) ([]int, error) {
	find := func(label any) ([]int, error) {
		pos, err := col.find(label)
		if err != nil {
			return nil, fmt.Errorf("index: level %d (%q): %w", k, name, err)
		}
		return pos, nil
	}
	notFound := func(label any) error {
		return fmt.Errorf("index: %w: label %v at level %d (%q)", ErrNotFound, idxKeyText(label), k, name)
	}
	switch key := key.(type) {
	case LabelRange:
		lo, err := find(key.Lo)
		if err != nil {
			return nil, err
		}
		hi, err := find(key.Hi)
		if err != nil {
			return nil, err
		}
		if len(lo) == 0 {
			return nil, notFound(key.Lo)
		}
		if len(hi) == 0 {
			return nil, notFound(key.Hi)
		}
		var out []int
		for _, sp := range spans {
			i := sort.SearchInts(lo, sp.s)
			j := sort.SearchInts(hi, sp.e) - 1
			if i >= len(lo) || lo[i] >= sp.e || j < 0 || hi[j] < sp.s {
				continue
			}
			for g := lo[i]; g <= hi[j]; g++ {
				out = append(out, g)
			}
		}
		return out, nil
	}
	labels, isList := idxList(key)
	if !isList {
		labels = []any{key}
	}
	var out []int
	for _, label := range labels {
		pos, err := find(label)
		if err != nil {
			return nil, err
		}
		n := len(out)
		for _, sp := range spans {
			for i := sort.SearchInts(pos, sp.s); i < len(pos) && pos[i] < sp.e; i++ {
				out = append(out, pos[i])
			}
		}
		if len(out) == n {
			return nil, notFound(label)
		}
	}
	return out, nil
}

// idxList reads a list key: []any or any typed slice but []byte.
func idxList(key any) ([]any, bool) {
	switch x := key.(type) {
	case []any:
		return x, true
	case []byte, nil:
		return nil, false
	}
	rv := reflect.ValueOf(key)
	if rv.Kind() != reflect.Slice {
		return nil, false
	}
	out := make([]any, rv.Len())
	for i := range out {
		out[i] = rv.Index(i).Interface()
	}
	return out, true
}

// idxKeyText renders a key for messages: strings quoted, nil as null.
func idxKeyText(key any) string {
	switch x := key.(type) {
	case nil:
		return "null"
	case string:
		return fmt.Sprintf("%q", x)
	}
	return fmt.Sprint(key)
}
