package frame

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

// TestJoinExprKeys joins on expressions computed over each side. As in
// Polars (checked with nodejs-polars 0.26, lazy join on
// col("s").str.toLowerCase()), no key column is coalesced or dropped when a
// key is an expression, and the computed keys are not columns of the result;
// Polars' full join orders rows its own way, Join keeps its documented order.
func TestJoinExprKeys(t *testing.T) {
	l := FromColumns([]string{"s", "v"}, []string{"A", "b", "C", "e"}, []int64{1, 2, 3, 4})
	r := FromColumns([]string{"s", "w"}, []string{"a", "B", "c", "c", "d"}, []int64{1, 2, 3, 4, 5})
	lower := Col("s").Str().ToLower()
	matched := []string{`A 1 a 1`, `b 2 B 2`, `C 3 c 3`, `C 3 c 4`}
	tests := []struct {
		name string
		on   JoinOn
		how  JoinHow
		cols []string
		rows []string
	}{
		{"inner", OnExprs(lower), Inner, []string{"s", "v", "s_right", "w"}, matched},
		{"left/right exprs", LeftOnExprs(lower).RightOnExprs(lower), Left, []string{"s", "v", "s_right", "w"},
			append(append([]string{}, matched...), `e 4 <nil> <nil>`)},
		{"outer", OnExprs(lower), Outer, []string{"s", "v", "s_right", "w"},
			append(append([]string{}, matched...), `e 4 <nil> <nil>`, `<nil> <nil> d 5`)},
		{"right", OnExprs(lower), Right, []string{"s", "v", "s_right", "w"},
			append(append([]string{}, matched...), `<nil> <nil> d 5`)},
		{"column and expr", LeftOn("s").RightOnExprs(Col("s").Str().ToUpper()), Inner, []string{"s", "v", "s_right", "w"},
			[]string{`A 1 a 1`, `C 3 c 3`, `C 3 c 4`}},
		{"semi", OnExprs(lower), Semi, []string{"s", "v"}, []string{`A 1`, `b 2`, `C 3`}},
	}
	for _, tc := range tests {
		got := l.Join(r, tc.on, tc.how)
		if err := got.Err(); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if cols := got.Columns(); !reflect.DeepEqual(cols, tc.cols) {
			t.Errorf("%s: columns %v, want %v", tc.name, cols, tc.cols)
		}
		if rows := joinRowStrings(got); !reflect.DeepEqual(rows, tc.rows) {
			t.Errorf("%s: rows\n%s\nwant\n%s", tc.name, strings.Join(rows, "\n"), strings.Join(tc.rows, "\n"))
		}
	}
	lv := FromColumns([]string{"k", "a"}, []int64{1, 2}, []string{"x", "y"})
	rv := FromColumns([]string{"k", "b"}, []int64{2, 3}, []string{"p", "q"})
	// A plain column reference is the column: its key is coalesced as On's.
	for _, on := range []JoinOn{OnExprs(Col("k")), LeftOnExprs(Col("k")).RightOn("k")} {
		got := lv.Join(rv, on, Outer)
		want := []string{`1 x <nil>`, `2 y p`, `3 <nil> q`}
		if rows := joinRowStrings(got); !reflect.DeepEqual(rows, want) || !reflect.DeepEqual(got.Columns(), []string{"k", "a", "b"}) {
			t.Errorf("Col key: %v %q (%v)", got.Columns(), rows, got.Err())
		}
	}
	// An arithmetic key pairs int64 with the computed int64.
	got := lv.Join(rv, LeftOnExprs(Col("k").Add(Lit(1))).RightOn("k"), Inner)
	if rows := joinRowStrings(got); !reflect.DeepEqual(rows, []string{`1 x 2 p`, `2 y 3 q`}) {
		t.Errorf("k+1: %v %q (%v)", got.Columns(), rows, got.Err())
	}
	for _, tc := range []struct {
		on   JoinOn
		err  error
		text string
	}{
		{OnExprs(Col("k").Sum()), ErrArgument, "aggregates"},
		{OnExprs(Col("nope").Add(Lit(1))), ErrColumn, "left key"},
		{LeftOn("k").RightOnExprs(Col("b").Str().ToUpper()), ErrType, `key types differ: left "k" is int64, right "col(b).str.to_uppercase()" is utf8`},
		{OnExprs(Expr{}), ErrArgument, "empty expression"},
	} {
		err := lv.Join(rv, tc.on, Inner).Err()
		if !errors.Is(err, tc.err) || !strings.Contains(err.Error(), tc.text) {
			t.Errorf("err %v, want %v with %q", err, tc.err, tc.text)
		}
	}
}

// TestJoinIntegerKinds: integer keys of any width and signedness join,
// an outer join coalescing them into int64 (uint64 with an unsigned
// partner); a uint64 key above MaxInt64 facing a signed one is an error
// naming both (Polars refuses i64 with u64, and even i32 with i64; Join
// widens as its documentation says). Integer and float keys never join.
func TestJoinIntegerKinds(t *testing.T) {
	mem := memory.DefaultAllocator
	u64 := func(vals ...uint64) arrow.Array {
		b := array.NewUint64Builder(mem)
		b.AppendValues(vals, nil)
		return b.NewArray()
	}
	u32 := array.NewUint32Builder(mem)
	u32.AppendValues([]uint32{1, 4}, nil)
	i32 := array.NewInt32Builder(mem)
	i32.AppendValues([]int32{-1, 2}, nil)
	tests := []struct {
		name   string
		l, r   *Frame
		rows   []string
		schema string
	}{
		{"int64/uint64", FromColumns([]string{"k", "a"}, []int64{-1, 2, 3}, []string{"x", "y", "z"}),
			FromColumns([]string{"k", "b"}, u64(2, 7), []string{"p", "q"}),
			[]string{`-1 x <nil>`, `2 y p`, `3 z <nil>`, `7 <nil> q`}, "k: int64"},
		{"int32/uint64", FromColumns([]string{"k", "a"}, i32.NewArray(), []string{"x", "y"}),
			FromColumns([]string{"k", "b"}, u64(2, 7), []string{"p", "q"}),
			[]string{`-1 x <nil>`, `2 y p`, `7 <nil> q`}, "k: int64"},
		{"uint32/uint64", FromColumns([]string{"k", "a"}, u32.NewArray(), []string{"x", "y"}),
			FromColumns([]string{"k", "b"}, u64(1<<63, 4), []string{"p", "q"}),
			[]string{`1 x <nil>`, `4 y q`, `9223372036854775808 <nil> p`}, "k: uint64"},
	}
	for _, tc := range tests {
		got := tc.l.Join(tc.r, On("k"), Outer)
		if err := got.Err(); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if rows := joinRowStrings(got); !reflect.DeepEqual(rows, tc.rows) {
			t.Errorf("%s: rows %q, want %q", tc.name, rows, tc.rows)
		}
		if s := got.Schema().String(); !strings.Contains(s, tc.schema) {
			t.Errorf("%s: schema %s, want %s", tc.name, s, tc.schema)
		}
	}
	big := FromColumns([]string{"k"}, u64(1, 1<<63))
	signed := FromColumns([]string{"k"}, []int64{1})
	err := signed.Join(big, On("k"), Inner).Err()
	if !errors.Is(err, ErrType) || !strings.Contains(err.Error(), `uint64 key "k" holds 9223372036854775808 at row 1, beyond the int64 range of the int64 key "k"`) {
		t.Errorf("big uint64: %v", err)
	}
	err = signed.Join(FromColumns([]string{"k"}, []float64{1}), On("k"), Inner).Err()
	if !errors.Is(err, ErrType) || !strings.Contains(err.Error(), `left "k" is int64, right "k" is float64`) {
		t.Errorf("int/float: %v", err)
	}
	// Cast, they join.
	got := signed.Join(FromColumns([]string{"f"}, []float64{1}), LeftOnExprs(Col("k").Cast(arrow.PrimitiveTypes.Float64)).RightOn("f"), Inner)
	if got.Err() != nil || got.NumRows() != 1 {
		t.Errorf("cast key: %d rows, %v", got.NumRows(), got.Err())
	}
}

// TestJoinDictionaryKeys: a dictionary-encoded string key joins a plain
// one, both ways, and an outer join coalesces them into large_string.
func TestJoinDictionaryKeys(t *testing.T) {
	mem := memory.DefaultAllocator
	db := array.NewDictionaryBuilder(mem, &arrow.DictionaryType{IndexType: arrow.PrimitiveTypes.Int32, ValueType: arrow.BinaryTypes.String}).(*array.BinaryDictionaryBuilder)
	for _, s := range []string{"b", "a", "b"} {
		_ = db.AppendString(s)
	}
	db.AppendNull()
	dict := FromColumns([]string{"k", "d"}, db.NewArray(), []int64{1, 2, 3, 4})
	plain := FromColumns([]string{"k", "p"}, []string{"a", "c", "b"}, []int64{10, 20, 30})
	got := dict.Join(plain, On("k"), Inner)
	if rows := joinRowStrings(got); !reflect.DeepEqual(rows, []string{`b 1 30`, `a 2 10`, `b 3 30`}) {
		t.Errorf("dict join plain: %q (%v)", rows, got.Err())
	}
	got = plain.Join(dict, On("k"), Outer)
	want := []string{`a 10 2`, `c 20 <nil>`, `b 30 1`, `b 30 3`, `<nil> <nil> 4`}
	if rows := joinRowStrings(got); !reflect.DeepEqual(rows, want) {
		t.Errorf("plain outer dict: %q (%v)", rows, got.Err())
	}
	if s := got.Schema().String(); !strings.Contains(s, "k: ?large_string") {
		t.Errorf("schema %s", s)
	}
}
