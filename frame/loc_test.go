package frame

import (
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/structframe/structframe/index"
	"github.com/structframe/structframe/structured"
)

func TestLoc(t *testing.T) {
	f := idxCities(t)
	byCity := f.SetIndex("city")
	multi := f.SetIndex("city", "year")
	byYear := f.SetIndex("year")
	day := time.Date(2024, 5, 1, 0, 0, 0, 0, time.UTC)
	byTime := FromColumns([]string{"at", "v"}, []time.Time{day, day.Add(time.Hour), day}, []int64{1, 2, 3}).SetIndex("at")
	tests := []struct {
		name  string
		got   *Frame
		temps []any
		err   error
	}{
		{"label", byCity.Loc("paris"), []any{11.5, 12.0, 13.0}, nil},
		{"null label", byCity.Loc(nil), []any{9.0}, nil},
		{"list", byCity.Loc([]string{"rome", "paris"}), []any{nil, 11.5, 12.0, 13.0}, nil},
		{"between", byYear.Loc(index.Between(2024, 2025)), []any{12.0, nil, 13.0}, nil},
		{"int key on int64 labels", byYear.Loc(int32(2023)), []any{11.5}, nil},
		{"time key", byTime.Loc(day), nil, nil},
		{"multi outer: every group", multi.Loc("paris"), []any{11.5, 12.0, 13.0}, nil},
		{"multi tuple", multi.Loc("paris", 2024), []any{12.0}, nil},
		{"multi list inner", multi.Loc("paris", []int64{2025, 2023}), []any{13.0, 11.5}, nil},
		{"multi between inner", multi.Loc("paris", index.Between(2023, 2024)), []any{11.5, 12.0}, nil},
		{"range index labels are positions", f.Loc(index.Between(1, 2)), []any{12.0, nil}, nil},
		{"absent", byCity.Loc("oslo"), nil, ErrIndex},
		{"absent inner", multi.Loc("rome", 2023), nil, ErrIndex},
		{"wrong type", byCity.Loc(3), nil, ErrType},
		{"wrong type inner", multi.Loc("paris", "2024"), nil, ErrType},
		{"too many keys", byCity.Loc("paris", 1), nil, ErrArgument},
		{"no key", byCity.Loc(), nil, ErrArgument},
		{"sticky", f.Select("nope").Loc(1), nil, ErrColumn},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.got.Err()
			if tc.err != nil {
				if !errors.Is(err, tc.err) {
					t.Fatalf("err = %v, want %v", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if tc.temps == nil {
				return
			}
			if got := idxColumnValues(t, tc.got, "temp"); !reflect.DeepEqual(got, tc.temps) {
				t.Fatalf("temps = %v, want %v", got, tc.temps)
			}
		})
	}
	if got := idxColumnValues(t, byTime.Loc(day), "v"); !reflect.DeepEqual(got, []any{int64(1), int64(3)}) {
		t.Errorf("time key: v = %v", got)
	}
	// The index follows the rows.
	got := multi.Loc("paris", 2024)
	if lv, _ := index.Levels(got.Index()); !reflect.DeepEqual(lv[0].ToValue(), []any{"paris"}) || !reflect.DeepEqual(lv[1].ToValue(), []any{int64(2024)}) {
		t.Errorf("index after Loc = %v", got.Index())
	}
	// The error names the label and the level.
	if err := multi.Loc("rome", 2023).Err(); err == nil || !errors.Is(err, index.ErrNotFound) {
		t.Errorf("err = %v", err)
	} else if msg := err.Error(); !strings.Contains(msg, "2023") || !strings.Contains(msg, "year") {
		t.Errorf("message %q does not name the label and level", msg)
	}
}

func TestILoc(t *testing.T) {
	f := idxCities(t).SetIndex("city")
	tests := []struct {
		name  string
		got   *Frame
		years []any
		err   error
	}{
		{"int", f.ILoc(1), []any{int64(2024)}, nil},
		{"negative", f.ILoc(-1), []any{int64(2024)}, nil},
		{"several", f.ILoc(3, 0, 3), []any{int64(2025), int64(2023), int64(2025)}, nil},
		{"slice", f.ILoc(structured.S("1:3")), []any{int64(2024), int64(2024)}, nil},
		{"slice step", f.ILoc(structured.S("::2")), []any{int64(2023), int64(2024), int64(2024)}, nil},
		{"slice reversed", f.ILoc(structured.S("::-2")), []any{int64(2024), int64(2024), int64(2023)}, nil},
		{"slice empty", f.ILoc(structured.S("3:1")), []any{}, nil},
		{"list", f.ILoc([]int{4, -5}), []any{int64(2024), int64(2023)}, nil},
		{"mask", f.ILoc([]bool{true, false, false, true, false}), []any{int64(2023), int64(2025)}, nil},
		{"mask wrong length", f.ILoc([]bool{true}), nil, ErrShape},
		{"out of range", f.ILoc(5), nil, ErrIndex},
		{"bad type", f.ILoc("a"), nil, ErrArgument},
		{"nothing", f.ILoc(), nil, ErrArgument},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.got.Err()
			if tc.err != nil {
				if !errors.Is(err, tc.err) {
					t.Fatalf("err = %v, want %v", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			got := idxColumnValues(t, tc.got, "year")
			if got == nil {
				got = []any{}
			}
			if !reflect.DeepEqual(got, tc.years) {
				t.Fatalf("years = %v, want %v", got, tc.years)
			}
			if tc.got.Index().NumRows() != len(tc.years) {
				t.Fatalf("index of %d rows", tc.got.Index().NumRows())
			}
		})
	}
	lv, _ := index.Levels(f.ILoc([]int{2, 0}).Index())
	if got := lv[0].ToValue(); !reflect.DeepEqual(got, []any{"rome", "paris"}) {
		t.Errorf("labels follow rows: %v", got)
	}
}
