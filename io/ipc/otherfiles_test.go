package ipc

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/structframe/structframe/internal/expect"
	"github.com/structframe/structframe/structured"
)

// otherFiles are the files of testdata/otherwriters (written by Polars,
// Arrow JS; see its README and make.js), each beside the JSON of the
// values its writer wrote.
func otherFiles(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob("testdata/otherwriters/*.arrow*")
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, f := range files {
		if !strings.HasSuffix(f, ".json") {
			out = append(out, f)
		}
	}
	if len(out) < 5 {
		t.Fatalf("found %d files in testdata/otherwriters, want the 6 make.js writes", len(out))
	}
	return out
}

// checkRows compares the rows of t with the JSON beside path, and the
// time zone of every zoned column the JSON names.
func checkRows(t *testing.T, name, path string, tensor *structured.Tensor) {
	t.Helper()
	want, err := expect.Load(path + ".json")
	if err != nil {
		t.Fatal(err)
	}
	if d := expect.Diff(expect.Canonical(tensor.ToValue()), want.Rows); d != "" {
		t.Errorf("%s: rows%s", name, d)
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

// otherTypes are the Arrow types the writers gave some columns, as read:
// the point of reading their files is that these are not ours.
var otherTypes = map[string]map[string]string{
	"polars.arrow": {"s": "string_view", "cat": "dictionary<values=string_view, indices=uint32", "li": "large_list<item: int64",
		"big": "decimal(38, 10)", "tsn": "timestamp[ns]", "ld": "large_list<item: duration[ms]"},
	"polars_lz4.arrows": {"s": "large_utf8", "sol": "struct<xs: large_list<item: int64, nullable> nullable, name: large_utf8"}, // its stream writer's older types
	"arrowjs.arrow":     {"ls": "large_utf8", "cat": "dictionary<values=utf8, indices=int32", "m": "map<utf8, int32", "dur": "duration[ms]"},
}

// checkTypes checks the Arrow type of the columns of want (column -> type
// prefix).
func checkTypes(t *testing.T, name string, tensor *structured.Tensor, want map[string]string) {
	t.Helper()
	for col, prefix := range want {
		v, err := tensor.Field(col)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if typ, _ := structured.ArrowType(v); typ == nil || !strings.HasPrefix(typ.String(), prefix) {
			t.Errorf("%s: column %s is %v, want %s...", name, col, typ, prefix)
		}
	}
}

// TestOtherWritersFiles: every file of testdata/otherwriters reads, by
// every path in (Read, ReadFile mapped and not, the Reader batch by
// batch), to the values its writer wrote: Polars' string_view,
// large_list, categoricals, decimals, zoned timestamps, durations, lists
// of structures and structures of lists with nulls at every level, plain,
// lz4 and zstd, file and stream; Arrow JS's large_utf8, dictionary, map
// and duration columns, and a stream whose dictionary grows by a delta
// and is then replaced.
func TestOtherWritersFiles(t *testing.T) {
	for _, path := range otherFiles(t) {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		reads := map[string]func() (*structured.Tensor, error){
			"Read":          func() (*structured.Tensor, error) { return ReadTensor(bytes.NewReader(data)) },
			"ReadFile":      func() (*structured.Tensor, error) { return ReadTensorFile(path) },
			"ReadFile-nomm": func() (*structured.Tensor, error) { return ReadTensorFile(path, WithMmap(false)) },
			"Reader": func() (*structured.Tensor, error) {
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
		for how, read := range reads {
			name := filepath.Base(path) + "/" + how
			tensor, err := read()
			if err != nil {
				t.Errorf("%s: %v", name, err)
				continue
			}
			checkRows(t, name, path, tensor)
			checkTypes(t, name, tensor, otherTypes[filepath.Base(path)])
		}
	}
}
