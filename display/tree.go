package display

import (
	"strings"

	"github.com/structframe/structframe/structured"
)

// Tree renders t's schema as a tree, one field per line, nested fields
// under their structure with tree lines, as a reader of a wide nested file
// wants it (printSchema in Spark, `tree` in a shell):
//
//	shape: [3]
//	├── title: string
//	├── recipe: ?{2}
//	│   ├── est_time: int64
//	│   └── ingredients: var * {2}
//	│       ├── name: string
//	│       └── amount: float64
//	└── tags: ?var * string
//
// Types are written as in structured.Spec's string: ? before a field that
// holds nulls, one "var *" per list level (or "6 *" for a fixed length),
// then the item type; a structure is {n} with its field count, a map
// map<K, V>. A nil t gives "<nil>".
func Tree(t *structured.Tensor) string {
	if t == nil {
		return "<nil>"
	}
	spec := t.Spec()
	var b strings.Builder
	b.WriteString("shape: ")
	b.WriteString(t.Shape().String())
	if spec.Nullable {
		b.WriteString(" (null rows)")
	}
	b.WriteByte('\n')
	treeFields(&b, spec.Fields, "")
	return strings.TrimSuffix(b.String(), "\n")
}

func treeFields(b *strings.Builder, fields []structured.FieldSpec, prefix string) {
	for k := range fields {
		f := &fields[k]
		last := k == len(fields)-1
		b.WriteString(prefix)
		if last {
			b.WriteString("└── ")
		} else {
			b.WriteString("├── ")
		}
		if !f.IsStruct() || f.Map {
			// The Spec's own text of the field: name: ?var * float64.
			b.WriteString(f.String())
			b.WriteByte('\n')
			continue
		}
		b.WriteString(fieldName(f.Name))
		b.WriteString(": ")
		if f.Nullable {
			b.WriteByte('?')
		}
		for _, d := range f.Dims {
			if d == structured.Unknown {
				b.WriteString("var * ")
			} else {
				b.WriteString(itoa(d) + " * ")
			}
		}
		b.WriteString("{" + itoa(len(f.Fields)) + "}\n")
		next := prefix + "│   "
		if last {
			next = prefix + "    "
		}
		treeFields(b, f.Fields, next)
	}
}
