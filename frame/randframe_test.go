package frame

import (
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/structframe/structframe/structured"
)

// The property tests build their random frames every way a user can: one
// logical frame (Go values) is built through FromValue, or through Arrow
// builders with each layout Arrow allows for the same values, or through a
// record batch. randWays lists the ways; randBuild builds a frame's rows
// through one of them; randFrame is the shared random frame.

// randWay is one way of building a frame.
type randWay int

const (
	wayFromValue         randWay = iota // structured.FromValue (FromRecords)
	wayArrowList32                      // Arrow builders: list (int32 offsets), utf8, via a struct array
	wayArrowLargeList                   // large_list (int64 offsets) and large_string
	wayArrowSliced                      // arrays built with padding rows and cut with array.NewSlice
	wayArrowDictionary                  // strings as dictionary<int32, utf8>
	wayArrowViews                       // strings as string_view, lists as list_view
	wayArrowNarrow                      // int32 and float32 in place of int64 and float64
	wayRecordBatch                      // FromRecordBatch over a record batch
	wayRecordBatchSliced                // FromRecordBatch over RecordBatch.NewSlice
	wayArrowMixed                       // each list, string and number a layout of the ways above, sliced
	wayArrowNullSpans                   // null list slots whose offsets span items (legal Arrow)
	numRandWays
)

var randWayNames = [...]string{"fromValue", "arrowList32", "arrowLargeList", "arrowSliced",
	"arrowDictionary", "arrowViews", "arrowNarrow", "recordBatch", "recordBatchSliced", "arrowMixed", "arrowNullSpans"}

func (w randWay) String() string { return randWayNames[w] }

// randWays is every way, for table tests (t.Run per way).
func randWays() []randWay {
	ways := make([]randWay, numRandWays)
	for i := range ways {
		ways[i] = randWay(i)
	}
	return ways
}

// randWayType is the Arrow type a value of type dt has when built the way
// w; the mixed way draws a layout per node from rng.
func randWayType(dt arrow.DataType, w randWay, rng *rand.Rand) arrow.DataType {
	if w == wayArrowMixed {
		mixed := []randWay{wayArrowList32, wayArrowLargeList, wayArrowDictionary, wayArrowViews, wayArrowNarrow}
		return randWayType1(dt, mixed[rng.IntN(len(mixed))], w, rng)
	}
	return randWayType1(dt, w, w, rng)
}

// randWayType1 is randWayType for one node: w for dt itself, all for its
// children.
func randWayType1(dt arrow.DataType, w, all randWay, rng *rand.Rand) arrow.DataType {
	switch dt := dt.(type) {
	case *arrow.ListType:
		elem := randWayField(dt.ElemField(), all, rng)
		switch w {
		case wayArrowLargeList:
			return arrow.LargeListOfField(elem)
		case wayArrowViews:
			return arrow.ListViewOfField(elem)
		}
		return arrow.ListOfField(elem)
	case *arrow.LargeListType:
		return randWayType1(arrow.ListOfField(dt.ElemField()), w, all, rng)
	case *arrow.StructType:
		fields := make([]arrow.Field, dt.NumFields())
		for i := range fields {
			fields[i] = randWayField(dt.Field(i), all, rng)
		}
		return arrow.StructOf(fields...)
	}
	switch dt.ID() {
	case arrow.STRING, arrow.LARGE_STRING, arrow.STRING_VIEW:
		switch w {
		case wayArrowLargeList:
			return arrow.BinaryTypes.LargeString
		case wayArrowDictionary:
			return &arrow.DictionaryType{IndexType: arrow.PrimitiveTypes.Int32, ValueType: arrow.BinaryTypes.String}
		case wayArrowViews:
			return arrow.BinaryTypes.StringView
		}
		return arrow.BinaryTypes.String
	case arrow.INT64:
		if w == wayArrowNarrow {
			return arrow.PrimitiveTypes.Int32
		}
	case arrow.FLOAT64:
		if w == wayArrowNarrow {
			return arrow.PrimitiveTypes.Float32
		}
	}
	return dt
}

func randWayField(f arrow.Field, w randWay, rng *rand.Rand) arrow.Field {
	return arrow.Field{Name: f.Name, Type: randWayType(f.Type, w, rng), Nullable: true}
}

// randAppend appends the Go value v (as ToValue gives it) to b.
func randAppend(t testing.TB, b array.Builder, v any) {
	t.Helper()
	if v == nil {
		b.AppendNull()
		return
	}
	switch b := b.(type) {
	case *array.Int64Builder:
		b.Append(v.(int64))
	case *array.Int32Builder:
		b.Append(int32(v.(int64)))
	case *array.Float64Builder:
		b.Append(v.(float64))
	case *array.Float32Builder:
		b.Append(float32(v.(float64)))
	case *array.BooleanBuilder:
		b.Append(v.(bool))
	case *array.StringBuilder:
		b.Append(v.(string))
	case *array.LargeStringBuilder:
		b.Append(v.(string))
	case *array.StringViewBuilder:
		b.Append(v.(string))
	case *array.BinaryDictionaryBuilder:
		if err := b.AppendString(v.(string)); err != nil {
			t.Fatal(err)
		}
	case *array.TimestampBuilder:
		unit := b.Type().(*arrow.TimestampType).Unit
		ts, err := arrow.TimestampFromTime(v.(time.Time), unit)
		if err != nil {
			t.Fatal(err)
		}
		b.Append(ts)
	case *array.ListBuilder:
		b.Append(true)
		for _, item := range v.([]any) {
			randAppend(t, b.ValueBuilder(), item)
		}
	case *array.LargeListBuilder:
		b.Append(true)
		for _, item := range v.([]any) {
			randAppend(t, b.ValueBuilder(), item)
		}
	case *array.ListViewBuilder:
		items := v.([]any)
		b.AppendWithSize(true, len(items))
		for _, item := range items {
			randAppend(t, b.ValueBuilder(), item)
		}
	case *array.StructBuilder:
		m := v.(map[string]any)
		b.Append(true)
		st := b.Type().(*arrow.StructType)
		for i := range st.NumFields() {
			randAppend(t, b.FieldBuilder(i), m[st.Field(i).Name])
		}
	default:
		t.Fatalf("randAppend: no case for builder %T of %#v", b, v)
	}
}

// randBuild builds the frame of f's columns (a range index) the way w,
// from f's Go values and Arrow types: the same logical frame, with the
// Arrow layout of w. f itself is the fromValue way.
func randBuild(t testing.TB, rng *rand.Rand, f *Frame, w randWay) *Frame {
	t.Helper()
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	if w == wayFromValue || len(f.Columns()) == 0 {
		return f
	}
	d, err := f.Data()
	if err != nil {
		t.Fatal(err)
	}
	rows, _ := randNormalize(d.ToValue()).([]any)
	src, err := d.ToArrow()
	if err != nil {
		t.Fatal(err)
	}
	st := randWayType1(src.DataType(), wayArrowList32, w, rng).(*arrow.StructType)
	src.Release()
	// Padding rows before and after (copies of real rows or nulls) for
	// the sliced ways, so every buffer starts at an offset.
	pre, post := 0, 0
	if w == wayArrowSliced || w == wayRecordBatchSliced || w == wayArrowMixed {
		pre, post = 1+rng.IntN(3), rng.IntN(3)
	}
	pad := func() map[string]any {
		if len(rows) > 0 && rng.IntN(2) == 0 {
			return rows[rng.IntN(len(rows))].(map[string]any)
		}
		return map[string]any{}
	}
	all := make([]any, 0, pre+len(rows)+post)
	for range pre {
		all = append(all, pad())
	}
	all = append(all, rows...)
	for range post {
		all = append(all, pad())
	}
	mem := memory.DefaultAllocator
	if w == wayRecordBatch || w == wayRecordBatchSliced {
		fields := st.Fields()
		cols := make([]arrow.Array, len(fields))
		for i, fd := range fields {
			b := array.NewBuilder(mem, fd.Type)
			for _, row := range all {
				randAppend(t, b, row.(map[string]any)[fd.Name])
			}
			cols[i] = b.NewArray()
			b.Release()
		}
		rec := array.NewRecordBatch(arrow.NewSchema(fields, nil), cols, int64(len(all)))
		for _, c := range cols {
			c.Release()
		}
		if pre+post > 0 {
			s := rec.NewSlice(int64(pre), int64(pre+len(rows)))
			rec.Release()
			rec = s
		}
		defer rec.Release()
		return FromRecordBatch(rec)
	}
	b := array.NewStructBuilder(mem, st)
	for _, row := range all {
		randAppend(t, b, row)
	}
	arr := b.NewArray()
	b.Release()
	if pre+post > 0 {
		s := array.NewSlice(arr, int64(pre), int64(pre+len(rows)))
		arr.Release()
		arr = s
	}
	if w == wayArrowNullSpans {
		s := randSpanNulls(t, arr)
		arr.Release()
		arr = s
	}
	defer arr.Release()
	ten, err := structured.FromArrow(arr)
	if err != nil {
		t.Fatalf("%s: FromArrow: %v", w, err)
	}
	return FromTensor(ten)
}

// randNormalize turns the Go values of a frame built another way into
// those of the fromValue way: int32 to int64, float32 to float64 (the
// documented type differences of the narrow way).
func randNormalize(v any) any {
	switch v := v.(type) {
	case int32:
		return int64(v)
	case float32:
		return float64(v)
	case []any:
		out := make([]any, len(v))
		for i, x := range v {
			out[i] = randNormalize(x)
		}
		return out
	case map[string]any:
		out := make(map[string]any, len(v))
		for k, x := range v {
			out[k] = randNormalize(x)
		}
		return out
	}
	return v
}

// randRows is f's rows as normalized Go values (nil for no rows).
func randRows(t testing.TB, f *Frame) []any {
	t.Helper()
	d, err := f.Data()
	if err != nil {
		t.Fatal(err)
	}
	rows, _ := randNormalize(d.ToValue()).([]any)
	return rows
}

// randDeepEqual is reflect.DeepEqual with NaN equal to NaN.
func randDeepEqual(a, b any) bool {
	switch a := a.(type) {
	case float64:
		bf, ok := b.(float64)
		return ok && (a == bf || math.IsNaN(a) && math.IsNaN(bf))
	case []any:
		bs, ok := b.([]any)
		if !ok || len(a) != len(bs) {
			return false
		}
		for i := range a {
			if !randDeepEqual(a[i], bs[i]) {
				return false
			}
		}
		return true
	case map[string]any:
		bm, ok := b.(map[string]any)
		if !ok || len(a) != len(bm) {
			return false
		}
		for k, v := range a {
			w, ok := bm[k]
			if !ok || !randDeepEqual(v, w) {
				return false
			}
		}
		return true
	}
	return reflect.DeepEqual(a, b)
}

// randFrameRows draws the shared random frame's rows: the row number
// ("id"), an int key with
// nulls and repeats ("ki"), a string key with nulls ("ks"), a float with
// nulls and NaN ("x"), a list<int64> with null and empty lists ("l"), a
// list<struct{name, qty}> with null structs and null items ("items"), and
// a struct column ("s").
func randFrameRows(rng *rand.Rand, n int) []any {
	null := func(p int) bool { return rng.IntN(p) == 0 }
	rows := make([]any, n)
	for i := range rows {
		m := map[string]any{"id": int64(i), "ki": nil, "ks": nil, "x": nil, "l": nil, "items": nil, "s": nil}
		if !null(5) {
			m["ki"] = int64(rng.IntN(5) - 2)
		}
		if !null(5) {
			m["ks"] = []string{"a", "b", "cc", ""}[rng.IntN(4)]
		}
		if !null(5) {
			m["x"] = []float64{math.NaN(), -1.5, 0, 0.25, 2}[rng.IntN(5)]
		}
		if !null(5) {
			l := make([]any, rng.IntN(4))
			for j := range l {
				if !null(5) {
					l[j] = int64(rng.IntN(9))
				}
			}
			m["l"] = l
		}
		if !null(5) {
			items := make([]any, rng.IntN(3))
			for j := range items {
				if null(6) {
					continue
				}
				it := map[string]any{"name": nil, "qty": nil}
				if !null(5) {
					it["name"] = []string{"egg", "milk", "flour"}[rng.IntN(3)]
				}
				if !null(5) {
					it["qty"] = float64(rng.IntN(16)) / 4
				}
				items[j] = it
			}
			m["items"] = items
		}
		if !null(5) {
			s := map[string]any{"a": nil, "b": nil}
			if !null(4) {
				s["a"] = int64(rng.IntN(3))
			}
			if !null(4) {
				s["b"] = []string{"p", "q"}[rng.IntN(2)]
			}
			m["s"] = s
		}
		rows[i] = m
	}
	return rows
}

// randFrame draws the shared random frame of n rows (n > 0) and builds it
// the way w; its normalized rows come back too, for naive checks.
func randFrame(t testing.TB, rng *rand.Rand, n int, w randWay) (*Frame, []any) {
	t.Helper()
	rows := randFrameRows(rng, n)
	f := FromRecords(rows)
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	f = randBuild(t, rng, f, w)
	if err := f.Err(); err != nil {
		t.Fatalf("%s: %v", w, err)
	}
	return f, randRows(t, f)
}

// TestRandFrameWays checks the generator: every way gives the rows of the
// fromValue way (after normalizing int32 and float32), the column order,
// and the Arrow layout the way promises.
func TestRandFrameWays(t *testing.T) {
	for _, w := range randWays() {
		t.Run(w.String(), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(7, uint64(w)))
			for iter := range 30 {
				rows := randFrameRows(rng, 1+rng.IntN(12))
				base := FromRecords(rows)
				f := randBuild(t, rng, base, w)
				if err := f.Err(); err != nil {
					t.Fatalf("iter %d: %v", iter, err)
				}
				if got, want := randRows(t, f), randRows(t, base); !randDeepEqual(got, want) {
					t.Fatalf("iter %d: rows\n got  %v\n want %v", iter, got, want)
				}
				if !reflect.DeepEqual(f.Columns(), base.Columns()) {
					t.Fatalf("iter %d: columns %v, want %v", iter, f.Columns(), base.Columns())
				}
				if iter == 0 {
					randCheckLayout(t, f, w)
				}
			}
		})
	}
}

// randCheckLayout checks that f's Arrow types are those of the way w.
func randCheckLayout(t *testing.T, f *Frame, w randWay) {
	t.Helper()
	schema := f.Schema().String()
	rec, err := f.ToRecordBatch()
	if err != nil {
		t.Fatal(err)
	}
	defer rec.Release()
	types := fmt.Sprint(rec.Schema())
	want := map[randWay]string{
		wayArrowLargeList:  "large_list",
		wayArrowDictionary: "dictionary",
		wayArrowNarrow:     "int32",
		wayArrowViews:      "string_view",
	}[w]
	if want != "" && !strings.Contains(types, want) {
		t.Errorf("%s: schema %s (%s) has no %s", w, types, schema, want)
	}
}

// randRowKey renders a row (or a value) for equality as Unique sees it:
// nulls equal, NaN equal to NaN.
func randRowKey(v any) string { return fmt.Sprintf("%#v", v) }

// TestRandFrameVerbs runs verbs over the shared random frame (lists of
// structures, structures, dictionaries, views, windows...) built every way,
// against naive computations over its rows: Sort on the scalar keys with
// every column carried along, Unique on every column and on the nested
// ones, Filter, and GroupBy with First, Implode and Count of the nested
// columns.
func TestRandFrameVerbs(t *testing.T) {
	for _, w := range randWays() {
		t.Run(w.String(), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(21, 22+uint64(w)))
			for iter := range 25 {
				f, rows := randFrame(t, rng, 1+rng.IntN(25), w)

				// Sort by ks (descending, nulls first), ki, x: the whole rows follow.
				sorted := f.Sort(Desc("ks").NullsFirst(), Asc("ki"), Asc("x"))
				if err := sorted.Err(); err != nil {
					t.Fatalf("iter %d: Sort: %v", iter, err)
				}
				want := slices.Clone(rows)
				sort.SliceStable(want, func(i, j int) bool {
					a, b := want[i].(map[string]any), want[j].(map[string]any)
					for _, k := range []struct {
						name       string
						desc, nfst bool
					}{{"ks", true, true}, {"ki", false, false}, {"x", false, false}} {
						va, vb := a[k.name], b[k.name]
						if va == nil || vb == nil {
							if va == nil && vb == nil {
								continue
							}
							return (va == nil) == k.nfst
						}
						c := sortNaiveCompare(va, vb)
						if k.desc {
							c = -c
						}
						if c != 0 {
							return c < 0
						}
					}
					return false
				})
				if got := randRows(t, sorted); !randDeepEqual(got, want) {
					t.Fatalf("iter %d: Sort\n got  %v\n want %v", iter, got, want)
				}

				// Unique on every column, and on the nested columns.
				for _, keys := range [][]string{nil, {"items"}, {"s", "l"}} {
					u := f.Unique(keys)
					if err := u.Err(); err != nil {
						t.Fatalf("iter %d: Unique(%v): %v", iter, keys, err)
					}
					seen := map[string]bool{}
					want := []any{}
					for _, r := range rows {
						m := r.(map[string]any)
						var key any = m
						if keys != nil {
							var kv []any
							for _, k := range keys {
								kv = append(kv, m[k])
							}
							key = kv
						}
						if k := randRowKey(key); !seen[k] {
							seen[k] = true
							want = append(want, r)
						}
					}
					if got := randRows(t, u); !randDeepEqual(got, want) {
						t.Fatalf("iter %d: Unique(%v)\n got  %v\n want %v", iter, keys, got, want)
					}
				}

				// Filter on the int key and the string key.
				g := f.Filter(Col("ki").Ge(Lit(0)).And(Col("ks").Ne(Lit("a"))))
				if err := g.Err(); err != nil {
					t.Fatalf("iter %d: Filter: %v", iter, err)
				}
				want = []any{}
				for _, r := range rows {
					m := r.(map[string]any)
					if m["ki"] != nil && m["ks"] != nil && m["ki"].(int64) >= 0 && m["ks"].(string) != "a" {
						want = append(want, r)
					}
				}
				if got := randRows(t, g); !randDeepEqual(got, want) && len(got)+len(want) > 0 {
					t.Fatalf("iter %d: Filter\n got  %v\n want %v", iter, got, want)
				}

				// GroupBy the string key: First and Implode of the nested
				// columns, Count of the float.
				agg := f.GroupBy("ks").Agg(Col("items").First(), Col("s").Implode(), Col("x").Count().Alias("n"))
				if err := agg.Err(); err != nil {
					t.Fatalf("iter %d: GroupBy: %v", iter, err)
				}
				var order []string
				groups := map[string][]map[string]any{}
				for _, r := range rows {
					m := r.(map[string]any)
					k := randRowKey(m["ks"])
					if _, ok := groups[k]; !ok {
						order = append(order, k)
					}
					groups[k] = append(groups[k], m)
				}
				want = []any{}
				for _, k := range order {
					ms := groups[k]
					var imp []any
					n := int64(0)
					for _, m := range ms {
						imp = append(imp, m["s"])
						if m["x"] != nil {
							n++
						}
					}
					want = append(want, map[string]any{"ks": ms[0]["ks"], "items": ms[0]["items"], "s": imp, "n": n})
				}
				if got := randRows(t, agg); !randDeepEqual(got, want) {
					t.Fatalf("iter %d: GroupBy\n got  %v\n want %v", iter, got, want)
				}
			}
		})
	}
}

// TestRandFrameWaysAgree is a differential test: chains of verbs give the
// same rows (normalized) on every way as on the fromValue way.
func TestRandFrameWaysAgree(t *testing.T) {
	chains := []struct {
		name string
		run  func(f *Frame) *Frame
	}{
		{"Str", func(f *Frame) *Frame {
			return f.WithColumns(Col("ks").Str().ToUpper().Alias("up"), Col("ks").Str().LenChars().Alias("n"),
				Col("ks").Str().StartsWith("c").Alias("c"), Col("items.name").Alias("names"))
		}},
		{"List", func(f *Frame) *Frame {
			return f.WithColumns(Col("l").List().Sum().Alias("sum"), Col("l").List().Mean().Alias("mean"),
				Col("l").List().Len().Alias("len"), Col("l").List().Get(0).Alias("g0"), Col("l").List().Contains(Lit(3)).Alias("has3"),
				Col("items.qty").List().Max().Alias("maxq"))
		}},
		{"Arith", func(f *Frame) *Frame {
			return f.WithColumns(Col("ki").Add(Col("x")).Alias("kx"), Col("s.a").Mul(Lit(2)).Alias("a2"), Col("x").IsNull().Alias("xn"))
		}},
		{"ValueCounts", func(f *Frame) *Frame { return f.ValueCounts("ks") }},
		{"ValueCountsNested", func(f *Frame) *Frame { return f.ValueCounts("s") }},
		{"DropNulls", func(f *Frame) *Frame { return f.DropNulls([]string{"ki", "ks"}) }},
		{"FillNull", func(f *Frame) *Frame { return f.Select("ki").FillNull(int64(7)) }},
		{"IsNull", func(f *Frame) *Frame { return f.IsNull() }},
		{"ExplodeL", func(f *Frame) *Frame { return f.Explode([]string{"l"}, WithPosition("p")) }},
		{"ExplodeItems", func(f *Frame) *Frame {
			return f.Explode([]string{"items"}, WithPosition("p")).Unnest("items", WithPrefixed(true))
		}},
		{"Flatten", func(f *Frame) *Frame { return f.Flatten() }},
		{"Nest", func(f *Frame) *Frame { return f.Nest("rest", "ks") }},
		{"SetIndex", func(f *Frame) *Frame { return f.SetIndex("ks", "ki").Sort(Asc("id")).ResetIndex() }},
		{"TakeTail", func(f *Frame) *Frame { return f.Take([]int{f.NumRows() - 1, 0, 0}).Tail(2).Head(1) }},
		{"SelfJoin", func(f *Frame) *Frame {
			return f.Select("id", "ks", "items").Join(f.Select("ks", "ki", "l"), On("ks"), Left)
		}},
		{"JoinInt", func(f *Frame) *Frame { return f.Select("id", "ki").Join(f.Select("ki", "s"), On("ki"), Outer) }},
		{"ConcatSelf", func(f *Frame) *Frame { return Concat(f, f.Slice(1, f.NumRows()).Drop("s")) }},
		{"GroupByLists", func(f *Frame) *Frame {
			return f.GroupBy("ki").Agg(Col("l").Sum().Alias("lsum"), Col("items.qty").Max().Alias("mq"),
				Col("ks").Max().Alias("ksmax"), Col("ks").NUnique().Alias("ksn"), Col("s.b").First().Alias("b"))
		}},
		{"GroupByStruct", func(f *Frame) *Frame { return f.GroupBy("s", "ks").Agg(Col("id").Count()) }},
		{"SortLists", func(f *Frame) *Frame { return f.Sort(Desc("ks"), Asc("x"), Asc("id")) }},
		{"Describe", func(f *Frame) *Frame { return f.Describe().Drop("type") }}, // the type names the Arrow type
		{"Promote", func(f *Frame) *Frame { return f.Promote("s.b", "sb") }},
		{"Unnest", func(f *Frame) *Frame { return f.Unnest("s", WithPrefixed(true)) }},
		{"SelectAgg", func(f *Frame) *Frame {
			return f.SelectExprs(Col("ks").Max().Alias("m"), Col("ks").Min().Alias("n"), Col("x").Sum().Alias("xs"),
				Col("ki").Mean().Alias("km"), Col("ks").NUnique().Alias("u"), Col("items.name").Count().Alias("c"))
		}},
		{"NestedStr", func(f *Frame) *Frame {
			return f.WithColumns(Col("s.b").Str().ToUpper().Alias("up"), Col("s.b").Str().LenChars().Alias("bl"),
				Col("items.name").List().Contains(Lit("egg")).Alias("egg"))
		}},
		{"FillNullNested", func(f *Frame) *Frame {
			return f.Select("id", "s", "x").FillNull(map[string]any{"s.b": "w", "x": 1.0})
		}},
		{"DropNullsNested", func(f *Frame) *Frame { return f.DropNulls([]string{"s", "items"}) }},
		{"SortLargeRows", func(f *Frame) *Frame {
			big := Concat(f, f, f, f, f, f, f, f)
			return big.Sort(Asc("ks"), Desc("ki"), Asc("id")).Head(70)
		}},
		{"GroupByMany", func(f *Frame) *Frame {
			big := Concat(f, f, f, f, f, f, f, f)
			return big.GroupBy("ks", "ki").Agg(Col("x").Mean().Alias("xm"), Col("l").Implode().Alias("ls"))
		}},
		{"FillNullStr", func(f *Frame) *Frame { return f.Select("id", "ks").FillNull("z") }},
		{"SortNested", func(f *Frame) *Frame { return f.Sort(Asc("s.b"), Desc("s.a"), Asc("id")) }},
		{"GroupByList", func(f *Frame) *Frame { return f.GroupBy("l").Agg(Col("id").Count(), Col("ks").Implode()) }},
		{"ValueCountsList", func(f *Frame) *Frame { return f.ValueCounts("l") }},
		{"StrList", func(f *Frame) *Frame {
			return f.WithColumns(Col("items.name").List().Join(",").Alias("names"), Col("ks").Str().Contains("c").Alias("c"),
				Col("ks").Eq(Col("s.b")).Alias("eq"))
		}},
		{"LocLabel", func(f *Frame) *Frame { return f.SetIndex("ks").Loc("a").ResetIndex() }},
		{"UniqueNested", func(f *Frame) *Frame { return f.Unique([]string{"items", "ks"}) }},
		{"GroupByExplode", func(f *Frame) *Frame {
			return f.Explode([]string{"items"}).GroupBy("items.name").Agg(Col("items.qty").Sum().Alias("q"), Col("id").Implode())
		}},
	}
	const iters = 6
	errs := map[string]int{} // chains that fail on the fromValue way too
	defer func() {
		for name, n := range errs {
			if n == iters*(len(randWays())-1) {
				t.Errorf("chain %s fails on every frame", name)
			}
		}
	}()
	rng := rand.New(rand.NewPCG(31, 32))
	for iter := range iters {
		rows := randFrameRows(rng, 2+rng.IntN(20))
		base := FromRecords(rows)
		for _, c := range chains {
			want := c.run(base)
			for _, w := range randWays()[1:] {
				f := randBuild(t, rng, base, w)
				got := func() (g *Frame) {
					defer func() {
						if p := recover(); p != nil {
							t.Errorf("iter %d %s %s: panic %v", iter, c.name, w, p)
							g = nil
						}
					}()
					return c.run(f)
				}()
				if got == nil {
					continue
				}
				if (want.Err() == nil) != (got.Err() == nil) {
					t.Errorf("iter %d %s %s: err %v, fromValue err %v", iter, c.name, w, got.Err(), want.Err())
					continue
				}
				if want.Err() != nil {
					errs[c.name]++
					continue
				}
				if g, wv := randRows(t, got), randRows(t, want); !randDeepEqual(g, wv) && len(g)+len(wv) > 0 {
					t.Errorf("iter %d %s %s:\n got  %v\n want %v", iter, c.name, w, g, wv)
				}
			}
		}
		// Two frames, the second built the way w: the same as both built
		// through FromValue.
		for _, c := range []struct {
			name string
			run  func(a, b *Frame) *Frame
		}{
			{"JoinStr", func(a, b *Frame) *Frame { return a.Select("id", "ks").Join(b.Select("ks", "l", "s"), On("ks"), Outer) }},
			{"JoinIntStr", func(a, b *Frame) *Frame {
				return a.Select("id", "ki", "ks").Join(b.Select("ki", "ks", "items"), On("ki", "ks"), Inner)
			}},
			{"JoinFloat", func(a, b *Frame) *Frame { return a.Select("id", "x").Join(b.Select("x", "ki"), On("x"), Right) }},
			{"Concat", func(a, b *Frame) *Frame { return Concat(a, b.Drop("ki"), a.Drop("items")) }},
		} {
			other := FromRecords(randFrameRows(rng, 1+rng.IntN(10)))
			want := c.run(base, other)
			for _, w := range randWays()[1:] {
				got := c.run(base, randBuild(t, rng, other, w))
				if (want.Err() == nil) != (got.Err() == nil) {
					t.Errorf("iter %d %s %s: err %v, fromValue err %v", iter, c.name, w, got.Err(), want.Err())
					continue
				}
				if want.Err() != nil {
					continue
				}
				if g, wv := randRows(t, got), randRows(t, want); !randDeepEqual(g, wv) && len(g)+len(wv) > 0 {
					t.Errorf("iter %d %s %s:\n got  %v\n want %v", iter, c.name, w, g, wv)
				}
			}
		}
	}
}

// randSpanNulls rebuilds arr (not sliced) with every null list slot
// spanning one item of its list's child, as Arrow allows: the item belongs
// to no list.
func randSpanNulls(t testing.TB, arr arrow.Array) arrow.Array {
	t.Helper()
	mem := memory.DefaultAllocator
	switch a := arr.(type) {
	case *array.Struct:
		if a.NumField() == 0 {
			break // a structure without fields has no lists
		}
		st := a.DataType().(*arrow.StructType)
		fields := make([]arrow.Array, a.NumField())
		names := make([]string, a.NumField())
		for j := range fields {
			fields[j] = randSpanNulls(t, a.Field(j))
			defer fields[j].Release()
			names[j] = st.Field(j).Name
		}
		out, err := array.NewStructArrayWithNulls(fields, names, a.Data().Buffers()[0], a.NullN(), a.Data().Offset())
		if err != nil {
			t.Fatal(err)
		}
		return out
	case *array.List, *array.LargeList:
		ll := a.(array.ListLike)
		child := randSpanNulls(t, ll.ListValues())
		defer child.Release()
		n := a.Len()
		if n == 0 || a.NullN() == 0 && child.Len() == ll.ListValues().Len() {
			a.Retain()
			return a
		}
		var pieces []arrow.Array
		offsets := make([]int64, n+1)
		for i := range n {
			s, e := ll.ValueOffsets(i)
			if a.IsNull(i) && child.Len() > 0 {
				s, e = 0, 1
			}
			pieces = append(pieces, array.NewSlice(child, s, e))
			offsets[i+1] = offsets[i] + e - s
		}
		items, err := array.Concatenate(pieces, mem)
		for _, p := range pieces {
			p.Release()
		}
		if err != nil {
			t.Fatal(err)
		}
		defer items.Release()
		bits := make([]byte, (n+7)/8)
		for i := range n {
			if a.IsValid(i) {
				bits[i/8] |= 1 << (i % 8)
			}
		}
		var obuf []byte
		if _, large := a.(*array.LargeList); large {
			obuf = arrow.Int64Traits.CastToBytes(offsets)
		} else {
			o32 := make([]int32, len(offsets))
			for i, o := range offsets {
				o32[i] = int32(o)
			}
			obuf = arrow.Int32Traits.CastToBytes(o32)
		}
		data := array.NewData(a.DataType(), n, []*memory.Buffer{memory.NewBufferBytes(bits), memory.NewBufferBytes(obuf)},
			[]arrow.ArrayData{items.Data()}, a.NullN(), 0)
		defer data.Release()
		return array.MakeFromData(data)
	}
	arr.Retain()
	return arr
}
