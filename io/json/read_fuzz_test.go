package json

import (
	"bytes"
	stdjson "encoding/json"
	"testing"

	"github.com/structframe/structframe/structured"
)

// FuzzRead reads any input in one block on one goroutine and in tiny
// blocks on several: both must fail with the same error or give equal
// Tensors, and a Tensor read must hold the values encoding/json decodes.
func FuzzRead(f *testing.F) {
	for _, c := range errorCases {
		f.Add([]byte(c.in), uint8(c.format))
	}
	f.Add([]byte("{\"a\":1,\"b\":[1,2]}\n{\"a\":2.5,\"c\":\"x\"}\n"), uint8(Auto))
	f.Add([]byte(`[{"s":"a,b]","l":[[1],[2,3]]},{"s":"\"],"}]`), uint8(Auto))
	f.Add([]byte("{\n \"a\": 1\n}\n{\"a\": 3}"), uint8(Auto))
	f.Add([]byte("[{\"a\":1}]\n[]\n"), uint8(NDJSON))
	f.Fuzz(func(t *testing.T, in []byte, format uint8) {
		if len(in) > 4096 {
			return
		}
		fm := Format(format % 4)
		one, err1 := ReadTensor(bytes.NewReader(in), WithFormat(fm), WithParallelism(1))
		many, err2 := ReadTensor(bytes.NewReader(in), WithFormat(fm), WithParallelism(3), withBlockBytes(1+int(format)%7))
		if (err1 == nil) != (err2 == nil) {
			t.Fatalf("one block: %v; tiny blocks: %v", err1, err2)
		}
		if err1 != nil {
			if err1.Error() != err2.Error() {
				t.Fatalf("errors differ:\none block:   %v\ntiny blocks: %v", err1, err2)
			}
			return
		}
		if !one.Equal(many) {
			t.Fatalf("tensors differ:\n%v\n%v", one, many)
		}
		// encoding/json agrees on the values (it accepts all we accept).
		if fm == Array || fm == Auto && bytes.HasPrefix(bytes.TrimLeft(in, " \t\r\n"), []byte("[")) {
			return // checked by the scanner's own tests; rows of arrays need unwrapping
		}
		d := stdjson.NewDecoder(bytes.NewReader(in))
		d.UseNumber()
		var rows []any
		for d.More() {
			var v any
			if err := d.Decode(&v); err != nil {
				t.Fatalf("we read %q, encoding/json fails: %v", in, err)
			}
			rows = append(rows, v)
		}
		var want *structured.Tensor
		var err error
		if one.Rank() == 0 {
			want, err = structured.FromValue(rows[0])
		} else {
			want, err = structured.FromValue(rows)
		}
		if err != nil {
			return // FromValue of Go maps can differ (key order decides conflicts)
		}
		if a, b := mustJSON(t, one.ToValue()), mustJSON(t, want.ToValue()); a != b {
			t.Fatalf("values differ:\nread:          %s\nencoding/json: %s", a, b)
		}
	})
}
