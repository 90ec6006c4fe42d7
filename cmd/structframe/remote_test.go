//go:build !noremote

package main

import (
	"strings"
	"testing"
)

// TestURLs: the command reads and writes objects by URL (mem:// buckets
// live in the test's process) and gives the same output as for files.
func TestURLs(t *testing.T) {
	for _, ext := range []string{"parquet", "ndjson", "arrow"} {
		u := "mem://cmdtest/in/r." + ext
		if r := runHere(t, "", "convert", "recipes.json", u); r.code != 0 {
			t.Fatalf("convert to %s: %s", u, r.stderr)
		}
		local := t.TempDir() + "/r." + ext
		if r := runHere(t, "", "convert", "recipes.json", local); r.code != 0 {
			t.Fatalf("convert to %s: %s", local, r.stderr)
		}
		for _, chain := range [][]string{
			{"filter", "recipe.est_time > 30", "select", "id,recipe.title"},
			{"group-by", "vegetarian", "agg", "n=count(id)"},
			{"--rows", "3"},
		} {
			remote := runHere(t, "", append([]string{u}, chain...)...)
			file := runHere(t, "", append([]string{local}, chain...)...)
			if remote.code != 0 || remote.stdout != file.stdout {
				t.Errorf("%s %q: (%d) %s%s\nwant\n%s", u, chain, remote.code, remote.stdout, remote.stderr, file.stdout)
			}
		}
	}
	// the output may be an object too
	if r := runHere(t, "", "mem://cmdtest/in/r.ndjson", "select", "id", "--to", "csv", "-o", "mem://cmdtest/out/ids.csv"); r.code != 0 {
		t.Fatal(r.stderr)
	}
	r := runHere(t, "", "mem://cmdtest/out/ids.csv", "--to", "csv")
	if r.code != 0 || !strings.HasPrefix(r.stdout, "id\n") {
		t.Fatalf("(%d) %q %s", r.code, r.stdout, r.stderr)
	}
	if r := runHere(t, "", "mem://cmdtest/none.parquet"); r.code == 0 || !strings.Contains(r.stderr, "mem://cmdtest/none.parquet") {
		t.Fatalf("a missing object: (%d) %s", r.code, r.stderr)
	}
}
