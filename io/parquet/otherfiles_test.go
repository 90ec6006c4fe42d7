package parquet

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/structframe/structframe/internal/expect"
	"github.com/structframe/structframe/structured"
)

// otherReads are the ways a file is read in the tests of other writers'
// files: whole (in parallel and serially, from a file and from bytes) and
// row group by row group, the groups joined.
var otherReads = map[string]func(path string) (*structured.Tensor, error){
	"ReadFile": func(path string) (*structured.Tensor, error) { return readTensorFile(path, nil) },
	"Read-serial": func(path string) (*structured.Tensor, error) {
		data, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		return ReadTensor(bytes.NewReader(data), int64(len(data)), WithParallelism(1))
	},
	"Reader": func(path string) (*structured.Tensor, error) {
		r, err := OpenFile(path)
		if err != nil {
			return nil, err
		}
		defer r.Close()
		var parts []*structured.Tensor
		for r.Next() {
			parts = append(parts, r.Tensor())
		}
		if err := r.Err(); err != nil {
			return nil, err
		}
		return structured.Concat(0, parts...)
	},
}

// otherTypes are the Arrow types some columns read as: Polars' stored
// Arrow schema gives its large types back, DuckDB's files (no stored
// schema) read as Parquet's logical types say.
var otherTypes = map[string]map[string]string{
	"polars_zstd_rg2.parquet": {"s": "large_utf8", "cat": "dictionary<values=utf8", "li": "large_list<item: int64",
		"ld": "large_list<item: duration[ms]", "tsn": "timestamp[ns]", "big": "decimal(38, 10)"},
	"duckdb_zstd.parquet": {"m": "map<utf8, int32", "tsn": "timestamp[us]", "li": "list<item: int64", "big": "decimal(38, 10)", "bin": "binary"},
}

// TestOtherWritersFiles: the Parquet files Polars and DuckDB wrote (see
// testdata/otherwriters/README.md) read to the values they were given:
// Polars' string_view, large_list, categorical, decimal, zoned timestamp,
// date, duration columns (its stored Arrow schema), DuckDB's ENUM,
// DECIMAL, TIMESTAMPTZ, BLOB and MAP columns (no Arrow schema stored),
// both writers' lists of structures and structures of lists with nulls at
// every level, snappy and zstd, one row group and several.
func TestOtherWritersFiles(t *testing.T) {
	files, err := filepath.Glob("testdata/otherwriters/*.parquet")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, path := range files {
		if _, err := os.Stat(path + ".json"); err != nil {
			continue
		}
		n++
		want, err := expect.Load(path + ".json")
		if err != nil {
			t.Fatal(err)
		}
		for how, read := range otherReads {
			name := filepath.Base(path) + "/" + how
			tensor, err := read(path)
			if err != nil {
				t.Errorf("%s: %v", name, err)
				continue
			}
			if d := expect.Diff(expect.Canonical(tensor.ToValue()), want.Rows); d != "" {
				t.Errorf("%s: rows%s", name, d)
			}
			for col, prefix := range otherTypes[filepath.Base(path)] {
				v, err := tensor.Field(col)
				if err != nil {
					t.Errorf("%s: %v", name, err)
					continue
				}
				if typ, _ := structured.ArrowType(v); typ == nil || !strings.HasPrefix(typ.String(), prefix) {
					t.Errorf("%s: column %s is %v, want %s...", name, col, typ, prefix)
				}
			}
			for col, zone := range want.Zones {
				v, err := tensor.Field(col)
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				typ, _ := structured.ArrowType(v)
				if ts, ok := typ.(*arrow.TimestampType); !ok || ts.TimeZone != zone {
					t.Errorf("%s: column %s is %s, want a timestamp in %s", name, col, typ, zone)
				}
			}
		}
	}
	if n < 4 {
		t.Fatalf("found %d files with their JSON in testdata/otherwriters, want the 4 make.js writes", n)
	}
}

// duckRowGroupsRow is row i of testdata/otherwriters/duckdb_rowgroups.parquet
// as make.js computes it in DuckDB: s is null when i%7 == 3, else "s<i>";
// l is null when i%5 == 4, else the first i%4 items of [i, null, 2i].
func duckRowGroupsRow(i int64) map[string]any {
	row := map[string]any{"id": i, "s": nil, "l": nil}
	if i%7 != 3 {
		row["s"] = fmt.Sprintf("s%d", i)
	}
	if i%5 != 4 {
		row["l"] = []any{i, nil, 2 * i}[:i%4]
	}
	return row
}

// TestDuckDBRowGroups: DuckDB's file of 5000 rows in 3 row groups reads
// whole and group by group to the rows its query made.
func TestDuckDBRowGroups(t *testing.T) {
	const path = "testdata/otherwriters/duckdb_rowgroups.parquet"
	want := make([]any, 5000)
	for i := range want {
		want[i] = expect.Canonical(duckRowGroupsRow(int64(i)))
	}
	for how, read := range otherReads {
		tensor, err := read(path)
		if err != nil {
			t.Fatalf("%s: %v", how, err)
		}
		if d := expect.Diff(expect.Canonical(tensor.ToValue()), want); d != "" {
			t.Errorf("%s: rows%s", how, d)
		}
	}
	r, err := OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if r.NumRowGroups() != 3 {
		t.Errorf("%d row groups, want the 3 DuckDB wrote", r.NumRowGroups())
	}
}

// TestOtherWritersStats: the footers Polars and DuckDB wrote read: row
// counts, row groups and DuckDB's min/max of the ids per row group.
func TestOtherWritersStats(t *testing.T) {
	files, err := filepath.Glob("testdata/otherwriters/*.parquet")
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range files {
		m, err := Stats(path)
		if err != nil {
			t.Errorf("%s: %v", path, err)
			continue
		}
		want := int64(5000)
		if e, err := expect.Load(path + ".json"); err == nil {
			want = int64(len(e.Rows))
		}
		if m.NumRows != want {
			t.Errorf("%s: %d rows, want %d", path, m.NumRows, want)
		}
	}
	m, err := Stats("testdata/otherwriters/duckdb_rowgroups.parquet")
	if err != nil {
		t.Fatal(err)
	}
	var got [][2]any
	for _, g := range m.RowGroups {
		got = append(got, [2]any{g.Columns[0].Min, g.Columns[0].Max})
	}
	if want := [][2]any{{int64(0), int64(2047)}, {int64(2048), int64(4095)}, {int64(4096), int64(4999)}}; fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("id min/max per row group %v, want %v", got, want)
	}
}
