package formats

import (
	"errors"
	"strings"
	"testing"
)

// TestByName: every name and extension of every format, in any case and
// with or without the dot, names it; anything else is ErrUnknown listing
// the names.
func TestByName(t *testing.T) {
	for _, f := range All() {
		for _, name := range append(f.Names(), f.Exts()...) {
			for _, typed := range []string{name, strings.ToUpper(name), "." + strings.TrimPrefix(name, ".")} {
				if got, err := ByName(typed); err != nil || got != f {
					t.Errorf("ByName(%q) = %v, %v; want %v", typed, got, err, f)
				}
			}
		}
	}
	for _, name := range []string{"tab", "pq", "parq", "jsonl", "feather", "ipc", "arrows"} {
		if _, err := ByName(name); err != nil {
			t.Errorf("ByName(%q): %v", name, err)
		}
	}
	for _, name := range []string{"xml", "", "gz", "txt", "csv.gz"} {
		_, err := ByName(name)
		if !errors.Is(err, ErrUnknown) || !strings.Contains(err.Error(), List()) || !strings.Contains(err.Error(), `"`+name+`"`) {
			t.Errorf("ByName(%q): error %v, want ErrUnknown naming it and listing %s", name, err, List())
		}
	}
}

// TestByPath: every extension names its format, in any case, under a
// compression extension too; an unknown extension is ErrUnknown naming the
// path and every extension known.
func TestByPath(t *testing.T) {
	for _, f := range All() {
		for _, ext := range f.Exts() {
			for _, path := range []string{"a" + ext, "dir.x/A" + strings.ToUpper(ext), "a" + ext + ".gz", "a" + ext + ".GZIP", "a" + ext + ".zst", "a" + ext + ".zstd"} {
				if got, err := ByPath(path); err != nil || got != f {
					t.Errorf("ByPath(%q) = %v, %v; want %v", path, got, err, f)
				}
			}
		}
	}
	for path, want := range map[string]*Format{
		"a.csv": CSV, "a.tsv": TSV, "a.tab": TSV, "a.json": JSON, "a.ndjson": NDJSON, "a.jsonl": NDJSON,
		"a.arrow": Arrow, "a.feather": Arrow, "a.ipc": Arrow, "a.arrows": ArrowStream,
		"a.parquet": Parquet, "a.pq": Parquet, "a.parq": Parquet,
	} {
		if got, _ := ByPath(path); got != want {
			t.Errorf("ByPath(%q) = %v, want %v", path, got, want)
		}
	}
	for _, path := range []string{"data/b.txt", "noext", "a.gz", "a.csv.bz2", "dir.csv/x"} {
		_, err := ByPath(path)
		if !errors.Is(err, ErrUnknown) || !strings.HasPrefix(err.Error(), path+": ") {
			t.Errorf("ByPath(%q): error %v, want ErrUnknown naming the path", path, err)
			continue
		}
		for _, f := range All() {
			for _, ext := range f.Exts() {
				if !strings.Contains(err.Error(), ext) {
					t.Errorf("ByPath(%q): error %q does not name %s", path, err, ext)
				}
			}
		}
	}
}

// TestRows pins what the rows say of themselves: the kind, text or not,
// nesting, and the extension written.
func TestRows(t *testing.T) {
	for _, tc := range []struct {
		f                     *Format
		kind                  Kind
		ext                   string
		text, nested, untyped bool
	}{
		{CSV, KindCSV, ".csv", true, false, true},
		{TSV, KindCSV, ".tsv", true, false, true},
		{JSON, KindJSON, ".json", true, true, false},
		{NDJSON, KindJSON, ".ndjson", true, true, false},
		{Arrow, KindIPC, ".arrow", false, true, false},
		{ArrowStream, KindIPC, ".arrows", false, true, false},
		{Parquet, KindParquet, ".parquet", false, true, false},
	} {
		f := tc.f
		if f.Kind() != tc.kind || f.Exts()[0] != tc.ext || f.Text() != tc.text || f.Nested() != tc.nested || f.Untyped() != tc.untyped {
			t.Errorf("%s: kind %v, ext %s, text %v, nested %v, untyped %v; want %v %s %v %v %v",
				f, f.Kind(), f.Exts()[0], f.Text(), f.Nested(), f.Untyped(), tc.kind, tc.ext, tc.text, tc.nested, tc.untyped)
		}
	}
	for k, want := range map[Kind]*Format{KindCSV: CSV, KindJSON: JSON, KindIPC: Arrow, KindParquet: Parquet, 0: nil, 9: nil} {
		if got := OfKind(k); got != want {
			t.Errorf("OfKind(%v) = %v, want %v", k, got, want)
		}
	}
	if got, want := List(), "csv, tsv, json, ndjson/jsonl, arrow/feather/ipc, arrows, parquet"; got != want {
		t.Errorf("List() = %q, want %q", got, want)
	}
	if got, want := Extensions(), ".csv, .tsv, .tab, .json, .ndjson, .jsonl, .arrow, .feather, .ipc, .arrows, .parquet, .pq, .parq"; got != want {
		t.Errorf("Extensions() = %q, want %q", got, want)
	}
	// the accessors hand out copies
	CSV.Exts()[0] = ".txt"
	if CSV.Exts()[0] != ".csv" {
		t.Error("Exts gave the row's own slice")
	}
}

func TestCompressed(t *testing.T) {
	for path, want := range map[string]bool{
		"a.csv.gz": true, "a.GZ": true, "a.gzip": true, "a.zst": true, "a.json.ZSTD": true,
		"a.csv": false, "a.tgz": false, "gz": false, "a.bz2": false,
	} {
		if got := Compressed(path); got != want {
			t.Errorf("Compressed(%q) = %v, want %v", path, got, want)
		}
	}
}
