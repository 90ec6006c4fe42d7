package frame

import (
	"bytes"
	"errors"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/decimal128"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// sortColumn returns column ref of f as Go values, failing the test on error.
func sortColumn(t *testing.T, f *Frame, ref string) []any {
	t.Helper()
	s, err := f.Column(ref)
	if err != nil {
		t.Fatal(err)
	}
	return s.ToValue()
}

func TestSort(t *testing.T) {
	nan := math.NaN()
	f := FromColumns([]string{"id", "g", "x", "s"},
		[]int64{0, 1, 2, 3, 4, 5, 6},
		[]any{"b", "a", nil, "b", "a", "a", nil},
		[]any{1.5, nan, nil, math.Inf(1), -2.0, 1.5, 0.0},
		[]any{"x", "y", "z", nil, "w", "v", "u"},
	)
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		keys []SortKey
		want []any // ids
	}{
		{"float asc nulls last", []SortKey{Asc("x")}, []any{int64(4), int64(6), int64(0), int64(5), int64(3), int64(1), int64(2)}},
		{"float desc: NaN largest", []SortKey{Desc("x")}, []any{int64(1), int64(3), int64(0), int64(5), int64(6), int64(4), int64(2)}},
		{"float asc nulls first", []SortKey{Asc("x").NullsFirst()}, []any{int64(2), int64(4), int64(6), int64(0), int64(5), int64(3), int64(1)}},
		{"string asc stable", []SortKey{Asc("g")}, []any{int64(1), int64(4), int64(5), int64(0), int64(3), int64(2), int64(6)}},
		{"two keys", []SortKey{Asc("g").NullsFirst(), Desc("x")}, []any{int64(6), int64(2), int64(1), int64(5), int64(4), int64(3), int64(0)}},
		{"by expr desc", []SortKey{By(Col("s")).Desc()}, []any{int64(2), int64(1), int64(0), int64(4), int64(5), int64(6), int64(3)}},
		{"int desc", []SortKey{Desc("id")}, []any{int64(6), int64(5), int64(4), int64(3), int64(2), int64(1), int64(0)}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := f.Sort(tc.keys...)
			if err := got.Err(); err != nil {
				t.Fatal(err)
			}
			if ids := sortColumn(t, got, "id"); !reflect.DeepEqual(ids, tc.want) {
				t.Errorf("ids = %v, want %v", ids, tc.want)
			}
		})
	}
}

func TestSortErrors(t *testing.T) {
	f := recipes(t)
	tests := []struct {
		name string
		got  *Frame
		err  error
		msg  string
	}{
		{"no key", f.Sort(), ErrArgument, "no sort key"},
		{"unknown", f.Sort(Asc("nope")), ErrColumn, "nope"},
		{"list", f.Sort(Asc("recipe.tags")), ErrType, `"recipe.tags" is a list column`},
		{"struct", f.Sort(Desc("recipe")), ErrType, `"recipe" is a struct column`},
		{"sticky", f.Select("nope").Sort(Asc("title")), ErrColumn, "Select"},
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

func TestSortNestedAndEmpty(t *testing.T) {
	f := recipes(t).Sort(Asc("recipe.rating").NullsFirst(), Asc("title"))
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	if got := sortColumn(t, f, "title"); !reflect.DeepEqual(got, []any{"cake", "salad", "soup"}) {
		t.Errorf("titles = %v", got)
	}
	// Nested columns travel with their rows.
	if got := sortColumn(t, f, "recipe.tags"); !reflect.DeepEqual(got, []any{[]any{}, nil, []any{"hot", "easy"}}) {
		t.Errorf("tags = %#v", got)
	}
	empty := FromColumns([]string{"a"}, []int64{}).Sort(Desc("a"))
	if r, c := empty.NumRows(), empty.NumColumns(); r != 0 || c != 1 || empty.Err() != nil {
		t.Errorf("empty: %d×%d %v", r, c, empty.Err())
	}
}

// TestSortArrowTypes sorts keys of the less common Arrow types.
func TestSortArrowTypes(t *testing.T) {
	mem := memory.DefaultAllocator
	i32 := array.NewInt32Builder(mem)
	i32.AppendValues([]int32{3, -1, 2}, nil)
	u8 := array.NewUint8Builder(mem)
	u8.AppendValues([]uint8{200, 1, 7}, nil)
	ts := array.NewTimestampBuilder(mem, &arrow.TimestampType{Unit: arrow.Second})
	ts.AppendValues([]arrow.Timestamp{30, 10, 20}, nil)
	lstr := array.NewLargeStringBuilder(mem)
	lstr.AppendValues([]string{"b", "c", "a"}, nil)
	sv := array.NewStringViewBuilder(mem)
	sv.AppendValues([]string{"a long string view value b", "a long string view value a", "c"}, nil)
	dict := array.NewDictionaryBuilder(mem, &arrow.DictionaryType{IndexType: arrow.PrimitiveTypes.Int8, ValueType: arrow.BinaryTypes.String}).(*array.BinaryDictionaryBuilder)
	for _, s := range []string{"zz", "aa", "mm"} {
		if err := dict.AppendString(s); err != nil {
			t.Fatal(err)
		}
	}
	f32 := array.NewFloat32Builder(mem)
	f32.AppendValues([]float32{1, -1, float32(math.NaN())}, nil)
	bl := array.NewBooleanBuilder(mem)
	bl.AppendValues([]bool{true, false, true}, []bool{true, true, false})
	f := FromColumns([]string{"id", "i32", "u8", "ts", "ls", "sv", "dict", "f32", "b"},
		[]int64{0, 1, 2}, i32.NewArray(), u8.NewArray(), ts.NewArray(), lstr.NewArray(), sv.NewArray(), dict.NewArray(), f32.NewArray(), bl.NewArray())
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		key  string
		want []any
	}{
		{"i32", []any{int64(1), int64(2), int64(0)}},
		{"u8", []any{int64(1), int64(2), int64(0)}},
		{"ts", []any{int64(1), int64(2), int64(0)}},
		{"ls", []any{int64(2), int64(0), int64(1)}},
		{"sv", []any{int64(1), int64(0), int64(2)}},
		{"dict", []any{int64(1), int64(2), int64(0)}},
		{"f32", []any{int64(1), int64(0), int64(2)}},
		{"b", []any{int64(1), int64(0), int64(2)}},
	} {
		got := f.Sort(Asc(tc.key))
		if err := got.Err(); err != nil {
			t.Fatalf("%s: %v", tc.key, err)
		}
		if ids := sortColumn(t, got, "id"); !reflect.DeepEqual(ids, tc.want) {
			t.Errorf("%s: ids = %v, want %v", tc.key, ids, tc.want)
		}
		for _, k := range []SortKey{Asc(tc.key), Desc(tc.key), Desc(tc.key).NullsFirst()} {
			rk, err := f.SortRowKeys(k)
			if err != nil {
				t.Fatalf("%s: %v", tc.key, err)
			}
			perm := []int{0, 1, 2}
			sort.SliceStable(perm, func(a, b int) bool { return bytes.Compare(rk.Row(perm[a]), rk.Row(perm[b])) < 0 })
			if ids, want := sortColumn(t, f.Take(perm), "id"), sortColumn(t, f.Sort(k), "id"); !reflect.DeepEqual(ids, want) {
				t.Errorf("%v: by row keys ids = %v, Sort gives %v", k, ids, want)
			}
		}
	}
}

// sortRandFrame makes a random frame for the property tests: an id column
// (the row number), int, float (NaN, ±Inf, -0 included) and string
// columns with nulls and many repeats, and a list column carried along.
func sortRandFrame(rng *rand.Rand, n int) *Frame {
	ids := make([]int64, n)
	ints := make([]any, n)
	floats := make([]any, n)
	strs := make([]any, n)
	lists := make([]any, n)
	specials := []float64{math.NaN(), math.Inf(1), math.Inf(-1), math.Copysign(0, -1), 0, 1.5}
	for i := range n {
		ids[i] = int64(i)
		if rng.IntN(5) > 0 {
			ints[i] = int64(rng.IntN(7) - 3)
		}
		switch r := rng.IntN(6); {
		case r == 0:
		case r == 1:
			floats[i] = specials[rng.IntN(len(specials))]
		default:
			floats[i] = float64(rng.IntN(5)) / 2
		}
		if rng.IntN(5) > 0 {
			// Prefixes of each other and zero bytes: what the row keys'
			// string encoding must order as Sort does.
			strs[i] = sortRandStrings[rng.IntN(len(sortRandStrings))]
		}
		if rng.IntN(4) > 0 {
			l := make([]any, rng.IntN(3))
			for j := range l {
				l[j] = int64(rng.IntN(10))
			}
			lists[i] = l
		}
	}
	return FromColumns([]string{"id", "i", "f", "s", "l"}, ids, ints, floats, strs, lists)
}

var sortRandStrings = []string{"a", "b", "c", "d", "", "ab", "a\x00", "a\x00b", "\x00", "b\xff"}

// sortNaiveCompare orders two Go values as Sort does: nil, then numbers
// with NaN above +Inf, strings by bytes.
func sortNaiveCompare(a, b any) int {
	switch x := a.(type) {
	case int64:
		y := b.(int64)
		switch {
		case x < y:
			return -1
		case x > y:
			return 1
		}
		return 0
	case float64:
		y := b.(float64)
		xn, yn := math.IsNaN(x), math.IsNaN(y)
		switch {
		case xn && yn:
			return 0
		case xn:
			return 1
		case yn:
			return -1
		case x < y:
			return -1
		case x > y:
			return 1
		}
		return 0
	case string:
		return strings.Compare(x, b.(string))
	}
	panic("sortNaiveCompare: unexpected value")
}

// sortNaive sorts the rows of f's ToValue with sort.SliceStable and
// returns the ids in order.
func sortNaive(f *Frame, keys []string, desc, nullsFirst []bool) []any {
	rows := randNormalize(f.data.ToValue()).([]any)
	sort.SliceStable(rows, func(i, j int) bool {
		a, b := rows[i].(map[string]any), rows[j].(map[string]any)
		for k, key := range keys {
			va, vb := a[key], b[key]
			if va == nil || vb == nil {
				if va == nil && vb == nil {
					continue
				}
				return (va == nil) == nullsFirst[k]
			}
			c := sortNaiveCompare(va, vb)
			if desc[k] {
				c = -c
			}
			if c != 0 {
				return c < 0
			}
		}
		return false
	})
	ids := make([]any, len(rows))
	for i, r := range rows {
		ids[i] = r.(map[string]any)["id"]
	}
	return ids
}

// TestSortProperty sorts random frames built every way (randWays) and
// checks the order against sort.SliceStable over ToValue.
func TestSortProperty(t *testing.T) {
	for _, w := range randWays() {
		t.Run(w.String(), func(t *testing.T) { sortProperty(t, w) })
	}
}

func sortProperty(t *testing.T, w randWay) {
	rng := rand.New(rand.NewPCG(1, 2+uint64(w)))
	names := []string{"i", "f", "s", "id"}
	for iter := range 40 {
		n := rng.IntN(150)
		if iter%10 == 0 {
			n = rng.IntN(3)
		}
		f := randBuild(t, rng, sortRandFrame(rng, n), w)
		if err := f.Err(); err != nil {
			t.Fatal(err)
		}
		nk := 1 + rng.IntN(3)
		keys := make([]string, nk)
		desc := make([]bool, nk)
		nf := make([]bool, nk)
		sk := make([]SortKey, nk)
		for k := range nk {
			keys[k] = names[rng.IntN(len(names))]
			desc[k], nf[k] = rng.IntN(2) == 0, rng.IntN(2) == 0
			sk[k] = Asc(keys[k])
			if desc[k] {
				sk[k] = sk[k].Desc()
			}
			if nf[k] {
				sk[k] = sk[k].NullsFirst()
			} else if rng.IntN(2) == 0 {
				sk[k] = sk[k].NullsLast()
			}
		}
		got := f.Sort(sk...)
		if err := got.Err(); err != nil {
			t.Fatal(err)
		}
		want := sortNaive(f, keys, desc, nf)
		if ids := randNormalize(sortColumn(t, got, "id")).([]any); !reflect.DeepEqual(ids, want) && !(len(ids) == 0 && len(want) == 0) {
			t.Fatalf("iter %d keys %v: ids = %v, want %v", iter, sk, ids, want)
		}
		// Ordering the rows by the bytes of their keys gives Sort's order.
		rk, err := f.SortRowKeys(sk...)
		if err != nil || rk.Len() != n {
			t.Fatalf("iter %d: SortRowKeys: %d rows, %v", iter, rk.Len(), err)
		}
		perm := make([]int, n)
		for i := range perm {
			perm[i] = i
		}
		sort.SliceStable(perm, func(a, b int) bool { return bytes.Compare(rk.Row(perm[a]), rk.Row(perm[b])) < 0 })
		if ids := randNormalize(sortColumn(t, f.Take(perm), "id")).([]any); !reflect.DeepEqual(ids, want) && !(len(ids) == 0 && len(want) == 0) {
			t.Fatalf("iter %d keys %v: by row keys ids = %v, want %v", iter, sk, ids, want)
		}
		// The list column follows its rows.
		lists, orig := randNormalize(sortColumn(t, got, "l")).([]any), randNormalize(sortColumn(t, f, "l")).([]any)
		for i, id := range want {
			if !reflect.DeepEqual(lists[i], orig[id.(int64)]) {
				t.Fatalf("iter %d: row %d list = %v, want %v", iter, i, lists[i], orig[id.(int64)])
			}
		}
	}
}

// TestSortRadixLarge checks the radix path (more than 64 rows) against
// the comparison path on wide-ranging keys.
func TestSortRadixLarge(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	n := 5000
	xs := make([]float64, n)
	is := make([]int64, n)
	for i := range xs {
		xs[i] = rng.NormFloat64() * 1e6
		is[i] = rng.Int64() - math.MaxInt64/2
	}
	f := FromColumns([]string{"x", "i"}, xs, is)
	for _, tc := range []struct {
		col string
		k   SortKey
	}{{"x", Asc("x")}, {"x", Desc("x")}, {"i", Asc("i")}, {"i", Desc("i")}} {
		k := tc.k
		got := sortColumn(t, f.Sort(k), tc.col)
		ok := sort.SliceIsSorted(got, func(a, b int) bool {
			c := sortNaiveCompare(got[a], got[b])
			if k.desc {
				return c > 0
			}
			return c < 0
		})
		if !ok {
			t.Errorf("%v: not sorted", k)
		}
	}
}

// TestSortJoinDecimal sorts and joins decimal128 keys, negative ones and
// ones beyond 64 bits included.
func TestSortJoinDecimal(t *testing.T) {
	dt := &arrow.Decimal128Type{Precision: 38, Scale: 2}
	mk := func(vals []decimal128.Num, valid []bool) arrow.Array {
		b := array.NewDecimal128Builder(memory.DefaultAllocator, dt)
		b.AppendValues(vals, valid)
		return b.NewArray()
	}
	big := decimal128.New(5, 0) // 5 * 2^64
	vals := []decimal128.Num{decimal128.FromI64(150), decimal128.FromI64(-25), big, decimal128.FromI64(0), decimal128.FromI64(-25)}
	f := FromColumns([]string{"id", "d"}, []int64{0, 1, 2, 3, 4}, mk(vals, []bool{true, true, true, false, true}))
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		key  SortKey
		want []any
	}{
		{Asc("d"), []any{int64(1), int64(4), int64(0), int64(2), int64(3)}},
		{Desc("d").NullsFirst(), []any{int64(3), int64(2), int64(0), int64(1), int64(4)}},
	} {
		if ids := sortColumn(t, f.Sort(tc.key), "id"); !reflect.DeepEqual(ids, tc.want) {
			t.Errorf("%v: ids = %v, want %v", tc.key, ids, tc.want)
		}
	}
	r := FromColumns([]string{"d", "w"}, mk([]decimal128.Num{big, decimal128.FromI64(-25)}, nil), []string{"big", "neg"})
	got := f.Join(r, On("d"), Inner)
	if rows := joinRowStrings(got); !reflect.DeepEqual(rows, []string{"1 -0.25 neg", "2 922337203685477580.80 big", "4 -0.25 neg"}) {
		t.Errorf("decimal join = %q (%v)", rows, got.Err())
	}
}

// TestSortBuckets checks the bucketed path (a first key of few values
// over many rows: sortBuckets) against the naive sort, with nulls in
// every key, both directions, nulls first and last, ints and strings
// first, and ties that only the row order breaks.
func TestSortBuckets(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	const n = 3000 // at least sortBucketMin rows per value of g and c
	g, c, x, id := make([]any, n), make([]any, n), make([]any, n), make([]int64, n)
	for i := range n {
		id[i] = int64(i)
		if rng.IntN(10) > 0 {
			g[i] = int64(rng.IntN(4) - 1)
		}
		if rng.IntN(10) > 0 {
			c[i] = []string{"b", "a", "é"}[rng.IntN(3)]
		}
		switch r := rng.IntN(20); {
		case r == 0:
		case r == 1:
			x[i] = math.NaN()
		default:
			x[i] = float64(rng.IntN(50)) / 4 // ties
		}
	}
	f := FromColumns([]string{"g", "c", "x", "id"}, g, c, x, id)
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	for iter := range 24 {
		keys := []string{[]string{"g", "c"}[iter%2], "x"}
		if iter%3 == 0 {
			keys = append(keys, []string{"c", "g"}[iter%2])
		}
		desc, nf := make([]bool, len(keys)), make([]bool, len(keys))
		sk := make([]SortKey, len(keys))
		for k := range keys {
			desc[k], nf[k] = rng.IntN(2) == 0, rng.IntN(2) == 0
			sk[k] = Asc(keys[k])
			if desc[k] {
				sk[k] = sk[k].Desc()
			}
			if nf[k] {
				sk[k] = sk[k].NullsFirst()
			} else {
				sk[k] = sk[k].NullsLast()
			}
		}
		cols := make([]*sortKeyCol, len(sk))
		for k, key := range sk {
			v, err := key.expr.evalFrame("Sort", f)
			if err != nil {
				t.Fatal(err)
			}
			if cols[k], err = sortKeyOf("Sort", keys[k], v, n); err != nil {
				t.Fatal(err)
			}
		}
		us := make([][]uint64, len(cols))
		for k, col := range cols {
			if us[k] = col.u; col.s != nil {
				us[k] = sortStringRanks(col)
			}
		}
		if !sortBuckets(cols, us, sk, make([]int, n), make([]int, n), nil) {
			t.Fatalf("%v: the bucketed path was not taken", sk)
		}
		sorted := f.Sort(sk...)
		got := sortColumn(t, sorted, "id")
		if want := sortNaive(f, keys, desc, nf); !reflect.DeepEqual(randNormalize(got), want) {
			t.Fatalf("%v: the sorted ids differ from the naive sort's", sk)
		}
		// The first key's column comes out as runs repeated (takeRuns):
		// every column as the rows' gather gives it.
		plain := f.take("Sort", sortPerm(cols, sk, n))
		for _, name := range []string{"g", "c", "id"} {
			if a, b := sortColumn(t, sorted, name), sortColumn(t, plain, name); !reflect.DeepEqual(a, b) {
				t.Fatalf("%v: column %s differs from the gathered one", sk, name)
			}
		}
	}
}

// TestSortStringsMSD: the distinct strings of a sort key are ordered by
// 8-byte digits, run by run, as a byte-wise comparison sort orders them:
// long shared prefixes, strings ending inside a digit, zero bytes, the
// empty string, runs above and below the comparison cutoff.
func TestSortStringsMSD(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	prefixes := []string{"", "Apple mix ", "Apple mix thick ", "\x00\x00", "abcdefgh", "abcdefghabcdefgh"}
	for trial := range 50 {
		n := 1 + rng.IntN(2000)
		seen := map[string]bool{}
		var strs []string
		for range n {
			b := []byte(prefixes[rng.IntN(len(prefixes))])
			for range rng.IntN(12) {
				b = append(b, "ab\x00\xffz"[rng.IntN(5)])
			}
			if s := string(b); !seen[s] {
				seen[s] = true
				strs = append(strs, s)
			}
		}
		order := make([]int, len(strs))
		for i := range order {
			order[i] = i
		}
		sortStringsMSD(order, func(i int) string { return strs[i] }, 0, make([]uint64, len(strs)), new(sortScratch))
		got := make([]string, len(order))
		for i, k := range order {
			got[i] = strs[k]
		}
		want := slices.Clone(strs)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Fatalf("trial %d: %d strings out of order", trial, len(strs))
		}
	}
}
