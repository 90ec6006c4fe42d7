package dtype

import (
	"slices"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
)

// TestDecimals reads each decimal storage as its text at the scale.
func TestDecimals(t *testing.T) {
	for _, tc := range []struct {
		dt   arrow.DataType
		want []string
	}{
		{&arrow.Decimal32Type{Precision: 5, Scale: 1}, []string{"-9.5", "1.0"}},
		{&arrow.Decimal64Type{Precision: 12, Scale: 4}, []string{"-9.5000", "1.0000"}},
		{&arrow.Decimal128Type{Precision: 10, Scale: 2}, []string{"-9.50", "1.00"}},
		{&arrow.Decimal256Type{Precision: 50, Scale: 0}, []string{"-10", "1"}},
	} {
		a := sliced(t, tc.dt, `["7", "-9.5", null, "1", "7"]`)
		at, ok := Decimals(a.Data())
		if !ok {
			t.Fatalf("%s: no accessor", tc.dt)
		}
		if got := []string{at(0), at(2)}; !slices.Equal(got, tc.want) {
			t.Errorf("%s: %q, want %q", tc.dt, got, tc.want)
		}
	}
	if _, ok := Decimals(sliced(t, arrow.PrimitiveTypes.Int32, `[1, 2, 3]`).Data()); ok {
		t.Error("int32 read as decimals")
	}
}
