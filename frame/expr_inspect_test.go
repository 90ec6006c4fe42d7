package frame

import (
	"fmt"
	"reflect"
	"testing"
)

func TestInspect(t *testing.T) {
	x, three := Col("x"), Lit(3)
	tests := []struct {
		e    Expr
		op   string
		args []string // the operands' String
		col  string
		val  any
	}{
		{Expr{}, "", nil, "", nil},
		{x, "col", nil, "x", nil},
		{Col(Path("a.b", "c")), "col", nil, Path("a.b", "c"), nil},
		{three, "lit", nil, "", 3},
		{Lit(nil), "lit", nil, "", nil},
		{x.Gt(three), "gt", []string{"col(x)", "lit(3)"}, "", nil},
		{three.Le(x), "le", []string{"lit(3)", "col(x)"}, "", nil},
		{x.Eq(Lit("a")).And(x.IsNull()), "and", []string{`col(x).eq(lit("a"))`, "col(x).is_null()"}, "", nil},
		{x.Max(), "max", []string{"col(x)"}, "", nil},
		{x.Alias("y"), "alias", []string{"col(x)"}, "", nil},
		{Len(), "len", nil, "", nil},
		// parsed from text: the expression parsed, its literal as parsed
		{mustParse(t, "id < 200000"), "lt", []string{"col(id)", "lit(200000)"}, "", nil},
	}
	for _, tt := range tests {
		got := tt.e.Inspect()
		var args []string
		for _, a := range got.Args {
			args = append(args, a.String())
		}
		if got.Op != tt.op || !reflect.DeepEqual(args, tt.args) || got.Column != tt.col || got.Value != tt.val {
			t.Errorf("%v: got %q %v %q %v, want %q %v %q %v", tt.e, got.Op, args, got.Column, got.Value, tt.op, tt.args, tt.col, tt.val)
		}
	}
	// the operands are copies: changing them leaves e as it was
	e := x.Gt(three)
	e.Inspect().Args[0] = Lit(9)
	if e.String() != "col(x).gt(lit(3))" {
		t.Errorf("Inspect's Args alias e's: %v", e)
	}
}

func mustParse(t *testing.T, text string) Expr {
	t.Helper()
	e, err := ParseExpr(text)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// A filter's conjuncts of the form column-operator-constant.
func ExampleExpr_Inspect() {
	pred := Col("year").Ge(Lit(2024)).And(Col("city").Eq(Lit("Oslo"))).And(Col("v").Gt(Col("w")))
	for _, c := range pred.Conjuncts() {
		in := c.Inspect()
		l, r := in.Args[0].Inspect(), in.Args[1].Inspect()
		if l.Op == "col" && r.Op == "lit" {
			fmt.Println(l.Column, in.Op, r.Value)
		} else {
			fmt.Println("not column op constant:", c)
		}
	}
	// Output:
	// year ge 2024
	// city eq Oslo
	// not column op constant: col(v).gt(col(w))
}
