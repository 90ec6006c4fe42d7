package jsonnum

import "testing"

// benchNumbers are numbers as the benchmark recipes hold them, each
// followed by the byte that ends it in the document.
var benchNumbers = []byte(`280.25,186.2,0.537466,-0.854901,1.2,407.87,12,3.7,-0.020465,235.3,`)

// BenchmarkPrefix scans the numbers of benchNumbers with their values,
// as the tokenizer does for a kept field.
//
//	go test -run '^$' -bench . -cpu 1 ./internal/jsonnum
func BenchmarkPrefix(b *testing.B) {
	b.SetBytes(int64(len(benchNumbers)))
	for b.Loop() {
		for i := 0; i < len(benchNumbers); i++ {
			n, end := Prefix(benchNumbers, i)
			if !n.OK {
				b.Fatal(i)
			}
			i = end
		}
	}
}

// BenchmarkEnd finds where the numbers of benchNumbers end, as the
// tokenizer does for a skipped field.
func BenchmarkEnd(b *testing.B) {
	b.SetBytes(int64(len(benchNumbers)))
	for b.Loop() {
		for i := 0; i < len(benchNumbers); i++ {
			end, ok := End(benchNumbers, i)
			if !ok {
				b.Fatal(i)
			}
			i = end
		}
	}
}

// longNumbers are numbers of many digits: coordinates, epoch
// milliseconds, floats printed the shortest way.
var longNumbers = []byte(`37.774929,-122.419416,1700000000000,0.7450751234567891,123456789012,-0.00012345678901234,`)

// BenchmarkPrefixLong is BenchmarkPrefix over longNumbers.
func BenchmarkPrefixLong(b *testing.B) {
	b.SetBytes(int64(len(longNumbers)))
	for b.Loop() {
		for i := 0; i < len(longNumbers); i++ {
			n, end := Prefix(longNumbers, i)
			if !n.OK {
				b.Fatal(i)
			}
			i = end
		}
	}
}
