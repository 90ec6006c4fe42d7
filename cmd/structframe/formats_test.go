package main

import (
	"archive/zip"
	"bytes"
	"compress/gzip"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"
	"github.com/structframe/structframe/io/formats"
)

func TestFormatOf(t *testing.T) {
	for path, want := range map[string]*formats.Format{
		"a.csv": formats.CSV, "A.CSV": formats.CSV, "a.tsv": formats.TSV, "x/y.json": formats.JSON,
		"a.ndjson": formats.NDJSON, "a.jsonl": formats.NDJSON, "a.arrow": formats.Arrow, "a.feather": formats.Arrow,
		"a.ipc": formats.Arrow, "a.parquet": formats.Parquet, "a.txt": nil, "noext": nil,
		"a.csv.gz": formats.CSV, "a.ndjson.zst": formats.NDJSON, "a.JSON.GZ": formats.JSON, "a.gz": nil, "a.parquet.gz": formats.Parquet,
	} {
		if got := formatOf(path); got != want {
			t.Errorf("formatOf(%q) = %v, want %v", path, got, want)
		}
	}
}

// TestEveryExtensionAndName: every extension of the format registry
// names its format, in any case and under a compression extension, and
// every name and extension is a --from and --to value; a file of each
// extension converts and reads back.
func TestEveryExtensionAndName(t *testing.T) {
	dir := t.TempDir()
	in, err := filepath.Abs("recipes.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range formats.All() {
		for _, ext := range f.Exts() {
			for _, path := range []string{"a" + ext, "A" + strings.ToUpper(ext), "a" + ext + ".gz", "a" + ext + ".zst"} {
				if got := formatOf(path); got != f {
					t.Errorf("formatOf(%q) = %v, want %v", path, got, f)
				}
			}
			out := filepath.Join(dir, "out"+ext)
			if code, _, errOut := runInProcess("convert", in, out, "select", "id,recipe"); code != 0 {
				t.Errorf("convert to %s: %s", ext, errOut)
				continue
			}
			if code, stdout, errOut := runInProcess("schema", out); code != 0 || !strings.Contains(stdout, "shape: [10]") {
				t.Errorf("%s read back: exit %d, %s%s", ext, code, stdout, errOut)
			}
		}
		for _, name := range append(f.Names(), f.Exts()...) {
			for _, typed := range []string{name, strings.ToUpper(name)} {
				p, err := parseArgs([]string{"convert", "-", "-", "--from", typed, "--to", typed})
				if err != nil || p.from != f || p.to != f {
					t.Errorf("--from %s --to %s: %+v, %v; want %v", typed, typed, p, err, f)
				}
			}
		}
	}
}

// TestUnknownOutputExtension: an output whose extension names no format
// is a usage error naming the output and the extensions known.
func TestUnknownOutputExtension(t *testing.T) {
	code, _, errOut := runInProcess("convert", "recipes.json", "out.xyz")
	if code != exitUsage {
		t.Fatalf("exit %d, want %d", code, exitUsage)
	}
	for _, want := range append([]string{`"out.xyz"`}, allExts()...) {
		if !strings.Contains(errOut, want) {
			t.Errorf("message %q lacks %q", errOut, want)
		}
	}
}

// allExts is every extension of the format registry.
func allExts() []string {
	var exts []string
	for _, f := range formats.All() {
		exts = append(exts, f.Exts()...)
	}
	return exts
}

func gz(s string) []byte {
	var b bytes.Buffer
	w := gzip.NewWriter(&b)
	w.Write([]byte(s))
	w.Close()
	return b.Bytes()
}

func zst(s string) []byte {
	w, _ := zstd.NewWriter(nil)
	return w.EncodeAll([]byte(s), nil)
}

// TestCompressedAndBinaryInputs: gzip and zstd inputs are read (their
// format from the name under the compression extension, or from the
// text inside), standard input too; content no reader reads is refused
// with one line saying what it looks like, never shown as a table.
func TestCompressedAndBinaryInputs(t *testing.T) {
	dir := t.TempDir()
	recipes, err := os.ReadFile("recipes.json")
	if err != nil {
		t.Fatal(err)
	}
	var zb bytes.Buffer
	zw := zip.NewWriter(&zb)
	fw, _ := zw.Create("r.json")
	fw.Write(recipes)
	zw.Close()
	csvText := "x,y\n1,a\n2,b\n"
	files := map[string][]byte{
		"r.json.gz":    gz(string(recipes)),
		"r.json.zst":   zst(string(recipes)),
		"t.csv.gz":     gz(csvText),
		"t.gz":         gz(csvText),
		"noext":        gz(string(recipes)),
		"t.csv":        gz(csvText), // the name says CSV; the reader decompresses
		"r.zip":        zb.Bytes(),
		"z.csv":        zb.Bytes(),
		"rand.bin":     []byte("\x00\x01\x02\x03binary\x00"),
		"r.parquet.gz": gz("PAR1\x15\x00"),
		"gzpq":         gz("PAR1\x15\x00"),
	}
	for name, b := range files {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		stdin []byte
		args  []string
		code  int
		want  string // in stdout, or in stderr for a failure
	}{
		{nil, []string{"schema", "r.json.gz"}, 0, "shape: [10]"},
		{nil, []string{"schema", "r.json.zst"}, 0, "recipe: {3}"},
		{nil, []string{"t.csv.gz"}, 0, "shape: (2, 2)"},
		{nil, []string{"t.gz"}, 0, "shape: (2, 2)"},
		{nil, []string{"schema", "noext"}, 0, "shape: [10]"},
		{nil, []string{"t.csv"}, 0, "shape: (2, 2)"},
		{gz(string(recipes)), []string{"schema", "-"}, 0, "shape: [10]"},
		{zst(csvText), []string{"-", "head", "1"}, 0, "shape: (1, 2)"},
		{gz(string(recipes)), []string{"convert", "-", "out.ndjson"}, 0, ""},
		{nil, []string{"r.zip"}, 1, "r.zip: looks like a zip archive"},
		{nil, []string{"z.csv"}, 1, "z.csv: looks like a zip archive"},
		{nil, []string{"rand.bin"}, 1, "rand.bin: looks like binary data"},
		{[]byte("\x00\x01\x02\x03binary\x00"), []string{"-"}, 1, "standard input: looks like binary data"},
		{nil, []string{"r.parquet.gz"}, 1, "Arrow and Parquet files are read uncompressed"},
		{nil, []string{"gzpq"}, 1, "looks like a Parquet file compressed with gzip"},
		{nil, []string{"convert", "r.json.gz", "x.parquet.gz"}, 2, "written uncompressed"},
	} {
		var out, errOut bytes.Buffer
		wd, _ := os.Getwd()
		if err := os.Chdir(dir); err != nil {
			t.Fatal(err)
		}
		code := run(tc.args, bytes.NewReader(tc.stdin), &out, &errOut, false)
		os.Chdir(wd)
		if code != tc.code {
			t.Errorf("%q: exit %d, want %d (stderr %q)", tc.args, code, tc.code, errOut.String())
			continue
		}
		got := out.String()
		if code != 0 {
			got = errOut.String()
			if strings.Count(got, "\n") != 1 && code == 1 {
				t.Errorf("%q: stderr is not one line: %q", tc.args, got)
			}
		}
		if !strings.Contains(got, tc.want) {
			t.Errorf("%q: output %q lacks %q", tc.args, got, tc.want)
		}
	}
}

// TestCompressedOutput: an output named .gz or .zst is compressed, and
// reads back.
func TestCompressedOutput(t *testing.T) {
	dir := t.TempDir()
	in, err := filepath.Abs("recipes.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"o.ndjson.gz", "o.json.zst", "o.csv.gz"} {
		for _, whole := range []bool{false, true} {
			out := filepath.Join(dir, name)
			wholeOnly = whole
			code, _, errOut := runInProcess("convert", in, out, "select", "id,recipe")
			wholeOnly = false
			if code != 0 {
				t.Fatalf("%s: %s", name, errOut)
			}
			b, _ := os.ReadFile(out)
			if len(b) < 4 || !(b[0] == 0x1f && b[1] == 0x8b) && !bytes.HasPrefix(b, []byte("\x28\xb5\x2f\xfd")) {
				t.Errorf("%s: not compressed: %q", name, b[:min(len(b), 16)])
			}
			code, stdout, errOut := runInProcess("schema", out)
			if code != 0 || !strings.Contains(stdout, "shape: [10]") {
				t.Errorf("%s read back: exit %d, %s%s", name, code, stdout, errOut)
			}
		}
	}
}
