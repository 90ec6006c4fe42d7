package structured

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
)

// maxItems is how many items of a list String prints before "...".
const maxItems = 6

// String renders the Tensor in the spirit of TensorFlow's repr, one field
// per line, nested Tensors indented, long lists cut with "...":
//
//	<StructuredTensor shape=[3] fields={
//	  age: int64 [12, 82, 42]
//	  nicknames: string [["Josaphine"], ["Bob", "Bobby"], ["Elmo"]]
//	}>
func (t *Tensor) String() string {
	var b strings.Builder
	t.write(&b, "")
	return b.String()
}

func (t *Tensor) write(b *strings.Builder, indent string) {
	fmt.Fprintf(b, "<StructuredTensor shape=%v fields={", t.Shape())
	if len(t.names) == 0 {
		b.WriteString("}>")
		return
	}
	b.WriteByte('\n')
	for i, name := range t.names {
		b.WriteString(indent + "  " + quoteName(name) + ": ")
		switch f := t.fields[i].(type) {
		case *Tensor:
			f.write(b, indent+"  ")
		case Leaf:
			writeLeaf(b, f)
		}
		b.WriteByte('\n')
	}
	b.WriteString(indent + "}>")
}

// quoteName quotes field names that are not plain identifiers.
func quoteName(name string) string {
	for i, r := range name {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && r >= '0' && r <= '9') {
			return strconv.Quote(name)
		}
	}
	return name
}

func writeLeaf(b *strings.Builder, l Leaf) {
	b.WriteString(typeName(l.DataType()))
	if s := l.Shape(); len(s) > 1 {
		b.WriteString(" " + s.String())
	}
	b.WriteByte(' ')
	formatGo(b, l.ToValue())
}

// String renders the value as "<Dense int64 shape=[3] [1, 2, 3]>".
func (d *Dense) String() string { return leafString("Dense", d) }

// String renders the value as "<Ragged int64 shape=[2, var] [[1], [2, 3]]>".
func (r *Ragged) String() string { return leafString("Ragged", r) }

func leafString(kind string, l Leaf) string {
	var b strings.Builder
	fmt.Fprintf(&b, "<%s %s shape=%v ", kind, typeName(l.DataType()), l.Shape())
	formatGo(&b, l.ToValue())
	b.WriteByte('>')
	return b.String()
}

// formatGo writes a nested Go value as produced by ToValue.
func formatGo(b *strings.Builder, v any) {
	switch x := v.(type) {
	case nil:
		b.WriteString("null")
	case []any:
		b.WriteByte('[')
		for i, e := range x {
			if i > 0 {
				b.WriteString(", ")
			}
			if i == maxItems && len(x) > maxItems+1 {
				fmt.Fprintf(b, "... %d more", len(x)-maxItems)
				break
			}
			formatGo(b, e)
		}
		b.WriteByte(']')
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		b.WriteByte('{')
		for i, k := range keys {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(quoteName(k) + ": ")
			formatGo(b, x[k])
		}
		b.WriteByte('}')
	case string:
		b.WriteString(strconv.Quote(x))
	case float64:
		b.WriteString(strconv.FormatFloat(x, 'g', -1, 64))
	case float32:
		b.WriteString(strconv.FormatFloat(float64(x), 'g', -1, 32))
	case []byte:
		fmt.Fprintf(b, "%q", x)
	case time.Time:
		b.WriteString(x.Format(time.RFC3339Nano))
	case arrow.Date32:
		b.WriteString(x.FormattedString())
	default:
		fmt.Fprint(b, x)
	}
}

// typeName names an Arrow type the way users of this package read it:
// "string" rather than Arrow's "utf8".
func typeName(dt arrow.DataType) string {
	switch dt.ID() {
	case arrow.STRING:
		return "string"
	case arrow.LARGE_STRING:
		return "large_string"
	case arrow.NULL:
		return "null"
	}
	return dt.String()
}
