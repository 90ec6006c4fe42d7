package structured

import (
	"strconv"
	"strings"
)

// String renders the Spec on one line, in the spirit of Awkward Array's
// datashape, for instance
//
//	3 * {name: string, scores: var * float64, shoes: ?{sizes: var * float64}}
//
// The grammar, which [ParseSpec] reads back:
//
//   - The Spec's dimensions come first, outermost first, each followed by
//     " * ": a number for a fixed size, var for Unknown (ragged or not
//     fixed). A rank-0 Spec is just its structure, {...}.
//   - A structure is {field, field, ...} in field order ({} for none).
//   - A field is name: type. A name that is not an identifier (ASCII
//     letters, digits and _, not starting with a digit) is quoted as a Go
//     string: "first name".
//   - A field's type is its Dims the same way (var * float64, 6 * float64,
//     var * 3 * int64), then its item type: a structure, or an Arrow type
//     by the names this package prints (Arrow's, mostly): bool,
//     int8 to int64, uint8 to uint64, float16, float32, float64, string,
//     large_string, string_view, binary, large_binary, binary_view,
//     fixed_size_binary[16], date32, date64, time32[ms], time64[ns],
//     timestamp[us] or timestamp[us, tz=UTC], duration[ns] (units s, ms,
//     us, ns), month_interval, day_time_interval,
//     month_day_nano_interval, decimal(38, 10) (decimal128: precision,
//     scale; also decimal32, decimal64, decimal256), dictionary[int32, string] or
//     dictionary[int8, string, ordered] (index type, value type), null.
//   - A map field (FieldSpec.Map) is map<K, V> after its outer dimensions:
//     map<string, float64>, var * map<string, ?{x: int64}>; K is the key's
//     type, V the value's, with its own ? and dimensions.
//   - A Nullable field has ? before its whole type: ?int64, ?var * float64,
//     ?{x: int64}. A Spec has a single nullability per field covering
//     items, lists and structures alike, so the mark is on the field; it
//     reads "this field may hold nulls" (Awkward marks each level, as ?T and
//     option[var * T]).
//   - A Nullable Spec ([Spec.Nullable]: null top-level structures or outer
//     lists) has ? before the whole of it, as a field does:
//     ?var * {a: int64}, ?{a: int64}.
//
// A Spec whose leaves have types no leaf can hold (a union, say) prints
// their Arrow names, which ParseSpec does not read. [Spec.Tree] prints the same on several
// lines.
func (s *Spec) String() string {
	if s == nil {
		return "<nil>"
	}
	var b strings.Builder
	writeTop(&b, s)
	writeStruct(&b, s.Fields, 0, false)
	return b.String()
}

// Tree renders the Spec on several lines, one field per line and nested
// fields indented by two spaces, like a schema printout:
//
//	3 * {
//	  name: string
//	  scores: var * float64
//	  shoes: ?{
//	    sizes: var * float64
//	  }
//	}
//
// It uses [Spec.String]'s notation, and [ParseSpec] reads it too.
func (s *Spec) Tree() string {
	if s == nil {
		return "<nil>"
	}
	var b strings.Builder
	writeTop(&b, s)
	writeStruct(&b, s.Fields, 0, true)
	return b.String()
}

// String renders the field as in a Spec's string: name: ?var * float64.
func (f *FieldSpec) String() string {
	var b strings.Builder
	writeField(&b, f, 0, false)
	return b.String()
}

// specName renders a field name in a Spec's string: as is if it is an
// identifier, else quoted (the empty name too, so that it shows).
func specName(name string) string {
	if name == "" {
		return `""`
	}
	return quoteName(name)
}

// dimString renders one dimension: its size, or var for Unknown.
func dimString(d int) string {
	if d == Unknown {
		return "var"
	}
	return strconv.Itoa(d)
}

// writeTop writes what comes before a Spec's structure: ? if it is
// Nullable, then its dimensions.
func writeTop(b *strings.Builder, s *Spec) {
	if s.Nullable {
		b.WriteByte('?')
	}
	writeDims(b, s.Shape)
}

func writeDims(b *strings.Builder, dims Shape) {
	for _, d := range dims {
		b.WriteString(dimString(d))
		b.WriteString(" * ")
	}
}

// writeStruct writes {fields}, on one line or, if tree, one field per line
// indented below depth levels of two spaces. Indentation is written, not
// built, so that one line costs no more than its own text.
func writeStruct(b *strings.Builder, fields []FieldSpec, depth int, tree bool) {
	b.WriteByte('{')
	if len(fields) == 0 {
		b.WriteByte('}')
		return
	}
	for i := range fields {
		switch {
		case tree:
			writeIndent(b, depth+1)
		case i > 0:
			b.WriteString(", ")
		}
		writeField(b, &fields[i], depth+1, tree)
	}
	if tree {
		writeIndent(b, depth)
	}
	b.WriteByte('}')
}

// writeIndent starts a new line indented by depth levels.
func writeIndent(b *strings.Builder, depth int) {
	b.WriteByte('\n')
	for range depth {
		b.WriteString("  ")
	}
}

func writeField(b *strings.Builder, f *FieldSpec, depth int, tree bool) {
	b.WriteString(specName(f.Name))
	b.WriteString(": ")
	writeType(b, f, depth, tree)
}

// writeType writes a field's type: ?, its dimensions and its item type.
func writeType(b *strings.Builder, f *FieldSpec, depth int, tree bool) {
	if f.Nullable {
		b.WriteByte('?')
	}
	if f.isMapSpec() {
		writeDims(b, f.Dims[:len(f.Dims)-1])
		b.WriteString("map<")
		writeType(b, &f.Fields[0], depth, tree)
		b.WriteString(", ")
		writeType(b, &f.Fields[1], depth, tree)
		b.WriteByte('>')
		return
	}
	writeDims(b, f.Dims)
	if f.IsStruct() {
		writeStruct(b, f.Fields, depth, tree)
		return
	}
	b.WriteString(typeName(f.Type))
}
