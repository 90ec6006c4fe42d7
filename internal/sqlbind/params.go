// Package sqlbind turns what a caller passes to a SQL statement of
// io/flightsql or io/adbc (Go values, a Frame, record batches) into the
// Arrow record batches a prepared statement binds or a bulk ingest sends,
// and names the ingest modes both packages take. The two packages bind
// alike over different drivers; the conversion lives here, once, so that
// neither links the other's driver: sqlbind links arrow-go's arrow, array
// and memory packages and structframe's frame, never gRPC, Flight or ADBC
// (internal/layers checks it).
package sqlbind

import (
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/internal/sentinel"
)

// ErrParameter is the cause of an error for a parameter that cannot be
// bound (a Go type with no Arrow counterpart, a nil Frame, parameter
// batches of different schemas); it is a frame.ErrArgument for errors.Is.
// io/flightsql and io/adbc export it as their own ErrParameter, so that
// the errors made here match the sentinel a caller of either knows.
var ErrParameter = sentinel.New("invalid parameter", frame.ErrArgument)

// ErrNoRows is the cause of an error for a query given parameter sets of
// no rows: it would run no time and have no result, not even an empty
// one. It is an ErrParameter. (An update given no rows runs nothing and
// affects 0 rows instead.)
var ErrNoRows = fmt.Errorf("%w: parameters of no rows", ErrParameter)

// ErrClosed is the cause of an error for a call on a prepared statement
// that was closed.
var ErrClosed = errors.New("statement closed")

// DefaultBatchSize is the rows of a record batch sent or bound by default:
// a Frame of parameter sets or a Frame to ingest is cut into slices of
// this many rows. Both packages export it as their DefaultBatchSize.
const DefaultBatchSize = 64 << 10

// Batches turns a call's parameters into the record batches bound to a
// prepared statement, the caller's to [Release]: no parameters make no
// batch (the statement runs with none bound); Go values make one row (see
// [ValuesBatch]); a lone *frame.Frame or arrow.RecordBatch is the
// parameter sets themselves, one per row, in slices of batchRows rows
// sharing its buffers.
func Batches(params []any, batchRows int) ([]arrow.RecordBatch, error) {
	switch len(params) {
	case 0:
		return nil, nil
	case 1:
		switch p := params[0].(type) {
		case *frame.Frame:
			return FrameBatches(p, false, batchRows)
		case arrow.RecordBatch:
			p.Retain()
			return SliceBatches([]arrow.RecordBatch{p}, batchRows), nil
		}
	}
	rec, err := ValuesBatch(params)
	if err != nil {
		return nil, err
	}
	return []arrow.RecordBatch{rec}, nil
}

// FrameBatches is f's rows as record batches of at most batchRows rows
// each, sharing f's buffers, the caller's to [Release]. withIndex makes a
// label index or MultiIndex leading columns (Frame.ResetIndex), as an
// ingested table keeps it; parameters are the columns only. A nil f is an
// ErrParameter.
func FrameBatches(f *frame.Frame, withIndex bool, batchRows int) ([]arrow.RecordBatch, error) {
	if f == nil {
		return nil, fmt.Errorf("%w: nil *frame.Frame", ErrParameter)
	}
	if withIndex {
		f = f.ResetIndex()
	}
	t, err := f.Data()
	if err != nil {
		return nil, err
	}
	recs, err := t.ToRecordBatches()
	if err != nil {
		return nil, err
	}
	return SliceBatches(recs, batchRows), nil
}

// SliceBatches cuts recs into batches of at most n rows (zero-copy
// slices), taking over the references of recs: what it returns is the
// caller's to [Release]. A server or driver takes parameter sets and
// ingested rows a message at a time, and a message has a size limit.
func SliceBatches(recs []arrow.RecordBatch, n int) []arrow.RecordBatch {
	var out []arrow.RecordBatch
	for _, r := range recs {
		if r.NumRows() <= int64(n) {
			out = append(out, r)
			continue
		}
		for lo := int64(0); lo < r.NumRows(); lo += int64(n) {
			out = append(out, r.NewSlice(lo, min(lo+int64(n), r.NumRows())))
		}
		r.Release()
	}
	return out
}

// ValuesBatch makes a one-row record batch of Go values, one column per
// value, named "0", "1", ... as ADBC's DB-API names positional
// parameters. A value's Go type gives the column's Arrow type: bool;
// int, int64 (int64), the sized ints and uints as themselves, uint as
// uint64; float32, float64; string (utf8); []byte (binary); time.Time
// (timestamp[ns, UTC], within the years 1678 to 2261 that int64
// nanoseconds hold); time.Duration (duration[ns]); nil (a null of type
// null). Anything else is an ErrParameter error naming its position,
// counted from 1.
func ValuesBatch(params []any) (arrow.RecordBatch, error) {
	mem := memory.DefaultAllocator
	fields := make([]arrow.Field, len(params))
	cols := make([]arrow.Array, 0, len(params))
	defer func() {
		for _, c := range cols {
			c.Release()
		}
	}()
	for i, v := range params {
		a, err := valueArray(mem, v)
		if err != nil {
			return nil, fmt.Errorf("%w: parameter %d: %v", ErrParameter, i+1, err)
		}
		fields[i] = arrow.Field{Name: strconv.Itoa(i), Type: a.DataType(), Nullable: true}
		cols = append(cols, a)
	}
	return array.NewRecordBatch(arrow.NewSchema(fields, nil), cols, 1), nil
}

// valueArray is a one-element array of v.
func valueArray(mem memory.Allocator, v any) (arrow.Array, error) {
	switch v := v.(type) {
	case nil:
		return array.NewNull(1), nil
	case bool:
		return one(array.NewBooleanBuilder(mem), v), nil
	case int:
		return one(array.NewInt64Builder(mem), int64(v)), nil
	case int8:
		return one(array.NewInt8Builder(mem), v), nil
	case int16:
		return one(array.NewInt16Builder(mem), v), nil
	case int32:
		return one(array.NewInt32Builder(mem), v), nil
	case int64:
		return one(array.NewInt64Builder(mem), v), nil
	case uint:
		return one(array.NewUint64Builder(mem), uint64(v)), nil
	case uint8:
		return one(array.NewUint8Builder(mem), v), nil
	case uint16:
		return one(array.NewUint16Builder(mem), v), nil
	case uint32:
		return one(array.NewUint32Builder(mem), v), nil
	case uint64:
		return one(array.NewUint64Builder(mem), v), nil
	case float32:
		return one(array.NewFloat32Builder(mem), v), nil
	case float64:
		return one(array.NewFloat64Builder(mem), v), nil
	case string:
		return one(array.NewStringBuilder(mem), v), nil
	case []byte:
		return one(array.NewBinaryBuilder(mem, arrow.BinaryTypes.Binary), v), nil
	case time.Time:
		ns := v.UnixNano()
		if !time.Unix(0, ns).Equal(v) {
			return nil, fmt.Errorf("time %s is outside the range of timestamp[ns]", v.Format(time.RFC3339))
		}
		b := array.NewTimestampBuilder(mem, &arrow.TimestampType{Unit: arrow.Nanosecond, TimeZone: "UTC"})
		return one(b, arrow.Timestamp(ns)), nil
	case time.Duration:
		b := array.NewDurationBuilder(mem, &arrow.DurationType{Unit: arrow.Nanosecond})
		return one(b, arrow.Duration(v)), nil
	}
	return nil, fmt.Errorf("a %T has no Arrow type here; pass bool, an integer, a float, string, []byte, time.Time, time.Duration or nil (a Frame or a record batch alone for several rows)", v)
}

// builder is an array builder of values of type T.
type builder[T any] interface {
	array.Builder
	Append(T)
}

// one builds the array of the single value v and releases b.
func one[T any](b builder[T], v T) arrow.Array {
	defer b.Release()
	b.Append(v)
	return b.NewArray()
}

// Stream is recs, all of one schema, as one record reader, for a
// statement bound with several batches (Flight SQL's SetRecordReader,
// ADBC's BindStream); the caller releases it, and recs stay the caller's.
// Batches of different schemas are an ErrParameter.
func Stream(recs []arrow.RecordBatch) (array.RecordReader, error) {
	if len(recs) == 0 {
		return nil, fmt.Errorf("%w: no record batch", ErrParameter)
	}
	rdr, err := array.NewRecordReader(recs[0].Schema(), recs)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrParameter, err)
	}
	return rdr, nil
}

// Rows is the number of rows of recs: a call given parameters whose
// batches hold none runs nothing.
func Rows(recs []arrow.RecordBatch) int64 {
	var n int64
	for _, r := range recs {
		n += r.NumRows()
	}
	return n
}

// Release releases each of recs, as the caller of [Batches],
// [FrameBatches] or [SliceBatches] does when the statement has run.
func Release(recs []arrow.RecordBatch) {
	for _, r := range recs {
		r.Release()
	}
}
