package frame

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"reflect"
	"testing"
)

// FuzzFlatten builds a nested frame from JSON records and checks that
// Flatten gives the leaves a naive walk of ToValue finds (or refuses a
// name collision) and that Unflatten takes the flat frame back without
// error, to the same rows when no structure is null. The frame is built
// the way (randWays) the input's length picks.
func FuzzFlatten(f *testing.F) {
	for _, s := range []string{
		`[{"a": {"b": 1, "c": [1, 2]}, "d": [{"e": "x", "f": [1]}]}, {"a": null, "d": null}]`,
		`[{"a": {"b": {"c": {"d": 1}}}, "l": [[{"x": 1, "y": 2}], []]}]`,
		`[{"a": {"b": 1}, "a.b": 2}]`,
		`[{"m": {"k1": 1}}, {"m": {"k2": 2}}]`,
		`[{}]`,
		`[{"0":{"0":0,"0":[0,0]},"0":[{}],"1":null}]`, // a list of structures without fields, way arrowNullSpans
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var v any
		if json.Unmarshal(data, &v) != nil {
			return
		}
		if _, ok := v.([]any); !ok {
			return
		}
		fr := FromRecords(v)
		if fr.Err() != nil {
			return
		}
		fr = randBuild(t, rand.New(rand.NewPCG(uint64(len(data)), 0)), fr, randWay(len(data)%int(numRandWays)))
		g := fr.Flatten()
		if err := g.Err(); err != nil {
			if errors.Is(err, ErrDuplicate) {
				return
			}
			t.Fatalf("Flatten: %v", err)
		}
		rows, _ := fr.data.ToValue().([]any)
		flat, _ := g.data.ToValue().([]any)
		for i, r := range rows {
			want := map[string]any{}
			flatNaive(want, "", r, fr.data)
			if !reflect.DeepEqual(flat[i], want) {
				t.Fatalf("row %d: got %v\nwant %v", i, flat[i], want)
			}
		}
		back := g.Unflatten()
		if err := back.Err(); err != nil && !errors.Is(err, ErrDuplicate) {
			t.Fatalf("Unflatten: %v", err)
		}
	})
}
