package csv

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"time"
	"unsafe"

	"github.com/structframe/structframe/internal/sniff"
	"github.com/structframe/structframe/internal/store"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/bitutil"
	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/internal/dtype"
	"github.com/structframe/structframe/structured"
)

// Write writes f as CSV: a header (WithHeader), then one record per row.
// A label index or MultiIndex comes first, as columns named after its
// levels or as [WithIndexColumns] says (the same option reads it back).
// Fields are quoted only where needed (RFC 4180): when they hold the
// delimiter, the quote, a line break, or, for strings, when they would
// read back as null (the empty string, a marker of [WithNullValues];
// "NA" and "null" too, which pandas and R read as missing) or as a
// comment. Nulls are empty cells unless
// [WithNullValues] says otherwise, floats the shortest text that reads
// back to the same float (with ".0" when integral, so the column stays
// float; NaN, +Inf, -Inf), dates YYYY-MM-DD, timestamps RFC 3339 (Z for a
// zoned timestamp, no zone for a naive one). Nested columns are refused
// with an error naming them unless WithNested says otherwise.
func Write(w io.Writer, f *frame.Frame, opts ...Option) error {
	cfg := makeConfig(opts)
	if err := cfg.err(); err != nil {
		return err
	}
	if f == nil {
		return fmt.Errorf("csv: Write: nil frame")
	}
	if err := f.Err(); err != nil {
		return err
	}
	f, err := cfg.indexColumns(f)
	if err != nil {
		return err
	}
	if cfg.nested == NestedFlatten {
		f = f.Flatten()
	}
	data, err := f.Data()
	if err != nil {
		return err
	}
	names := data.FieldNames()
	null := cfg.nullText()
	bw := bufio.NewWriterSize(w, 64<<10)
	var buf []byte
	if cfg.header {
		for k, name := range names {
			if k > 0 {
				buf = append(buf, cfg.delim)
			}
			buf = cfg.appendField(buf, name, k == 0, true)
		}
		buf = append(buf, '\n')
		cfg.started = true
	}
	// Chunk by chunk (structured.Tensor.RowChunks): a frame read from
	// several record batches, or joined by frame.Concat, is written
	// without joining its columns.
	cols := make([]cellWriter, len(names))
	for _, chunk := range data.RowChunks() {
		for k, name := range names {
			v, _ := chunk.Field(name)
			cw, err := newCellWriter(&cfg, name, v)
			if err != nil {
				// Said of the whole column (its shape), not of the chunk.
				if whole, ferr := data.Field(name); ferr == nil {
					if _, werr := newCellWriter(&cfg, name, whole); werr != nil {
						err = werr
					}
				}
				return err
			}
			cols[k] = cw
		}
		for i := range chunk.NumRows() {
			for k, c := range cols {
				if k > 0 {
					buf = append(buf, cfg.delim)
				}
				if c.isNull(i) {
					buf = append(buf, null...)
					continue
				}
				buf = c.put(buf, i, k == 0)
			}
			buf = append(buf, '\n')
			cfg.started = true
			if len(buf) >= 32<<10 {
				if _, err := bw.Write(buf); err != nil {
					return err
				}
				buf = buf[:0]
			}
		}
	}
	if _, err := bw.Write(buf); err != nil {
		return err
	}
	if cfg.unquotable != "" {
		return fmt.Errorf("csv: Write: the field %q needs quoting, and quoting is off (WithQuote(0)): the output cannot be read back", cfg.unquotable)
	}
	return bw.Flush()
}

// WriteFile writes f to a file at path (or a URL, see package
// io/remote), as [Write] does. On an error nothing is left at path.
func WriteFile(path string, f *frame.Frame, opts ...Option) error {
	return store.WriteFile(context.Background(), path, func(w io.Writer) error {
		return Write(w, f, opts...)
	})
}

// cellWriter formats one column's cells.
type cellWriter struct {
	isNull func(i int) bool
	put    putFn
}

func newCellWriter(cfg *config, name string, v structured.Value) (cellWriter, error) {
	d, ok := v.(*structured.Dense)
	if !ok || d.Rank() != 1 {
		if cfg.nested != NestedJSON {
			how := "write it as JSON text (WithNested(NestedJSON))"
			if _, isT := v.(*structured.Tensor); isT && cfg.nested != NestedFlatten {
				how = "flatten it to dotted columns (WithNested(NestedFlatten)) or " + how
			}
			return cellWriter{}, fmt.Errorf("csv: column %q is nested (%s), not one value per row: %s", name, v.Shape(), how)
		}
		vals, _ := v.ToValue().([]any) // one value per row of v
		return cellWriter{
			isNull: func(i int) bool { return vals[i] == nil },
			put: func(dst []byte, i int, first bool) []byte {
				b, err := json.Marshal(vals[i])
				if err != nil {
					b = []byte(fmt.Sprint(vals[i]))
				}
				return cfg.appendField(dst, string(b), first, true)
			},
		}, nil
	}
	return cfg.arrayCells(name, d.Values())
}

// arrayCells is the writer of the cells of a, one per item.
func (cfg *config) arrayCells(name string, a arrow.Array) (cellWriter, error) {
	f := dtype.Of(a.DataType())
	switch f.Class {
	case dtype.ClassNull:
		// Arrow's Null array reports IsNull false (it has no bitmap), and
		// its ValueStr is "(null)": every cell is a null, written as one
		return cellWriter{isNull: func(int) bool { return true }}, nil
	case dtype.ClassDictionary:
		// A dictionary's cells are those of its values, so that a
		// dictionary-encoded column writes as the column it encodes.
		dict, isDict := a.(*array.Dictionary)
		idx, ok := dtype.Indices(a.Data(), nil)
		if !isDict || !ok {
			break
		}
		entry, err := cfg.arrayCells(name, dict.Dictionary())
		if err != nil {
			return cellWriter{}, err
		}
		return cellWriter{
			isNull: func(i int) bool { return a.IsNull(i) || entry.isNull(int(idx[i])) },
			put:    func(dst []byte, i int, first bool) []byte { return entry.put(dst, int(idx[i]), first) },
		}, nil
	}
	if put := cfg.typedCells(a, f); put != nil {
		return cellWriter{isNull: a.IsNull, put: put}, nil
	}
	if _, ok := a.DataType().(arrow.NestedType); ok {
		return cellWriter{}, fmt.Errorf("csv: column %q is %s, not one value per row", name, a.DataType())
	}
	return cellWriter{isNull: a.IsNull, put: func(dst []byte, i int, first bool) []byte {
		return cfg.appendField(dst, a.ValueStr(i), first, false)
	}}, nil
}

// putFn appends the text of cell i (first: the record's first field).
type putFn func(dst []byte, i int, first bool) []byte

// typedCells returns the formatter of the cells of a, chosen by the class
// and storage of its type (internal/dtype) and closed over its values
// slice; nil for the types written as arrow-go's ValueStr gives them.
func (cfg *config) typedCells(a arrow.Array, f dtype.Facts) putFn {
	d := a.Data()
	switch f.Class {
	case dtype.ClassString:
		switch f.Storage {
		case dtype.StorageOffsets32:
			offs, data, _ := dtype.Offsets[int32](d)
			return stringCells(cfg, offs, data)
		case dtype.StorageOffsets64:
			offs, data, _ := dtype.Offsets[int64](d)
			return stringCells(cfg, offs, data)
		}
		at, _ := dtype.Strings(d) // views
		return func(dst []byte, i int, first bool) []byte { return cfg.appendField(dst, at(i), first, true) }
	case dtype.ClassSigned, dtype.ClassUnsigned:
		return integerCells(d, f.Storage)
	case dtype.ClassFloat:
		switch f.Storage {
		case dtype.StorageFloat64:
			vals := dtype.Values[float64](d)
			return func(dst []byte, i int, _ bool) []byte { return appendFloat(dst, vals[i], 64) }
		case dtype.StorageFloat32:
			vals := dtype.Values[float32](d)
			return func(dst []byte, i int, _ bool) []byte { return appendFloat(dst, float64(vals[i]), 32) }
		}
	case dtype.ClassBool:
		bits, off := dtype.BoolBits(d)
		return func(dst []byte, i int, _ bool) []byte { return strconv.AppendBool(dst, bitutil.BitIsSet(bits, off+i)) }
	case dtype.ClassDate:
		if f.Storage == dtype.StorageInt32 { // days
			vals := dtype.Values[int32](d)
			return func(dst []byte, i int, _ bool) []byte { return appendDate(dst, int64(vals[i])) }
		}
		vals := dtype.Values[int64](d) // milliseconds
		return func(dst []byte, i int, _ bool) []byte {
			return time.UnixMilli(vals[i]).UTC().AppendFormat(dst, "2006-01-02")
		}
	case dtype.ClassTimestamp:
		layout := "2006-01-02T15:04:05.999999999"
		if a.DataType().(*arrow.TimestampType).TimeZone != "" {
			layout += "Z07:00"
		}
		vals := dtype.Values[arrow.Timestamp](d)
		unit, _ := f.TimeUnit()
		return func(dst []byte, i int, _ bool) []byte {
			return vals[i].ToTime(unit).UTC().AppendFormat(dst, layout)
		}
	}
	return nil
}

// stringCells writes strings straight from their offsets and bytes,
// quoted where they must be.
func stringCells[O int32 | int64](cfg *config, offs []O, data []byte) putFn {
	return func(dst []byte, i int, first bool) []byte {
		s := data[offs[i]:offs[i+1]]
		return cfg.appendField(dst, unsafe.String(unsafe.SliceData(s), len(s)), first, true)
	}
}

// integerCells picks the formatter of an integer storage.
func integerCells(d arrow.ArrayData, s dtype.Storage) putFn {
	switch s {
	case dtype.StorageInt8:
		return intCells(dtype.Values[int8](d))
	case dtype.StorageInt16:
		return intCells(dtype.Values[int16](d))
	case dtype.StorageInt32:
		return intCells(dtype.Values[int32](d))
	case dtype.StorageUint8:
		return intCells(dtype.Values[uint8](d))
	case dtype.StorageUint16:
		return intCells(dtype.Values[uint16](d))
	case dtype.StorageUint32:
		return intCells(dtype.Values[uint32](d))
	case dtype.StorageUint64:
		return intCells(dtype.Values[uint64](d))
	}
	return intCells(dtype.Values[int64](d))
}

// intCells writes integers of any width and signedness (the test of the
// sign is a constant of each instantiation).
func intCells[T int8 | int16 | int32 | int64 | uint8 | uint16 | uint32 | uint64](vals []T) putFn {
	return func(dst []byte, i int, _ bool) []byte {
		if ^T(0) < 0 {
			return strconv.AppendInt(dst, int64(vals[i]), 10)
		}
		return strconv.AppendUint(dst, uint64(vals[i]), 10)
	}
}

// appendDate writes days since 1970-01-01 as YYYY-MM-DD (Hinnant's
// civil_from_days); years outside 0..9999 go through package time.
func appendDate(dst []byte, days int64) []byte {
	z := days + 719468
	era := z / 146097
	if z < 0 && z%146097 != 0 {
		era--
	}
	doe := z - era*146097
	yoe := (doe - doe/1460 + doe/36524 - doe/146096) / 365
	y := yoe + era*400
	doy := doe - (365*yoe + yoe/4 - yoe/100)
	mp := (5*doy + 2) / 153
	d := doy - (153*mp+2)/5 + 1
	m := mp + 3
	if m > 12 {
		m -= 12
	}
	if m <= 2 {
		y++
	}
	if y < 0 || y > 9999 {
		return time.Unix(days*86400, 0).UTC().AppendFormat(dst, "2006-01-02")
	}
	return append(dst, byte('0'+y/1000), byte('0'+y/100%10), byte('0'+y/10%10), byte('0'+y%10), '-',
		byte('0'+m/10), byte('0'+m%10), '-', byte('0'+d/10), byte('0'+d%10))
}

// appendFloat writes the shortest text that reads back to v, with ".0"
// when it would otherwise read back as an integer.
func appendFloat(dst []byte, v float64, bits int) []byte {
	start := len(dst)
	dst = strconv.AppendFloat(dst, v, 'g', -1, bits)
	if math.IsInf(v, 0) || math.IsNaN(v) {
		return dst
	}
	if !bytes.ContainsAny(dst[start:], ".e") {
		dst = append(dst, '.', '0')
	}
	return dst
}

// appendField writes s, quoted when it must be: when it holds the
// delimiter, the quote or a line break, starts a comment (a record's
// first field), starts a byte order mark or another format's signature
// (the output's first field: a reader would take the file for that
// format), or (a string) would read back as null.
func (c *config) appendField(dst []byte, s string, first, text bool) []byte {
	need := first && (c.comment != 0 && len(s) > 0 && s[0] == c.comment ||
		!c.started && (strings.HasPrefix(s, string(bom)) || sniff.Signed(unsafe.Slice(unsafe.StringData(s), len(s)))))
	if text && !need {
		need = s == c.nullText() || s == "" || s == "NA" || s == "null"
		if !need && c.nullsSet {
			for _, m := range c.nulls {
				if s == m {
					need = true
					break
				}
			}
		}
	}
	if !need {
		for i := 0; i < len(s); i++ {
			if ch := s[i]; ch == c.delim || ch == c.quote || ch == '\n' || ch == '\r' {
				need = true
				break
			}
		}
	}
	if !need {
		return append(dst, s...)
	}
	if c.quote == 0 {
		if c.unquotable == "" {
			c.unquotable = s
		}
		return append(dst, s...)
	}
	dst = append(dst, c.quote)
	for i := 0; i < len(s); i++ {
		if s[i] == c.quote {
			dst = append(dst, c.quote)
		}
		dst = append(dst, s[i])
	}
	return append(dst, c.quote)
}

// indexColumns turns f's index into the leading columns WithIndexColumns
// names: without the option a label index or MultiIndex under its level
// names, with names under those (one per level), with none not at all.
func (c *config) indexColumns(f *frame.Frame) (*frame.Frame, error) {
	if !c.indexSet {
		return f.ResetIndex(), nil
	}
	if len(c.indexCols) == 0 {
		return f, nil
	}
	if levels := f.Index().NumLevels(); levels != len(c.indexCols) {
		return nil, fmt.Errorf("%w: WithIndexColumns names %d columns %q, the frame's index has %d levels", ErrOption, len(c.indexCols), c.indexCols, levels)
	}
	g := f.ResetIndex()
	if err := g.Err(); err != nil {
		return nil, err
	}
	rename := make(map[string]string, len(c.indexCols))
	for k, name := range g.Columns()[:len(c.indexCols)] {
		if name != c.indexCols[k] {
			rename[name] = c.indexCols[k]
		}
	}
	if len(rename) == 0 {
		return g, nil
	}
	g = g.Rename(rename)
	return g, g.Err()
}
