package frame

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// joinFrames returns a small left and right frame: users and their
// orders, with a null key on each side and a nested column on the right.
func joinFrames(t *testing.T) (users, orders *Frame) {
	t.Helper()
	users = FromColumns([]string{"id", "name", "tags"},
		[]any{int64(1), int64(2), int64(3), nil},
		[]any{"ann", "bob", "cy", "dee"},
		[]any{[]any{"a"}, []any{}, nil, []any{"d", "e"}},
	)
	i32 := array.NewInt32Builder(memory.DefaultAllocator)
	i32.AppendValues([]int32{2, 1, 2, 9, 0}, []bool{true, true, true, true, false})
	orders = FromColumns([]string{"id", "name", "item"},
		i32.NewArray(),
		[]any{"o1", "o2", "o3", "o4", "o5"},
		[]any{
			map[string]any{"sku": "x", "qty": int64(1)},
			map[string]any{"sku": "y", "qty": int64(2)},
			nil,
			map[string]any{"sku": "z", "qty": int64(4)},
			map[string]any{"sku": "w", "qty": int64(5)},
		},
	)
	for _, f := range []*Frame{users, orders} {
		if err := f.Err(); err != nil {
			t.Fatal(err)
		}
	}
	return users, orders
}

func TestJoin(t *testing.T) {
	users, orders := joinFrames(t)
	tests := []struct {
		how  JoinHow
		cols []string
		rows []string
	}{
		{Inner, []string{"id", "name", "tags", "name_right", "item"}, []string{
			`1 ann [a] o2 map[qty:2 sku:y]`,
			`2 bob [] o1 map[qty:1 sku:x]`,
			`2 bob [] o3 <nil>`,
		}},
		{Left, []string{"id", "name", "tags", "name_right", "item"}, []string{
			`1 ann [a] o2 map[qty:2 sku:y]`,
			`2 bob [] o1 map[qty:1 sku:x]`,
			`2 bob [] o3 <nil>`,
			`3 cy <nil> <nil> <nil>`,
			`<nil> dee [d e] <nil> <nil>`,
		}},
		{Outer, []string{"id", "name", "tags", "name_right", "item"}, []string{
			`1 ann [a] o2 map[qty:2 sku:y]`,
			`2 bob [] o1 map[qty:1 sku:x]`,
			`2 bob [] o3 <nil>`,
			`3 cy <nil> <nil> <nil>`,
			`<nil> dee [d e] <nil> <nil>`,
			`9 <nil> <nil> o4 map[qty:4 sku:z]`,
			`<nil> <nil> <nil> o5 map[qty:5 sku:w]`,
		}},
		{Right, []string{"id", "name", "tags", "name_right", "item"}, []string{
			`2 bob [] o1 map[qty:1 sku:x]`,
			`1 ann [a] o2 map[qty:2 sku:y]`,
			`2 bob [] o3 <nil>`,
			`9 <nil> <nil> o4 map[qty:4 sku:z]`,
			`<nil> <nil> <nil> o5 map[qty:5 sku:w]`,
		}},
		{Semi, []string{"id", "name", "tags"}, []string{`1 ann [a]`, `2 bob []`}},
		{Anti, []string{"id", "name", "tags"}, []string{`3 cy <nil>`, `<nil> dee [d e]`}},
	}
	for _, tc := range tests {
		t.Run(tc.how.String(), func(t *testing.T) {
			got := users.Join(orders, On("id"), tc.how)
			if err := got.Err(); err != nil {
				t.Fatal(err)
			}
			if cols := got.Columns(); !reflect.DeepEqual(cols, tc.cols) {
				t.Fatalf("columns = %v, want %v", cols, tc.cols)
			}
			if rows := joinRowStrings(got); !reflect.DeepEqual(rows, tc.rows) {
				t.Errorf("rows =\n%s\nwant\n%s", strings.Join(rows, "\n"), strings.Join(tc.rows, "\n"))
			}
		})
	}
}

// joinRowStrings renders each row as its values in column order.
func joinRowStrings(f *Frame) []string {
	rows, _ := f.data.ToValue().([]any)
	names := f.Columns()
	out := make([]string, len(rows))
	for i, r := range rows {
		m := r.(map[string]any)
		parts := make([]string, len(names))
		for k, n := range names {
			parts[k] = fmt.Sprint(m[n])
		}
		out[i] = strings.Join(parts, " ")
	}
	return out
}

func TestJoinKeysAndNames(t *testing.T) {
	users, orders := joinFrames(t)
	// Different key names: both kept? The right key is dropped (top-level pair).
	o2 := orders.Rename(map[string]string{"id": "user_id"})
	got := users.Join(o2, LeftOn("id").RightOn("user_id"), Inner, WithSuffix("_o"))
	if err := got.Err(); err != nil {
		t.Fatal(err)
	}
	if cols := got.Columns(); !reflect.DeepEqual(cols, []string{"id", "name", "tags", "name_o", "item"}) {
		t.Errorf("columns = %v", cols)
	}
	// A nested key on the right: the structure is carried, nothing dropped.
	nested := FromColumns([]string{"o"}, []any{
		map[string]any{"uid": int64(2), "v": "p"},
		map[string]any{"uid": int64(3), "v": "q"},
	})
	got = users.Join(nested, LeftOn("id").RightOn("o.uid"), Left)
	if err := got.Err(); err != nil {
		t.Fatal(err)
	}
	want := []string{`1 ann [a] <nil>`, `2 bob [] map[uid:2 v:p]`, `3 cy <nil> map[uid:3 v:q]`, `<nil> dee [d e] <nil>`}
	if rows := joinRowStrings(got); !reflect.DeepEqual(rows, want) {
		t.Errorf("nested key rows = %q", rows)
	}
	// Two keys.
	a := FromColumns([]string{"k1", "k2", "v"}, []int64{1, 1, 2, 2}, []string{"x", "y", "x", "y"}, []int64{10, 11, 12, 13})
	b := FromColumns([]string{"k1", "k2", "w"}, []int64{2, 1, 1}, []string{"y", "y", "z"}, []string{"p", "q", "r"})
	got = a.Join(b, On("k1", "k2"), Inner)
	if rows := joinRowStrings(got); !reflect.DeepEqual(rows, []string{`1 y 11 q`, `2 y 13 p`}) {
		t.Errorf("two keys rows = %q (%v)", rows, got.Err())
	}
	// Empty frames.
	empty := FromColumns([]string{"id", "z"}, []int64{}, []string{})
	for _, how := range []JoinHow{Inner, Left, Right, Outer, Semi, Anti} {
		g := users.Join(empty, On("id"), how)
		if err := g.Err(); err != nil {
			t.Fatalf("%v with empty: %v", how, err)
		}
		wantRows := map[JoinHow]int{Inner: 0, Left: 4, Right: 0, Outer: 4, Semi: 0, Anti: 4}[how]
		if g.NumRows() != wantRows {
			t.Errorf("%v with empty: %d rows, want %d", how, g.NumRows(), wantRows)
		}
		g = empty.Join(users, On("id"), how)
		if err := g.Err(); err != nil {
			t.Fatalf("empty %v: %v", how, err)
		}
	}
}

func TestJoinErrors(t *testing.T) {
	users, orders := joinFrames(t)
	strKey := FromColumns([]string{"id"}, []string{"1"})
	clash := FromColumns([]string{"id", "name", "name_right"}, []int64{1}, []string{"a"}, []string{"b"})
	tests := []struct {
		name string
		got  *Frame
		err  error
		msg  string
	}{
		{"unknown left", users.Join(orders, On("nope"), Inner), ErrColumn, "left key"},
		{"unknown right", users.Join(orders, LeftOn("id").RightOn("nope"), Inner), ErrColumn, "right key"},
		{"type mismatch", users.Join(strKey, On("id"), Inner), ErrType, `left "id" is int64, right "id" is utf8`},
		{"list key", users.Join(users, On("tags"), Inner), ErrType, `"tags" is a list column`},
		{"struct key", orders.Join(orders, On("item"), Inner), ErrType, `"item" is a struct column`},
		{"no key", users.Join(orders, On(), Inner), ErrArgument, "no join key"},
		{"key counts", users.Join(orders, LeftOn("id", "name").RightOn("id"), Inner), ErrArgument, "2 left keys"},
		{"nil other", users.Join(nil, On("id"), Inner), ErrArgument, "nil"},
		{"other failed", users.Join(orders.Select("nope"), On("id"), Inner), ErrColumn, "right frame"},
		{"suffix clash", clash.Join(clash.Rename(map[string]string{"name_right": "zz"}), On("id"), Inner, WithSuffix("_right")), ErrDuplicate, `"name_right"`},
		{"bad kind", users.Join(orders, On("id"), JoinHow(42)), ErrArgument, "unknown join kind"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.got.Err()
			if !errors.Is(err, tc.err) || !strings.Contains(err.Error(), tc.msg) {
				t.Fatalf("err = %v, want %v with %q", err, tc.err, tc.msg)
			}
		})
	}
}

// joinRandFrame makes one side of a random join: an id, int and string
// keys with nulls and repeats, a float key with NaN and -0, a value column
// named like one of the other side, and a list column.
func joinRandFrame(rng *rand.Rand, n int, side string) *Frame {
	ids := make([]int64, n)
	ki := make([]any, n)
	ks := make([]any, n)
	kf := make([]any, n)
	lists := make([]any, n)
	floats := []float64{math.NaN(), math.Copysign(0, -1), 0, 1, 2.5}
	for i := range n {
		ids[i] = int64(i)
		if rng.IntN(6) > 0 {
			ki[i] = int64(rng.IntN(5))
		}
		if rng.IntN(6) > 0 {
			ks[i] = string(rune('a' + rng.IntN(3)))
		}
		if rng.IntN(6) > 0 {
			kf[i] = floats[rng.IntN(len(floats))]
		}
		if rng.IntN(3) > 0 {
			lists[i] = []any{side, fmt.Sprint(i)}
		}
	}
	return FromColumns([]string{"ki", "ks", "kf", "id", side}, ki, ks, kf, ids, lists)
}

// joinNaive joins the ToValue rows of l and r by a nested loop, naming and
// ordering the output as Join documents, and renders each row; nullsEqual
// and coalesce are WithNullsEqual's and WithCoalesce's.
func joinNaive(l, r *Frame, keys []string, how JoinHow, nullsEqual, coalesce bool) []string {
	lrows, _ := randNormalize(l.data.ToValue()).([]any)
	rrows, _ := randNormalize(r.data.ToValue()).([]any)
	if how == Cross {
		keys = nil
		how = Inner
	}
	matchKeys := keys
	match := func(a, b map[string]any) bool {
		for _, k := range matchKeys {
			if a[k] == nil && b[k] == nil && nullsEqual {
				continue
			}
			if a[k] == nil || b[k] == nil || sortNaiveCompare(a[k], b[k]) != 0 {
				return false
			}
		}
		return true
	}
	if !coalesce {
		keys = nil // no key dropped nor merged, the matching done by match
	}
	lcols, rcols := l.Columns(), r.Columns()
	type src struct {
		left bool
		name string
	}
	var srcs []src
	for _, c := range lcols {
		srcs = append(srcs, src{true, c})
	}
	if how != Semi && how != Anti {
		for _, c := range rcols {
			if slices.Contains(keys, c) {
				continue
			}
			srcs = append(srcs, src{false, c})
		}
	}
	render := func(a, b map[string]any) string {
		parts := make([]string, len(srcs))
		for i, s := range srcs {
			var v any
			if s.left {
				if a != nil {
					v = a[s.name]
				} else if slices.Contains(keys, s.name) && (how == Outer || how == Right) {
					v = b[s.name]
				}
			} else if b != nil {
				v = b[s.name]
			}
			parts[i] = fmt.Sprint(v)
		}
		return strings.Join(parts, " ")
	}
	var out []string
	switch how {
	case Right:
		for _, rr := range rrows {
			b := rr.(map[string]any)
			found := false
			for _, lr := range lrows {
				if a := lr.(map[string]any); match(a, b) {
					out, found = append(out, render(a, b)), true
				}
			}
			if !found {
				out = append(out, render(nil, b))
			}
		}
		return out
	}
	rmatched := make([]bool, len(rrows))
	for _, lr := range lrows {
		a := lr.(map[string]any)
		found := false
		for j, rr := range rrows {
			b := rr.(map[string]any)
			if !match(a, b) {
				continue
			}
			found, rmatched[j] = true, true
			if how == Inner || how == Left || how == Outer {
				out = append(out, render(a, b))
			}
		}
		switch {
		case how == Semi && found, how == Anti && !found:
			out = append(out, render(a, nil))
		case !found && (how == Left || how == Outer):
			out = append(out, render(a, nil))
		}
	}
	if how == Outer {
		for j, rr := range rrows {
			if !rmatched[j] {
				out = append(out, render(nil, rr.(map[string]any)))
			}
		}
	}
	return out
}

// TestJoinProperty joins random frames, the left built the way of the
// subtest and the right one a random way (so keys of different Arrow types
// meet too), against a nested-loop join of ToValue.
func TestJoinProperty(t *testing.T) {
	for _, w := range randWays() {
		t.Run(w.String(), func(t *testing.T) { joinProperty(t, w) })
	}
}

func joinProperty(t *testing.T, w randWay) {
	rng := rand.New(rand.NewPCG(5, 6+uint64(w)))
	keySets := [][]string{{"ki"}, {"ks"}, {"kf"}, {"ki", "ks"}, {"ks", "kf", "ki"}}
	for iter := range 40 {
		nl, nr := rng.IntN(40), rng.IntN(40)
		rw := w
		if iter%2 == 1 {
			rw = randWay(rng.IntN(int(numRandWays)))
		}
		l := randBuild(t, rng, joinRandFrame(rng, nl, "lv"), w)
		r := randBuild(t, rng, joinRandFrame(rng, nr, "rv"), rw)
		keys := keySets[rng.IntN(len(keySets))]
		how := JoinHow(rng.IntN(int(Cross) + 1))
		nullsEqual, coalesce := rng.IntN(3) == 0, rng.IntN(3) > 0
		on := On(keys...)
		if how == Cross {
			on = On()
		}
		got := l.Join(r, on, how, WithNullsEqual(nullsEqual), WithCoalesce(coalesce))
		if err := got.Err(); err != nil {
			t.Fatalf("iter %d (right %s): %v", iter, rw, err)
		}
		want := joinNaive(l, r, keys, how, nullsEqual, coalesce)
		if rows := joinRowStrings(got); !reflect.DeepEqual(rows, want) && !(len(rows) == 0 && len(want) == 0) {
			t.Fatalf("iter %d (right %s) %v on %v nullsEqual=%v coalesce=%v:\ngot\n%s\nwant\n%s", iter, rw, how, keys,
				nullsEqual, coalesce, strings.Join(rows, "\n"), strings.Join(want, "\n"))
		}
	}
}

// TestJoinMixedKeyTypes joins keys of one kind and different Arrow types;
// an outer join coalesces them into the widest type of the kind.
func TestJoinMixedKeyTypes(t *testing.T) {
	mem := memory.DefaultAllocator
	ls := array.NewLargeStringBuilder(mem)
	ls.AppendValues([]string{"b", "z", ""}, []bool{true, true, false})
	f32 := array.NewFloat32Builder(mem)
	f32.AppendValues([]float32{2.5, 7}, nil)
	left := FromColumns([]string{"s", "x", "v"}, []string{"a", "b"}, []float64{2.5, 1}, []int64{1, 2})
	right := FromColumns([]string{"s", "w"}, ls.NewArray(), []int64{10, 20, 30})
	got := left.Join(right, On("s"), Outer)
	if err := got.Err(); err != nil {
		t.Fatal(err)
	}
	want := []string{`a 2.5 1 <nil>`, `b 1 2 10`, `z <nil> <nil> 20`, `<nil> <nil> <nil> 30`}
	if rows := joinRowStrings(got); !reflect.DeepEqual(rows, want) {
		t.Errorf("string/large_string outer = %q", rows)
	}
	right = FromColumns([]string{"x", "w"}, f32.NewArray(), []int64{10, 20})
	got = left.Join(right, On("x"), Outer)
	if err := got.Err(); err != nil {
		t.Fatal(err)
	}
	want = []string{`a 2.5 1 10`, `b 1 2 <nil>`, `<nil> 7 <nil> 20`}
	if rows := joinRowStrings(got); !reflect.DeepEqual(rows, want) {
		t.Errorf("float64/float32 outer = %q", rows)
	}
	if s := got.Schema().String(); !strings.Contains(s, "x: float64") {
		t.Errorf("schema = %s", s)
	}
}

// TestJoinNullKey joins a key column of Arrow type Null (only nulls): no
// row matches, and an outer join takes the right keys.
func TestJoinNullKey(t *testing.T) {
	l := FromColumns([]string{"k", "a"}, []any{nil, nil}, []string{"x", "y"})
	r := FromColumns([]string{"k", "b"}, []int64{1, 2}, []string{"p", "q"})
	for how, want := range map[JoinHow][]string{
		Inner: nil,
		Left:  {`<nil> x <nil>`, `<nil> y <nil>`},
		Outer: {`<nil> x <nil>`, `<nil> y <nil>`, `1 <nil> p`, `2 <nil> q`},
		Anti:  {`<nil> x`, `<nil> y`},
	} {
		got := l.Join(r, On("k"), how)
		if err := got.Err(); err != nil {
			t.Fatalf("%v: %v", how, err)
		}
		if rows := joinRowStrings(got); !reflect.DeepEqual(rows, want) && len(rows)+len(want) > 0 {
			t.Errorf("%v: rows = %q, want %q", how, rows, want)
		}
	}
}

// TestJoinCoalesceMixedFloatKeepsNegativeZero: an outer join of a float64
// key with a float32 key keeps the left key's -0, as a join of two float64
// keys does (found by TestJoinProperty over the arrowNarrow way).
func TestJoinCoalesceMixedFloatKeepsNegativeZero(t *testing.T) {
	b := array.NewFloat32Builder(memory.DefaultAllocator)
	b.AppendValues([]float32{0, 1}, nil)
	l := FromColumns([]string{"k", "a"}, []float64{math.Copysign(0, -1), 2}, []int64{1, 2})
	r := FromColumns([]string{"k", "b"}, b.NewArray(), []int64{10, 20})
	for _, how := range []JoinHow{Outer, Right} {
		got := l.Join(r, On("k"), how)
		ks, err := got.Column("k")
		if err != nil {
			t.Fatal(err)
		}
		if k := ks.ToValue()[0].(float64); k != 0 || !math.Signbit(k) {
			t.Errorf("%v: key %v, want -0", how, k)
		}
	}
}
