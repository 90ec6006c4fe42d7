package frame

import (
	"bufio"
	"cmp"
	"encoding/json"
	"math"
	"os"
	"slices"
	"testing"
)

// TestReadmeChain runs the chain the README shows on the bundled sample.
func TestReadmeChain(t *testing.T) {
	file, err := os.Open("../testdata/recipes_sample.ndjson")
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	var records []any
	sc := bufio.NewScanner(file)
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		var v any
		if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
			t.Fatal(err)
		}
		records = append(records, v)
	}
	df := FromRecords(records)
	out := df.
		Filter(Col("est_time").Lt(Lit(60))).
		WithColumns(Col("ingredients.amount").List().Sum().Alias("total")).
		Sort(Desc("total")).
		Head(10)
	if err := out.Err(); err != nil {
		t.Fatal(err)
	}
	// Checked against the records themselves.
	var want []float64
	for _, r := range records {
		m := r.(map[string]any)
		if m["est_time"].(float64) >= 60 {
			continue
		}
		sum := 0.0
		ings, _ := m["ingredients"].([]any)
		for _, ing := range ings {
			sum += ing.(map[string]any)["amount"].(float64)
		}
		want = append(want, sum)
	}
	slices.SortStableFunc(want, func(a, b float64) int { return cmp.Compare(b, a) })
	want = want[:min(10, len(want))]
	s, err := out.Column("total")
	if err != nil {
		t.Fatal(err)
	}
	got := s.ToValue()
	if len(got) != len(want) {
		t.Fatalf("%d rows, want %d", len(got), len(want))
	}
	for i := range want {
		if math.Abs(got[i].(float64)-want[i]) > 1e-9 {
			t.Errorf("total[%d] = %v, want %v", i, got[i], want[i])
		}
	}
}
