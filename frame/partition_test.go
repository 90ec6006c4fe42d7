package frame

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/structframe/structframe/index"
)

func TestPartitionBy(t *testing.T) {
	f := FromRecords([]any{
		map[string]any{"k": "b", "n": int64(1), "l": []any{int64(1)}},
		map[string]any{"k": nil, "n": int64(2), "l": nil},
		map[string]any{"k": "a", "n": int64(3), "l": []any{}},
		map[string]any{"k": "b", "n": int64(4), "l": []any{int64(4), int64(5)}},
		map[string]any{"k": nil, "n": int64(5), "l": []any{int64(6)}},
	}).Select("k", "n", "l")
	cases := []struct {
		name string
		keys []string
		opts []PartitionOption
		cols []string
		want [][][]any
	}{
		{"first appearance, null a key", []string{"k"}, nil, []string{"k", "n", "l"}, [][][]any{
			{{"b", int64(1), []any{int64(1)}}, {"b", int64(4), []any{int64(4), int64(5)}}},
			{{nil, int64(2), nil}, {nil, int64(5), []any{int64(6)}}},
			{{"a", int64(3), []any{}}},
		}},
		{"without the key", []string{"k"}, []PartitionOption{WithIncludeKey(false), WithMaintainOrder(true)}, []string{"n", "l"}, [][][]any{
			{{int64(1), []any{int64(1)}}, {int64(4), []any{int64(4), int64(5)}}},
			{{int64(2), nil}, {int64(5), []any{int64(6)}}},
			{{int64(3), []any{}}},
		}},
		{"a list key", []string{"l"}, []PartitionOption{WithIncludeKey(false)}, []string{"k", "n"}, [][][]any{
			{{"b", int64(1)}}, {{nil, int64(2)}}, {{"a", int64(3)}}, {{"b", int64(4)}}, {{nil, int64(5)}},
		}},
		{"two keys", []string{"k", "n"}, nil, []string{"k", "n", "l"}, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			parts, err := f.PartitionBy(tc.keys, tc.opts...)
			if err != nil {
				t.Fatal(err)
			}
			if tc.want == nil {
				if len(parts) != f.NumRows() {
					t.Fatalf("%d parts, want %d", len(parts), f.NumRows())
				}
				return
			}
			if len(parts) != len(tc.want) {
				t.Fatalf("%d parts, want %d", len(parts), len(tc.want))
			}
			for k, p := range parts {
				if got := p.Columns(); !slices.Equal(got, tc.cols) {
					t.Fatalf("part %d: columns %v, want %v", k, got, tc.cols)
				}
				if got := pivRows(t, p); !reflect.DeepEqual(got, tc.want[k]) {
					t.Fatalf("part %d: rows %v, want %v", k, got, tc.want[k])
				}
			}
		})
	}
	t.Run("index follows its rows", func(t *testing.T) {
		parts, err := f.SetIndex("n").PartitionBy([]string{"k"})
		if err != nil {
			t.Fatal(err)
		}
		lv, err := index.Levels(parts[0].Index())
		if err != nil || !reflect.DeepEqual(lv[0].ToValue(), []any{int64(1), int64(4)}) {
			t.Fatalf("index of part 0 = %v, err %v", parts[0].Index(), err)
		}
	})
	t.Run("empty frame", func(t *testing.T) {
		parts, err := f.Head(0).PartitionBy([]string{"k"})
		if err != nil || len(parts) != 0 {
			t.Fatalf("parts %v, err %v", parts, err)
		}
	})
	t.Run("errors", func(t *testing.T) {
		if _, err := f.PartitionBy(nil); !errors.Is(err, ErrArgument) {
			t.Fatalf("no key: %v", err)
		}
		if _, err := f.PartitionBy([]string{"nope"}); !errors.Is(err, ErrColumn) {
			t.Fatalf("unknown key: %v", err)
		}
		if _, err := f.Select("nope").PartitionBy([]string{"k"}); !errors.Is(err, ErrColumn) {
			t.Fatalf("a failed frame: %v", err)
		}
	})
}

// TestPartitionByNaive: the parts of random frames against a grouping of
// their rows over ToValue.
func TestPartitionByNaive(t *testing.T) {
	for _, w := range randWays() {
		t.Run(w.String(), func(t *testing.T) { partitionByNaive(t, w) })
	}
}

func partitionByNaive(t *testing.T, w randWay) {
	rng := rand.New(rand.NewPCG(21, 3+uint64(w)))
	for iter := range 12 {
		f, rows := randFrame(t, rng, 1+rng.IntN(20), w)
		keys := [][]string{{"ki"}, {"ks"}, {"ki", "ks"}, {"l"}}[iter%4]
		parts, err := f.PartitionBy(keys)
		if err != nil {
			t.Fatal(err)
		}
		var order []string
		groups := map[string][]any{}
		for _, r := range rows {
			m := r.(map[string]any)
			var key []any
			for _, k := range keys {
				key = append(key, m[k])
			}
			ks := fmt.Sprintf("%#v", key)
			if _, ok := groups[ks]; !ok {
				order = append(order, ks)
			}
			groups[ks] = append(groups[ks], r)
		}
		if len(parts) != len(order) {
			t.Fatalf("iter %d: %d parts, want %d", iter, len(parts), len(order))
		}
		for k, p := range parts {
			if got := randRows(t, p); !randDeepEqual(got, groups[order[k]]) {
				t.Fatalf("iter %d part %d: %v, want %v", iter, k, got, groups[order[k]])
			}
		}
	}
}
