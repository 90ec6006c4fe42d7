package structured

import (
	"github.com/apache/arrow-go/v18/arrow"
)

// ToValue converts the Tensor to nested Go values, the inverse of
// [FromValue]: a rank-0 Tensor becomes a map[string]any, a rank-r Tensor
// r levels of []any around such maps. Leaves become Go scalars (int64,
// float64, string, bool, []byte, time.Time for timestamps, arrow.Date32 for
// date32, the matching Go type for other integer and float widths; the
// other Arrow types as the package documentation's table of Arrow types
// says: decimals as exact strings, durations and times of day as
// time.Duration, dictionaries as their values), lists become []any, and
// nulls at any level become nil.
func (t *Tensor) ToValue() any { return elements(t, 0)[0] }

// ToValue converts the value to a Go scalar (rank 0) or nested []any.
func (d *Dense) ToValue() any { return elements(d, 0)[0] }

// ToValue converts the value to nested []any.
func (r *Ragged) ToValue() any { return elements(r, 0)[0] }

// elements returns v's content cut below its first depth dimensions: one Go
// value per position of those dimensions, flattened row-major. For depth 0
// the result has one element, the whole value.
func elements(v Value, depth int) []any {
	var items []any
	var nrows int
	var parts []*RowPartition
	isMap := false
	switch x := v.(type) {
	case *Tensor:
		items, nrows, parts = x.structElements(), x.nrows, x.parts
		if x.rank == 0 {
			return items
		}
		isMap = x.isMap
	case Leaf:
		var values arrow.Array
		values, nrows, parts = leafLayout(x)
		items = make([]any, values.Len())
		item := itemReader(values)
		for i := range items {
			items[i] = item(i)
		}
		if nrows == Unknown {
			return items
		}
	}
	start := depth - 1
	if depth == 0 {
		start = 0
	}
	for i := len(parts) - 1; i >= start; i-- {
		if isMap && i == len(parts)-1 {
			items = groupMaps(items, parts[i])
		} else {
			items = group(items, parts[i])
		}
	}
	if depth == 0 {
		if isMap && len(parts) == 0 {
			return []any{entriesValue(items[:nrows])}
		}
		return []any{items[:nrows:nrows]}
	}
	return items
}

// groupMaps cuts map entries into the maps of p; null maps become nil.
func groupMaps(items []any, p *RowPartition) []any {
	out := make([]any, p.nrows)
	for r := range out {
		if p.IsNull(r) {
			continue
		}
		s, e := p.Bounds(r)
		out[r] = entriesValue(items[s:e])
	}
	return out
}

// entriesValue turns the {key, value} entries of one map into a
// map[string]any when the keys are strings (later entries win over
// earlier ones with the same key), and leaves them a list otherwise.
func entriesValue(entries []any) any {
	m := make(map[string]any, len(entries))
	for _, e := range entries {
		kv, ok := e.(map[string]any)
		if !ok {
			return entries
		}
		k, ok := kv["key"].(string)
		if !ok {
			return entries
		}
		m[k] = kv["value"]
	}
	return m
}

// group cuts items into the rows of p; null rows become nil.
func group(items []any, p *RowPartition) []any {
	out := make([]any, p.nrows)
	for r := range out {
		if p.IsNull(r) {
			continue
		}
		s, e := p.Bounds(r)
		out[r] = items[s:e:e]
	}
	return out
}

// structElements returns one map per flat structure (nil for null ones).
func (t *Tensor) structElements() []any {
	n := t.Size()
	maps := make([]map[string]any, n)
	for i := range maps {
		if !t.valid.isNull(i) {
			maps[i] = make(map[string]any, len(t.names))
		}
	}
	for f, name := range t.names {
		for i, e := range elements(t.field(f), t.rank) {
			if maps[i] != nil {
				maps[i][name] = e
			}
		}
	}
	out := make([]any, n)
	for i, m := range maps {
		if m != nil {
			out[i] = m
		}
	}
	return out
}
