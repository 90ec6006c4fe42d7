package structured

import (
	"fmt"
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
//
// A Tensor holding null structures says which in a structures= list laid
// out as its shape, {...} for a structure and null for a null one (or a
// null list), so that a null structure and a structure of null fields,
// whose fields print the same, can be told apart:
//
//	<StructuredTensor shape=[3] structures=[{...}, null, {...}] fields={
//	  a: int64 [1, null, null]
//	}>
func (t *Tensor) String() string {
	var b strings.Builder
	t.write(&b, "")
	return b.String()
}

func (t *Tensor) write(b *strings.Builder, indent string) {
	fmt.Fprintf(b, "<StructuredTensor shape=%v ", t.Shape())
	if t.valid.nulls != 0 {
		b.WriteString("structures=")
		item := func(b *strings.Builder, i int) {
			if t.valid.isNull(i) {
				b.WriteString("null")
			} else {
				b.WriteString("{...}")
			}
		}
		if t.rank == 0 {
			item(b, 0)
		} else {
			writeRows(b, t.parts, 0, 0, t.nrows, item)
		}
		b.WriteByte(' ')
	}
	b.WriteString("fields={")
	if len(t.names) == 0 {
		b.WriteString("}>")
		return
	}
	b.WriteByte('\n')
	for i, name := range t.names {
		b.WriteString(indent + "  " + quoteName(name) + ": ")
		switch f := t.field(i).(type) {
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
	writeItems(b, l)
}

// String renders the value as "<Dense int64 shape=[3] [1, 2, 3]>".
func (d *Dense) String() string { return leafString("Dense", d) }

// String renders the value as "<Ragged int64 shape=[2, var] [[1], [2, 3]]>".
func (r *Ragged) String() string { return leafString("Ragged", r) }

func leafString(kind string, l Leaf) string {
	var b strings.Builder
	fmt.Fprintf(&b, "<%s %s shape=%v ", kind, typeName(l.DataType()), l.Shape())
	writeItems(&b, l)
	b.WriteByte('>')
	return b.String()
}

// writeItems writes a leaf's items as nested lists, reading only the
// items it prints: a large leaf costs no more to print than a small one.
func writeItems(b *strings.Builder, l Leaf) {
	values, nrows, parts := leafLayout(l)
	item := printedItem(values)
	if nrows == Unknown {
		formatGo(b, item(0))
		return
	}
	writeRows(b, parts, 0, 0, nrows, func(b *strings.Builder, i int) { formatGo(b, item(i)) })
}

// decimalText is a decimal as ToValue gives it (exact text), printed
// without quotes.
type decimalText string

// printedItem reads items as ToValue gives them, except decimals, which
// print as numbers rather than quoted strings.
func printedItem(values arrow.Array) func(int) any {
	item := itemReader(values)
	dt := values.DataType()
	if d, ok := dt.(*arrow.DictionaryType); ok {
		dt = d.ValueType
	}
	if _, ok := dt.(arrow.DecimalType); !ok {
		return item
	}
	return func(i int) any {
		if v, ok := item(i).(string); ok {
			return decimalText(v)
		}
		return nil
	}
}

// writeRows writes rows [lo, hi) of dimension level as a list, cut after
// maxItems with the count of the rest; item writes flat item i below the
// last partition.
func writeRows(b *strings.Builder, parts []*RowPartition, level, lo, hi int, item func(b *strings.Builder, i int)) {
	b.WriteByte('[')
	for i := lo; i < hi; i++ {
		if i > lo {
			b.WriteString(", ")
		}
		if i-lo == maxItems && hi-lo > maxItems+1 {
			fmt.Fprintf(b, "... %d more", hi-i)
			break
		}
		switch {
		case level == len(parts):
			item(b, i)
		case parts[level].IsNull(i):
			b.WriteString("null")
		default:
			s, e := parts[level].Bounds(i)
			writeRows(b, parts, level+1, s, e, item)
		}
	}
	b.WriteByte(']')
}

// formatGo writes a leaf item as itemReader returns it.
func formatGo(b *strings.Builder, v any) {
	switch x := v.(type) {
	case nil:
		b.WriteString("null")
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
