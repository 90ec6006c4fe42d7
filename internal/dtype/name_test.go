package dtype

import (
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
)

func TestName(t *testing.T) {
	tests := []struct {
		dt   arrow.DataType
		want string
	}{
		{arrow.BinaryTypes.String, "string"},
		{arrow.BinaryTypes.LargeString, "large_string"},
		{arrow.Null, "null"},
		{arrow.PrimitiveTypes.Int32, "int32"},
		{&arrow.Decimal128Type{Precision: 10, Scale: 2}, "decimal(10, 2)"},
		{&arrow.DictionaryType{IndexType: arrow.PrimitiveTypes.Int8, ValueType: arrow.BinaryTypes.String, Ordered: true}, "dictionary[int8, string, ordered]"},
	}
	for _, tt := range tests {
		if got := Name(tt.dt); got != tt.want {
			t.Errorf("Name(%s) = %q, want %q", tt.dt, got, tt.want)
		}
	}
}
