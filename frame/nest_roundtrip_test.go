package frame

import (
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
	if r, _ := flat.Shape(); r != 6 {
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
