package gota

import (
	"bytes"
	"math"
	"reflect"
	"testing"

	"github.com/go-gota/gota/dataframe"
)

// FuzzRoundTrip reads fuzz bytes as CSV with gota, converts the gota
// DataFrame to a Frame and back, and checks that nothing changed: names,
// types, NA flags and values.
func FuzzRoundTrip(f *testing.F) {
	f.Add([]byte("a,b,c,d\n1,2.5,x,true\nNA,,y,false\n3,NaN,,\n"))
	f.Add([]byte("n\n-9223372036854775808\n9223372036854775807\n"))
	f.Add([]byte("f,s\n1e-9,NaN\n-Inf,\"q,\"\"r\"\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		df := dataframe.ReadCSV(bytes.NewReader(data))
		if df.Err != nil {
			return
		}
		fr, err := FromDataFrame(df)
		if err != nil {
			t.Fatalf("FromDataFrame: %v", err)
		}
		if r, c := fr.NumRows(), fr.NumColumns(); r != df.Nrow() || c != df.Ncol() {
			t.Fatalf("shape %d×%d, gota %d×%d", r, c, df.Nrow(), df.Ncol())
		}
		back, err := ToDataFrame(fr)
		if err != nil {
			t.Fatalf("ToDataFrame: %v", err)
		}
		if !reflect.DeepEqual(back.Names(), df.Names()) || !reflect.DeepEqual(back.Types(), df.Types()) {
			t.Fatalf("names/types %v %v, want %v %v", back.Names(), back.Types(), df.Names(), df.Types())
		}
		for _, name := range df.Names() {
			a, b := df.Col(name), back.Col(name)
			if !reflect.DeepEqual(a.IsNaN(), b.IsNaN()) {
				t.Fatalf("column %q NA flags %v, want %v", name, b.IsNaN(), a.IsNaN())
			}
			for i := range a.Len() {
				if a.Elem(i).IsNA() {
					continue
				}
				x, y := a.Val(i), b.Val(i)
				if fx, ok := x.(float64); ok {
					if math.Float64bits(fx) != math.Float64bits(y.(float64)) {
						t.Fatalf("column %q row %d: %v, want %v", name, i, y, x)
					}
					continue
				}
				if x != y {
					t.Fatalf("column %q row %d: %v, want %v", name, i, y, x)
				}
			}
		}
	})
}
