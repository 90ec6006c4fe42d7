// Package jsoncompare measures the JSON reader of structframe (its own
// tokenizer driving structured.Builder) against github.com/go-faster/jx
// driving the same Builder: the whole path from bytes to Arrow columns, on
// one goroutine. It is a module of its own so that jx never becomes a
// dependency of structframe.
//
//	cd bench/jsoncompare && go test -bench . -benchtime 3x -count 5 -cpu 1
package jsoncompare

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/go-faster/jx"
	sfjson "github.com/structframe/structframe/io/json"
	"github.com/structframe/structframe/structured"
)

// recipes returns the first 50 MiB (cut at a line end) of recipes.ndjson
// from $STRUCTFRAME_BENCHDATA or /tmp/benchdata.
func recipes(b *testing.B) []byte {
	dir := os.Getenv("STRUCTFRAME_BENCHDATA")
	if dir == "" {
		dir = "/tmp/benchdata"
	}
	data, err := os.ReadFile(filepath.Join(dir, "recipes.ndjson"))
	if err != nil {
		b.Skip("no recipes.ndjson:", err)
	}
	if len(data) > 50<<20 {
		data = data[:bytes.LastIndexByte(data[:50<<20], '\n')+1]
	}
	return data
}

// jxValue passes the value at d to the Builder, event by event.
func jxValue(d *jx.Decoder, b *structured.Builder) error {
	switch d.Next() {
	case jx.Object:
		if err := b.BeginRecord(); err != nil {
			return err
		}
		if err := d.ObjBytes(func(d *jx.Decoder, key []byte) error {
			if err := b.KeyBytes(key); err != nil {
				return err
			}
			return jxValue(d, b)
		}); err != nil {
			return err
		}
		return b.EndRecord()
	case jx.Array:
		if err := b.BeginList(); err != nil {
			return err
		}
		if err := d.Arr(func(d *jx.Decoder) error { return jxValue(d, b) }); err != nil {
			return err
		}
		return b.EndList()
	case jx.String:
		v, err := d.StrBytes()
		if err != nil {
			return err
		}
		return b.StringBytes(v)
	case jx.Number:
		n, err := d.Num()
		if err != nil {
			return err
		}
		return b.Number(n)
	case jx.Bool:
		v, err := d.Bool()
		if err != nil {
			return err
		}
		return b.Bool(v)
	case jx.Null:
		if err := d.Null(); err != nil {
			return err
		}
		return b.Null()
	}
	return d.Skip() // reports the syntax error
}

func readJX(data []byte) (*structured.Tensor, error) {
	b, err := structured.NewBuilder(nil)
	if err != nil {
		return nil, err
	}
	d := jx.DecodeBytes(data)
	for d.Next() != jx.Invalid {
		if err := jxValue(d, b); err != nil {
			return nil, err
		}
	}
	return b.Finish()
}

func BenchmarkRecipes(b *testing.B) {
	data := recipes(b)
	want, err := sfjson.ReadTensor(bytes.NewReader(data), sfjson.WithParallelism(1))
	if err != nil {
		b.Fatal(err)
	}
	got, err := readJX(data)
	if err != nil {
		b.Fatal(err)
	}
	if !got.Equal(want) {
		b.Fatal("jx and structframe read different Tensors")
	}
	b.Run("structframe", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		b.ReportAllocs()
		for b.Loop() {
			if _, err := sfjson.ReadTensor(bytes.NewReader(data), sfjson.WithParallelism(1)); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("jx", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		b.ReportAllocs()
		for b.Loop() {
			if _, err := readJX(data); err != nil {
				b.Fatal(err)
			}
		}
	})
}
