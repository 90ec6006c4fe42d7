package structured

import (
	"fmt"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// Validate checks every structural invariant of t and of its nested values,
// in time linear in the number of row splits and leaf items: row splits
// start at 0 and never decrease, each partition cuts exactly the rows of
// the next one, leaves hold as many items as their partitions cover,
// fields share their Tensor's outer shape (ErrPartition, ErrShape), and
// every leaf's Arrow array is valid in full (ErrData): string and binary
// offsets within their data and never decreasing, string views within
// their buffers, dictionary indices within their dictionary, bitmaps as
// long as their arrays and null counts as the bitmaps give them. Values
// themselves (the bytes of a string, say) are not read.
//
// Tensors built by this package are valid by construction. FromArrow checks
// only the bounds of each list level so that it runs in time independent
// of the row count; call Validate on Tensors made from Arrow data of an
// untrusted source (a file, the network) before working on them: a
// Tensor that passes can be read everywhere without an out-of-range
// panic.
func (t *Tensor) Validate() error { return validateValue(t, "") }

func validateValue(v Value, path string) error {
	const op = "Validate"
	switch x := v.(type) {
	case *Dense:
		if err := checkDims(op, "dense shape", x.shape, false); err != nil {
			err.(*Error).Field = path
			return err
		}
		if x.shape.NumElements() != x.values.Len() {
			return errorf(op, ErrShape, path, "shape %v holds %d items, the array has %d", x.shape, x.shape.NumElements(), x.values.Len())
		}
		return validateArray(op, path, x.values)
	case *Ragged:
		if err := validateParts(op, path, x.nrows, x.parts); err != nil {
			return err
		}
		if n := x.parts[len(x.parts)-1].nvals; n != x.values.Len() {
			return errorf(op, ErrShape, path, "row partitions cover %d items, the array has %d", n, x.values.Len())
		}
		return validateArray(op, path, x.values)
	case *Tensor:
		if x.rank >= 2 {
			if err := validateParts(op, path, x.nrows, x.parts); err != nil {
				return err
			}
		}
		fields := x.fieldValues()
		for i, f := range fields {
			fp := joinPath(path, x.names[i])
			if x.rank > 0 && f.Rank() < x.rank {
				return errorf(op, ErrShape, fp, "has rank %d, below its Tensor's %d", f.Rank(), x.rank)
			}
			if x.rank > 0 && f.NumRows() != x.nrows {
				return errorf(op, ErrShape, fp, "has %d rows, its Tensor %d", f.NumRows(), x.nrows)
			}
		}
		return validateFields(fields, x.names, x.nrows, path)
	}
	return errorf(op, ErrType, path, "unknown value kind %T", v)
}

// validateFields validates each field's value, the fields of a Tensor of
// many rows on every core (a file's batch, whose offsets, read for the
// first time from a mapped file, are most of a validated read's time);
// the error is the first field's in order.
func validateFields(fields []Value, names []string, nrows int, path string) error {
	return eachField(len(fields), nrows, func(i int) error {
		return validateValue(fields[i], joinPath(path, names[i]))
	})
}

// validateParts checks a partition chain below nrows outer rows.
func validateParts(op, path string, nrows int, parts []*RowPartition) error {
	rows := nrows
	for level, p := range parts {
		if p.nrows != rows {
			return errorf(op, ErrPartition, path, "row partition %d has %d rows, want %d", level, p.nrows, rows)
		}
		if p.uniform == Unknown {
			if first := p.split(0); first != 0 {
				return errorf(op, ErrPartition, path, "row partition %d: splits start at %d, not 0", level, first)
			}
			var bad int
			if p.s32 != nil {
				bad = firstDecrease(p.s32[:p.nrows+1])
			} else {
				bad = firstDecrease(p.s64[:p.nrows+1])
			}
			if bad > 0 {
				return errorf(op, ErrPartition, indexPath(path, bad-1), "row partition %d: row ends before it starts (splits %d, %d)", level, p.split(bad-1), p.split(bad))
			}
			if last := p.split(p.nrows); last != p.nvals {
				return errorf(op, ErrPartition, path, "row partition %d: last split %d, want %d", level, last, p.nvals)
			}
		}
		rows = p.nvals
	}
	return nil
}

// firstDecrease is the first i with s[i] < s[i-1] or s[i] < 0, or 0 if
// there is none: the check of row splits and offsets (which start at 0),
// run over the stored splits. Validate reads every split of a file's list
// and string columns, and this loop is its cost: it runs without a branch
// per item over blocks, or-ing each item with its step from the last (a
// negative item, or a step down from a non-negative one, sets the sign
// bit; neither subtraction can overflow once both are non-negative), and
// looks for the place only in a block that has one.
func firstDecrease[T int32 | int64](s []T) int {
	const block = 512
	for lo := 1; lo < len(s); lo += block {
		b := s[lo-1 : min(lo+block, len(s))]
		var neg T
		prev := b[0]
		for _, v := range b[1:] {
			neg |= v | (v - prev)
			prev = v
		}
		if neg >= 0 {
			continue
		}
		for i := 1; i < len(b); i++ {
			if b[i] < 0 || b[i] < b[i-1] {
				return lo - 1 + i
			}
		}
	}
	return 0
}

// validateArray checks a leaf's Arrow array in full with arrow-go's
// array.ValidateFull, strings read as the binaries of their layout
// (layoutOnly): Validate checks where the bytes are, not whether they are
// UTF-8 (the JSON reader keeps a string's bytes as they come, as Go's
// strings do). arrow-go's check of a string or binary array slices its
// data by an offset before comparing that offset with the data's length,
// and so panics on the very offsets it should report: that panic is
// recovered here and is the error.
func validateArray(op, path string, a arrow.Array) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = errorf(op, ErrData, path, "%s array: %v", a.DataType(), p)
		}
	}()
	if err := validDecimal(a.DataType()); err != nil {
		return errorf(op, ErrData, path, "%v", err)
	}
	lo := layoutOnly(a.Data())
	d := normalNulls(lo)
	lo.Release()
	defer d.Release()
	b := array.MakeFromData(d)
	defer b.Release()
	var e error
	switch b.DataType().ID() {
	case arrow.BINARY:
		e = validateOffsets[int32](b)
	case arrow.LARGE_BINARY:
		e = validateOffsets[int64](b)
	default:
		e = array.ValidateFull(b)
	}
	if e != nil {
		return errorf(op, ErrData, path, "%s array: %v", a.DataType(), e)
	}
	return nil
}

// validateOffsets is arrow-go's ValidateFull of a binary array (of the
// layout of a string's, see layoutOnly) in one pass over the offsets,
// without slicing the data at each as arrow-go's does: the buffers'
// sizes (array.Validate), the first offset not negative, the offsets
// never decreasing, the last within the data. The offsets of a file's
// string columns are most of what Validate reads.
func validateOffsets[T int32 | int64](a arrow.Array) error {
	if err := array.Validate(a); err != nil || a.Len() == 0 {
		return err
	}
	d := a.Data()
	all := arrow.GetData[T](d.Buffers()[1].Bytes())
	offsets := all[d.Offset() : d.Offset()+d.Len()+1] // Validate checked the size
	if offsets[0] < 0 {
		return fmt.Errorf("offset %d is negative", offsets[0])
	}
	if i := firstDecrease(offsets); i > 0 {
		return fmt.Errorf("offsets decrease at index %d: %d after %d", d.Offset()+i, offsets[i], offsets[i-1])
	}
	data := 0
	if b := d.Buffers()[2]; b != nil {
		data = b.Len()
	}
	if last := offsets[d.Len()]; int64(last) > int64(data) {
		return fmt.Errorf("offset %d beyond the %d bytes of data", last, data)
	}
	return nil
}

// layoutOnly returns d with its strings, and a dictionary's, typed as the
// binaries of the same layout (string as binary, large_string as
// large_binary, string_view as binary_view), sharing its buffers. The
// caller owns the result.
func layoutOnly(d arrow.ArrayData) arrow.ArrayData {
	as := func(t arrow.DataType) arrow.ArrayData {
		return array.NewData(t, d.Len(), d.Buffers(), nil, d.NullN(), d.Offset())
	}
	switch d.DataType().ID() {
	case arrow.STRING:
		return as(arrow.BinaryTypes.Binary)
	case arrow.LARGE_STRING:
		return as(arrow.BinaryTypes.LargeBinary)
	case arrow.STRING_VIEW:
		return as(arrow.BinaryTypes.BinaryView)
	case arrow.DICTIONARY:
		if dict, ok := d.Dictionary().(*array.Data); ok && dict != nil {
			values := layoutOnly(dict)
			defer values.Release()
			dt := *d.DataType().(*arrow.DictionaryType)
			dt.ValueType = values.DataType()
			return array.NewDataWithDictionary(&dt, d.Len(), d.Buffers(), d.NullN(), d.Offset(), values.(*array.Data))
		}
	}
	d.Retain()
	return d
}

// normalNulls returns d with every Null-typed array in it, at any depth,
// given the one (absent) buffer of its layout: arrow-go's IPC reader
// makes Null arrays without buffers, and arrow-go's own Validate refuses
// them. The caller owns the result (d itself, retained, when nothing
// changes).
func normalNulls(d arrow.ArrayData) arrow.ArrayData {
	if d.DataType().ID() == arrow.NULL && len(d.Buffers()) == 0 {
		return array.NewData(d.DataType(), d.Len(), []*memory.Buffer{nil}, nil, d.NullN(), d.Offset())
	}
	kids := d.Children()
	out := make([]arrow.ArrayData, len(kids))
	changed := false
	for i, k := range kids {
		out[i] = normalNulls(k)
		changed = changed || out[i] != k
	}
	defer func() {
		for _, k := range out {
			k.Release()
		}
	}()
	if !changed {
		d.Retain()
		return d
	}
	n := array.NewData(d.DataType(), d.Len(), d.Buffers(), out, d.NullN(), d.Offset())
	if dict, ok := d.Dictionary().(*array.Data); ok && dict != nil {
		n.SetDictionary(dict)
	}
	return n
}

// CheckArrowLayout checks the buffers of a, at every depth (children and
// dictionaries), against its length, in time independent of the length
// (arrow-go's array.Validate): what FromRecordBatch and FromArrow rely on
// to build a Tensor without reading out of range. Readers of untrusted
// input call it before converting, and Validate after, which reads the
// offsets and indices themselves. A panic of arrow-go's check is
// recovered and is the error.
func CheckArrowLayout(a arrow.Array) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = errorf("CheckArrowLayout", ErrData, "", "%s array: %v", a.DataType(), p)
		}
	}()
	d := normalNulls(a.Data())
	defer d.Release()
	b := array.MakeFromData(d)
	defer b.Release()
	if e := array.Validate(b); e != nil {
		return errorf("CheckArrowLayout", ErrData, "", "%s array: %v", a.DataType(), e)
	}
	return nil
}

// validDecimal checks a decimal type's precision and scale against its
// width's range (a decimal128 holds 1 to 38 digits, its scale within
// ±38): arrow-go formats a decimal only within them, and panics past
// them. A file's schema states them, and a corrupt one states anything.
func validDecimal(dt arrow.DataType) error {
	d, ok := dt.(arrow.DecimalType)
	if !ok {
		return nil
	}
	var most int32
	switch dt.ID() {
	case arrow.DECIMAL32:
		most = 9
	case arrow.DECIMAL64:
		most = 18
	case arrow.DECIMAL128:
		most = 38
	case arrow.DECIMAL256:
		most = 76
	default:
		return nil
	}
	if p, s := d.GetPrecision(), d.GetScale(); p < 1 || p > most || s < -most || s > most {
		return fmt.Errorf("%s: precision and scale outside a %s's (precision 1 to %d, scale within ±%d)", dt, dt.Name(), most, most)
	}
	return nil
}
