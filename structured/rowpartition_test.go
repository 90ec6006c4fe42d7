package structured

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

// The encodings of TensorFlow's RowPartition reference: 8 items in 5 rows
// [[*,*,*,*], [], [*,*,*], [*], []].
var (
	refSplits  = []int64{0, 4, 4, 7, 8, 8}
	refLengths = []int64{4, 0, 3, 1, 0}
	refIDs     = []int64{0, 0, 0, 0, 2, 2, 2, 3}
)

func TestRowPartitionEncodings(t *testing.T) {
	build := map[string]func() (*RowPartition, error){
		"splits":   func() (*RowPartition, error) { return PartitionFromSplits(refSplits) },
		"splits32": func() (*RowPartition, error) { return PartitionFromSplits([]int32{0, 4, 4, 7, 8, 8}) },
		"lengths":  func() (*RowPartition, error) { return PartitionFromLengths(refLengths) },
		"lengthsI": func() (*RowPartition, error) { return PartitionFromLengths([]int{4, 0, 3, 1, 0}) },
		"rowids":   func() (*RowPartition, error) { return PartitionFromValueRowIDs(refIDs, 5) },
		"starts":   func() (*RowPartition, error) { return PartitionFromStarts([]int64{0, 4, 4, 7, 8}, 8) },
		"limits":   func() (*RowPartition, error) { return PartitionFromLimits([]int64{4, 4, 7, 8, 8}) },
	}
	for name, f := range build {
		t.Run(name, func(t *testing.T) {
			p, err := f()
			if err != nil {
				t.Fatal(err)
			}
			if p.NumRows() != 5 || p.NumValues() != 8 {
				t.Fatalf("nrows, nvals = %d, %d; want 5, 8", p.NumRows(), p.NumValues())
			}
			checks := []struct {
				what      string
				got, want []int64
			}{
				{"splits", p.RowSplits(), refSplits},
				{"lengths", p.RowLengths(), refLengths},
				{"value row ids", p.ValueRowIDs(), refIDs},
				{"starts", p.RowStarts(), refSplits[:5]},
				{"limits", p.RowLimits(), refSplits[1:]},
				{"offsets in rows", p.OffsetsInRows(), []int64{0, 1, 2, 3, 0, 1, 2, 0}},
			}
			for _, c := range checks {
				if !reflect.DeepEqual(c.got, c.want) {
					t.Errorf("%s = %v, want %v", c.what, c.got, c.want)
				}
			}
			if p.IsUniform() {
				t.Error("a partition built from splits is not uniform")
			}
			if s, e := p.Bounds(2); s != 4 || e != 7 {
				t.Errorf("Bounds(2) = %d, %d; want 4, 7", s, e)
			}
		})
	}
}

func TestRowPartitionKeepsSplits(t *testing.T) {
	s32 := []int32{0, 2, 5}
	p := Must(PartitionFromSplits(s32))
	got, ok := p.RowSplits32()
	if !ok || &got[0] != &s32[0] {
		t.Error("int32 splits were copied, want them kept")
	}
	if p.DType().ID() != 7 { // arrow.INT32
		t.Errorf("DType = %v, want int32", p.DType())
	}
	s64 := []int64{0, 2, 5}
	if q := Must(PartitionFromSplits(s64)); &q.RowSplits()[0] != &s64[0] {
		t.Error("int64 splits were copied, want them kept")
	}
}

func TestRowPartitionUniform(t *testing.T) {
	p := Must(PartitionFromUniform(3, Unknown, 4))
	if l, ok := p.UniformRowLength(); !ok || l != 3 {
		t.Fatalf("UniformRowLength = %d, %v", l, ok)
	}
	if p.NumValues() != 12 || !reflect.DeepEqual(p.RowSplits(), []int64{0, 3, 6, 9, 12}) {
		t.Errorf("nvals %d splits %v", p.NumValues(), p.RowSplits())
	}
	if q := Must(PartitionFromLengths([]int64{3, 3, 3, 3})); q.IsUniform() || q.Equal(p) || !q.sameCut(p) {
		t.Error("equal lengths do not make a partition uniform, but cut the same way")
	}
	if got := p.String(); got != "RowPartition(nrows=4, uniform_row_length=3)" {
		t.Errorf("String = %q", got)
	}
	if got := Must(PartitionFromSplits([]int64{0, 4, 8})).String(); got != "RowPartition(row_splits=[0 4 8])" {
		t.Errorf("String = %q", got)
	}
}

func TestRowPartitionErrors(t *testing.T) {
	cases := []struct {
		name string
		f    func() (*RowPartition, error)
		want string
	}{
		{"empty splits", func() (*RowPartition, error) { return PartitionFromSplits([]int64{}) }, "may not be empty"},
		{"not from 0", func() (*RowPartition, error) { return PartitionFromSplits([]int64{1, 2}) }, "must start at 0, got 1"},
		{"decreasing", func() (*RowPartition, error) { return PartitionFromSplits([]int32{0, 3, 2}) }, "splits[2]=2 < splits[1]=3"},
		{"negative length", func() (*RowPartition, error) { return PartitionFromLengths([]int64{1, -1}) }, "lengths[1]=-1"},
		{"negative id", func() (*RowPartition, error) { return PartitionFromValueRowIDs([]int64{-1}, 2) }, "ids[0]=-1"},
		{"unsorted ids", func() (*RowPartition, error) { return PartitionFromValueRowIDs([]int64{0, 2, 1}, 3) }, "must be sorted: ids[2]=1 < ids[1]=2"},
		{"id beyond nrows", func() (*RowPartition, error) { return PartitionFromValueRowIDs([]int64{0, 3}, 3) }, "ids[1]=3 is not below nrows=3"},
		{"starts beyond nvals", func() (*RowPartition, error) { return PartitionFromStarts([]int64{0, 5}, 3) }, "must not decrease"},
		{"negative uniform", func() (*RowPartition, error) { return PartitionFromUniform(-1, Unknown, 2) }, "must be >= 0"},
		{"null row with items", func() (*RowPartition, error) {
			return Must(PartitionFromLengths([]int64{1, 2})).WithValidity([]bool{true, false})
		}, "row 1 is null but has 2 items"},
		{"validity length", func() (*RowPartition, error) {
			return Must(PartitionFromLengths([]int64{1, 2})).WithValidity([]bool{true})
		}, "1 validity entries for 2 rows"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := c.f()
			if err == nil {
				t.Fatal("no error")
			}
			if !errors.Is(err, ErrPartition) {
				t.Errorf("error %v is not ErrPartition", err)
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %q does not say %q", err, c.want)
			}
		})
	}
}

func TestRowPartitionValueRowIDsTrailingRows(t *testing.T) {
	p := Must(PartitionFromValueRowIDs([]int64{0, 0, 0, 0, 2, 2, 2, 3}, 4))
	if !reflect.DeepEqual(p.RowSplits(), []int64{0, 4, 4, 7, 8}) {
		t.Errorf("splits = %v", p.RowSplits())
	}
	if q := Must(PartitionFromValueRowIDs([]int64{0, 1, 1}, -1)); q.NumRows() != 2 {
		t.Errorf("default nrows = %d, want last id + 1 = 2", q.NumRows())
	}
}

func TestRowPartitionValidity(t *testing.T) {
	p := Must(Must(PartitionFromLengths([]int64{2, 0, 0, 1})).WithValidity([]bool{true, false, true, true}))
	if !p.IsNull(1) || p.IsNull(2) || p.NullN() != 1 {
		t.Errorf("IsNull(1)=%v IsNull(2)=%v NullN=%d", p.IsNull(1), p.IsNull(2), p.NullN())
	}
	plain := Must(PartitionFromLengths([]int64{2, 0, 0, 1}))
	if p.Equal(plain) || !p.sameCut(plain) {
		t.Error("a null row makes partitions unequal but they still cut the same way")
	}
}
