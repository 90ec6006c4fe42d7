package parquet

import (
	"fmt"
	"slices"
	"strings"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
	"github.com/structframe/structframe/index"
)

// leafColumns returns the Parquet leaf column indices under the given
// dotted paths, in file order, with those of "_index_" added; nil paths
// give nil (every column).
func leafColumns(m *pqarrow.SchemaManifest, paths []string) ([]int, error) {
	if paths == nil {
		return nil, nil
	}
	seen := map[int]bool{}
	for _, p := range paths {
		n := findPath(m.Fields, strings.Split(p, "."))
		if n == nil {
			return nil, fmt.Errorf("WithColumns: no column %q in the file (columns: %s)", p, topNames(m.Fields))
		}
		collectLeaves(n, seen)
	}
	for i := range m.Fields {
		if m.Fields[i].Field.Name == index.Field {
			collectLeaves(&m.Fields[i], seen)
		}
	}
	out := make([]int, 0, len(seen))
	for i := range m.ColIndexToField {
		if seen[i] {
			out = append(out, i)
		}
	}
	slices.Sort(out)
	return out, nil
}

func topNames(fs []pqarrow.SchemaField) string {
	names := make([]string, len(fs))
	for i := range fs {
		names[i] = fs[i].Field.Name
	}
	return strings.Join(names, ", ")
}

// findPath finds the field at parts among fs, stepping through list and
// map levels without consuming a part; a name holding dots is matched
// whole before its parts are.
func findPath(fs []pqarrow.SchemaField, parts []string) *pqarrow.SchemaField {
	for n := len(parts); n >= 1; n-- {
		name := strings.Join(parts[:n], ".")
		for i := range fs {
			if fs[i].Field.Name != name {
				continue
			}
			if n == len(parts) {
				return &fs[i]
			}
			if f := findPath(structChildren(&fs[i]), parts[n:]); f != nil {
				return f
			}
		}
	}
	return nil
}

// structChildren returns the fields of the struct under f's list levels,
// or nil.
func structChildren(f *pqarrow.SchemaField) []pqarrow.SchemaField {
	for {
		switch f.Field.Type.ID() {
		case arrow.STRUCT:
			return f.Children
		case arrow.LIST, arrow.LARGE_LIST, arrow.FIXED_SIZE_LIST, arrow.MAP, arrow.LIST_VIEW, arrow.LARGE_LIST_VIEW:
			if len(f.Children) != 1 {
				return nil
			}
			f = &f.Children[0]
		default:
			return nil
		}
	}
}

func collectLeaves(f *pqarrow.SchemaField, seen map[int]bool) {
	if f.IsLeaf() {
		seen[f.ColIndex] = true
		return
	}
	for i := range f.Children {
		collectLeaves(&f.Children[i], seen)
	}
}
