package index

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"sync"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/structframe/structframe/internal/dtype"
	"github.com/structframe/structframe/structured"
)

// Labels are compared in one of a few canonical key spaces, chosen once per
// level from the class of its Arrow type (dtype.Of): every signed integer
// and temporal type reads as int64, unsigned ones as uint64, floats as
// float64, every string layout as string, bool as bool. Grouping and
// lookups then run typed loops over one slice; only exotic types
// (decimals, intervals, binary, dictionaries of non-strings) fall back to
// comparing the Go values of their items.

// idxKind is the canonical key space of a level: not a fact of the type
// but the Go type its labels are compared as, picked from dtype's class.
type idxKind uint8

const (
	idxInt idxKind = iota
	idxUint
	idxFloat
	idxString
	idxBool
	idxNull // every label null (Arrow type Null)
	idxOther
)

// idxCol is one level's labels read into their key space: exactly one of the
// slices is set (none for idxNull), and valid tells the null labels.
type idxCol struct {
	dt    arrow.DataType
	kind  idxKind
	n     int
	valid structured.Bitmap
	ints  []int64
	uints []uint64
	flts  []float64
	strs  []string
	bools []bool
	anys  []any

	once  sync.Once
	table idxFinder
}

// idxFinder finds the positions holding one key of a level's key space.
type idxFinder interface {
	find(key any) []int
	findNull() []int
}

// idxColOf reads a rank-1 leaf of labels into its key space.
func idxColOf(v structured.Value) (*idxCol, error) {
	d, ok := v.(*structured.Dense)
	if !ok || d.Rank() != 1 {
		return nil, fmt.Errorf("%w: labels must be a vector of scalars, got %s", ErrInvalid, idxDescribe(v))
	}
	c := &idxCol{dt: d.DataType(), n: d.Size(), valid: d.Validity()}
	var err error
	data := d.Values().Data()
	switch f := dtype.Of(c.dt); {
	case f.Class == dtype.ClassSigned || f.Temporal():
		c.kind = idxInt
		c.ints, _ = dtype.Int64s(data, nil)
	case f.Class == dtype.ClassUnsigned:
		c.kind = idxUint
		c.uints, _ = dtype.Uint64s(data, nil)
	case f.Class == dtype.ClassFloat:
		c.kind = idxFloat
		c.flts, _ = dtype.Float64s(data, nil)
	case f.Class == dtype.ClassBool:
		c.kind = idxBool
		c.bools, err = d.Bools()
	case f.Class == dtype.ClassNull:
		c.kind = idxNull
	case dtype.ValueFacts(c.dt).Class == dtype.ClassString:
		c.kind = idxString
		c.strs, err = d.Strings()
	default:
		c.kind = idxOther
	}
	if err != nil {
		return nil, fmt.Errorf("%w: labels of type %s: %v", ErrInvalid, c.dt, err)
	}
	if c.kind == idxOther {
		c.anys = make([]any, c.n)
		for i := range c.n {
			c.anys[i] = idxComparable(d.Item(i))
		}
	}
	return c, nil
}

// idxComparable makes an item's Go value (or a key) usable as a map key
// of the fallback kind, and comparable across Go types: bytes become a
// string, integers int64 (uint64 beyond it), floats float64, so that an
// int key finds the entry of a dictionary of int32 labels.
func idxComparable(v any) any {
	switch x := v.(type) {
	case []byte:
		return string(x)
	case float32:
		return float64(x)
	}
	if i, ok := idxGoInt(v); ok {
		return i
	}
	if u, ok := idxGoUint(v); ok {
		if u <= math.MaxInt64 {
			return int64(u)
		}
		return u
	}
	return v
}

// markChanges sets ch[i] for every i >= 1 whose label differs from label
// i-1; a null equals a null, NaN equals NaN. It is how runs are found.
func (c *idxCol) markChanges(ch []bool) {
	switch c.kind {
	case idxInt:
		idxMark(c.ints, c.valid, ch)
	case idxUint:
		idxMark(c.uints, c.valid, ch)
	case idxFloat:
		for i := 1; i < c.n; i++ {
			if ch[i] {
				continue
			}
			vi, vp := c.valid.IsValid(i), c.valid.IsValid(i-1)
			a, b := c.flts[i], c.flts[i-1]
			if vi != vp || vi && a != b && !(math.IsNaN(a) && math.IsNaN(b)) {
				ch[i] = true
			}
		}
	case idxString:
		idxMark(c.strs, c.valid, ch)
	case idxBool:
		idxMark(c.bools, c.valid, ch)
	case idxNull:
	default:
		idxMark(c.anys, c.valid, ch)
	}
}

func idxMark[K comparable](ks []K, valid structured.Bitmap, ch []bool) {
	for i := 1; i < len(ks); i++ {
		if ch[i] {
			continue
		}
		vi, vp := valid.IsValid(i), valid.IsValid(i-1)
		if vi != vp || vi && ks[i] != ks[i-1] {
			ch[i] = true
		}
	}
}

// idxTable maps each key to its positions, ascending: head holds the first
// position of a key, next[p] the position after p with the same key (-1 at
// the end). One map entry per distinct label and one int32 per label.
type idxTable[K comparable] struct {
	head  map[K]int32
	next  []int32
	nulls []int
}

func idxBuild[K comparable](ks []K, valid structured.Bitmap) *idxTable[K] {
	// The number of runs bounds the number of distinct labels: it sizes the
	// map exactly for unique labels and barely for long runs.
	runs := min(len(ks), 1)
	for i := 1; i < len(ks); i++ {
		if ks[i] != ks[i-1] {
			runs++
		}
	}
	t := &idxTable[K]{head: make(map[K]int32, runs), next: make([]int32, len(ks))}
	for i := len(ks) - 1; i >= 0; i-- {
		if !valid.IsValid(i) {
			t.next[i] = -1
			continue
		}
		if h, ok := t.head[ks[i]]; ok {
			t.next[i] = h
		} else {
			t.next[i] = -1
		}
		t.head[ks[i]] = int32(i)
	}
	for i := range ks {
		if !valid.IsValid(i) {
			t.nulls = append(t.nulls, i)
		}
	}
	return t
}

func (t *idxTable[K]) find(key any) []int {
	h, ok := t.head[key.(K)]
	if !ok {
		return nil
	}
	var out []int
	for p := h; p >= 0; p = t.next[p] {
		out = append(out, int(p))
	}
	return out
}

func (t *idxTable[K]) findNull() []int { return t.nulls }

// idxNullTable is the table of a level whose labels are all null.
type idxNullTable struct{ n int }

func (t idxNullTable) find(any) []int { return nil }
func (t idxNullTable) findNull() []int {
	out := make([]int, t.n)
	for i := range out {
		out[i] = i
	}
	return out
}

// idxSorted finds keys in labels sorted ascending without nulls (an id
// column, dates): a binary search, and no table to build.
type idxSorted[K cmp.Ordered] struct{ ks []K }

func (t idxSorted[K]) find(key any) []int {
	k := key.(K)
	lo, _ := slices.BinarySearch(t.ks, k)
	var out []int
	for i := lo; i < len(t.ks) && t.ks[i] == k; i++ {
		out = append(out, i)
	}
	return out
}

func (t idxSorted[K]) findNull() []int { return nil }

// idxOrdered returns the binary-search finder of sorted labels without
// nulls, or the hash table of any others (a flat one for integers).
func idxOrdered[K cmp.Ordered](ks []K, valid structured.Bitmap) idxFinder {
	if valid.NullN() == 0 && slices.IsSorted(ks) {
		return idxSorted[K]{ks: ks}
	}
	if ints, ok := any(ks).([]int64); ok {
		return idxBuildInts(ints, valid)
	}
	return idxBuild(ks, valid)
}

// finder builds the lookup table once, on first use.
func (c *idxCol) finder() idxFinder {
	c.once.Do(func() {
		switch c.kind {
		case idxInt:
			c.table = idxOrdered(c.ints, c.valid)
		case idxUint:
			c.table = idxOrdered(c.uints, c.valid)
		case idxFloat:
			c.table = idxBuild(c.flts, c.valid)
		case idxString:
			c.table = idxOrdered(c.strs, c.valid)
		case idxBool:
			c.table = idxBuild(c.bools, c.valid)
		case idxNull:
			c.table = idxNullTable{n: c.n}
		default:
			c.table = idxBuild(c.anys, c.valid)
		}
	})
	return c.table
}

// find returns the positions whose label equals key (nil finds the null
// labels), ascending. A key that cannot be a label of this type is an
// ErrKeyType error.
func (c *idxCol) find(key any) ([]int, error) {
	if key == nil {
		return c.finder().findNull(), nil
	}
	k, ok, err := c.convert(key)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, nil // a valid key that no label of this type can equal
	}
	return c.finder().find(k), nil
}

// convert turns a Go key into the level's key space. ok is false for a key
// of the right kind that no label can hold (an int key beyond an unsigned
// range); a float key for integer labels is a key type error, as is any
// key of another kind.
func (c *idxCol) convert(key any) (k any, ok bool, err error) {
	bad := func() (any, bool, error) {
		return nil, false, fmt.Errorf("%w: key %v (%T) cannot be compared with labels of type %s", ErrKeyType, key, key, c.dt)
	}
	switch c.kind {
	case idxInt:
		if i, isInt := idxGoInt(key); isInt {
			return i, true, nil
		}
		if u, isUint := idxGoUint(key); isUint {
			if u > math.MaxInt64 {
				return nil, false, nil
			}
			return int64(u), true, nil
		}
		if i, isTime, err := idxTemporal(c.dt, key); isTime {
			if err != nil {
				return nil, false, fmt.Errorf("%w: key %v: %v", ErrKeyType, key, err)
			}
			return i, true, nil
		}
		return bad()
	case idxUint:
		if u, isUint := idxGoUint(key); isUint {
			return u, true, nil
		}
		if i, isInt := idxGoInt(key); isInt {
			if i < 0 {
				return nil, false, nil
			}
			return uint64(i), true, nil
		}
		return bad()
	case idxFloat:
		switch f := key.(type) {
		case float64:
			return f, true, nil
		case float32:
			return float64(f), true, nil
		}
		if i, isInt := idxGoInt(key); isInt {
			return float64(i), true, nil
		}
		if u, isUint := idxGoUint(key); isUint {
			return float64(u), true, nil
		}
		return bad()
	case idxString:
		if s, isStr := key.(string); isStr {
			return s, true, nil
		}
		return bad()
	case idxBool:
		if b, isBool := key.(bool); isBool {
			return b, true, nil
		}
		return bad()
	case idxNull:
		return nil, false, nil
	default:
		return idxComparable(key), true, nil
	}
}

func idxGoInt(key any) (int64, bool) {
	switch k := key.(type) {
	case int:
		return int64(k), true
	case int8:
		return int64(k), true
	case int16:
		return int64(k), true
	case int32:
		return int64(k), true
	case int64:
		return k, true
	}
	return 0, false
}

func idxGoUint(key any) (uint64, bool) {
	switch k := key.(type) {
	case uint:
		return uint64(k), true
	case uint8:
		return uint64(k), true
	case uint16:
		return uint64(k), true
	case uint32:
		return uint64(k), true
	case uint64:
		return k, true
	}
	return 0, false
}

// idxTemporal converts a time.Time, time.Duration, date string or Arrow
// temporal value to the integer an Arrow temporal type stores.
func idxTemporal(dt arrow.DataType, key any) (int64, bool, error) {
	switch k := key.(type) {
	case arrow.Timestamp:
		return int64(k), true, nil
	case arrow.Date32:
		return int64(k), true, nil
	case arrow.Date64:
		return int64(k), true, nil
	case arrow.Time32:
		return int64(k), true, nil
	case arrow.Time64:
		return int64(k), true, nil
	case arrow.Duration:
		return int64(k), true, nil
	case string:
		switch t := dt.(type) {
		case *arrow.TimestampType:
			ts, err := arrow.TimestampFromString(k, t.Unit)
			return int64(ts), true, err
		case *arrow.Date32Type, *arrow.Date64Type:
			tm, err := time.Parse(time.DateOnly, k)
			if err != nil {
				return 0, true, err
			}
			return idxTemporal(dt, tm)
		}
	case time.Time:
		switch t := dt.(type) {
		case *arrow.TimestampType:
			ts, err := arrow.TimestampFromTime(k, t.Unit)
			return int64(ts), true, err
		case *arrow.Date32Type:
			return int64(arrow.Date32FromTime(k)), true, nil
		case *arrow.Date64Type:
			return int64(arrow.Date64FromTime(k)), true, nil
		}
	case time.Duration:
		if f := dtype.Of(dt); f.Class == dtype.ClassDuration || f.Class == dtype.ClassTime {
			return int64(k / f.Unit), true, nil
		}
	}
	return 0, false, nil
}

// idxDescribe renders a value's kind and shape for messages.
func idxDescribe(v structured.Value) string {
	switch x := v.(type) {
	case nil:
		return "nothing"
	case *structured.Tensor:
		return fmt.Sprintf("a structure of shape %s with fields %v", x.Shape(), x.FieldNames())
	case structured.Leaf:
		return fmt.Sprintf("%s of shape %s", x.DataType(), v.Shape())
	}
	return v.String()
}
