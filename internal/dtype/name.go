package dtype

import "github.com/apache/arrow-go/v18/arrow"

// Name names an Arrow type the way users of the module read it and
// structured.ParseSpec reads it back: "string" rather than Arrow's "utf8",
// "dictionary[int32, string]" rather than
// "dictionary<values=utf8, indices=int32, ordered=false>"; other types,
// decimals included ("decimal(10, 2)"), by Arrow's name. Every message and
// Spec that names a type goes through it.
func Name(dt arrow.DataType) string {
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
		return "dictionary[" + Name(t.IndexType) + ", " + Name(t.ValueType) + ordered + "]"
	}
	return dt.String()
}
