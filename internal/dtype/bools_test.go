package dtype

import (
	"slices"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/bitutil"
)

// TestBoolBits reads a sliced bool array from its bits and offset.
func TestBoolBits(t *testing.T) {
	a := sliced(t, arrow.FixedWidthTypes.Boolean, `[false, true, null, false, true, true, true, true, true, false]`)
	bits, off := BoolBits(a.Data())
	var got []bool
	for i := range a.Len() {
		got = append(got, bitutil.BitIsSet(bits, off+i) && a.IsValid(i))
	}
	if want := []bool{true, false, false, true, true, true, true, true}; !slices.Equal(got, want) {
		t.Errorf("%v, want %v", got, want)
	}
	if bits, _ := BoolBits(sliced(t, arrow.FixedWidthTypes.Boolean, `[true, true]`).Data()); bits != nil {
		t.Errorf("empty: %v", bits)
	}
}
