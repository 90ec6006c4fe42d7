package frame

import (
	"maps"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/structframe/structframe/structured"
)

// The round trip of the nested verbs: Explode with positions, then
// Unnest, then NestPositions gives the frame back, empty, null and [null]
// lists included; Flatten then Unflatten too.
func TestExplodeUnnestNestRoundTrip(t *testing.T) {
	f := FromRecords([]any{
		map[string]any{"id": int64(1), "ingredients": []any{map[string]any{"name": "leek", "qty": 2.0}, map[string]any{"name": "salt", "qty": nil}}},
		map[string]any{"id": int64(2), "ingredients": []any{}},
		map[string]any{"id": int64(3), "ingredients": nil},
		map[string]any{"id": int64(4), "ingredients": []any{nil}},
		map[string]any{"id": nil, "ingredients": []any{map[string]any{"name": "egg", "qty": 1.0}}},
	})
	if err := f.Err(); err != nil {
		t.Fatal(err)
	}
	flat := f.Explode([]string{"ingredients"}, WithPosition("pos")).Unnest("ingredients")
	if err := flat.Err(); err != nil {
		t.Fatal(err)
	}
	if r, _ := flat.NumRows(), flat.NumColumns(); r != 6 {
		t.Errorf("exploded rows = %d, want 6", r)
	}
	back := flat.NestPositions("ingredients", "pos", "id")
	if err := back.Err(); err != nil {
		t.Fatal(err)
	}
	// Unnest made a null structure ([nil]) into a structure of nulls.
	want := FromRecords([]any{
		map[string]any{"id": int64(1), "ingredients": []any{map[string]any{"name": "leek", "qty": 2.0}, map[string]any{"name": "salt", "qty": nil}}},
		map[string]any{"id": int64(2), "ingredients": []any{}},
		map[string]any{"id": int64(3), "ingredients": nil},
		map[string]any{"id": int64(4), "ingredients": []any{map[string]any{"name": nil, "qty": nil}}},
		map[string]any{"id": nil, "ingredients": []any{map[string]any{"name": "egg", "qty": 1.0}}},
	})
	if !structured.Equal(back.data, want.data) {
		t.Errorf("Explode+Unnest+NestPositions:\n%v\nwant\n%v", back.data.ToValue(), want.data.ToValue())
	}
	// Without positions, Nest keeps the row an empty or null list left.
	if got := flat.Drop("pos").Nest("ingredients", "id").NumRows(); got != 5 {
		t.Errorf("Nest rows = %d, want 5", got)
	}
	for _, bad := range []*Frame{
		flat.NestPositions("ingredients", "nope", "id"),
		flat.NestPositions("ingredients", "name", "id"),
		flat.NestPositions("ingredients", "pos", "pos"),
	} {
		if bad.Err() == nil {
			t.Errorf("want an error, got\n%v", bad)
		}
	}
	// Flatten then Unflatten, without the null structure (documented: it
	// comes back as a structure of nulls).
	g := f.Take([]int{0, 1, 2, 4})
	if un := g.Flatten().Unflatten(); un.Err() != nil || !structured.Equal(un.data, g.data) {
		t.Errorf("Flatten+Unflatten: %v\n%v\nwant\n%v", un.Err(), un.data, g.data)
	}
}

// randStructOfNulls replaces null structures (where a structure of the
// fields is expected) by structures of nulls, as Unnest and Flatten
// document: what a null structure comes back as.
func randStructOfNulls(v any, fields ...string) any {
	if v != nil {
		return v
	}
	m := make(map[string]any, len(fields))
	for _, f := range fields {
		m[f] = nil
	}
	return m
}

// TestNestRoundTripProperty: on the shared random frame built every way,
// Explode with positions, Unnest and NestPositions give the list of
// structures back ([], null and [null] as they were, a null structure
// as a structure of nulls), and Flatten then Unflatten gives the frame back
// (null structures as structures of nulls).
func TestNestRoundTripProperty(t *testing.T) {
	for _, w := range randWays() {
		t.Run(w.String(), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(13, 14+uint64(w)))
			checked := 0
			for iter := range 30 {
				f, rows := randFrame(t, rng, 1+rng.IntN(12), w)
				if col, _ := f.data.Field("items"); col == nil || col.Rank() != 2 {
					continue
				} else if _, ok := col.(*structured.Tensor); !ok {
					continue // no structure at all: a list of nulls
				}
				checked++
				back := f.Select("id", "items").
					Explode([]string{"items"}, WithPosition("pos")).
					Unnest("items").
					NestPositions("items", "pos", "id")
				if err := back.Err(); err != nil {
					t.Fatalf("iter %d: %v", iter, err)
				}
				want := make([]any, len(rows))
				for i, r := range rows {
					m := r.(map[string]any)
					var items any
					if l, ok := m["items"].([]any); ok {
						out := make([]any, len(l))
						for j, it := range l {
							out[j] = randStructOfNulls(it, "name", "qty")
						}
						items = out
					}
					want[i] = map[string]any{"id": m["id"], "items": items}
				}
				if got := randRows(t, back); !randDeepEqual(got, want) {
					t.Fatalf("iter %d: Explode+Unnest+NestPositions\n got  %v\n want %v", iter, got, want)
				}
				if !slices.Equal(back.Columns(), []string{"id", "items"}) {
					t.Fatalf("iter %d: columns %v", iter, back.Columns())
				}
				un := f.Flatten().Unflatten()
				if err := un.Err(); err != nil {
					t.Fatalf("iter %d: Flatten+Unflatten: %v", iter, err)
				}
				sCol, _ := f.data.Field("s")
				_, sStruct := sCol.(*structured.Tensor)
				wantFlat := make([]any, len(rows))
				for i, r := range rows {
					m := maps.Clone(r.(map[string]any))
					if sStruct { // not a column of only nulls
						m["s"] = randStructOfNulls(m["s"], "a", "b")
					}
					if l, ok := m["items"].([]any); ok {
						out := make([]any, len(l))
						for j, it := range l {
							out[j] = randStructOfNulls(it, "name", "qty")
						}
						m["items"] = out
					}
					wantFlat[i] = m
				}
				if got := randRows(t, un); !randDeepEqual(got, wantFlat) {
					t.Fatalf("iter %d: Flatten+Unflatten\n got  %v\n want %v", iter, got, wantFlat)
				}
			}
			if checked < 10 {
				t.Errorf("only %d round trips checked", checked)
			}
		})
	}
}
