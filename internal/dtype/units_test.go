package dtype

import (
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
)

// TestTimeUnit gives the arrow.TimeUnit of each temporal type's Unit.
func TestTimeUnit(t *testing.T) {
	for _, tc := range []struct {
		dt   arrow.DataType
		unit arrow.TimeUnit
		ok   bool
	}{
		{arrow.FixedWidthTypes.Time32s, arrow.Second, true},
		{arrow.FixedWidthTypes.Time32ms, arrow.Millisecond, true},
		{arrow.FixedWidthTypes.Time64us, arrow.Microsecond, true},
		{arrow.FixedWidthTypes.Time64ns, arrow.Nanosecond, true},
		{&arrow.TimestampType{Unit: arrow.Microsecond, TimeZone: "UTC"}, arrow.Microsecond, true},
		{arrow.FixedWidthTypes.Duration_s, arrow.Second, true},
		{arrow.FixedWidthTypes.Date64, arrow.Millisecond, true},
		{arrow.FixedWidthTypes.Date32, 0, false},
		{arrow.PrimitiveTypes.Int64, 0, false},
	} {
		if u, ok := Of(tc.dt).TimeUnit(); u != tc.unit || ok != tc.ok {
			t.Errorf("%s: %s %v, want %s %v", tc.dt, u, ok, tc.unit, tc.ok)
		}
	}
}
