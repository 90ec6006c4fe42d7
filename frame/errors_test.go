package frame

import (
	"errors"
	"testing"

	"github.com/structframe/structframe/index"
	"github.com/structframe/structframe/structured"
)

// TestSentinelsAcrossLayers: an error matches, under errors.Is, the
// sentinel of the package that returned it and the structured sentinel of
// its kind, whichever layer found it: frame's sentinels of a cause the
// structured layer has are its values, and index's narrower ones wrap
// them.
func TestSentinelsAcrossLayers(t *testing.T) {
	f := FromColumns([]string{"city", "year", "temp"},
		[]string{"oslo", "oslo", "rome"}, []int64{2023, 2024, 2024}, []float64{1.5, 2.5, 14})
	multi := f.SetIndex("city", "year")
	data, err := f.Tensor()
	if err != nil {
		t.Fatal(err)
	}
	_, structuredErr := data.Index(7)
	tests := []struct {
		name string
		err  error
		is   []error
		not  []error
	}{
		{"row out of range", f.ILoc(7).Err(), []error{ErrIndex, structured.ErrIndex}, []error{ErrColumn, ErrType}},
		{"label absent", multi.Loc("paris").Err(), []error{index.ErrNotFound, ErrIndex, structured.ErrIndex}, []error{ErrType}},
		{"key of the wrong type", multi.Loc(3.5).Err(), []error{index.ErrKeyType, ErrType, structured.ErrType}, []error{ErrIndex}},
		{"unknown column", f.Select("nope").Err(), []error{ErrColumn, structured.ErrPath}, []error{ErrIndex}},
		{"type of an expression", f.Filter(Col("city").Gt(Lit(1))).Err(), []error{ErrType, structured.ErrType}, []error{ErrColumn}},
		{"structured's own error", structuredErr, []error{ErrIndex, structured.ErrIndex}, []error{ErrShape}},
		{"structured's error through frame", FromRecords([]map[string]any{{"a": 1}, {"a": "x"}}).Err(), []error{structured.ErrSchema}, []error{ErrType}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.err == nil {
				t.Fatal("no error")
			}
			for _, s := range tt.is {
				if !errors.Is(tt.err, s) {
					t.Errorf("%v: errors.Is(%v) = false", tt.err, s)
				}
			}
			for _, s := range tt.not {
				if errors.Is(tt.err, s) {
					t.Errorf("%v: errors.Is(%v) = true", tt.err, s)
				}
			}
		})
	}
}
