package frame

import (
	"encoding/json"
	"testing"

	"github.com/structframe/structframe/structured"
)

// FuzzAt indexes a nested frame built from JSON records with keys drawn
// from the fuzzer's bytes (ints, slices, field names, masks, gathers)
// and checks that At never panics and that a Frame or Series it returns
// is consistent.
func FuzzAt(f *testing.F) {
	f.Add([]byte(`[{"a": [{"b": 1, "c": [1, 2]}], "d": "x"}, {"a": [], "d": null}, {"a": null, "d": "y"}]`), []byte{0, 1, 2, 3})
	f.Add([]byte(`[{"l": [[1, 2], [3]], "s": {"t": [1]}}]`), []byte{4, 5, 6, 7, 8})
	f.Fuzz(func(t *testing.T, data, keyBytes []byte) {
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
		names := atFuzzNames(fr.data)
		var keys []any
		for i, b := range keyBytes {
			if i >= 6 {
				break
			}
			arg := int(b>>4) - 8
			switch b % 8 {
			case 0, 1:
				keys = append(keys, arg)
			case 2:
				keys = append(keys, structured.Span(arg, arg+int(b%5)).By(1+int(b%3)))
			case 3, 4:
				if len(names) > 0 {
					keys = append(keys, names[int(b>>3)%len(names)])
				}
			case 5:
				mask := make([]bool, fr.NumRows()+int(b>>7))
				for k := range mask {
					mask[k] = (k+int(b))%2 == 0
				}
				keys = append(keys, mask)
			case 6:
				g := make([][]int, fr.NumRows())
				for k := range g {
					g[k] = []int{arg % 3}
				}
				keys = append(keys, g)
			case 7:
				keys = append(keys, structured.All.By(-1))
			}
		}
		got, err := fr.At(keys...)
		if err != nil {
			return
		}
		switch x := got.(type) {
		case *Frame:
			if x.Err() != nil || x.Index().NumRows() != x.NumRows() {
				t.Fatalf("At(%v): bad frame %v", keys, x.Err())
			}
		case Series:
			if x.Index().NumRows() != x.NumRows() {
				t.Fatalf("At(%v): series of %d rows with an index of %d", keys, x.NumRows(), x.Index().NumRows())
			}
		}
	})
}

// atFuzzNames lists the field names at every depth of t.
func atFuzzNames(t *structured.Tensor) []string {
	var names []string
	for name, v := range t.FieldsSeq() {
		names = append(names, name)
		if st, ok := v.(*structured.Tensor); ok {
			names = append(names, atFuzzNames(st)...)
		}
	}
	return names
}
