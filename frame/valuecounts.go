package frame

import (
	"slices"

	"github.com/structframe/structframe/index"
	"github.com/structframe/structframe/structured"
)

// ValueCounts counts the rows of each distinct value of a column (a leaf
// or a structure; nulls count as one value): a frame of two columns, the
// value (named by the reference) and "count" (int64), sorted by count
// descending and, among equal counts, by first appearance (Polars'
// value_counts(sort=True)). A column named "count" gets the count column
// "counts" instead.
func (f *Frame) ValueCounts(ref string) *Frame {
	const op = "ValueCounts"
	if f.Err() != nil {
		return f
	}
	groups, keyVals, err := grpKeys(op, f, []string{ref})
	if err != nil {
		return failed(err)
	}
	counts := make([]int64, groups.n)
	for _, id := range groups.ids {
		counts[id]++
	}
	order := make([]int, groups.n)
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		switch {
		case counts[a] > counts[b]:
			return -1
		case counts[a] < counts[b]:
			return 1
		}
		return 0
	})
	rows := make([]int, groups.n)
	sorted := make([]int64, groups.n)
	for i, g := range order {
		rows[i] = int(groups.first[g])
		sorted[i] = counts[g]
	}
	vals, err := structured.TakeValue(keyVals[0], rows)
	if err != nil {
		return failed(wrap(op, err))
	}
	cnt, err := (&exprVec{t: exprIntT, n: groups.n, loaded: true, ints: sorted}).toValue(groups.n)
	if err != nil {
		return failed(wrap(op, err))
	}
	name := displayPath(ref)
	countName := "count"
	if name == countName {
		countName = "counts"
	}
	t, err := structured.FromFieldsShape([]structured.FieldValue{{Name: name, Value: vals}, {Name: countName, Value: cnt}}, structured.Shape{groups.n})
	if err != nil {
		return failed(wrap(op, err))
	}
	return f.with(t, index.NewRange(groups.n))
}
