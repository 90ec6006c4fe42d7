package csv

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/structured"
)

// Write writes f as CSV: a header (WithHeader), then one record per row.
// A label index or MultiIndex comes first, as columns named after its
// levels or as [WithIndexColumns] says (the same option reads it back).
// Fields are quoted only where needed (RFC 4180): when they hold the
// delimiter, the quote, a line break, or, for strings, when they would
// read back as null (the empty string, "NA", "null", a marker of
// [WithNullValues]) or as a comment. Nulls are empty cells unless
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

// WriteFile writes f to a file at path, as [Write] does.
func WriteFile(path string, f *frame.Frame, opts ...Option) error {
	file, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := Write(file, f, opts...); err != nil {
		file.Close()
		return err
	}
	return file.Close()
}

// cellWriter formats one column's cells.
type cellWriter struct {
	isNull func(i int) bool
	put    func(dst []byte, i int, first bool) []byte
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
	a := d.Values()
	cw := cellWriter{isNull: a.IsNull}
	switch a := a.(type) {
	case *array.Null:
		// Arrow's Null array reports IsNull false (it has no bitmap), and
		// its ValueStr is "(null)": every cell is a null, written as one
		cw.isNull = func(int) bool { return true }
	case *array.String:
		cw.put = func(dst []byte, i int, first bool) []byte { return cfg.appendField(dst, a.Value(i), first, true) }
	case *array.LargeString:
		cw.put = func(dst []byte, i int, first bool) []byte { return cfg.appendField(dst, a.Value(i), first, true) }
	case *array.Int64:
		cw.put = func(dst []byte, i int, _ bool) []byte { return strconv.AppendInt(dst, a.Value(i), 10) }
	case *array.Int32:
		cw.put = func(dst []byte, i int, _ bool) []byte { return strconv.AppendInt(dst, int64(a.Value(i)), 10) }
	case *array.Int16:
		cw.put = func(dst []byte, i int, _ bool) []byte { return strconv.AppendInt(dst, int64(a.Value(i)), 10) }
	case *array.Int8:
		cw.put = func(dst []byte, i int, _ bool) []byte { return strconv.AppendInt(dst, int64(a.Value(i)), 10) }
	case *array.Uint64:
		cw.put = func(dst []byte, i int, _ bool) []byte { return strconv.AppendUint(dst, a.Value(i), 10) }
	case *array.Uint32:
		cw.put = func(dst []byte, i int, _ bool) []byte { return strconv.AppendUint(dst, uint64(a.Value(i)), 10) }
	case *array.Uint16:
		cw.put = func(dst []byte, i int, _ bool) []byte { return strconv.AppendUint(dst, uint64(a.Value(i)), 10) }
	case *array.Uint8:
		cw.put = func(dst []byte, i int, _ bool) []byte { return strconv.AppendUint(dst, uint64(a.Value(i)), 10) }
	case *array.Float64:
		cw.put = func(dst []byte, i int, _ bool) []byte { return appendFloat(dst, a.Value(i), 64) }
	case *array.Float32:
		cw.put = func(dst []byte, i int, _ bool) []byte { return appendFloat(dst, float64(a.Value(i)), 32) }
	case *array.Boolean:
		cw.put = func(dst []byte, i int, _ bool) []byte { return strconv.AppendBool(dst, a.Value(i)) }
	case *array.Date32:
		cw.put = func(dst []byte, i int, _ bool) []byte { return appendDate(dst, int64(a.Value(i))) }
	case *array.Date64:
		cw.put = func(dst []byte, i int, _ bool) []byte {
			return time.UnixMilli(int64(a.Value(i))).UTC().AppendFormat(dst, "2006-01-02")
		}
	case *array.Timestamp:
		tt := a.DataType().(*arrow.TimestampType)
		layout := "2006-01-02T15:04:05.999999999"
		if tt.TimeZone != "" {
			layout += "Z07:00"
		}
		cw.put = func(dst []byte, i int, _ bool) []byte {
			return a.Value(i).ToTime(tt.Unit).UTC().AppendFormat(dst, layout)
		}
	default:
		if _, ok := a.DataType().(arrow.NestedType); ok {
			return cellWriter{}, fmt.Errorf("csv: column %q is %s, not one value per row", name, a.DataType())
		}
		cw.put = func(dst []byte, i int, first bool) []byte { return cfg.appendField(dst, a.ValueStr(i), first, false) }
	}
	return cw, nil
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
// delimiter, the quote or a line break, starts a comment (first field),
// or (a string) would read back as null.
func (c *config) appendField(dst []byte, s string, first, text bool) []byte {
	need := first && (c.comment != 0 && len(s) > 0 && s[0] == c.comment || strings.HasPrefix(s, string(bom)))
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
