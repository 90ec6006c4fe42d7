package dataset

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/io/csv"
	"github.com/structframe/structframe/io/formats"
)

// TestEveryExtension: every extension of the format registry, in any
// case and (for text) under a compression extension, is the dataset format
// of its kind, and a file of it reads as the registry row writes it (a
// .tsv or .tab file with tabs), alone, in a directory, and batch by batch.
func TestEveryExtension(t *testing.T) {
	in := cols([]string{"id", "v"}, []int64{1, 2}, []string{"a", "b"})
	for _, row := range formats.All() {
		for _, ext := range row.Exts() {
			want := Format(row.Kind())
			for _, name := range []string{"a" + ext, "A" + strings.ToUpper(ext)} {
				if got := formatOf(name); got != want {
					t.Errorf("formatOf(%q) = %v, want %v", name, got, want)
				}
			}
			for _, z := range []string{".gz", ".zst"} {
				compressed := Auto
				if row.Text() {
					compressed = want
				}
				if got := formatOf("a" + ext + z); got != compressed {
					t.Errorf("formatOf(%q) = %v, want %v", "a"+ext+z, got, compressed)
				}
			}
			t.Run(ext, func(t *testing.T) {
				dir := t.TempDir()
				path := filepath.Join(dir, "k=1", "part-0"+ext)
				if err := os.MkdirAll(filepath.Dir(path), 0o777); err != nil {
					t.Fatal(err)
				}
				if err := row.WriteFile(path, in); err != nil {
					t.Fatal(err)
				}
				got, err := Read(path)
				if err != nil {
					t.Fatal(err)
				}
				sameFrame(t, got, in)
				got, err = Read(dir)
				if err != nil {
					t.Fatal(err)
				}
				wantDir := cols([]string{"id", "v", "k"}, []int64{1, 2}, []string{"a", "b"}, []int64{1, 1})
				sameFrame(t, got, wantDir)
				r, err := Open(dir)
				if err != nil {
					t.Fatal(err)
				}
				defer r.Close()
				if !r.Next() {
					t.Fatalf("Open: no batch: %v", r.Err())
				}
				sameFrame(t, r.Frame(), wantDir)
			})
		}
	}
}

// TestUnknownExtension: a file named explicitly whose extension names no
// format is an ErrOption error naming the path and the extensions known;
// an Arrow or Parquet file compressed whole is one too.
func TestUnknownExtension(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"notes.txt", "noext", "data.parquet.gz"} {
		path := putBytes(t, dir, name, "a,b\n1,2\n")
		for _, err := range []error{readErr(path), openErr(path), filesErr(path)} {
			if !errors.Is(err, ErrOption) || !strings.Contains(err.Error(), path) {
				t.Errorf("%s: error %v, want ErrOption naming the path", name, err)
				continue
			}
			if strings.HasSuffix(name, ".gz") {
				if !strings.Contains(err.Error(), "read uncompressed") {
					t.Errorf("%s: error %v, want it to say Parquet is read uncompressed", name, err)
				}
				continue
			}
			if !errors.Is(err, formats.ErrUnknown) || !strings.Contains(err.Error(), formats.Extensions()) {
				t.Errorf("%s: error %v, want it to list %s", name, err, formats.Extensions())
			}
		}
	}
}

func readErr(path string) error {
	_, err := Read(path)
	return err
}

func openErr(path string) error {
	_, err := Open(path)
	return err
}

func filesErr(path string) error {
	_, err := ReadFiles([]string{path})
	return err
}

// TestCSVAndTSVTogether: .csv and .tsv files make one CSV dataset, each
// read with its own delimiter; WithFileFormat reads them all as one row
// says, and a delimiter of WithCSVOptions wins over TSV's tab.
func TestCSVAndTSVTogether(t *testing.T) {
	dir := t.TempDir()
	putBytes(t, dir, "a.csv", "id,v\n1,a\n")
	putBytes(t, dir, "b.tsv", "id\tv\n2\tb\n")
	putBytes(t, dir, "c.tab", "id\tv\n3\tc\n")
	got, err := Read(dir)
	if err != nil {
		t.Fatal(err)
	}
	sameFrame(t, got, cols([]string{"id", "v"}, []int64{1, 2, 3}, []string{"a", "b", "c"}))

	got, err = Read(filepath.Join(dir, "*.t*"), WithFileFormat(formats.CSV))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got.Columns(), []string{"id\tv"}) {
		t.Errorf("TSV files read as CSV: columns %q, want the one \"id\\tv\"", got.Columns())
	}
	semi := putBytes(t, t.TempDir(), "s.tsv", "id;v\n4;d\n")
	got, err = Read(semi, WithCSVOptions(csv.WithDelimiter(';')))
	if err != nil {
		t.Fatal(err)
	}
	sameFrame(t, got, cols([]string{"id", "v"}, []int64{4}, []string{"d"}))
}

// TestWithFileFormat: Write writes the registry row given, under its
// first extension (the Arrow stream format as .arrows), and reads it back
// through the dataset.
func TestWithFileFormat(t *testing.T) {
	in := cols([]string{"id", "v"}, []int64{1, 2}, []string{"a", "b"})
	for _, row := range formats.All() {
		dir := filepath.Join(t.TempDir(), "ds")
		if err := Write(dir, in, WithFileFormat(row)); err != nil {
			t.Fatalf("%s: %v", row, err)
		}
		path := filepath.Join(dir, "part-0"+row.Exts()[0])
		want, err := row.ReadFile(path)
		if err != nil {
			t.Fatalf("%s: %v", row, err)
		}
		sameFrame(t, want, in)
		got, err := Read(dir, WithFileFormat(row))
		if err != nil {
			t.Fatalf("%s: %v", row, err)
		}
		sameFrame(t, got, in)
	}
}

// TestWithFormatOptions: the registry's options reach the rows: nested
// columns go through a CSV dataset as dotted columns.
func TestWithFormatOptions(t *testing.T) {
	in := frame.Must(frame.FromRecords([]map[string]any{
		{"id": 1, "r": map[string]any{"t": "x"}},
		{"id": 2, "r": map[string]any{"t": "y"}},
	}))
	dir := filepath.Join(t.TempDir(), "ds")
	dotted := WithFormatOptions(formats.WithDottedColumns(true))
	if err := Write(dir, in, WithFormat(CSV)); err == nil {
		t.Error("a structure written to CSV without dotted columns")
	}
	if err := Write(dir, in, WithFormat(CSV), dotted, WithExisting(Overwrite)); err != nil {
		t.Fatal(err)
	}
	got, err := Read(dir, dotted)
	if err != nil {
		t.Fatal(err)
	}
	sameFrame(t, got, in)
}
