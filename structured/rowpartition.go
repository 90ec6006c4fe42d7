package structured

import (
	"fmt"
	"math"
	"strings"
	"unsafe"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// Integer is the integer type a row partition may be built from (int is
// stored as int64): int32
// splits mirror Arrow List offsets, int64 splits LargeList offsets.
type Integer interface{ ~int | ~int32 | ~int64 }

// RowPartition describes how nvals consecutive items are cut into nrows
// contiguous rows. It does not hold the items. Equivalent encodings of 8
// items in 5 rows [[*,*,*,*], [], [*,*,*], [*], []]:
//
//	row splits     [0 4 4 7 8 8]
//	row lengths    [4 0 3 1 0]
//	value row ids  [0 0 0 0 2 2 2 3] (nrows 5)
//
// A partition built with [PartitionFromUniform] is uniform: every row has
// the same length, and a shape reports that length as a fixed dimension.
// A partition may mark rows as null (a null list, as opposed to an empty
// one); see [RowPartition.WithValidity].
//
// RowPartitions are immutable. Splits handed to a constructor are kept, not
// copied: do not modify them afterwards.
//
// Like an Arrow list array, a partition may view a window of a larger
// splits buffer: the stored splits need not start at 0, and row i spans
// items [s[i]-s[0], s[i+1]-s[0]). Slicing rows (Index with a step-1
// Slice, [SliceValue], a Take of one ascending run) therefore shares the
// splits in O(1) instead of rebasing them; only export to Arrow
// ([Tensor.ToArrow]) and the accessors that hand out int64 or int32 splits
// rebase a window that does not start at 0.
type RowPartition struct {
	nrows   int
	nvals   int
	uniform int // row length if built uniform, else Unknown
	s32     []int32
	s64     []int64
	base    int            // the stored splits' first value: split i is s[i] - base
	buf     *memory.Buffer // Arrow buffer holding the splits, if they came from Arrow: a stand-in that keeps them alive (see lifetime.go)
	valid   validity
}

// PartitionFromSplits builds a partition from row splits: splits[0] == 0,
// non-decreasing, splits[len-1] == nvals. The slice is kept, not copied.
func PartitionFromSplits[T Integer](splits []T) (*RowPartition, error) {
	if err := checkSplits(splits); err != nil {
		return nil, err
	}
	return newSplitsPartition(splits, nil), nil
}

// newSplitsPartition wraps already validated splits. They may start above
// 0 (a window of a larger buffer); the partition then reads them shifted.
func newSplitsPartition[T Integer](splits []T, buf *memory.Buffer) *RowPartition {
	base := int(splits[0])
	p := &RowPartition{nrows: len(splits) - 1, nvals: int(splits[len(splits)-1]) - base, uniform: Unknown, base: base, buf: buf}
	switch s := any(splits).(type) {
	case []int32:
		p.s32 = s
	case []int64:
		p.s64 = s
	default:
		if unsafe.Sizeof(T(0)) == 4 { // a named int32 type
			p.s32 = make([]int32, len(splits))
			for i, v := range splits {
				p.s32[i] = int32(v)
			}
		} else {
			p.s64 = make([]int64, len(splits))
			for i, v := range splits {
				p.s64[i] = int64(v)
			}
		}
	}
	return p
}

func checkSplits[T Integer](splits []T) error {
	const op = "PartitionFromSplits"
	if len(splits) == 0 {
		return errorf(op, ErrPartition, "", "row splits may not be empty")
	}
	if splits[0] != 0 {
		return errorf(op, ErrPartition, "", "row splits must start at 0, got %d", splits[0])
	}
	for i := 1; i < len(splits); i++ {
		if splits[i] < splits[i-1] {
			return errorf(op, ErrPartition, "", "row splits must not decrease: splits[%d]=%d < splits[%d]=%d", i, splits[i], i-1, splits[i-1])
		}
	}
	return nil
}

// PartitionFromLengths builds a partition from the length of each row.
func PartitionFromLengths[T Integer](lengths []T) (*RowPartition, error) {
	splits := make([]int64, len(lengths)+1)
	for i, n := range lengths {
		if n < 0 {
			return nil, errorf("PartitionFromLengths", ErrPartition, "", "row lengths must be >= 0: lengths[%d]=%d", i, n)
		}
		if int64(n) > math.MaxInt64-splits[i] {
			return nil, errorf("PartitionFromLengths", ErrPartition, "", "row lengths overflow int64 at lengths[%d]=%d", i, n)
		}
		splits[i+1] = splits[i] + int64(n)
	}
	return newSplitsPartition(splits, nil), nil
}

// PartitionFromValueRowIDs builds a partition from the row of each item:
// ids are sorted, >= 0 and < nrows. nrows may exceed the last id + 1 to
// add empty trailing rows; pass -1 to use last id + 1. nrows sizes the
// splits it allocates, so it must come from a trusted source.
func PartitionFromValueRowIDs[T Integer](ids []T, nrows int) (*RowPartition, error) {
	const op = "PartitionFromValueRowIDs"
	for i, id := range ids {
		switch {
		case id < 0:
			return nil, errorf(op, ErrPartition, "", "value row ids must be >= 0: ids[%d]=%d", i, id)
		case i > 0 && id < ids[i-1]:
			return nil, errorf(op, ErrPartition, "", "value row ids must be sorted: ids[%d]=%d < ids[%d]=%d", i, id, i-1, ids[i-1])
		}
	}
	if nrows < 0 {
		nrows = 0
		if len(ids) > 0 {
			if int64(ids[len(ids)-1]) >= maxSplitsRows {
				return nil, errorf(op, ErrPartition, "", "value row id ids[%d]=%d is too large: its %d row splits cannot be allocated", len(ids)-1, ids[len(ids)-1], int64(ids[len(ids)-1])+2)
			}
			nrows = int(ids[len(ids)-1]) + 1
		}
	}
	if nrows >= maxSplitsRows {
		return nil, errorf(op, ErrPartition, "", "nrows=%d is too large: its row splits cannot be allocated", nrows)
	}
	splits := make([]int64, nrows+1)
	for i, id := range ids {
		if int64(id) >= int64(nrows) {
			return nil, errorf(op, ErrPartition, "", "value row id ids[%d]=%d is not below nrows=%d", i, id, nrows)
		}
		splits[id+1]++
	}
	for r := 1; r <= nrows; r++ {
		splits[r] += splits[r-1]
	}
	return newSplitsPartition(splits, nil), nil
}

// maxSplitsRows bounds the rows of a partition whose splits are
// allocated from a row count alone (PartitionFromValueRowIDs): more than
// a Go slice of int64 can hold is an error, not a runtime panic.
const maxSplitsRows = math.MaxInt / 8

// PartitionFromStarts builds a partition from the start of each row and the
// total number of items: starts[0] == 0, sorted, last <= nvals.
func PartitionFromStarts[T Integer](starts []T, nvals int) (*RowPartition, error) {
	splits := make([]int64, len(starts)+1)
	for i, s := range starts {
		splits[i] = int64(s)
	}
	splits[len(starts)] = int64(nvals)
	if err := checkSplits(splits); err != nil {
		return nil, err
	}
	return newSplitsPartition(splits, nil), nil
}

// PartitionFromLimits builds a partition from the end of each row:
// limits are sorted and >= 0.
func PartitionFromLimits[T Integer](limits []T) (*RowPartition, error) {
	splits := make([]int64, len(limits)+1)
	for i, l := range limits {
		splits[i+1] = int64(l)
	}
	if err := checkSplits(splits); err != nil {
		return nil, err
	}
	return newSplitsPartition(splits, nil), nil
}

// PartitionFromUniform is TensorFlow's
// RowPartition.from_uniform_row_length(uniform_row_length, nvals, nrows):
// rows of length items each, given the number of items nvals, the number
// of rows nrows, or both; the one not known is [Unknown]. nrows defaults
// to nvals / length (0 when length is 0), nvals to length * nrows; given
// both, length * nrows must equal nvals, which also checks that nvals is
// a multiple of length. Its splits are computed only when asked for.
// Errors are ErrPartition: a negative length, nvals or nrows, neither
// given, a length of 0 with nvals > 0, a product that overflows an int or
// differs from nvals.
func PartitionFromUniform(length, nvals, nrows int) (*RowPartition, error) {
	const op = "PartitionFromUniform"
	switch {
	case length < 0:
		return nil, errorf(op, ErrPartition, "", "uniform row length must be >= 0, got %d", length)
	case nvals == Unknown && nrows == Unknown:
		return nil, errorf(op, ErrPartition, "", "either (or both) of nvals and nrows must be given")
	case nvals < 0 && nvals != Unknown:
		return nil, errorf(op, ErrPartition, "", "nvals must be >= 0 or Unknown, got %d", nvals)
	case nrows < 0 && nrows != Unknown:
		return nil, errorf(op, ErrPartition, "", "nrows must be >= 0 or Unknown, got %d", nrows)
	}
	if nrows == Unknown {
		if length == 0 {
			if nvals != 0 {
				return nil, errorf(op, ErrPartition, "", "uniform row length 0 cannot hold nvals %d", nvals)
			}
			nrows = 0
		} else {
			nrows = nvals / length
		}
	}
	if length != 0 && nrows > math.MaxInt/length {
		return nil, errorf(op, ErrPartition, "", "uniform row length %d times nrows %d overflows an int", length, nrows)
	}
	p := mustUniform(length, nrows)
	if nvals != Unknown && p.nvals != nvals {
		return nil, errorf(op, ErrPartition, "", "uniform row length %d times nrows %d must equal nvals %d", length, nrows, nvals)
	}
	return p, nil
}

// mustUniform is PartitionFromUniform for arguments known to be valid.
func mustUniform(length, nrows int) *RowPartition {
	return &RowPartition{nrows: nrows, nvals: length * nrows, uniform: length}
}

// WithValidity returns a copy of p whose rows are null where valid is false.
// A null row must be empty. valid must have NumRows entries.
func (p *RowPartition) WithValidity(valid []bool) (*RowPartition, error) {
	const op = "RowPartition.WithValidity"
	if len(valid) != p.nrows {
		return nil, errorf(op, ErrPartition, "", "got %d validity entries for %d rows", len(valid), p.nrows)
	}
	for i, ok := range valid {
		if start, end := p.Bounds(i); !ok && end != start {
			return nil, errorf(op, ErrPartition, "", "row %d is null but has %d items", i, end-start)
		}
	}
	q := *p
	q.valid = validityFromBools(valid)
	return &q, nil
}

// withValidity returns a copy of p with the given validity.
func (p *RowPartition) withValidity(v validity) *RowPartition {
	if v.nulls == 0 && p.valid.nulls == 0 {
		return p
	}
	q := *p
	q.valid = v
	return &q
}

// NumRows is the number of rows.
func (p *RowPartition) NumRows() int { return p.nrows }

// NumValues is the number of items partitioned, the last row split.
func (p *RowPartition) NumValues() int { return p.nvals }

// IsUniform reports whether the partition was built uniform.
func (p *RowPartition) IsUniform() bool { return p.uniform != Unknown }

// UniformRowLength is the row length of a uniform partition; ok is false
// for others, even when their rows happen to have equal lengths.
func (p *RowPartition) UniformRowLength() (length int, ok bool) {
	return p.uniform, p.uniform != Unknown
}

// DType is the integer type of the splits: Int32 or Int64.
func (p *RowPartition) DType() arrow.DataType {
	if p.s32 != nil {
		return arrow.PrimitiveTypes.Int32
	}
	return arrow.PrimitiveTypes.Int64
}

// Bounds returns the item range [start, end) of row i.
func (p *RowPartition) Bounds(i int) (start, end int) {
	switch {
	case p.uniform != Unknown:
		return i * p.uniform, (i + 1) * p.uniform
	case p.s32 != nil:
		return int(p.s32[i]) - p.base, int(p.s32[i+1]) - p.base
	default:
		return int(p.s64[i]) - p.base, int(p.s64[i+1]) - p.base
	}
}

// split returns splits[i].
func (p *RowPartition) split(i int) int {
	switch {
	case p.uniform != Unknown:
		return i * p.uniform
	case p.s32 != nil:
		return int(p.s32[i]) - p.base
	default:
		return int(p.s64[i]) - p.base
	}
}

// RowSplits returns the row splits as int64, starting at 0. For int64
// partitions whose stored splits start at 0 this is the stored slice itself
// (do not modify it); otherwise a new slice.
func (p *RowPartition) RowSplits() []int64 {
	if p.s64 != nil && p.base == 0 {
		return p.s64
	}
	out := make([]int64, p.nrows+1)
	for i := range out {
		out[i] = int64(p.split(i))
	}
	return out
}

// RowSplits32 returns the int32 splits, starting at 0: the stored ones
// (do not modify them: they may alias an Arrow offsets buffer), or a
// rebased copy when the partition views a window of its splits that does
// not start at 0. ok is false if the splits are not stored as int32.
func (p *RowPartition) RowSplits32() (splits []int32, ok bool) {
	if p.s32 == nil {
		return nil, false
	}
	if p.base == 0 {
		return p.s32, true
	}
	return rebase(p.s32), true
}

// sliceRows returns rows [lo, hi) of p, sharing its splits: O(1) whatever
// the number of rows.
func (p *RowPartition) sliceRows(lo, hi int) *RowPartition {
	if lo == 0 && hi == p.nrows {
		return p
	}
	var q *RowPartition
	switch {
	case p.uniform != Unknown:
		q = mustUniform(p.uniform, hi-lo)
	case p.s32 != nil:
		q = newSplitsPartition(p.s32[lo:hi+1:hi+1], p.buf)
	default:
		q = newSplitsPartition(p.s64[lo:hi+1:hi+1], p.buf)
	}
	q.valid = p.valid.slice(lo, hi)
	return q
}

// RowLengths returns the length of each row.
func (p *RowPartition) RowLengths() []int64 {
	out := make([]int64, p.nrows)
	for i := range out {
		s, e := p.Bounds(i)
		out[i] = int64(e - s)
	}
	return out
}

// RowStarts returns the start of each row (the splits but the last). Like
// RowSplits it shares the stored splits of an int64 partition: do not
// modify it.
func (p *RowPartition) RowStarts() []int64 { return p.RowSplits()[:p.nrows] }

// RowLimits returns the end of each row (the splits but the first),
// sharing the stored splits of an int64 partition as RowStarts does.
func (p *RowPartition) RowLimits() []int64 { return p.RowSplits()[1:] }

// ValueRowIDs returns, for each item, the row it belongs to.
func (p *RowPartition) ValueRowIDs() []int64 {
	out := make([]int64, p.nvals)
	for r := 0; r < p.nrows; r++ {
		s, e := p.Bounds(r)
		for k := s; k < e; k++ {
			out[k] = int64(r)
		}
	}
	return out
}

// OffsetsInRows returns, for each item, its position within its row.
func (p *RowPartition) OffsetsInRows() []int64 {
	out := make([]int64, p.nvals)
	for r := 0; r < p.nrows; r++ {
		s, e := p.Bounds(r)
		for k := s; k < e; k++ {
			out[k] = int64(k - s)
		}
	}
	return out
}

// IsNull reports whether row i (0 <= i < NumRows) is a null list. An i out
// of that range panics, as a slice index does.
func (p *RowPartition) IsNull(i int) bool {
	inRange("RowPartition.IsNull", i, p.nrows)
	return p.valid.isNull(i)
}

// NullN is the number of null rows.
func (p *RowPartition) NullN() int { return p.valid.nulls }

// Equal reports whether both partitions cut items the same way, with the
// same null rows and the same uniformity. The splits' integer type is not
// compared; a nil o is not equal.
func (p *RowPartition) Equal(o *RowPartition) bool {
	if p == o {
		return true
	}
	if o == nil {
		return false
	}
	if p.nrows != o.nrows || p.nvals != o.nvals || p.uniform != o.uniform || p.valid.nulls != o.valid.nulls {
		return false
	}
	for i := 0; i <= p.nrows; i++ {
		if p.split(i) != o.split(i) {
			return false
		}
	}
	if p.valid.nulls != 0 {
		for i := 0; i < p.nrows; i++ {
			if p.IsNull(i) != o.IsNull(i) {
				return false
			}
		}
	}
	return true
}

// sameCut reports whether both partitions cut items the same way, ignoring
// uniformity and validity.
func (p *RowPartition) sameCut(o *RowPartition) bool {
	if p == o {
		return true
	}
	if p.nrows != o.nrows || p.nvals != o.nvals {
		return false
	}
	if p.uniform != Unknown && p.uniform == o.uniform {
		return true
	}
	for i := 0; i <= p.nrows; i++ {
		if p.split(i) != o.split(i) {
			return false
		}
	}
	return true
}

// String renders the partition as RowPartition(row_splits=[0 4 8]), or
// RowPartition(nrows=2, uniform_row_length=4) for a uniform one.
func (p *RowPartition) String() string {
	if p.uniform != Unknown {
		return fmt.Sprintf("RowPartition(nrows=%d, uniform_row_length=%d)", p.nrows, p.uniform)
	}
	var b strings.Builder
	b.WriteString("RowPartition(row_splits=[")
	const most = 20
	for i := 0; i <= p.nrows; i++ {
		if i > 0 {
			b.WriteByte(' ')
		}
		if i == most && p.nrows > most+1 {
			b.WriteString("... ")
			i = p.nrows
		}
		fmt.Fprint(&b, p.split(i))
	}
	b.WriteString("])")
	return b.String()
}
