package frame

import (
	"errors"
	"maps"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/structframe/structframe/structured"
)

// explRecipes is a small frame with nulls at every level: a null list, an
// empty list, a null item, a null structure inside a list, a list of
// lists and a structure.
func explRecipes(t testing.TB) *Frame {
	t.Helper()
	f := FromRecords([]any{
		map[string]any{"id": int64(1), "tags": []any{"a", "b"}, "nums": []any{int64(1), int64(2)}, "ing": []any{map[string]any{"name": "x", "qty": 1.0}, map[string]any{"name": "y", "qty": 2.0}}, "grid": []any{[]any{int64(1)}, []any{}}},
		map[string]any{"id": int64(2), "tags": []any{}, "nums": []any{}, "ing": []any{}, "grid": []any{}},
		map[string]any{"id": int64(3), "tags": nil, "nums": nil, "ing": nil, "grid": nil},
		map[string]any{"id": int64(4), "tags": []any{nil}, "nums": []any{int64(7), int64(8)}, "ing": []any{nil}, "grid": []any{nil}},
	})
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	return f
}

// explNaive explodes Go rows (as ToValue gives them) the slow obvious
// way, for cross-checks.
func explNaive(rows []any, cols []string, empty, null ExplodePolicy, pos string) ([]any, error) {
	var out []any
	for i, r := range rows {
		m, _ := r.(map[string]any)
		n, allNull := -1, true
		for _, c := range cols {
			l, _ := m[c].([]any)
			if m[c] != nil {
				allNull = false
			}
			if n >= 0 && len(l) != n {
				return nil, errors.New("length mismatch")
			}
			n = len(l)
		}
		if n > 0 {
			for j := 0; j < n; j++ {
				row := maps.Clone(m)
				for _, c := range cols {
					row[c] = m[c].([]any)[j]
				}
				if pos != "" {
					row[pos] = int64(j)
				}
				out = append(out, row)
			}
			continue
		}
		p := empty
		if allNull {
			p = null
		}
		switch p {
		case ExplodeDrop:
			continue
		case ExplodeFail:
			return nil, errors.New("fail at row " + string(rune('0'+i)))
		}
		row := maps.Clone(m)
		for _, c := range cols {
			row[c] = nil
		}
		if pos != "" {
			row[pos] = int64(-1)
			if allNull {
				row[pos] = nil
			}
		}
		out = append(out, row)
	}
	if out == nil {
		out = []any{}
	}
	return out, nil
}

func TestExplode(t *testing.T) {
	f := explRecipes(t)
	rows := f.data.ToValue().([]any)
	tests := []struct {
		name  string
		cols  []string
		opts  []ExplodeOption
		empty ExplodePolicy
		null  ExplodePolicy
		pos   string
		n     int
		err   error
		msg   []string // substrings of the error message
	}{
		{name: "default keeps empty and null", cols: []string{"tags"}, n: 5},
		{name: "drop both", cols: []string{"tags"}, opts: []ExplodeOption{WithEmptyAs(ExplodeDrop), WithNullAs(ExplodeDrop)}, empty: ExplodeDrop, null: ExplodeDrop, n: 3},
		{name: "drop empty keep null", cols: []string{"tags"}, opts: []ExplodeOption{WithEmptyAs(ExplodeDrop)}, empty: ExplodeDrop, n: 4},
		{name: "position", cols: []string{"tags"}, opts: []ExplodeOption{WithPosition("pos")}, pos: "pos", n: 5},
		{name: "two columns", cols: []string{"tags", "ing"}, opts: []ExplodeOption{WithPosition("i")}, pos: "i", n: 5},
		{name: "list of structures", cols: []string{"ing"}, n: 5},
		{name: "list of lists", cols: []string{"grid"}, n: 5},
		{name: "fail on empty", cols: []string{"tags"}, opts: []ExplodeOption{WithEmptyAs(ExplodeFail)}, err: ErrShape, msg: []string{`"tags"`, "empty", "row 1"}},
		{name: "fail on null", cols: []string{"tags"}, opts: []ExplodeOption{WithNullAs(ExplodeFail)}, err: ErrShape, msg: []string{`"tags"`, "null", "row 2"}},
		{name: "length mismatch", cols: []string{"tags", "ing", "nums"}, err: ErrShape, msg: []string{`"tags"`, `"nums"`, "row 3", "1 and 2"}},
		{name: "length mismatch first row", cols: []string{"grid", "nums", "tags"}, err: ErrShape, msg: []string{`"grid"`, `"nums"`, "row 3", "1 and 2"}},
		{name: "not a list", cols: []string{"id"}, err: ErrType, msg: []string{`"id"`, "not a list"}},
		{name: "unknown", cols: []string{"nope"}, err: ErrColumn, msg: []string{`"nope"`}},
		{name: "twice", cols: []string{"tags", "tags"}, err: ErrDuplicate},
		{name: "no columns", cols: nil, err: ErrArgument},
		{name: "unknown policy", cols: []string{"tags"}, opts: []ExplodeOption{WithNullAs(ExplodePolicy(9))}, err: ErrArgument},
		{name: "position named as an exploded column", cols: []string{"tags"}, opts: []ExplodeOption{WithPosition("tags")}, err: ErrDuplicate},
		{name: "position after the last exploded column", cols: []string{"ing", "tags"}, opts: []ExplodeOption{WithPosition("i")}, pos: "i", n: 5},
		{name: "position taken", cols: []string{"tags"}, opts: []ExplodeOption{WithPosition("id")}, err: ErrDuplicate, msg: []string{`"id"`}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := f.Explode(tc.cols, tc.opts...)
			err := g.Err()
			if tc.err != nil {
				if !errors.Is(err, tc.err) {
					t.Fatalf("err = %v, want %v", err, tc.err)
				}
				for _, s := range tc.msg {
					if !strings.Contains(err.Error(), s) {
						t.Errorf("error %q does not mention %s", err, s)
					}
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if g.NumRows() != tc.n || g.Index().NumRows() != tc.n {
				t.Errorf("rows = %d (index %d), want %d", g.NumRows(), g.Index().NumRows(), tc.n)
			}
			want, err := explNaive(rows, tc.cols, tc.empty, tc.null, tc.pos)
			if err != nil {
				t.Fatal(err)
			}
			if got := g.data.ToValue(); !reflect.DeepEqual(got, want) {
				t.Errorf("got  %v\nwant %v", got, want)
			}
			if tc.pos != "" {
				cols := g.Columns()
				last := 0
				for i, c := range cols {
					if slices.Contains(tc.cols, c) {
						last = i
					}
				}
				if cols[last+1] != tc.pos {
					t.Errorf("columns %v: position not after the last exploded column", cols)
				}
			}
		})
	}
}

func TestExplodeMismatchMessage(t *testing.T) {
	f := FromColumns([]string{"a", "b"}, [][]int64{{1, 2}, {3}}, [][]string{{"x", "y"}, {"z", "w"}})
	err := f.Explode([]string{"a", "b"}).Err()
	if !errors.Is(err, ErrShape) {
		t.Fatal(err)
	}
	want := `frame: Explode: columns "a" and "b" have lists of different lengths at row 1: 1 and 2`
	if err.Error() != want {
		t.Errorf("err = %q\nwant %q", err, want)
	}
}

func TestExplodeKinds(t *testing.T) {
	// The types exploded columns take.
	f := explRecipes(t)
	tests := []struct {
		col, schema string
	}{
		{"tags", "5 * {grid: ?var * var * int64, id: int64, ing: ?var * {name: string, qty: float64}, nums: ?var * int64, tags: ?string}"},
		{"ing", "5 * {grid: ?var * var * int64, id: int64, ing: ?{name: string, qty: float64}, nums: ?var * int64, tags: ?var * string}"},
		{"grid", "5 * {grid: ?var * int64, id: int64, ing: ?var * {name: string, qty: float64}, nums: ?var * int64, tags: ?var * string}"},
	}
	for _, tc := range tests {
		g := f.Explode([]string{tc.col})
		if err := g.Err(); err != nil {
			t.Fatal(err)
		}
		if got := g.Schema().String(); got != tc.schema {
			t.Errorf("Explode(%s) schema\n got %s\nwant %s", tc.col, got, tc.schema)
		}
	}
}

func TestExplodeMapAndDense(t *testing.T) {
	m := FromRecords([]any{
		map[string]any{"id": int64(1), "m": map[string]any{"a": int64(1), "b": int64(2)}},
		map[string]any{"id": int64(2), "m": map[string]any{"c": int64(3)}},
		map[string]any{"id": int64(3), "m": nil},
	}, structured.WithMapThreshold(1))
	if err := m.Err(); err != nil {
		t.Fatal(err)
	}
	g := m.Explode([]string{"m"}, WithNullAs(ExplodeDrop))
	if err := g.Err(); err != nil {
		t.Fatal(err)
	}
	want := []any{
		map[string]any{"id": int64(1), "m": map[string]any{"key": "a", "value": int64(1)}},
		map[string]any{"id": int64(1), "m": map[string]any{"key": "b", "value": int64(2)}},
		map[string]any{"id": int64(2), "m": map[string]any{"key": "c", "value": int64(3)}},
	}
	if got := g.data.ToValue(); !reflect.DeepEqual(got, want) {
		t.Errorf("map explode: got %v\nwant %v", got, want)
	}

	// A fixed-size list (a Dense [n, 2] column).
	arr := structured.Must(structured.ValueOf([]any{[]any{1.0, 2.0}, []any{3.0, 4.0}}))
	d, err := structured.MergeValueDims(arr, 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	dl := d.(structured.Leaf)
	dense, err := structured.NewDense(dl.Values(), 2, 2)
	if err != nil {
		t.Fatal(err)
	}
	fd := FromColumns([]string{"id", "v"}, []int64{1, 2}, dense)
	g = fd.Explode([]string{"v"}, WithPosition("p"))
	if err := g.Err(); err != nil {
		t.Fatal(err)
	}
	wantD := []any{
		map[string]any{"id": int64(1), "v": 1.0, "p": int64(0)},
		map[string]any{"id": int64(1), "v": 2.0, "p": int64(1)},
		map[string]any{"id": int64(2), "v": 3.0, "p": int64(0)},
		map[string]any{"id": int64(2), "v": 4.0, "p": int64(1)},
	}
	if got := g.data.ToValue(); !reflect.DeepEqual(got, wantD) {
		t.Errorf("dense explode: got %v\nwant %v", got, wantD)
	}
}

func TestExplodeEmptyFrames(t *testing.T) {
	f := FromColumns([]string{"id", "xs"}, []int64{1}, [][]int64{{1, 2}}).Slice(0, 0)
	g := f.Explode([]string{"xs"}, WithPosition("p"))
	if err := g.Err(); err != nil {
		t.Fatal(err)
	}
	if r, c := g.NumRows(), g.NumColumns(); r != 0 || c != 3 {
		t.Errorf("shape = %d×%d, want 0×3", r, c)
	}
	if err := FromColumns(nil).Explode([]string{"xs"}).Err(); !errors.Is(err, ErrColumn) {
		t.Errorf("0 columns: err = %v", err)
	}
	// Every list empty: one null row each, or none.
	e := FromColumns([]string{"xs"}, [][]int64{{}, {}})
	if n := e.Explode([]string{"xs"}).NumRows(); n != 2 {
		t.Errorf("kept empties: %d rows", n)
	}
	if n := e.Explode([]string{"xs"}, WithEmptyAs(ExplodeDrop)).NumRows(); n != 0 {
		t.Errorf("dropped empties: %d rows", n)
	}
}

// TestExplodeRoundTrip rebuilds the lists from an exploded frame with its
// position column, by hand (Nest does it in general): empty, null and
// [null] lists all come back.
func TestExplodeRoundTrip(t *testing.T) {
	f := explRecipes(t)
	for _, col := range []string{"tags", "ing", "grid", "nums"} {
		g := f.Explode([]string{col}, WithPosition("pos"))
		if err := g.Err(); err != nil {
			t.Fatal(err)
		}
		rows := g.data.ToValue().([]any)
		var lists []any
		for _, r := range rows {
			m := r.(map[string]any)
			switch p := m["pos"]; {
			case p == nil:
				lists = append(lists, nil)
			case p.(int64) == -1:
				lists = append(lists, []any{})
			case p.(int64) == 0:
				lists = append(lists, []any{m[col]})
			default:
				last := lists[len(lists)-1].([]any)
				lists[len(lists)-1] = append(last, m[col])
			}
		}
		var want []any
		for _, r := range f.data.ToValue().([]any) {
			want = append(want, r.(map[string]any)[col])
		}
		if !reflect.DeepEqual(lists, want) {
			t.Errorf("%s: rebuilt %v\nwant %v", col, lists, want)
		}
	}
}

func TestExplodeSharesItems(t *testing.T) {
	// Without kept empty or null lists the exploded column is the list's
	// items themselves: same Arrow buffer.
	f := FromColumns([]string{"xs"}, [][]float64{{1, 2}, {3}})
	g := f.Explode([]string{"xs"})
	src, _ := f.data.Field("xs")
	dst, _ := g.data.Field("xs")
	a := src.(structured.Leaf).Values().Data().Buffers()[1]
	b := dst.(structured.Leaf).Values().Data().Buffers()[1]
	if &a.Bytes()[0] != &b.Bytes()[0] {
		t.Error("the exploded items were copied")
	}
}

// TestExplodeProperty explodes every list column of random nested frames
// (nulls at every level) under every policy pair, against a naive
// explode of ToValue, on frames built every way (randWays).
func TestExplodeProperty(t *testing.T) {
	for _, w := range randWays() {
		t.Run(w.String(), func(t *testing.T) { explodeProperty(t, w) })
	}
}

func explodeProperty(t *testing.T, w randWay) {
	rng := rand.New(rand.NewPCG(3, 4+uint64(w)))
	for iter := range 60 {
		f, _ := nestRandFrame(rng, rng.IntN(8), iter%3 != 0)
		f = randBuild(t, rng, f, w)
		if err := f.Err(); err != nil {
			t.Fatal(err)
		}
		explCheck(t, f, uint8(iter%4))
		// A window of the rows: partitions that do not start at 0.
		if n := f.NumRows(); n > 1 {
			explCheck(t, f.Slice(1, n), uint8(iter%4))
		}
	}
}

// TestExplodeArrow explodes columns read from an Arrow record batch (int32
// list offsets, a sliced batch) against the naive explode.
func TestExplodeArrow(t *testing.T) {
	f := explRecipes(t)
	rec, err := f.ToRecordBatch()
	if err != nil {
		t.Fatal(err)
	}
	defer rec.Release()
	sliced := rec.NewSlice(1, 4)
	defer sliced.Release()
	for _, r := range []arrow.RecordBatch{rec, sliced} {
		g := FromRecordBatch(r)
		if err := g.Err(); err != nil {
			t.Fatal(err)
		}
		for p := range uint8(4) {
			explCheck(t, g, p)
		}
	}
}
