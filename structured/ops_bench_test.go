package structured

import (
	"fmt"
	"testing"
)

// opBenchTensor builds, without FromValue (so quickly), n rows of
//
//	{"id": int64, "docs": [{"score": float64, "tokens": [int64, ...]}, ...]}
//
// with 0 to 4 docs per row (2 on average) and 1 to 2*tokens-1 tokens per
// doc (tokens on average). It also returns the bytes of its value arrays:
// what an operation that copied values would have to move.
func opBenchTensor(n, tokens int) (*Tensor, int64) {
	docSplits := make([]int64, n+1)
	for i := range n {
		docSplits[i+1] = docSplits[i] + int64(i%5)
	}
	ndocs := int(docSplits[n])
	tokSplits := make([]int64, ndocs+1)
	for i := range ndocs {
		tokSplits[i+1] = tokSplits[i] + int64(1+i%(2*tokens-1))
	}
	ntok := int(tokSplits[ndocs])
	ids, scores, toks := make([]int64, n), make([]float64, ndocs), make([]int64, ntok)
	for i := range ids {
		ids[i] = int64(i)
	}
	for i := range scores {
		scores[i] = float64(i) / 7
	}
	for i := range toks {
		toks[i] = int64(i % 1000)
	}
	docsP := Must(PartitionFromSplits(docSplits))
	tokP := Must(PartitionFromSplits(tokSplits))
	docs := Must(FromFields([]FieldValue{
		{"score", Must(NewRagged(opFloats(scores...), docsP))},
		{"tokens", Must(NewRagged(opInts(toks...), docsP, tokP))},
	}, 2))
	st := Must(FromFields([]FieldValue{{"id", Must(NewDense(opInts(ids...)))}, {"docs", docs}}, 1))
	return st, int64(8 * (n + ndocs + ntok))
}

// opBenchGroups cuts n rows into groups of 1 to 7 (4 on average).
func opBenchGroups(n int) *RowPartition {
	var lengths []int64
	for left, i := n, 0; left > 0; i++ {
		l := min(left, 1+i%7)
		lengths = append(lengths, int64(l))
		left -= l
	}
	return Must(PartitionFromLengths(lengths))
}

var opBenchSizes = []struct{ rows, tokens int }{{100_000, 3}, {1_000_000, 3}, {100_000, 30}}

// BenchmarkPromote promotes docs.tokens to the rows: the docs and tokens
// partitions are composed (O(rows)); the tokens are shared, so ten times
// more tokens per doc costs the same.
func BenchmarkPromote(b *testing.B) {
	for _, size := range opBenchSizes {
		b.Run(fmt.Sprintf("rows=%d/tokens=%d", size.rows, size.tokens), func(b *testing.B) {
			st, nbytes := opBenchTensor(size.rows, size.tokens)
			b.ReportAllocs()
			b.SetBytes(nbytes)
			for b.Loop() {
				if _, err := st.Promote([]string{"docs", "tokens"}, "docs_tokens"); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkMergeDims merges dimensions of rank-2 and rank-3 Tensors built
// from the benchmark rows: from dimension 0 partitions are dropped (O(1)
// per field); inner dimensions compose partitions, O(rows of the outer
// one), whatever the number of values.
func BenchmarkMergeDims(b *testing.B) {
	for _, size := range opBenchSizes {
		st, nbytes := opBenchTensor(size.rows, size.tokens)
		docs := opField(b, st, "docs").(*Tensor)
		groups := opBenchGroups(size.rows)
		rank3 := Must(Must(st.PartitionOuterDimension(groups)).PartitionOuterDimension(opBenchGroups(groups.NumRows())))
		for _, c := range []struct {
			name         string
			st           *Tensor
			outer, inner int
		}{
			{"docs/dims=0..1", docs, 0, 1},
			{"rank3/dims=0..1", rank3, 0, 1},
			{"rank3/dims=1..2", rank3, 1, 2},
		} {
			b.Run(fmt.Sprintf("rows=%d/tokens=%d/%s", size.rows, size.tokens, c.name), func(b *testing.B) {
				b.ReportAllocs()
				b.SetBytes(nbytes)
				for b.Loop() {
					if _, err := c.st.MergeDims(c.outer, c.inner); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
