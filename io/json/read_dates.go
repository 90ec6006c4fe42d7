package json

import (
	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/structframe/structframe/internal/dtype"
	"github.com/structframe/structframe/internal/temporal"
	"github.com/structframe/structframe/structured"
)

// WithTryParseDates(true) makes a read turn string fields holding dates
// and timestamps into temporal columns, as Polars' try_parse_dates: a
// string field, at any depth (inside structures and lists of them), whose
// every non-null value is an ISO 8601 date ("2024-01-15") becomes date32;
// one whose every non-null value is an ISO 8601 date or timestamp
// ("2024-01-15T10:00:00", "2024-01-15 10:00:00.5") becomes timestamp[us]
// without a zone; when every value carries a UTC offset ("...Z",
// "...+01:00") the field becomes timestamp[us, UTC], the instants
// converted. A field with one value that does not parse, or with offsets
// on some values only, stays a string field; an empty or all-null field
// too. The default (false) keeps strings. It applies to the one-call
// readers ([Read], [ReadFile], [ReadTensor], [ReadTensorFile]), whose
// fields are known whole; a [Reader]'s batches keep their strings, so
// that every batch has one schema. Reading.
func WithTryParseDates(on bool) Option { return func(c *config) { c.dates = on } }

// readDates converts the date and timestamp strings of t (see
// WithTryParseDates); an error passes through.
func readDates(t *structured.Tensor, err error) (*structured.Tensor, error) {
	if err != nil || t == nil {
		return t, err
	}
	var updates []structured.Update
	collectDates(t, nil, &updates)
	if len(updates) == 0 {
		return t, nil
	}
	return t.WithUpdates(updates...)
}

// collectDates adds an update for every string leaf under t that parses.
func collectDates(t *structured.Tensor, path []string, updates *[]structured.Update) {
	for _, f := range t.Fields() {
		p := append(append([]string(nil), path...), f.Name)
		switch v := f.Value.(type) {
		case *structured.Tensor:
			collectDates(v, p, updates)
		case structured.Leaf:
			if v.Rank() < 1 || dtype.Of(v.DataType()).Class != dtype.ClassString {
				continue
			}
			if arr := parseDateArray(v.Values()); arr != nil {
				nv, err := leafLike(v, arr)
				arr.Release()
				if err == nil {
					*updates = append(*updates, structured.SetField(nv, p...))
				}
			}
		}
	}
}

// leafLike is a leaf of the shape of v holding arr.
func leafLike(v structured.Leaf, arr arrow.Array) (structured.Value, error) {
	if r, ok := v.(*structured.Ragged); ok {
		return structured.NewRagged(arr, r.RowPartitions()...)
	}
	return structured.NewDense(arr, v.Shape()...)
}

// parseDateArray is the date32 or timestamp array of a string array whose
// every non-null item parses, else nil.
func parseDateArray(a arrow.Array) arrow.Array {
	at, ok := dtype.Strings(a.Data())
	if !ok || a.Len() == a.NullN() {
		return nil
	}
	n := a.Len()
	vals := make([]int64, n)
	hasTime, offsets, plain := false, false, false
	for i := 0; i < n; i++ {
		if a.IsNull(i) {
			continue
		}
		p, ok := temporal.ParseISO(at(i))
		if !ok {
			return nil
		}
		hasTime = hasTime || p.HasTime || p.HasOff
		if p.HasOff {
			offsets = true
		} else {
			plain = true
		}
		if offsets && plain {
			return nil
		}
		if p.HasOff {
			vals[i] = dateFloor(p.UTCNs(), temporal.NsPerUs)
		} else {
			vals[i] = dateFloor(p.LocalNs(), temporal.NsPerUs)
		}
	}
	var dt arrow.DataType
	switch {
	case !hasTime:
		dt = arrow.FixedWidthTypes.Date32
		for i, x := range vals {
			vals[i] = dateFloor(x, temporal.NsPerDay/temporal.NsPerUs)
		}
	case offsets:
		dt = &arrow.TimestampType{Unit: arrow.Microsecond, TimeZone: "UTC"}
	default:
		dt = &arrow.TimestampType{Unit: arrow.Microsecond}
	}
	mem := memory.DefaultAllocator
	if dt.ID() == arrow.DATE32 {
		b := array.NewDate32Builder(mem)
		defer b.Release()
		b.Reserve(n)
		for i, x := range vals {
			if a.IsNull(i) {
				b.AppendNull()
			} else {
				b.Append(arrow.Date32(x))
			}
		}
		return b.NewArray()
	}
	b := array.NewTimestampBuilder(mem, dt.(*arrow.TimestampType))
	defer b.Release()
	b.Reserve(n)
	for i, x := range vals {
		if a.IsNull(i) {
			b.AppendNull()
		} else {
			b.Append(arrow.Timestamp(x))
		}
	}
	return b.NewArray()
}

func dateFloor(x, y int64) int64 {
	q, _ := temporal.FloorDiv(x, y)
	return q
}
