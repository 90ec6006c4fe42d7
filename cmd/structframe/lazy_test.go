package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestLazyEqualsWhole: a chain run as a lazy query over a file (Parquet,
// Arrow, NDJSON, CSV) shows what reading the whole file and applying the
// verbs shows, and --explain prints what the scan reads.
func TestLazyEqualsWhole(t *testing.T) {
	dir := t.TempDir()
	chains := [][]string{
		{"filter", "recipe.est_time > 30", "select", "id,recipe.title"},
		{"group-by", "vegetarian", "agg", "n=count(id); t=mean(recipe.est_time)"},
		{"sort", "-recipe.est_time,id", "select", "id,recipe.est_time", "head", "-n", "4"},
		{"distinct", "vegetarian", "select", "id,vegetarian"},
		{"tail", "3", "select", "id"},
		{"explode", "tags", "group-by", "tags", "agg", "n=count(id)", "sort", "-n,tags"},
		// errors of the plan, in the same words both ways
		{"group-by", "vegetarian", "agg", "n=count(nosuch)"},
		{"sort", "nosuch"},
		{"filter", "nosuch > 1"},
		{"distinct", "nosuch"},
	}
	for _, ext := range []string{"parquet", "arrow", "ndjson", "csv"} {
		path := filepath.Join(dir, "r."+ext)
		if r := runHere(t, "", "convert", "recipes.json", path); r.code != 0 {
			t.Fatalf("convert to %s: %s", ext, r.stderr)
		}
		for _, chain := range chains {
			args := append([]string{path}, chain...)
			lazy := runHere(t, "", args...)
			wholeOnly = true
			whole := runHere(t, "", args...)
			wholeOnly = false
			if lazy.code != whole.code || lazy.stdout != whole.stdout || lazy.stderr != whole.stderr {
				t.Errorf("%s %q:\nlazy (%d)\n%s%s\nwhole (%d)\n%s%s", ext, chain, lazy.code, lazy.stdout, lazy.stderr, whole.code, whole.stdout, whole.stderr)
			}
		}
		r := runHere(t, "", "--explain", path, "filter", "recipe.est_time > 30", "select", "id,recipe.title")
		if r.code != 0 || !strings.Contains(r.stdout, "SCAN") || !strings.Contains(r.stdout, "filter: ") {
			t.Errorf("%s --explain: exit %d\n%s%s", ext, r.code, r.stdout, r.stderr)
		}
		if ext != "csv" && ext != "arrow" && !strings.Contains(r.stdout, "columns: id, recipe.title, recipe.est_time") {
			// (CSV and Arrow read whole top-level columns: their scans
			// list recipe.title as the column recipe's.)
			t.Errorf("%s --explain reads more than it needs:\n%s", ext, r.stdout)
		}
	}
	// A filter typed on the command line reaches the row-group
	// statistics of a Parquet file.
	if r := runHere(t, "", "--explain", filepath.Join(dir, "r.parquet"), "filter", "id > 5", "select", "id"); !strings.Contains(r.stdout, "row-group predicates: 1") {
		t.Errorf("a parsed filter gives no row-group predicate:\n%s%s", r.stdout, r.stderr)
	}
	// Errors of the plan come before any row is read, in apply's words.
	if r := runHere(t, "", filepath.Join(dir, "r.parquet"), "select", "nosuch"); r.code != 1 || !strings.HasPrefix(r.stderr, `structframe: select: column "nosuch" not found`) {
		t.Errorf("unknown column: exit %d, %q", r.code, r.stderr)
	}
}
