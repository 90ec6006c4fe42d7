package build

import "github.com/apache/arrow-go/v18/arrow"

// replaced by internal/dtype: the Arrow type facts the engine needs, a
// private copy of structured's (dtype_name.go), so that its messages
// name types as structured's do.

// typeName names an Arrow type as users of structured read it: "string"
// rather than Arrow's "utf8", "dictionary[int32, string]"; other types by
// Arrow's name.
func typeName(dt arrow.DataType) string {
	switch t := dt.(type) {
	case *arrow.StringType:
		return "string"
	case *arrow.LargeStringType:
		return "large_string"
	case *arrow.NullType:
		return "null"
	case *arrow.DictionaryType:
		ordered := ""
		if t.Ordered {
			ordered = ", ordered"
		}
		return "dictionary[" + typeName(t.IndexType) + ", " + typeName(t.ValueType) + ordered + "]"
	}
	return dt.String()
}
