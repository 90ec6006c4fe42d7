package jsonscan

import (
	"fmt"
	"testing"
)

// TestProjectionLookup: a compiled projection finds what its maps find,
// keys of equal length and prefixes included, small and large.
func TestProjectionLookup(t *testing.T) {
	for _, n := range []int{0, 1, 3, maxLinearKeys, maxLinearKeys + 1, 40} {
		p := &Projection{Kids: map[string]*Projection{}}
		for i := range n {
			if i%2 == 0 {
				p.Kids[fmt.Sprintf("k%d", i)] = nil
			} else {
				p.Kids[fmt.Sprintf("k%d", i)] = &Projection{Kids: map[string]*Projection{"x": nil}}
			}
		}
		p.Compile()
		if (p.names != nil) != (n <= maxLinearKeys) {
			t.Errorf("%d keys: compiled to a list: %v", n, p.names != nil)
		}
		for i := range n + 3 {
			for _, k := range []string{fmt.Sprintf("k%d", i), fmt.Sprintf("K%d", i), fmt.Sprintf("k%d ", i), "k"} {
				want, wok := p.Kids[k]
				got, ok := p.lookup([]byte(k))
				if got != want || ok != wok {
					t.Errorf("%d keys: lookup(%q) = %v, %v; want %v, %v", n, k, got, ok, want, wok)
				}
				if got != nil {
					if _, ok := got.lookup([]byte("x")); !ok {
						t.Errorf("%d keys: %q's node not compiled", n, k)
					}
				}
			}
		}
	}
}
