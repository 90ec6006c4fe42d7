package dtype

import (
	"math"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// sliced returns a[1:len-1] of an array built from vals by the builder of
// dt, so every reader is checked at a non-zero offset.
func sliced(t *testing.T, dt arrow.DataType, vals string) arrow.Array {
	t.Helper()
	a, _, err := array.FromJSON(memory.DefaultAllocator, dt, strings.NewReader(vals))
	if err != nil {
		t.Fatal(err)
	}
	return array.NewSlice(a, 1, int64(a.Len()-1))
}

func TestNumberReaders(t *testing.T) {
	for _, dt := range []arrow.DataType{
		arrow.PrimitiveTypes.Int8, arrow.PrimitiveTypes.Int16, arrow.PrimitiveTypes.Int32, arrow.PrimitiveTypes.Int64,
		arrow.PrimitiveTypes.Uint8, arrow.PrimitiveTypes.Uint16, arrow.PrimitiveTypes.Uint32, arrow.PrimitiveTypes.Uint64,
		arrow.FixedWidthTypes.Float16, arrow.PrimitiveTypes.Float32, arrow.PrimitiveTypes.Float64,
	} {
		a := sliced(t, dt, "[99, 1, 2, null, 7, 99]")
		i64, ok1 := Int64s(a.Data(), nil)
		u64, ok2 := Uint64s(a.Data(), nil)
		f64, ok3 := Float64s(a.Data(), nil)
		if !ok1 || !ok2 || !ok3 {
			t.Fatalf("%s: not read", dt)
		}
		if !slices.Equal(i64[:2], []int64{1, 2}) || i64[3] != 7 || u64[3] != 7 || f64[1] != 2 || len(f64) != 4 {
			t.Errorf("%s: %v %v %v", dt, i64, u64, f64)
		}
	}
	if _, ok := Int64s(sliced(t, arrow.BinaryTypes.String, `["a","b","c"]`).Data(), nil); ok {
		t.Error("strings read as int64")
	}
	// The int64 slice is the array's own.
	a := sliced(t, arrow.PrimitiveTypes.Int64, "[1, 2, 3, 4]")
	v, _ := Int64s(a.Data(), nil)
	if &v[0] != &a.(*array.Int64).Int64Values()[0] {
		t.Error("int64 items copied")
	}
}

func TestBytes(t *testing.T) {
	const vals = `["skip", "a", null, "a string longer than twelve", "", "skip"]`
	for _, dt := range []arrow.DataType{
		arrow.BinaryTypes.String, arrow.BinaryTypes.LargeString, arrow.BinaryTypes.StringView,
		arrow.BinaryTypes.Binary, arrow.BinaryTypes.LargeBinary, arrow.BinaryTypes.BinaryView,
	} {
		js := vals
		if dt.ID() == arrow.BINARY || dt.ID() == arrow.LARGE_BINARY || dt.ID() == arrow.BINARY_VIEW {
			js = `["c2tpcA==", "YQ==", null, "YSBzdHJpbmcgbG9uZ2VyIHRoYW4gdHdlbHZl", "", "c2tpcA=="]`
		}
		a := sliced(t, dt, js)
		at, ok := Strings(a.Data())
		if !ok {
			t.Fatalf("%s: no accessor", dt)
		}
		if got := []string{at(0), at(2), at(3)}; !slices.Equal(got, []string{"a", "a string longer than twelve", ""}) {
			t.Errorf("%s: %q", dt, got)
		}
	}
	fsb := sliced(t, &arrow.FixedSizeBinaryType{ByteWidth: 2}, `["AAA=", "AQI=", "AwQ="]`)
	at, _ := Bytes(fsb.Data())
	if got := at(0); !slices.Equal(got, []byte{1, 2}) {
		t.Errorf("fixed size binary: %v", got)
	}
	empty := sliced(t, arrow.BinaryTypes.String, `["a", "b"]`)
	if _, ok := Bytes(empty.Data()); !ok {
		t.Error("empty string array: no accessor")
	}
}

func TestConvert(t *testing.T) {
	tests := []struct {
		from   arrow.DataType
		vals   string
		to     arrow.DataType
		want   string
		errMsg string
	}{
		{arrow.PrimitiveTypes.Int8, "[0, -1, null, 127, 0]", arrow.PrimitiveTypes.Int64, "[-1 (null) 127]", ""},
		{arrow.PrimitiveTypes.Int64, "[0, 300, 1, 0]", arrow.PrimitiveTypes.Int8, "", "item 0 (300) does not fit int8"},
		{arrow.PrimitiveTypes.Int32, "[0, -1, 0]", arrow.PrimitiveTypes.Uint32, "", "item 0 (-1)"},
		{arrow.PrimitiveTypes.Uint64, "[0, 18446744073709551615, 0]", arrow.PrimitiveTypes.Int64, "", "does not fit int64"},
		{arrow.PrimitiveTypes.Float64, "[0, 1.5, 0]", arrow.PrimitiveTypes.Int32, "", "item 0 (1.5)"},
		{arrow.PrimitiveTypes.Float64, "[0, 2, null, 0]", arrow.PrimitiveTypes.Int32, "[2 (null)]", ""},
		{arrow.PrimitiveTypes.Float64, "[0, 0.1, 0]", arrow.PrimitiveTypes.Float32, "", "item 0 (0.1)"},
		{arrow.PrimitiveTypes.Float32, "[0, 0.5, 0]", arrow.FixedWidthTypes.Float16, "[0.5]", ""},
		{arrow.FixedWidthTypes.Float16, "[0, 0.5, 0]", arrow.PrimitiveTypes.Float64, "[0.5]", ""},
		{arrow.PrimitiveTypes.Int64, "[0, 9007199254740993, 0]", arrow.PrimitiveTypes.Float64, "", "does not fit float64"},
		{arrow.PrimitiveTypes.Uint16, "[0, 65535, 0]", arrow.PrimitiveTypes.Int32, "[65535]", ""},
		{arrow.BinaryTypes.String, `["a", "b", "c"]`, arrow.PrimitiveTypes.Int32, "", "both must be numbers"},
	}
	for _, tt := range tests {
		a := sliced(t, tt.from, tt.vals)
		got, err := Convert(a, tt.to)
		if tt.errMsg != "" {
			if err == nil || !strings.Contains(err.Error(), tt.errMsg) {
				t.Errorf("%s %s to %s: error %v, want %q", tt.from, tt.vals, tt.to, err, tt.errMsg)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s %s to %s: %v", tt.from, tt.vals, tt.to, err)
			continue
		}
		if !arrow.TypeEqual(got.DataType(), tt.to) || got.String() != tt.want || got.NullN() != a.NullN() {
			t.Errorf("%s %s to %s: %s %s, want %s", tt.from, tt.vals, tt.to, got.DataType(), got, tt.want)
		}
	}
	nan := sliced(t, arrow.PrimitiveTypes.Float64, "[0, 1, 0]")
	nan.(*array.Float64).Float64Values()[0] = math.NaN()
	if got, err := Convert(nan, arrow.PrimitiveTypes.Float32); err != nil || !math.IsNaN(float64(got.(*array.Float32).Value(0))) {
		t.Errorf("NaN to float32: %v %v", got, err)
	}
	if _, err := Convert(nan, arrow.PrimitiveTypes.Int64); err == nil {
		t.Error("NaN to int64: no error")
	}
}

// TestGeneratedUpToDate fails when dispatch.gen.go is not what
// gen/main.go writes: run `go generate ./internal/dtype`.
func TestGeneratedUpToDate(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command on PATH:", err)
	}
	want, err := exec.Command(goTool, "run", "./gen").Output()
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("dispatch.gen.go")
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Error("dispatch.gen.go is out of date: run go generate ./internal/dtype")
	}
}
