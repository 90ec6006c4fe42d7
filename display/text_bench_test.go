package display

import (
	"testing"

	"github.com/structframe/structframe/structured"
)

// BenchmarkText prints tables of a few shapes; the cost is per shown
// cell, whatever the rows (see TestTextReadsOnlyShownRows).
func BenchmarkText(b *testing.B) {
	for _, c := range []textCase{
		{"anchor", anchor, nil},
		{"recipes", sampleRecipes, nil},
		{"recipes_expanded", sampleRecipes, []Option{WithExpand(true), WithWidth(160)}},
		{"wide_100x20", func(tb testing.TB) *structured.Tensor { return wide(tb, 100, 20) }, nil},
		{"nested_100x400x5", func(tb testing.TB) *structured.Tensor { return wideNested(tb, 100, 400, 5) }, nil},
		{"nested_100x400x5_allcols", func(tb testing.TB) *structured.Tensor { return wideNested(tb, 100, 400, 5) }, []Option{WithMaxColumns(0)}},
		{"big_10M", func(tb testing.TB) *structured.Tensor { return bigTensor(tb, 10_000_000) }, nil},
	} {
		st := c.t(b)
		opts := append([]Option{WithWidth(100)}, c.opts...)
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_ = Text(st, opts...)
			}
		})
	}
}

func BenchmarkHTML(b *testing.B) {
	st := sampleRecipes(b)
	b.ReportAllocs()
	for b.Loop() {
		_ = HTML(st)
	}
}
