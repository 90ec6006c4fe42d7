package json

import (
	"fmt"
	"strconv"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/bitutil"
	"github.com/apache/arrow-go/v18/arrow/decimal"
	"github.com/apache/arrow-go/v18/arrow/decimal128"
	"github.com/apache/arrow-go/v18/arrow/decimal256"
)

// Leaf writers: one closure per leaf column, over the typed Arrow array and
// its values slice, resolved once per column, so writing an item is a
// slice load and an append: no interface call, no boxing into any.
//
//	bool                       true, false
//	int8..int64, uint8..uint64 the exact integer
//	float16, float32, float64  shortest round-trip digits (write_number.go)
//	decimal32..256             the exact decimal as a number, "-12.50"
//	string, large, view        a string (write_string.go)
//	binary, large, view,       a base64 string
//	  fixed_size_binary
//	dates, times, timestamps,  strings (write_time.go)
//	  durations
//	intervals                  as encoding/json writes arrow-go's types
//	dictionary                 the value of its entry
//	null                       null
//
// A null item is null whatever the type.

// writeFn appends position i of a compiled value to b.
type writeFn func(b []byte, i int) ([]byte, error)

// nullBits returns the validity bitmap of a and the bit of item 0, or nil
// when no item is null.
func nullBits(a arrow.Array) ([]byte, int) {
	if a.NullN() == 0 {
		return nil, 0
	}
	return a.NullBitmapBytes(), a.Data().Offset()
}

// isNullAt reports whether item i is null given nullBits' result.
func isNullAt(bits []byte, off, i int) bool {
	return bits != nil && bitutil.BitIsNotSet(bits, off+i)
}

// leafNulls returns the test of a null item of a, or nil when none is.
func leafNulls(a arrow.Array) func(int) bool {
	if a.DataType().ID() == arrow.NULL {
		if a.Len() == 0 {
			return nil
		}
		return func(int) bool { return true }
	}
	bits, off := nullBits(a)
	if bits == nil {
		return nil
	}
	return func(i int) bool { return bitutil.BitIsNotSet(bits, off+i) }
}

// items returns a writer of item i of a leaf array: the typed writer of
// every non-null item, and null for null ones.
func (c *writeCompiler) items(a arrow.Array) (writeFn, error) {
	if a.DataType().ID() == arrow.NULL {
		return func(b []byte, _ int) ([]byte, error) { return append(b, "null"...), nil }, nil
	}
	w, err := c.typedItems(a)
	if err != nil {
		return nil, err
	}
	bits, off := nullBits(a)
	if bits == nil || w.nullsDone {
		return w.fn, nil
	}
	fn := w.fn
	return func(b []byte, i int) ([]byte, error) {
		if bitutil.BitIsNotSet(bits, off+i) {
			return append(b, "null"...), nil
		}
		return fn(b, i)
	}, nil
}

// typedWriter is a leaf writer; nullsDone says it writes null items
// itself (the hot types test the bitmap inline rather than through one
// more call).
type typedWriter struct {
	fn        writeFn
	nullsDone bool
}

// plain wraps a writer of non-null items.
func plainItems(fn writeFn) (typedWriter, error) { return typedWriter{fn: fn}, nil }

// typedItems resolves the writer of a's type.
func (c *writeCompiler) typedItems(a arrow.Array) (typedWriter, error) {
	switch a := a.(type) {
	case *array.Int64:
		return intItems(a, a.Int64Values()), nil
	case *array.Int32:
		return intItems(a, a.Int32Values()), nil
	case *array.Int16:
		return intItems(a, a.Int16Values()), nil
	case *array.Int8:
		return intItems(a, a.Int8Values()), nil
	case *array.Uint64:
		return uintItems(a, a.Uint64Values()), nil
	case *array.Uint32:
		return uintItems(a, a.Uint32Values()), nil
	case *array.Uint16:
		return uintItems(a, a.Uint16Values()), nil
	case *array.Uint8:
		return uintItems(a, a.Uint8Values()), nil
	case *array.Float64:
		return floatItems(a, a.Float64Values(), 64, c.cfg.nonFinite), nil
	case *array.Float32:
		return floatItems(a, a.Float32Values(), 32, c.cfg.nonFinite), nil
	case *array.Float16:
		vals, nf := a.Values(), nonFiniteWriter(c.cfg.nonFinite)
		return plainItems(func(b []byte, i int) ([]byte, error) {
			f := float64(vals[i].Float32())
			if !finite(f) {
				return nf.append(b, f)
			}
			return appendFloat(b, f, 32), nil
		})
	case *array.Boolean:
		return plainItems(func(b []byte, i int) ([]byte, error) {
			if a.Value(i) {
				return append(b, "true"...), nil
			}
			return append(b, "false"...), nil
		})
	case *array.String:
		return c.stringItems(a), nil
	case *array.LargeString:
		return plainItems(func(b []byte, i int) ([]byte, error) { return appendString(b, a.Value(i), c.html), nil })
	case *array.StringView:
		return plainItems(func(b []byte, i int) ([]byte, error) { return appendString(b, a.Value(i), c.html), nil })
	case *array.Binary:
		return plainItems(func(b []byte, i int) ([]byte, error) { return appendBase64(b, a.Value(i)), nil })
	case *array.LargeBinary:
		return plainItems(func(b []byte, i int) ([]byte, error) { return appendBase64(b, a.Value(i)), nil })
	case *array.BinaryView:
		return plainItems(func(b []byte, i int) ([]byte, error) { return appendBase64(b, a.Value(i)), nil })
	case *array.FixedSizeBinary:
		return plainItems(func(b []byte, i int) ([]byte, error) { return appendBase64(b, a.Value(i)), nil })
	case *array.Date32:
		vals := a.Date32Values()
		return plainItems(func(b []byte, i int) ([]byte, error) {
			b = append(b, '"')
			b = appendDate(b, int64(vals[i]))
			return append(b, '"'), nil
		})
	case *array.Date64:
		vals := a.Date64Values()
		return plainItems(func(b []byte, i int) ([]byte, error) {
			days, _ := floorDiv(int64(vals[i]), 86400000)
			b = append(b, '"')
			b = appendDate(b, days)
			return append(b, '"'), nil
		})
	case *array.Timestamp:
		f, err := newTimestampFormat(a.DataType().(*arrow.TimestampType))
		if err != nil {
			return typedWriter{}, err
		}
		vals := a.TimestampValues()
		return plainItems(func(b []byte, i int) ([]byte, error) { return f.append(b, int64(vals[i])), nil })
	case *array.Time32:
		vals, unit := a.Time32Values(), a.DataType().(*arrow.Time32Type).Unit
		return plainItems(func(b []byte, i int) ([]byte, error) { return appendTimeOfDay(b, int64(vals[i]), unit), nil })
	case *array.Time64:
		vals, unit := a.Time64Values(), a.DataType().(*arrow.Time64Type).Unit
		return plainItems(func(b []byte, i int) ([]byte, error) { return appendTimeOfDay(b, int64(vals[i]), unit), nil })
	case *array.Duration:
		vals, unit := a.DurationValues(), a.DataType().(*arrow.DurationType).Unit
		return plainItems(func(b []byte, i int) ([]byte, error) { return appendDuration(b, int64(vals[i]), unit), nil })
	case *array.Decimal32:
		return decimalItems[decimal.Decimal32](a, a.DataType())
	case *array.Decimal64:
		return decimalItems[decimal.Decimal64](a, a.DataType())
	case *array.Decimal128:
		return decimalItems[decimal128.Num](a, a.DataType())
	case *array.Decimal256:
		return decimalItems[decimal256.Num](a, a.DataType())
	case *array.MonthInterval:
		vals := a.MonthIntervalValues()
		return plainItems(func(b []byte, i int) ([]byte, error) { return strconv.AppendInt(b, int64(vals[i]), 10), nil })
	case *array.DayTimeInterval:
		vals := a.DayTimeIntervalValues()
		return plainItems(func(b []byte, i int) ([]byte, error) {
			b = append(b, `{"days":`...)
			b = strconv.AppendInt(b, int64(vals[i].Days), 10)
			b = append(b, `,"milliseconds":`...)
			b = strconv.AppendInt(b, int64(vals[i].Milliseconds), 10)
			return append(b, '}'), nil
		})
	case *array.MonthDayNanoInterval:
		vals := a.MonthDayNanoIntervalValues()
		return plainItems(func(b []byte, i int) ([]byte, error) {
			b = append(b, `{"months":`...)
			b = strconv.AppendInt(b, int64(vals[i].Months), 10)
			b = append(b, `,"days":`...)
			b = strconv.AppendInt(b, int64(vals[i].Days), 10)
			b = append(b, `,"nanoseconds":`...)
			b = strconv.AppendInt(b, vals[i].Nanoseconds, 10)
			return append(b, '}'), nil
		})
	case *array.Dictionary:
		entry, err := c.items(a.Dictionary())
		if err != nil {
			return typedWriter{}, err
		}
		return plainItems(func(b []byte, i int) ([]byte, error) { return entry(b, a.GetValueIndex(i)) })
	}
	return typedWriter{}, fmt.Errorf("the Arrow type %s has no JSON form here", a.DataType())
}

// intItems writes signed integers.
func intItems[T int8 | int16 | int32 | int64](a arrow.Array, vals []T) typedWriter {
	bits, off := nullBits(a)
	return typedWriter{nullsDone: true, fn: func(b []byte, i int) ([]byte, error) {
		if isNullAt(bits, off, i) {
			return append(b, "null"...), nil
		}
		return strconv.AppendInt(b, int64(vals[i]), 10), nil
	}}
}

// uintItems writes unsigned integers.
func uintItems[T uint8 | uint16 | uint32 | uint64](a arrow.Array, vals []T) typedWriter {
	bits, off := nullBits(a)
	return typedWriter{nullsDone: true, fn: func(b []byte, i int) ([]byte, error) {
		if isNullAt(bits, off, i) {
			return append(b, "null"...), nil
		}
		return strconv.AppendUint(b, uint64(vals[i]), 10), nil
	}}
}

// floatItems writes float32 or float64 (size its bits).
func floatItems[T float32 | float64](a arrow.Array, vals []T, size int, p NonFinite) typedWriter {
	bits, off := nullBits(a)
	nf := nonFiniteWriter(p)
	return typedWriter{nullsDone: true, fn: func(b []byte, i int) ([]byte, error) {
		if isNullAt(bits, off, i) {
			return append(b, "null"...), nil
		}
		f := float64(vals[i])
		if !finite(f) {
			return nf.append(b, f)
		}
		return appendFloat(b, f, size), nil
	}}
}

// stringItems writes an int32-offsets string array straight from its
// offsets and bytes.
func (c *writeCompiler) stringItems(a *array.String) typedWriter {
	bits, off := nullBits(a)
	offs, data, html := a.ValueOffsets(), a.ValueBytes(), c.html
	// ValueBytes starts at the first value of a slice, while the offsets
	// keep counting from the start of the buffer
	base := int32(0)
	if len(offs) > 0 {
		base = offs[0]
	}
	return typedWriter{nullsDone: true, fn: func(b []byte, i int) ([]byte, error) {
		if isNullAt(bits, off, i) {
			return append(b, "null"...), nil
		}
		return appendString(b, data[offs[i]-base:offs[i+1]-base], html), nil
	}}
}

// decimalItems writes decimals as their exact text at the type's scale.
func decimalItems[T interface{ ToString(int32) string }](a interface{ Value(int) T }, dt arrow.DataType) (typedWriter, error) {
	scale := dt.(arrow.DecimalType).GetScale()
	return plainItems(func(b []byte, i int) ([]byte, error) { return append(b, a.Value(i).ToString(scale)...), nil })
}
