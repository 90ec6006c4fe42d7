package frame

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

func groupRowsFrame(t *testing.T) *Frame {
	t.Helper()
	f := FromColumns([]string{"a", "g", "b", "l"},
		[]any{int64(3), nil, int64(1), int64(3), int64(2), int64(3), nil, int64(1)},
		[]any{"x", "y", "x", "x", "y", "z", "x", "y"},
		[]int64{1, 2, 3, 4, 5, 6, 7, 8},
		[]any{[]any{int64(1)}, nil, []any{}, nil, nil, []any{int64(6)}, nil, nil},
	)
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	return f
}

func TestGroupByHeadTail(t *testing.T) {
	f := groupRowsFrame(t)
	tests := []struct {
		name string
		got  *Frame
		cols []string
		b    []any
	}{
		// Polars' group_by("g", maintain_order=True).head(2) and tail(2):
		// rows grouped, groups by first appearance, the key first.
		{"head 2", f.GroupBy("g").Head(2), []string{"g", "a", "b", "l"}, []any{int64(1), int64(3), int64(2), int64(5), int64(6)}},
		{"tail 2", f.GroupBy("g").Tail(2), []string{"g", "a", "b", "l"}, []any{int64(4), int64(7), int64(5), int64(8), int64(6)}},
		{"head 1 two keys", f.GroupBy("a", "g").Head(1), []string{"a", "g", "b", "l"}, []any{int64(1), int64(2), int64(3), int64(5), int64(6), int64(7), int64(8)}},
		{"head 0", f.GroupBy("g").Head(0), []string{"g", "a", "b", "l"}, []any{}},
		{"head 10", f.GroupBy("g").Head(10), []string{"g", "a", "b", "l"}, []any{int64(1), int64(3), int64(4), int64(7), int64(2), int64(5), int64(8), int64(6)}},
		{"head -1", f.GroupBy("g").Head(-1), []string{"g", "a", "b", "l"}, []any{int64(1), int64(3), int64(4), int64(2), int64(5)}},
		{"tail -2", f.GroupBy("g").Tail(-2), []string{"g", "a", "b", "l"}, []any{int64(4), int64(7), int64(8)}},
		{"null keys", f.GroupBy("a").Head(1), []string{"a", "g", "b", "l"}, []any{int64(1), int64(2), int64(3), int64(5)}},
		{"expression key", f.GroupByExprs(Col("b").Mod(Lit(3)).Alias("m")).Head(1), []string{"m", "a", "g", "b", "l"}, []any{int64(1), int64(2), int64(3)}},
		{"empty", f.Head(0).GroupBy("g").Head(2), []string{"g", "a", "b", "l"}, []any{}},
	}
	for _, tc := range tests {
		if err := tc.got.Err(); err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if c := tc.got.Columns(); !reflect.DeepEqual(c, tc.cols) {
			t.Errorf("%s: columns %v, want %v", tc.name, c, tc.cols)
		}
		if b := sortColumn(t, tc.got, "b"); !reflect.DeepEqual(b, tc.b) {
			t.Errorf("%s: b %v, want %v", tc.name, b, tc.b)
		}
	}
	// The nested column travels with its rows.
	h := f.GroupBy("g").Head(1)
	if l := sortColumn(t, h, "l"); !reflect.DeepEqual(l, []any{[]any{int64(1)}, nil, []any{int64(6)}}) {
		t.Errorf("nested: %v", l)
	}
	if err := f.GroupBy("nope").Head(1).Err(); !errors.Is(err, ErrColumn) {
		t.Errorf("unknown key: %v", err)
	}
	if err := (&GroupBy{}).Tail(1).Err(); !errors.Is(err, ErrArgument) {
		t.Errorf("zero GroupBy: %v", err)
	}
}

func TestGroupByApply(t *testing.T) {
	f := groupRowsFrame(t)
	calls := 0
	got := f.GroupBy("g").Apply(func(g *Frame) (*Frame, error) {
		calls++
		return g.Sort(Desc("b")).Head(1).SelectExprs(Col("g"), Col("b"), Len().Alias("n"), Col("b").Sum().Alias("sum")), nil
	})
	if err := got.Err(); err != nil {
		t.Fatal(err)
	}
	if calls != 3 {
		t.Errorf("%d calls, want 3", calls)
	}
	if g := sortColumn(t, got, "g"); !reflect.DeepEqual(g, []any{"x", "y", "z"}) {
		t.Errorf("g: %v", g)
	}
	if b := sortColumn(t, got, "b"); !reflect.DeepEqual(b, []any{int64(7), int64(8), int64(6)}) {
		t.Errorf("b: %v", b)
	}
	// Each group sees its rows in frame order, every column, a range
	// index from 0.
	var seen []string
	f.GroupBy("a").Apply(func(g *Frame) (*Frame, error) {
		seen = append(seen, fmt.Sprint(sortColumn(t, g, "b"), g.Columns(), g.Index()))
		return g, nil
	})
	if len(seen) != 4 || !strings.HasPrefix(seen[0], "[1 4 6] [a g b l]") {
		t.Errorf("groups seen: %q", seen)
	}
	// Errors name the group.
	sentinel := errors.New("boom")
	err := f.GroupBy("g", "a").Apply(func(g *Frame) (*Frame, error) {
		if g.NumRows() == 1 {
			return nil, sentinel
		}
		return g, nil
	}).Err()
	if !errors.Is(err, sentinel) || !strings.Contains(err.Error(), "(g=y, a=null)") {
		t.Errorf("error: %v", err)
	}
	err = f.GroupBy("g").Apply(func(g *Frame) (*Frame, error) { return nil, nil }).Err()
	if !errors.Is(err, ErrArgument) || !strings.Contains(err.Error(), "(g=x)") {
		t.Errorf("nil frame: %v", err)
	}
	err = f.GroupBy("g").Apply(func(g *Frame) (*Frame, error) { return g.Select("nope"), nil }).Err()
	if !errors.Is(err, ErrColumn) {
		t.Errorf("failed frame: %v", err)
	}
	err = f.GroupBy("g").Apply(func(g *Frame) (*Frame, error) {
		if g.NumRows() == 1 {
			return g.WithColumns(Lit("text").Alias("b")), nil
		}
		return g, nil
	}).Err()
	if !errors.Is(err, ErrType) {
		t.Errorf("results Concat cannot join: %v", err)
	}
	if err := f.GroupBy("g").Apply(nil).Err(); !errors.Is(err, ErrArgument) {
		t.Errorf("nil fn: %v", err)
	}
	empty := f.Head(0).GroupBy("g").Apply(func(g *Frame) (*Frame, error) { return nil, sentinel })
	if empty.Err() != nil || empty.NumRows() != 0 || empty.NumColumns() != 4 {
		t.Errorf("empty: %v", empty.Err())
	}
}

// TestGroupByHeadProperty checks Head and Tail against a naive grouping
// over ToValue.
func TestGroupByHeadProperty(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 21))
	for iter := range 200 {
		n := rng.IntN(30)
		keys, ids := make([]any, n), make([]int64, n)
		for i := range n {
			ids[i] = int64(i)
			if rng.IntN(6) > 0 {
				keys[i] = int64(rng.IntN(5))
			}
		}
		f := FromColumns([]string{"id", "k"}, ids, keys)
		if n == 0 {
			f = FromColumns([]string{"id", "k"}, []int64{}, []int64{})
		}
		var order []any
		members := map[any][]any{}
		for i, k := range keys {
			if _, ok := members[k]; !ok {
				order = append(order, k)
			}
			members[k] = append(members[k], int64(i))
		}
		m := rng.IntN(5) - 1
		var head, tail []any
		for _, k := range order {
			rows := members[k]
			c := m
			if c < 0 {
				c = max(len(rows)+c, 0)
			}
			c = min(c, len(rows))
			head = append(head, rows[:c]...)
			tail = append(tail, rows[len(rows)-c:]...)
		}
		gh := sortColumn(t, f.GroupBy("k").Head(m), "id")
		gt := sortColumn(t, f.GroupBy("k").Tail(m), "id")
		if len(gh) != len(head) || (len(head) > 0 && !reflect.DeepEqual(gh, head)) {
			t.Fatalf("iteration %d head(%d): %v, want %v (keys %v)", iter, m, gh, head, keys)
		}
		if len(gt) != len(tail) || (len(tail) > 0 && !reflect.DeepEqual(gt, tail)) {
			t.Fatalf("iteration %d tail(%d): %v, want %v (keys %v)", iter, m, gt, tail, keys)
		}
	}
}
