package flightsql

import (
	"errors"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/structframe/structframe/frame"
)

// TestValuesBatch: each Go value is a column of the Arrow type of its Go
// type, named by its position, in a batch of one row.
func TestValuesBatch(t *testing.T) {
	when := time.Date(2024, 2, 29, 12, 30, 0, 123456789, time.FixedZone("X", 3600))
	tests := []struct {
		v    any
		typ  string
		text string // the value as Arrow prints it
	}{
		{nil, "null", "(null)"},
		{true, "bool", "true"},
		{7, "int64", "7"},
		{int8(-8), "int8", "-8"},
		{int16(16), "int16", "16"},
		{int32(32), "int32", "32"},
		{int64(64), "int64", "64"},
		{uint(1), "uint64", "1"},
		{uint8(8), "uint8", "8"},
		{uint16(16), "uint16", "16"},
		{uint32(32), "uint32", "32"},
		{uint64(1 << 63), "uint64", "9223372036854775808"},
		{float32(1.5), "float32", "1.5"},
		{2.25, "float64", "2.25"},
		{"héllo", "utf8", "héllo"},
		{[]byte{0, 255}, "binary", "AP8="}, // base64
		{when, "timestamp[ns, tz=UTC]", "2024-02-29T11:30:00.123456789Z"},
		{90 * time.Second, "duration[ns]", "90000000000ns"},
	}
	params := make([]any, len(tests))
	for i, tt := range tests {
		params[i] = tt.v
	}
	rec, err := valuesBatch(params)
	if err != nil {
		t.Fatal(err)
	}
	defer rec.Release()
	if rec.NumRows() != 1 || int(rec.NumCols()) != len(tests) {
		t.Fatalf("%d rows, %d columns", rec.NumRows(), rec.NumCols())
	}
	for i, tt := range tests {
		col := rec.Column(i)
		if name := rec.ColumnName(i); name != strconv.Itoa(i) {
			t.Errorf("column %d named %q", i, name)
		}
		if got := col.DataType().String(); got != tt.typ {
			t.Errorf("%T: type %s, want %s", tt.v, got, tt.typ)
		}
		if got := col.ValueStr(0); got != tt.text {
			t.Errorf("%T: value %s, want %s", tt.v, got, tt.text)
		}
	}
	if ts := rec.Column(16).(interface{ Value(int) arrow.Timestamp }).Value(0); ts != arrow.Timestamp(when.UnixNano()) {
		t.Errorf("timestamp %d, want %d", ts, when.UnixNano())
	}
}

// TestValuesBatchErrors: a value with no Arrow type, or a time outside
// int64 nanoseconds, is an ErrParameter naming its 1-based position.
func TestValuesBatchErrors(t *testing.T) {
	tests := []struct {
		params []any
		text   string
	}{
		{[]any{1, struct{}{}}, "parameter 2: a struct {} has no Arrow type"},
		{[]any{map[string]int{}}, "parameter 1: a map[string]int has no Arrow type"},
		{[]any{time.Date(3000, 1, 1, 0, 0, 0, 0, time.UTC)}, "parameter 1: time 3000-01-01T00:00:00Z is outside the range of timestamp[ns]"},
	}
	for _, tt := range tests {
		_, err := valuesBatch(tt.params)
		if !errors.Is(err, ErrParameter) || !errors.Is(err, frame.ErrArgument) {
			t.Errorf("%v: %v is not ErrParameter", tt.params, err)
			continue
		}
		if got := err.Error(); !strings.Contains(got, tt.text) {
			t.Errorf("message %q, want it to hold %q", got, tt.text)
		}
	}
}

// TestBindBatches: a lone Frame is its rows as parameter sets, cut in
// slices of the batch size without its index; a record batch likewise.
func TestBindBatches(t *testing.T) {
	f := frame.FromColumns([]string{"k", "v"}, []string{"a", "b", "c", "d", "e"}, []int64{1, 2, 3, 4, 5}).SetIndex("k")
	recs, err := bindBatches([]any{f}, 2)
	if err != nil {
		t.Fatal(err)
	}
	defer release(recs)
	var sizes []int64
	for _, r := range recs {
		sizes = append(sizes, r.NumRows())
		if r.NumCols() != 1 || r.ColumnName(0) != "v" {
			t.Errorf("columns %v, want [v] (the index is not a parameter)", r.Schema())
		}
	}
	if len(sizes) != 3 || sizes[0] != 2 || sizes[1] != 2 || sizes[2] != 1 {
		t.Errorf("batches of %v rows, want [2 2 1]", sizes)
	}
	again, err := bindBatches([]any{recs[0]}, 1)
	if err != nil {
		t.Fatal(err)
	}
	defer release(again)
	if len(again) != 2 {
		t.Errorf("a record batch of 2 rows in slices of 1: %d batches", len(again))
	}
}
