package frame

import (
	"slices"
	"testing"
)

func TestExprColumnsConjuncts(t *testing.T) {
	tests := []struct {
		name string
		e    Expr
		cols []string
		agg  bool
	}{
		{"col", Col("a"), []string{"a"}, false},
		{"lit", Lit(1), nil, false},
		{"cmp", Col("year").Eq(Lit(2024)), []string{"year"}, false},
		{"and chain", Col("a").Gt(Lit(1)).And(Col("b").IsNull()).And(Col("a").Lt(Col("c"))),
			[]string{"a", "b", "c"}, false},
		{"or is one", Col("a").Eq(Lit(1)).Or(Col("b").Eq(Lit(2))), []string{"a", "b"}, false},
		{"nested path", Col("s.x").Add(Col("t")).Alias("z"), []string{"s.x", "t"}, false},
		{"agg", Col("a").Eq(Col("a").Max()), []string{"a"}, true},
		{"len", Len(), nil, true},
		{"struct field", Col("s").Struct().Field("x"), []string{"s"}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.e.Columns(); !slices.Equal(got, tt.cols) {
				t.Errorf("Columns() = %q, want %q", got, tt.cols)
			}
			if got := tt.e.Aggregates(); got != tt.agg {
				t.Errorf("Aggregates() = %v, want %v", got, tt.agg)
			}
		})
	}
	a, b, c := Col("a").Gt(Lit(1)), Col("b").IsNull(), Col("c").Eq(Lit("x")).Or(Col("d"))
	got := a.And(b.And(c)).Conjuncts()
	want := []string{a.String(), b.String(), c.String()}
	if len(got) != len(want) {
		t.Fatalf("Conjuncts gave %d expressions, want %d", len(got), len(want))
	}
	for i := range got {
		if got[i].String() != want[i] {
			t.Errorf("conjunct %d = %s, want %s", i, got[i], want[i])
		}
	}
	if got := c.Conjuncts(); len(got) != 1 || got[0].String() != c.String() {
		t.Errorf("an Or is one conjunct, got %v", got)
	}
}
