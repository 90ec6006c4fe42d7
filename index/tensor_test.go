package index

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/structframe/structframe/structured"
)

func idxTestTensor(t testing.TB, v any) *structured.Tensor {
	t.Helper()
	out, err := structured.FromValue(v)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestDecodeForms(t *testing.T) {
	type rec = map[string]any
	tests := []struct {
		name      string
		in        any
		kind      string // "range", "labels", "multi"
		names     []string
		rows      [][]any // per-row index tuples
		data      any     // the data's ToValue
		groups0   int     // outer groups of a Multi
		canonical bool    // Encode(Decode(t)) is t
		err       error
	}{
		{name: "range", in: []any{rec{"x": int64(1)}, rec{"x": int64(2)}}, kind: "range",
			data: []any{rec{"x": int64(1)}, rec{"x": int64(2)}}, canonical: true},
		{name: "unnamed labels", in: []any{rec{"_index_": "a", "x": int64(1)}, rec{"_index_": nil, "x": int64(2)}}, kind: "labels",
			names: []string{""}, rows: [][]any{{"a"}, {nil}}, data: []any{rec{"x": int64(1)}, rec{"x": int64(2)}}, canonical: true},
		{name: "named labels", in: []any{rec{"_index_": rec{"city": "a"}, "x": int64(1)}}, kind: "labels",
			names: []string{"city"}, rows: [][]any{{"a"}}, data: []any{rec{"x": int64(1)}}, canonical: true},
		{name: "null struct label", in: []any{rec{"_index_": rec{"city": "a"}}, rec{"_index_": nil}}, kind: "labels",
			names: []string{"city"}, rows: [][]any{{"a"}, {nil}}, data: []any{rec{}, rec{}}},
		{name: "flat tuples", in: []any{
			rec{"_index_": rec{"c": "a", "y": int64(1)}, "x": 1.0},
			rec{"_index_": rec{"c": "a", "y": int64(2)}, "x": 2.0},
			rec{"_index_": rec{"c": "b", "y": nil}, "x": 3.0}}, kind: "multi",
			names: []string{"c", "y"}, rows: [][]any{{"a", int64(1)}, {"a", int64(2)}, {"b", nil}},
			data: []any{rec{"x": 1.0}, rec{"x": 2.0}, rec{"x": 3.0}}, groups0: 2},
		{name: "nested with empty and null groups", in: []any{
			rec{"_index_": rec{"c": "a"}, "_rows_": []any{rec{"_index_": int64(1), "x": 1.0}, rec{"_index_": int64(2), "x": 2.0}}},
			rec{"_index_": rec{"c": "b"}, "_rows_": []any{}},
			rec{"_index_": rec{"c": nil}, "_rows_": []any{rec{"_index_": int64(3), "x": nil}}}}, kind: "multi",
			names: []string{"c", ""}, rows: [][]any{{"a", int64(1)}, {"a", int64(2)}, {nil, int64(3)}},
			data: []any{rec{"x": 1.0}, rec{"x": 2.0}, rec{"x": nil}}, groups0: 3, canonical: true},
		{name: "positions of nested data", in: []any{
			[]any{rec{"n": "salt"}}, []any{}, []any{rec{"n": "egg"}, rec{"n": "milk"}}}, kind: "multi",
			names: []string{"", ""}, rows: [][]any{{int64(0), int64(0)}, {int64(2), int64(0)}, {int64(2), int64(1)}},
			data: []any{rec{"n": "salt"}, rec{"n": "egg"}, rec{"n": "milk"}}, groups0: 3},
		{name: "positions with inner labels", in: []any{
			[]any{rec{"_index_": "s", "n": "salt"}}, []any{rec{"_index_": "e", "n": "egg"}}}, kind: "multi",
			names: []string{"", ""}, rows: [][]any{{int64(0), "s"}, {int64(1), "e"}},
			data: []any{rec{"n": "salt"}, rec{"n": "egg"}}, groups0: 2},
		{name: "labels over a null row", in: []any{rec{"_index_": "a", "x": int64(1)}, nil}, kind: "labels",
			names: []string{""}, rows: [][]any{{"a"}, {nil}}, data: []any{rec{"x": int64(1)}, nil}, canonical: true},
		{name: "nested with a null row", in: []any{
			rec{"_index_": "a", "_rows_": []any{nil, rec{"_index_": int64(2), "x": 2.0}}}}, kind: "multi",
			names: []string{"", ""}, rows: [][]any{{"a", nil}, {"a", int64(2)}},
			data: []any{nil, rec{"x": 2.0}}, groups0: 1, canonical: true},
		{name: "nested with a null group", in: []any{
			rec{"_index_": "a", "_rows_": []any{rec{"_index_": int64(2), "x": 2.0}}}, nil}, kind: "multi",
			names: []string{"", ""}, rows: [][]any{{"a", int64(2)}}, data: []any{rec{"x": 2.0}}, groups0: 2},
		{name: "index list", in: []any{rec{"_index_": []any{int64(1)}, "x": int64(1)}}, err: ErrInvalid},
		{name: "index nested struct", in: []any{rec{"_index_": rec{"a": rec{"b": int64(1)}}}}, err: ErrInvalid},
		{name: "rows without inner index", in: []any{rec{"_index_": "a", "_rows_": []any{rec{"x": int64(1)}}}}, kind: "labels",
			names: []string{""}, rows: [][]any{{"a"}}, data: []any{rec{"_rows_": []any{rec{"x": int64(1)}}}}, canonical: true},
		{name: "nested junk inner index", in: []any{rec{"_index_": "a", "_rows_": []any{rec{"_index_": []any{int64(1)}}}}}, err: ErrInvalid},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			in := idxTestTensor(t, tc.in)
			data, idx, err := Decode(in)
			if tc.err != nil {
				if !errors.Is(err, tc.err) {
					t.Fatalf("err = %v, want %v", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			switch x := idx.(type) {
			case Range:
				if tc.kind != "range" {
					t.Fatalf("kind = range, want %s", tc.kind)
				}
			case *Labels:
				if tc.kind != "labels" {
					t.Fatalf("kind = labels, want %s", tc.kind)
				}
			case *Multi:
				if tc.kind != "multi" {
					t.Fatalf("kind = multi, want %s", tc.kind)
				}
				if x.NumGroups(0) != tc.groups0 {
					t.Errorf("outer groups = %d, want %d", x.NumGroups(0), tc.groups0)
				}
			}
			if tc.kind != "range" {
				if !reflect.DeepEqual(idx.Names(), tc.names) {
					t.Errorf("names = %q, want %q", idx.Names(), tc.names)
				}
				if got := idxTestRows(t, idx); !reflect.DeepEqual(got, tc.rows) {
					t.Errorf("rows = %v, want %v", got, tc.rows)
				}
			}
			if got := data.ToValue(); !reflect.DeepEqual(got, tc.data) {
				t.Errorf("data = %v, want %v", got, tc.data)
			}
			enc, err := Encode(idx, data)
			if err != nil {
				t.Fatal(err)
			}
			if tc.canonical && !enc.Equal(in) {
				t.Errorf("Encode(Decode(t)) = %v, want %v", enc.ToValue(), tc.in)
			}
			data2, idx2, err := Decode(enc)
			if err != nil {
				t.Fatal(err)
			}
			if !Equal(idx, idx2) || !data.Equal(data2) {
				t.Errorf("Decode(Encode) differs: %s vs %s", idx, idx2)
			}
		})
	}
}

func TestEncodeErrors(t *testing.T) {
	data := idxTestTensor(t, []any{map[string]any{"x": int64(1)}})
	l := idxTestLabels(t, "", idxTestValue(t, []int64{1}))
	if _, err := Encode(idxTestLabels(t, "", idxTestValue(t, []int64{1, 2})), data); !errors.Is(err, ErrInvalid) {
		t.Errorf("length mismatch: err = %v", err)
	}
	withIdx := idxTestTensor(t, []any{map[string]any{"_index_": int64(1)}})
	if _, err := Encode(l, withIdx); !errors.Is(err, ErrInvalid) {
		t.Errorf("data holding _index_: err = %v", err)
	}
	rows := idxTestTensor(t, []any{map[string]any{"_rows_": []any{map[string]any{"_index_": int64(1)}}}})
	if _, err := Encode(l, rows); !errors.Is(err, ErrInvalid) {
		t.Errorf("data of one _rows_ field: err = %v", err)
	}
	if got, err := Encode(NewRange(1), rows); err != nil || got != rows {
		t.Errorf("range: %v, %v", got, err)
	}
}

// idxRandomData makes n rows of data with a nullable float column and a
// list column.
func idxRandomData(t testing.TB, rng *rand.Rand, n int) *structured.Tensor {
	t.Helper()
	rows := make([]any, n)
	for i := range rows {
		var x any = rng.Float64()
		if rng.IntN(5) == 0 {
			x = nil
		}
		tags := make([]any, rng.IntN(3))
		for j := range tags {
			tags[j] = int64(rng.IntN(9))
		}
		rows[i] = map[string]any{"x": x, "tags": tags}
	}
	if n == 0 {
		out, err := structured.FromShape(structured.Shape{0})
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	return idxTestTensor(t, rows)
}

// TestEncodeDecodeRandomMulti: Decode(Encode(m, data)) gives m and data
// back, also through an Arrow record batch, for random MultiIndexes with
// empty groups, null labels, names and three label types; Encode of the
// result is the same tensor; and the rank-L view is the rows partitioned.
func TestEncodeDecodeRandomMulti(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 9))
	for iter := range 300 {
		m := idxRandomMulti(t, rng)
		data := idxRandomData(t, rng, m.NumRows())
		enc, err := Encode(m, data)
		if err != nil {
			t.Fatalf("iter %d: Encode(%s): %v", iter, m, err)
		}
		if enc.Rank() != 1 || enc.NumRows() != m.NumGroups(0) {
			t.Fatalf("iter %d: encoded shape %s", iter, enc.Shape())
		}
		data2, idx2, err := Decode(enc)
		if err != nil {
			t.Fatalf("iter %d: Decode: %v", iter, err)
		}
		if !Equal(m, idx2) {
			t.Fatalf("iter %d: index %s came back as %s", iter, m, idx2)
		}
		if !data.Equal(data2) {
			t.Fatalf("iter %d: data %v came back as %v", iter, data.ToValue(), data2.ToValue())
		}
		enc2, err := Encode(idx2, data2)
		if err != nil || !enc2.Equal(enc) {
			t.Fatalf("iter %d: Encode(Decode(t)) != t (%v)", iter, err)
		}
		// The rank-L tensor of the rows: "_rows_" L-1 times.
		path := make([]string, m.NumLevels()-1)
		for k := range path {
			path[k] = Rows
		}
		inner, err := enc.Field(path...)
		if err != nil {
			t.Fatal(err)
		}
		if inner.Rank() != m.NumLevels() {
			t.Fatalf("iter %d: rows tensor of rank %d, want %d", iter, inner.Rank(), m.NumLevels())
		}
		// Through Arrow and back.
		rec, err := enc.ToRecordBatch()
		if err != nil {
			t.Fatalf("iter %d: ToRecordBatch: %v", iter, err)
		}
		back, err := structured.FromRecordBatch(rec)
		rec.Release()
		if err != nil {
			t.Fatal(err)
		}
		data3, idx3, err := Decode(back)
		if err != nil {
			t.Fatalf("iter %d: Decode after Arrow: %v", iter, err)
		}
		if !Equal(m, idx3) || !data.Equal(data3) {
			t.Fatalf("iter %d: Arrow round trip changed %s into %s", iter, m, idx3)
		}
	}
}

// FuzzDecode: JSON → tensor → Decode never panics, and what Decode accepts
// Encode gives back in a form that decodes to the same index and data.
func FuzzDecode(f *testing.F) {
	for _, s := range []string{
		`[{"x": 1}]`,
		`[{"_index_": "a", "x": 1}, {"_index_": null, "x": 2}]`,
		`[{"_index_": {"c": "a"}, "x": 1}]`,
		`[{"_index_": {"c": "a", "y": 1}}, {"_index_": {"c": "a", "y": 2}}, {"_index_": null}]`,
		`[{"_index_": {"c": "a"}, "_rows_": [{"_index_": 1, "x": 1.5}]}, {"_index_": {"c": "b"}, "_rows_": []}]`,
		`[{"_index_": "a", "_rows_": [{"_index_": {"d": 1}, "_rows_": [{"_index_": 2}]}]}]`,
		`[[{"n": "salt"}], [], [{"n": "egg"}]]`,
		`[[{"_index_": 1}], [{"_index_": 2}, {"_index_": 3}]]`,
		`[{"_index_": [1]}]`,
		`[{"_index_": {"a": {"b": 1}}}]`,
		`[[[1, 2], []], [[3]]]`,
		`{"a": 1}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		var v any
		if err := json.Unmarshal(b, &v); err != nil {
			return
		}
		in, err := structured.FromValue(v)
		if err != nil {
			return
		}
		data, idx, err := Decode(in)
		if err != nil {
			return
		}
		if idx.NumRows() != data.NumRows() || data.Rank() != 1 || data.HasField(Field) {
			t.Fatalf("Decode gave %s for %d rows of rank %d", idx, data.NumRows(), data.Rank())
		}
		enc, err := Encode(idx, data)
		if err != nil {
			// Data made of one "_rows_" list of structures holding
			// "_index_" cannot be written under an index: the one refusal.
			if idxRowsAmbiguous(data) {
				return
			}
			t.Fatalf("Encode(Decode(%s)): %v", b, err)
		}
		data2, idx2, err := Decode(enc)
		if err != nil {
			t.Fatalf("Decode(Encode(Decode(%s))): %v", b, err)
		}
		if !Equal(idx, idx2) || !data.Equal(data2) {
			t.Fatalf("round trip of %s: %s became %s", b, idx, idx2)
		}
	})
}
