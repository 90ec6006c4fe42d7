package json

import (
	"fmt"
	"strconv"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/bitutil"
	"github.com/apache/arrow-go/v18/arrow/float16"
	"github.com/structframe/structframe/internal/dtype"
)

// Leaf writers: one closure per leaf column, chosen by the class and
// storage of its type (internal/dtype) and closed over the column's values
// slice of its storage's Go type, resolved once per column, so writing an
// item is a slice load and an append: no interface call, no boxing into
// any. Views, binaries and decimals go through dtype's item accessors,
// dictionaries through the writer of their values.
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
	if dtype.Of(a.DataType()).Class == dtype.ClassNull {
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
	if dtype.Of(a.DataType()).Class == dtype.ClassNull {
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

// typedItems resolves the writer of a's type from its facts (dtype.Of):
// its class says how an item is written, its storage which Go type holds
// it.
func (c *writeCompiler) typedItems(a arrow.Array) (typedWriter, error) {
	d, f := a.Data(), dtype.Of(a.DataType())
	switch f.Class {
	case dtype.ClassSigned, dtype.ClassUnsigned:
		return integerItems(a, f.Storage), nil
	case dtype.ClassFloat:
		return c.floatItems(a, f.Storage), nil
	case dtype.ClassBool:
		bits, off := dtype.BoolBits(d)
		return plainItems(func(b []byte, i int) ([]byte, error) {
			if bitutil.BitIsSet(bits, off+i) {
				return append(b, "true"...), nil
			}
			return append(b, "false"...), nil
		})
	case dtype.ClassString:
		return c.stringItems(a, f.Storage), nil
	case dtype.ClassBinary:
		at, _ := dtype.Bytes(d)
		return plainItems(func(b []byte, i int) ([]byte, error) { return appendBase64(b, at(i)), nil })
	case dtype.ClassDate:
		return plainItems(byWidth(d, f, dateItems[int32], dateItems[int64]))
	case dtype.ClassTime:
		return plainItems(byWidth(d, f, timeItems[int32], timeItems[int64]))
	case dtype.ClassTimestamp:
		tf, err := newTimestampFormat(a.DataType().(*arrow.TimestampType))
		if err != nil {
			return typedWriter{}, err
		}
		vals := dtype.Values[int64](d)
		return plainItems(func(b []byte, i int) ([]byte, error) { return tf.append(b, vals[i]), nil })
	case dtype.ClassDuration:
		vals := dtype.Values[int64](d)
		unit, _ := f.TimeUnit()
		return plainItems(func(b []byte, i int) ([]byte, error) { return appendDuration(b, vals[i], unit), nil })
	case dtype.ClassDecimal:
		at, _ := dtype.Decimals(d)
		return plainItems(func(b []byte, i int) ([]byte, error) { return append(b, at(i)...), nil })
	case dtype.ClassInterval:
		return intervalItems(d, f.Storage)
	case dtype.ClassDictionary:
		if dict, ok := a.(*array.Dictionary); ok {
			return c.dictionaryItems(dict)
		}
	}
	return typedWriter{}, fmt.Errorf("the Arrow type %s has no JSON form here", a.DataType())
}

// integerItems picks the writer of an integer storage.
func integerItems(a arrow.Array, s dtype.Storage) typedWriter {
	d := a.Data()
	switch s {
	case dtype.StorageInt8:
		return intItems(a, dtype.Values[int8](d))
	case dtype.StorageInt16:
		return intItems(a, dtype.Values[int16](d))
	case dtype.StorageInt32:
		return intItems(a, dtype.Values[int32](d))
	case dtype.StorageUint8:
		return intItems(a, dtype.Values[uint8](d))
	case dtype.StorageUint16:
		return intItems(a, dtype.Values[uint16](d))
	case dtype.StorageUint32:
		return intItems(a, dtype.Values[uint32](d))
	case dtype.StorageUint64:
		return intItems(a, dtype.Values[uint64](d))
	}
	return intItems(a, dtype.Values[int64](d))
}

// intItems writes integers of any width and signedness (the test of the
// sign is a constant of each instantiation).
func intItems[T int8 | int16 | int32 | int64 | uint8 | uint16 | uint32 | uint64](a arrow.Array, vals []T) typedWriter {
	bits, off := nullBits(a)
	return typedWriter{nullsDone: true, fn: func(b []byte, i int) ([]byte, error) {
		if isNullAt(bits, off, i) {
			return append(b, "null"...), nil
		}
		if ^T(0) < 0 {
			return strconv.AppendInt(b, int64(vals[i]), 10), nil
		}
		return strconv.AppendUint(b, uint64(vals[i]), 10), nil
	}}
}

// floatItems picks the writer of a float storage: float16 as float32.
func (c *writeCompiler) floatItems(a arrow.Array, s dtype.Storage) typedWriter {
	d := a.Data()
	switch s {
	case dtype.StorageFloat32:
		return floatItems(a, dtype.Values[float32](d), 32, c.cfg.nonFinite)
	case dtype.StorageFloat16:
		vals, nf := dtype.Values[float16.Num](d), nonFiniteWriter(c.cfg.nonFinite)
		return typedWriter{fn: func(b []byte, i int) ([]byte, error) {
			f := float64(vals[i].Float32())
			if !finite(f) {
				return nf.append(b, f)
			}
			return appendFloat(b, f, 32), nil
		}}
	}
	return floatItems(a, dtype.Values[float64](d), 64, c.cfg.nonFinite)
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

// stringItems picks the writer of a string storage: offsets read in
// place, views through their accessor.
func (c *writeCompiler) stringItems(a arrow.Array, s dtype.Storage) typedWriter {
	d := a.Data()
	switch s {
	case dtype.StorageOffsets32:
		offs, data, _ := dtype.Offsets[int32](d)
		return offsetStrings(a, offs, data, c.html)
	case dtype.StorageOffsets64:
		offs, data, _ := dtype.Offsets[int64](d)
		return offsetStrings(a, offs, data, c.html)
	}
	at, _ := dtype.Bytes(d)
	html := c.html
	return typedWriter{fn: func(b []byte, i int) ([]byte, error) { return appendString(b, at(i), html), nil }}
}

// offsetStrings writes strings straight from their offsets and bytes.
func offsetStrings[O int32 | int64](a arrow.Array, offs []O, data []byte, html bool) typedWriter {
	bits, off := nullBits(a)
	return typedWriter{nullsDone: true, fn: func(b []byte, i int) ([]byte, error) {
		if isNullAt(bits, off, i) {
			return append(b, "null"...), nil
		}
		return appendString(b, data[offs[i]:offs[i+1]], html), nil
	}}
}

// byWidth returns the writer w32 or w64 makes of the items of a, a
// temporal array stored as int32 or int64.
func byWidth(d arrow.ArrayData, f dtype.Facts, w32 func([]int32, dtype.Facts) writeFn, w64 func([]int64, dtype.Facts) writeFn) writeFn {
	if f.Storage == dtype.StorageInt32 {
		return w32(dtype.Values[int32](d), f)
	}
	return w64(dtype.Values[int64](d), f)
}

// dateItems writes dates counting days (date32) or a unit of a day
// (date64's milliseconds), quoted.
func dateItems[T int32 | int64](vals []T, f dtype.Facts) writeFn {
	perDay := int64(24 * time.Hour / f.Unit)
	if perDay == 1 {
		return func(b []byte, i int) ([]byte, error) {
			b = append(b, '"')
			b = appendDate(b, int64(vals[i]))
			return append(b, '"'), nil
		}
	}
	return func(b []byte, i int) ([]byte, error) {
		days, _ := floorDiv(int64(vals[i]), perDay)
		b = append(b, '"')
		b = appendDate(b, days)
		return append(b, '"'), nil
	}
}

// timeItems writes times of day, quoted.
func timeItems[T int32 | int64](vals []T, f dtype.Facts) writeFn {
	unit, _ := f.TimeUnit()
	return func(b []byte, i int) ([]byte, error) { return appendTimeOfDay(b, int64(vals[i]), unit), nil }
}

// intervalItems writes intervals as encoding/json writes arrow-go's
// types: months as a number, the others as objects.
func intervalItems(d arrow.ArrayData, s dtype.Storage) (typedWriter, error) {
	switch s {
	case dtype.StorageDayTime:
		vals := dtype.Values[arrow.DayTimeInterval](d)
		return plainItems(func(b []byte, i int) ([]byte, error) {
			b = append(b, `{"days":`...)
			b = strconv.AppendInt(b, int64(vals[i].Days), 10)
			b = append(b, `,"milliseconds":`...)
			b = strconv.AppendInt(b, int64(vals[i].Milliseconds), 10)
			return append(b, '}'), nil
		})
	case dtype.StorageMonthDayNano:
		vals := dtype.Values[arrow.MonthDayNanoInterval](d)
		return plainItems(func(b []byte, i int) ([]byte, error) {
			b = append(b, `{"months":`...)
			b = strconv.AppendInt(b, int64(vals[i].Months), 10)
			b = append(b, `,"days":`...)
			b = strconv.AppendInt(b, int64(vals[i].Days), 10)
			b = append(b, `,"nanoseconds":`...)
			b = strconv.AppendInt(b, vals[i].Nanoseconds, 10)
			return append(b, '}'), nil
		})
	}
	vals := dtype.Values[int32](d) // months
	return plainItems(func(b []byte, i int) ([]byte, error) { return strconv.AppendInt(b, int64(vals[i]), 10), nil })
}

// dictionaryItems writes the entry of each item's index, by the writer of
// the dictionary's values.
func (c *writeCompiler) dictionaryItems(a *array.Dictionary) (typedWriter, error) {
	entry, err := c.items(a.Dictionary())
	if err != nil {
		return typedWriter{}, err
	}
	idx, ok := dtype.Indices(a.Data(), nil)
	if !ok { // a dictionary of dictionaries: indices read one by one
		return plainItems(func(b []byte, i int) ([]byte, error) { return entry(b, a.GetValueIndex(i)) })
	}
	return plainItems(func(b []byte, i int) ([]byte, error) { return entry(b, int(idx[i])) })
}
