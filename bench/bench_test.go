package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/structframe/structframe/io/ipc"
	"github.com/structframe/structframe/io/json"
	"github.com/structframe/structframe/io/parquet"
)

// TestWorkloads runs every workload on a few rows whose checksums are
// worked out by hand, each recipes workload on the same records in its
// format.
func TestWorkloads(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	recipes := write("recipes.ndjson", `{"title": "a", "est_time": 10.5, "ingredients": [{"amount": 1.25, "unit": "g", "name": "x"}, {"amount": 2.0, "unit": "g", "name": "y"}], "tags": ["t"]}
{"title": "b", "est_time": 20.0, "ingredients": [], "tags": []}
{"title": "c", "est_time": 31.0, "ingredients": [{"amount": 0.5, "unit": "kg", "name": "z"}], "tags": ["u", "v"]}
`)
	f, err := json.ReadFile(recipes)
	if err != nil {
		t.Fatal(err)
	}
	arrow := filepath.Join(dir, "recipes.arrow")
	if err := ipc.WriteFile(arrow, f); err != nil {
		t.Fatal(err)
	}
	pq := filepath.Join(dir, "recipes.parquet")
	if err := parquet.WriteFile(pq, f); err != nil {
		t.Fatal(err)
	}
	flat := write("flat.csv", `id,name,city,score,count,active,day,note
1,ann,Oslo,1.5,3,true,2024-01-02,hi
2,bob,Rome,,4,false,2024-01-03,"a, b"
3,cy,Oslo,2.25,,true,2024-01-04,
`)
	const recipesLine = "rows=3 ingredients=3 est_time_sum=61.5"
	cases := []struct{ workload, path, want string }{
		{"W1", flat, "rows=3 score_sum=3.750"},
		{"W5", flat, "groups=2 mean_sum=1.875000 nan_groups=1"},
		{"W2", recipes, recipesLine},
		{"W2-stream", recipes, recipesLine},
		{"W3", recipes, "rows=3 amount_sum=3.75"},
		{"W4a", arrow, recipesLine},
		{"W4a-batches", arrow, recipesLine},
		{"W4b", pq, recipesLine},
		{"W11", pq, "rows=3 wrote=true"},
	}
	tmp := t.TempDir() // W11 writes its file there, and removes it
	t.Setenv("TMPDIR", tmp)
	for _, c := range cases {
		w := workloads[c.workload]
		if w == nil {
			t.Fatalf("workload %s is not registered", c.workload)
		}
		got, err := w(c.path)
		if err != nil {
			t.Fatalf("%s: %v", c.workload, err)
		}
		if got != c.want {
			t.Errorf("%s: %q, want %q", c.workload, got, c.want)
		}
	}
	if left, _ := os.ReadDir(tmp); len(left) != 0 {
		t.Errorf("W11 left %d files in the temporary directory", len(left))
	}
}
