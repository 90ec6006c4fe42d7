package frame

import (
	"testing"

	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/structframe/structframe/structured"
)

func BenchmarkZZGrpYM(b *testing.B) {
	yb, mb := array.NewInt32Builder(memory.DefaultAllocator), array.NewInt8Builder(memory.DefaultAllocator)
	for i := range 1_000_000 {
		yb.Append(int32(2020 + (i*7919)%5))
		mb.Append(int8(1 + (i*104729)%12))
	}
	y, _ := structured.NewDense(yb.NewArray())
	m, _ := structured.NewDense(mb.NewArray())
	vals := []structured.Value{y, m}
	for b.Loop() {
		grpPacked(1_000_000, vals)
	}
}
