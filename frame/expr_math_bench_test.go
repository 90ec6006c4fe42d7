package frame

import (
	"math/rand/v2"
	"testing"
)

// benchMathFrame has 1M rows of a float and an int column.
func benchMathFrame(b *testing.B) *Frame {
	b.Helper()
	const n = 1 << 20
	r := rand.New(rand.NewPCG(1, 2))
	fs := make([]float64, n)
	is := make([]int64, n)
	for i := range fs {
		fs[i] = r.NormFloat64() * 100
		is[i] = r.Int64N(1000) - 500
	}
	f := FromColumns([]string{"f", "i"}, fs, is)
	if err := f.Err(); err != nil {
		b.Fatal(err)
	}
	return f
}

func BenchmarkExprWhenThenOtherwise(b *testing.B) {
	f := benchMathFrame(b)
	e := When(Col("i").Lt(Lit(0))).Then(Col("f")).When(Col("i").Lt(Lit(250))).Then(Lit(0.0)).Otherwise(Col("f").Neg()).Alias("w")
	b.ResetTimer()
	for range b.N {
		if err := f.WithColumns(e).Err(); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkExprRound(b *testing.B) {
	f := benchMathFrame(b)
	e := Col("f").Round(2).Alias("r")
	b.ResetTimer()
	for range b.N {
		if err := f.WithColumns(e).Err(); err != nil {
			b.Fatal(err)
		}
	}
}
