package dtype

import (
	"slices"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
)

// TestOffsets reads the items of sliced string and binary arrays, 32- and
// 64-bit offsets, from the offsets and data Offsets gives.
func TestOffsets(t *testing.T) {
	const vals = `["skip", "a", null, "a longer one", "", "skip"]`
	for _, dt := range []arrow.DataType{arrow.BinaryTypes.String, arrow.BinaryTypes.Binary, arrow.BinaryTypes.LargeString, arrow.BinaryTypes.LargeBinary} {
		js := vals
		if Of(dt).Class == ClassBinary {
			js = `["c2tpcA==", "YQ==", null, "YSBsb25nZXIgb25l", "", "c2tpcA=="]`
		}
		a := sliced(t, dt, js)
		var got []string
		if Of(dt).Large {
			offs, data := Offsets[int64](a.Data())
			for i := range a.Len() {
				got = append(got, string(data[offs[i]:offs[i+1]]))
			}
		} else {
			offs, data := Offsets[int32](a.Data())
			for i := range a.Len() {
				got = append(got, string(data[offs[i]:offs[i+1]]))
			}
		}
		if want := []string{"a", "", "a longer one", ""}; !slices.Equal(got, want) {
			t.Errorf("%s: %q, want %q", dt, got, want)
		}
	}
	if offs, data := Offsets[int32](sliced(t, arrow.BinaryTypes.String, `["a", "b"]`).Data()); offs != nil || data != nil {
		t.Errorf("empty: %v %v", offs, data)
	}
}
