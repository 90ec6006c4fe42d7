package frame

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
)

// rewriteFrame is the frame the rewrite tests evaluate over.
func rewriteFrame() *Frame {
	return FromColumns([]string{"x", "s", "d"},
		[]int64{1, 3, 5, 7},
		[]string{"a", "bb", "", "ccc"},
		[]arrow.Date32{19000, 19723, 19726, 19800},
	)
}

func TestSimplify(t *testing.T) {
	must := func(s string) Expr { return MustParseExpr(s) }
	tests := []struct {
		name string
		e    Expr
		want string // the rendering of the simplified expression
		lit  any    // the literal right of the root comparison, when one is made
	}{
		{"sum of literals", Col("x").Gt(Lit(1).Add(Lit(2))), "col(x).gt(lit(3))", int64(3)},
		{"nested", Col("x").Lt(Lit(2).Mul(Lit(3).Sub(Lit(1))).Add(Lit(0.5))), "col(x).lt(lit(4.5))", 4.5},
		{"text", must("x > 1 + 2"), "col(x).gt(lit(3))", int64(3)},
		{"strings", Col("s").Eq(Lit("b").Add(Lit("b"))), `col(s).eq(lit("bb"))`, "bb"},
		{"upper", must("s = upper('bb')"), `col(s).eq(lit("BB"))`, "BB"},
		{"bool", Col("x").Gt(Lit(0)).And(Lit(1).Lt(Lit(2))), "col(x).gt(lit(0)).and(lit(true))", nil},
		{"date", must("d >= DATE '2024-01-01' + INTERVAL 3 DAY"), "", arrow.Date32(19726)},
		{"kept: reads a column", Col("x").Add(Lit(1)).Gt(Lit(2)), "col(x).add(lit(1)).gt(lit(2))", 2},
		{"kept: null", Col("x").Add(Lit(1).Add(Lit(nil))), "col(x).add(lit(1).add(lit(<nil>)))", nil},
		{"kept: len", Col("x").Lt(Len().Add(Lit(1))), "col(x).lt(len().add(lit(1)))", nil},
		{"kept: fails", Col("x").Gt(Lit("a").Sub(Lit(1))), `col(x).gt(lit("a").sub(lit(1)))`, nil},
		{"aggregation of a folded argument", Col("x").Sum().Gt(Lit(1).Add(Lit(1))), "col(x).sum().gt(lit(2))", int64(2)},
		{"kept: a timestamp no literal holds", Lit(time.Date(2024, 3, 1, 0, 0, 0, 0, time.UTC)).Add(Lit(time.Hour)).Gt(Lit(time.Date(2024, 3, 1, 0, 0, 0, 0, time.UTC))), "", nil},
		{"alias kept", Lit(1).Add(Lit(2)).Alias("three").Add(Col("x")), `lit(3).alias("three").add(col(x))`, nil},
	}
	f := rewriteFrame()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := tt.e.Simplify()
			if tt.want != "" && got.String() != tt.want {
				t.Errorf("Simplify() = %s, want %s", got, tt.want)
			}
			if tt.lit != nil {
				info := got.Inspect()
				if len(info.Args) != 2 || info.Args[1].Inspect().Op != "lit" || info.Args[1].Inspect().Value != tt.lit {
					t.Errorf("Simplify() = %s: right operand is not lit(%v) (%T)", got, tt.lit, tt.lit)
				}
			}
			// The same values under the same name, or the same error.
			a, b := f.SelectExprs(tt.e), f.SelectExprs(got)
			if (a.Err() == nil) != (b.Err() == nil) {
				t.Fatalf("error before %v, after %v", a.Err(), b.Err())
			}
			if a.Err() != nil {
				return
			}
			if !slices.Equal(a.Columns(), b.Columns()) || a.String() != b.String() {
				t.Errorf("results differ:\n%s\n%s", a, b)
			}
		})
	}
}

func TestSimplifyTemporalLiterals(t *testing.T) {
	at := time.Date(2024, 3, 1, 12, 0, 0, 0, time.UTC)
	tests := []struct {
		e    Expr
		want any
	}{
		{Lit(at).Dt().OffsetBy("1h"), at.Add(time.Hour)},
		{Lit(time.Hour).Add(Lit(time.Minute)), time.Hour + time.Minute},
		{Lit(arrow.Date32(19723)).Dt().OffsetBy("1d"), arrow.Date32(19724)},
	}
	for _, tt := range tests {
		got := tt.e.Simplify().Inspect()
		if got.Op != "lit" {
			t.Errorf("%s: Simplify() = %s, want a literal", tt.e, tt.e.Simplify())
			continue
		}
		if w, ok := tt.want.(time.Time); ok {
			if g, ok := got.Value.(time.Time); !ok || !g.Equal(w) {
				t.Errorf("%s: Simplify() = %v, want %v", tt.e, got.Value, w)
			}
		} else if got.Value != tt.want {
			t.Errorf("%s: Simplify() = %v (%T), want %v", tt.e, got.Value, got.Value, tt.want)
		}
	}
}

func TestRenameColumns(t *testing.T) {
	back := map[string]string{"y": "x", "t": "s"} // new name -> old
	rename := func(ref string) (string, bool) {
		root, rest, dotted := strings.Cut(ref, ".")
		if old, ok := back[root]; ok {
			if dotted {
				return old + "." + rest, true
			}
			return old, true
		}
		return ref, true
	}
	tests := []struct {
		name string
		e    Expr
		cols []string // Columns() after, nil when refused
	}{
		{"comparison", Col("y").Gt(Lit(2)), []string{"x"}},
		{"two columns", Col("y").Gt(Lit(2)).And(Col("t").Str().StartsWith("b")).Or(Col("d").IsNull()), []string{"x", "s", "d"}},
		{"text", MustParseExpr("y > 2 and t = 'bb'"), []string{"x", "s"}},
		{"text of a function chosen by type refused", MustParseExpr("y > 2 and length(t) = 2"), nil},
		{"with_fields refused", Col("t").Struct().WithFields(Col("y").Alias("k")).Struct().Field("k").Gt(Lit(1)), nil},
		{"when", When(Col("y").Gt(Lit(2))).Then(Col("t")).Otherwise(Lit("z")).Eq(Lit("z")), []string{"s", "x"}},
		{"aggregation", Col("y").Sum().Gt(Lit(1)), []string{"x"}},
		{"window refused", Col("y").Sub(Col("y").Mean()).Over("t").Gt(Lit(0)), nil},
	}
	renamed := rewriteFrame().Rename(map[string]string{"x": "y", "s": "t"})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := tt.e.RenameColumns(rename)
			if ok != (tt.cols != nil) {
				t.Fatalf("ok = %v", ok)
			}
			if !ok {
				if got.String() != tt.e.String() {
					t.Errorf("refused, but e changed: %s", got)
				}
				return
			}
			if cols := got.Columns(); !slices.Equal(cols, tt.cols) {
				t.Errorf("Columns() = %q, want %q", cols, tt.cols)
			}
			// The rewritten expression over the old names keeps the rows the
			// original keeps over the new ones.
			a := renamed.Filter(tt.e)
			b := rewriteFrame().Filter(got).Rename(map[string]string{"x": "y", "s": "t"})
			if a.Err() != nil || b.Err() != nil || a.String() != b.String() {
				t.Errorf("filter differs:\n%v %s\n%v %s", a.Err(), a, b.Err(), b)
			}
		})
	}
	if _, ok := Col("y").RenameColumns(func(string) (string, bool) { return "", false }); ok {
		t.Error("a refused reference must refuse the whole expression")
	}
}

// TestSimplifyKeepsTypes: a constant whose value has an Arrow type no
// literal gives (a cast's) is kept, so a column made of it keeps its
// type; a text function with a domain check keeps its message.
func TestSimplifyKeepsTypes(t *testing.T) {
	f := rewriteFrame()
	for _, e := range []Expr{
		Lit("a").Cast(arrow.BinaryTypes.LargeString).Alias("z"),
		Lit(int64(3)).Cast(arrow.PrimitiveTypes.Int8).Add(Lit(int64(1))).Alias("z"),
		Lit(1).Add(Lit(2)).Cast(arrow.PrimitiveTypes.Float32).Alias("z"),
	} {
		a, b := f.WithColumns(e), f.WithColumns(e.Simplify())
		if a.Err() != nil || b.Err() != nil || a.Schema().String() != b.Schema().String() {
			t.Errorf("%s: schema %v (%v), simplified %v (%v)", e, a.Schema(), a.Err(), b.Schema(), b.Err())
		}
	}
	e := MustParseExpr("sqrt(x - (1 + 10)) > 1 + 1")
	a, b := f.Filter(e), f.Filter(e.Simplify())
	if a.Err() == nil || b.Err() == nil || a.Err().Error() != b.Err().Error() {
		t.Errorf("errors differ: %v / %v", a.Err(), b.Err())
	}
}
