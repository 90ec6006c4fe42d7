package dataset

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/structframe/structframe/frame"
)

// TestPartitionEveryType partitions by a column of each Arrow type,
// whole and sliced (its first item cut off): the directories of its
// values in the order they first appear, or the refusal of a type a
// partition cannot be. A dictionary's values are those of its entries
// (a null entry is a null).
func TestPartitionEveryType(t *testing.T) {
	mk := func(dt arrow.DataType, text string) arrow.Array {
		a, _, err := array.FromJSON(memory.DefaultAllocator, dt, strings.NewReader(text))
		if err != nil {
			t.Fatalf("FromJSON %s %s: %v", dt, text, err)
		}
		return a
	}
	dict := func(idx arrow.DataType, vals arrow.Array) arrow.Array {
		dt := &arrow.DictionaryType{IndexType: idx, ValueType: vals.DataType()}
		return array.NewDictionaryArray(dt, mk(idx, `[0, 1, null, 2, 1]`), vals)
	}
	for _, tc := range []struct {
		name        string
		arr         arrow.Array
		whole, part []string // the directories; nil: refused
	}{
		{"int8", mk(arrow.PrimitiveTypes.Int8, `[9, -128, null, 127, -128]`), []string{"k=9", "k=-128", "k=__HIVE_DEFAULT_PARTITION__", "k=127"}, []string{"k=-128", "k=__HIVE_DEFAULT_PARTITION__", "k=127"}},
		{"int16", mk(arrow.PrimitiveTypes.Int16, `[9, -32768, null, 32767, -32768]`), []string{"k=9", "k=-32768", "k=__HIVE_DEFAULT_PARTITION__", "k=32767"}, []string{"k=-32768", "k=__HIVE_DEFAULT_PARTITION__", "k=32767"}},
		{"int32", mk(arrow.PrimitiveTypes.Int32, `[9, -5, null, 7, -5]`), []string{"k=9", "k=-5", "k=__HIVE_DEFAULT_PARTITION__", "k=7"}, []string{"k=-5", "k=__HIVE_DEFAULT_PARTITION__", "k=7"}},
		{"int64", mk(arrow.PrimitiveTypes.Int64, `[9, -9223372036854775808, null, 7, -9223372036854775808]`), []string{"k=9", "k=-9223372036854775808", "k=__HIVE_DEFAULT_PARTITION__", "k=7"}, []string{"k=-9223372036854775808", "k=__HIVE_DEFAULT_PARTITION__", "k=7"}},
		{"uint8", mk(arrow.PrimitiveTypes.Uint8, `[9, 255, null, 0, 255]`), []string{"k=9", "k=255", "k=__HIVE_DEFAULT_PARTITION__", "k=0"}, []string{"k=255", "k=__HIVE_DEFAULT_PARTITION__", "k=0"}},
		{"uint16", mk(arrow.PrimitiveTypes.Uint16, `[9, 65535, null, 0, 65535]`), []string{"k=9", "k=65535", "k=__HIVE_DEFAULT_PARTITION__", "k=0"}, []string{"k=65535", "k=__HIVE_DEFAULT_PARTITION__", "k=0"}},
		{"uint32", mk(arrow.PrimitiveTypes.Uint32, `[9, 4294967295, null, 0, 4294967295]`), []string{"k=9", "k=4294967295", "k=__HIVE_DEFAULT_PARTITION__", "k=0"}, []string{"k=4294967295", "k=__HIVE_DEFAULT_PARTITION__", "k=0"}},
		{"uint64", mk(arrow.PrimitiveTypes.Uint64, `[9, 18446744073709551615, null, 0, 18446744073709551615]`), []string{"k=9", "k=18446744073709551615", "k=__HIVE_DEFAULT_PARTITION__", "k=0"}, []string{"k=18446744073709551615", "k=__HIVE_DEFAULT_PARTITION__", "k=0"}},
		{"float16", mk(arrow.FixedWidthTypes.Float16, `[9, 1.5, null, 2, 1.5]`), nil, nil},
		{"float32", mk(arrow.PrimitiveTypes.Float32, `[9, 0.1, null, 2, 0.1]`), []string{"k=9", "k=0.1", "k=__HIVE_DEFAULT_PARTITION__", "k=2"}, []string{"k=0.1", "k=__HIVE_DEFAULT_PARTITION__", "k=2"}},
		{"float64", mk(arrow.PrimitiveTypes.Float64, `[9, 0.1, null, 1e21, 0.1]`), []string{"k=9", "k=0.1", "k=__HIVE_DEFAULT_PARTITION__", "k=1e+21"}, []string{"k=0.1", "k=__HIVE_DEFAULT_PARTITION__", "k=1e+21"}},
		{"bool", mk(arrow.FixedWidthTypes.Boolean, `[true, false, null, true, false]`), []string{"k=true", "k=false", "k=__HIVE_DEFAULT_PARTITION__"}, []string{"k=false", "k=__HIVE_DEFAULT_PARTITION__", "k=true"}},
		{"string", mk(arrow.BinaryTypes.String, `["skip", "a/b", null, "", "a/b"]`), []string{"k=skip", "k=a%2Fb", "k=__HIVE_DEFAULT_PARTITION__", "k="}, []string{"k=a%2Fb", "k=__HIVE_DEFAULT_PARTITION__", "k="}},
		{"large_string", mk(arrow.BinaryTypes.LargeString, `["skip", "a=b", null, "x", "a=b"]`), []string{"k=skip", "k=a%3Db", "k=__HIVE_DEFAULT_PARTITION__", "k=x"}, []string{"k=a%3Db", "k=__HIVE_DEFAULT_PARTITION__", "k=x"}},
		{"string_view", mk(arrow.BinaryTypes.StringView, `["skip", "a string longer than twelve", null, "x", "a string longer than twelve"]`), []string{"k=skip", "k=a string longer than twelve", "k=__HIVE_DEFAULT_PARTITION__", "k=x"}, []string{"k=a string longer than twelve", "k=__HIVE_DEFAULT_PARTITION__", "k=x"}},
		{"binary", mk(arrow.BinaryTypes.Binary, `["c2tpcA==", "aGk=", null, "", "aGk="]`), nil, nil},
		{"date32", mk(arrow.FixedWidthTypes.Date32, `["2000-01-01", "2024-01-02", null, "1969-12-31", "2024-01-02"]`), []string{"k=2000-01-01", "k=2024-01-02", "k=__HIVE_DEFAULT_PARTITION__", "k=1969-12-31"}, []string{"k=2024-01-02", "k=__HIVE_DEFAULT_PARTITION__", "k=1969-12-31"}},
		{"date64", mk(arrow.FixedWidthTypes.Date64, `["2000-01-01", "2024-01-02", null, "1969-12-31", "2024-01-02"]`), nil, nil},
		{"timestamp", mk(&arrow.TimestampType{Unit: arrow.Second}, `[0, 1, null, 2, 1]`), nil, nil},
		{"decimal128", mk(&arrow.Decimal128Type{Precision: 10, Scale: 2}, `["0", "-12.50", null, "0.05", "-12.50"]`), nil, nil},
		{"dictionary_int8_int32", dict(arrow.PrimitiveTypes.Int8, mk(arrow.PrimitiveTypes.Int32, `[9, 7, -8]`)), []string{"k=9", "k=7", "k=__HIVE_DEFAULT_PARTITION__", "k=-8"}, []string{"k=7", "k=__HIVE_DEFAULT_PARTITION__", "k=-8"}},
		{"dictionary_uint16_float64", dict(arrow.PrimitiveTypes.Uint16, mk(arrow.PrimitiveTypes.Float64, `[9, 0.5, 2]`)), []string{"k=9", "k=0.5", "k=__HIVE_DEFAULT_PARTITION__", "k=2"}, []string{"k=0.5", "k=__HIVE_DEFAULT_PARTITION__", "k=2"}},
		{"dictionary_int32_string", dict(arrow.PrimitiveTypes.Int32, mk(arrow.BinaryTypes.String, `["skip", "p", "q"]`)), []string{"k=skip", "k=p", "k=__HIVE_DEFAULT_PARTITION__", "k=q"}, []string{"k=p", "k=__HIVE_DEFAULT_PARTITION__", "k=q"}},
		{"dictionary_int32_int64", dict(arrow.PrimitiveTypes.Int32, mk(arrow.PrimitiveTypes.Int64, `[9, 7, -8]`)), []string{"k=9", "k=7", "k=__HIVE_DEFAULT_PARTITION__", "k=-8"}, []string{"k=7", "k=__HIVE_DEFAULT_PARTITION__", "k=-8"}},
		{"dictionary_null_entry", dict(arrow.PrimitiveTypes.Int16, mk(arrow.PrimitiveTypes.Int32, `[3, null, 4]`)), []string{"k=3", "k=__HIVE_DEFAULT_PARTITION__", "k=4"}, []string{"k=__HIVE_DEFAULT_PARTITION__", "k=4"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			defer tc.arr.Release()
			part := array.NewSlice(tc.arr, 1, int64(tc.arr.Len()))
			defer part.Release()
			for _, c := range []struct {
				a    arrow.Array
				want []string
			}{{tc.arr, tc.whole}, {part, tc.part}} {
				f := frame.FromColumns([]string{"k", "n"}, c.a, make([]int64, c.a.Len()))
				groups, _, err := partitionRows(f, []string{"k"})
				if c.want == nil {
					if !errors.Is(err, ErrPartition) || !strings.Contains(err.Error(), "cannot be a partition") {
						t.Errorf("error %v, want a type refused", err)
					}
					continue
				}
				if err != nil {
					t.Fatal(err)
				}
				var dirs []string
				for _, g := range groups {
					dirs = append(dirs, g.dir)
				}
				if !slices.Equal(dirs, c.want) {
					t.Errorf("%d rows: directories %q, want %q", c.a.Len(), dirs, c.want)
				}
			}
		})
	}
}
