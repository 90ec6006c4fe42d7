package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/io/formats"
	"github.com/structframe/structframe/io/ipc"
	"github.com/structframe/structframe/io/parquet"
)

// runInProcess runs the command in process and returns its status and
// output.
func runInProcess(args ...string) (code int, stdout, stderr string) {
	var out, errOut bytes.Buffer
	code = run(args, strings.NewReader(""), &out, &errOut, false)
	return code, out.String(), errOut.String()
}

// smallBatches makes the JSON and CSV Readers read a few rows at a time
// for the test.
func smallBatches(t *testing.T, rows int) {
	t.Helper()
	old := streamBatchRows
	streamBatchRows = rows
	t.Cleanup(func() { streamBatchRows = old })
}

// streamInputs writes the test inputs, each in several batches: the
// recipes as a JSON array, NDJSON, an Arrow file of 3-row batches and a
// Parquet file of 3-row row groups; a flat table as CSV and TSV; the
// webhook events (deep nesting, nulls in later rows).
func streamInputs(t *testing.T, dir string) []string {
	t.Helper()
	recipes := readAny(t, "recipes.json")
	paths := map[string]func(string) error{
		"recipes.json":   func(p string) error { return copyFile("recipes.json", p) },
		"recipes.ndjson": func(p string) error { return writeFile(p, recipes, formats.NDJSON, nil) },
		"recipes.arrow": func(p string) error {
			t, err := recipes.Tensor()
			if err != nil {
				return err
			}
			var b bytes.Buffer
			if err := ipc.WriteTensor(&b, t, ipc.WithBatchSize(3)); err != nil {
				return err
			}
			return os.WriteFile(p, b.Bytes(), 0o644)
		},
		"recipes.parquet": func(p string) error {
			var b bytes.Buffer
			if err := parquet.Write(&b, recipes, parquet.WithRowGroupRows(3)); err != nil {
				return err
			}
			return os.WriteFile(p, b.Bytes(), 0o644)
		},
		"flat.csv": func(p string) error {
			return writeFile(p, recipes.Select("id", "vegetarian", "recipe"), formats.CSV, nil)
		},
		"flat.tsv": func(p string) error {
			return writeFile(p, recipes.Select("id", "recipe"), formats.TSV, nil)
		},
		"events.ndjson": func(p string) error {
			return copyFile("../../examples/webhooks/testdata/workflow_job.ndjson", p)
		},
	}
	var out []string
	for _, name := range []string{"recipes.json", "recipes.ndjson", "recipes.arrow", "recipes.parquet", "flat.csv", "flat.tsv", "events.ndjson"} {
		p := filepath.Join(dir, name)
		if err := paths[name](p); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		out = append(out, p)
	}
	return out
}

// readFormat reads an Arrow or Parquet file.
func readFormat(path string) (*frame.Frame, error) {
	if formatOf(path) == formats.Arrow {
		return ipc.ReadFile(path)
	}
	return parquet.ReadFile(path)
}

func copyFile(from, to string) error {
	b, err := os.ReadFile(from)
	if err != nil {
		return err
	}
	return os.WriteFile(to, b, 0o644)
}

// TestStreamMatchesWhole runs commands batch by batch (3 rows a batch)
// and on the whole input, and compares what they print: schema (the
// batches' Specs merged), a head through a filter, select and explode,
// describe (numbers compared to 1e-9, see TestStreamDescribe), and errors.
func TestStreamMatchesWhole(t *testing.T) {
	smallBatches(t, 3)
	dir := t.TempDir()
	for _, in := range streamInputs(t, dir) {
		name := filepath.Base(in)
		cmds := [][]string{
			{"schema", in},
			{"head", "-n", "4", in},
			{"head", "-n", "0", in},
			{in, "head", "-n", "7", "head", "-n", "5"},
			{"describe", in},
			{"describe", in, "select", "path,count,n_unique", "filter", "count > 3"},
			{"select", "nosuch", in, "head"},
		}
		if strings.HasPrefix(name, "recipes") {
			cmds = append(cmds,
				[]string{"filter", "vegetarian", in, "schema"},
				[]string{"filter", "len(tags) > 1", in, "select", "id,recipe.title,tags", "head", "-n", "3"},
				[]string{"explode", "ingredients", in, "unnest", "ingredients", "select", "id,name", "head", "-n", "12"},
				[]string{"explode", "ingredients", in, "describe"},
				[]string{"filter", "id > 1000", in, "schema"},
				[]string{"filter", "id > 1000", in, "describe"},
			)
		}
		for _, args := range cmds {
			t.Run(name+"/"+strings.Join(args[:1], ""), func(t *testing.T) {
				code, out, errOut := runInProcess(args...)
				wholeOnly = true
				wcode, wout, werrOut := runInProcess(args...)
				wholeOnly = false
				if code != wcode || errOut != werrOut {
					t.Fatalf("%q: batch by batch: status %d, %q; whole: status %d, %q", args, code, errOut, wcode, werrOut)
				}
				if out != wout && !sameDescribeText(out, wout) {
					t.Errorf("%q: batch by batch:\n%s\nwhole:\n%s", args, out, wout)
				}
			})
		}
	}
}

// sameDescribeText reports whether two printed tables differ only in the
// last digits of numbers, as merged means and deviations may.
func sameDescribeText(a, b string) bool {
	fa, fb := strings.Fields(a), strings.Fields(b)
	if len(fa) != len(fb) {
		return false
	}
	for i := range fa {
		if fa[i] == fb[i] {
			continue
		}
		var x, y float64
		if _, err := fmt.Sscan(fa[i], &x); err != nil {
			return false
		}
		if _, err := fmt.Sscan(fb[i], &y); err != nil {
			return false
		}
		if math.Abs(x-y) > 1e-6*math.Max(1, math.Abs(y)) {
			return false
		}
	}
	return true
}

// TestStreamDescribe compares the describe table merged over batches of
// every size with frame.Describe of the whole: integer columns, min, max
// and the list statistics equal, mean and std to 1e-9.
func TestStreamDescribe(t *testing.T) {
	f := readAny(t, "recipes.json")
	events := readAny(t, "../../examples/webhooks/testdata/workflow_job.ndjson")
	for _, in := range []*frame.Frame{f, events, f.Explode([]string{"ingredients"})} {
		want, err := in.Describe().Tensor()
		if err != nil {
			t.Fatal(err)
		}
		for size := 1; size <= in.NumRows(); size++ {
			var d describer
			for lo := 0; lo < in.NumRows(); lo += size {
				if err := d.add(in.Slice(lo, min(lo+size, in.NumRows()))); err != nil {
					t.Fatal(err)
				}
			}
			got, err := d.frame().Tensor()
			if err != nil {
				t.Fatal(err)
			}
			gv, wv := got.ToValue().([]any), want.ToValue().([]any)
			if len(gv) != len(wv) {
				t.Fatalf("size %d: %d paths, want %d", size, len(gv), len(wv))
			}
			for i := range gv {
				g, w := gv[i].(map[string]any), wv[i].(map[string]any)
				for _, col := range describeColumns {
					gx, wx := g[col], w[col]
					if a, ok := gx.(float64); ok && (col == "mean" || col == "std") {
						b, _ := wx.(float64)
						if math.Abs(a-b) <= 1e-9*math.Max(1, math.Abs(b)) || a != a && b != b {
							continue
						}
					}
					if fmt.Sprint(gx) != fmt.Sprint(wx) {
						t.Errorf("size %d, %s %s: %v, want %v", size, w["path"], col, gx, wx)
					}
				}
			}
		}
	}
}

// TestStreamUniqueCap: past maxUnique distinct values a path's n_unique
// is null, not a count of what fitted.
func TestStreamUniqueCap(t *testing.T) {
	vals := make([]string, 10)
	for i := range vals {
		vals[i] = fmt.Sprint("v", i)
	}
	f := frame.FromColumns([]string{"s"}, vals)
	var d describer
	for lo := 0; lo < 10; lo += 4 {
		if err := d.add(f.Slice(lo, min(lo+4, 10))); err != nil {
			t.Fatal(err)
		}
	}
	if d.paths[0].overflow || len(d.paths[0].unique) != 10 {
		t.Fatalf("10 distinct values: overflow %v, %d counted", d.paths[0].overflow, len(d.paths[0].unique))
	}
	d.paths[0].unique = make(map[uint64]struct{}, maxUnique)
	for i := range maxUnique {
		d.paths[0].unique[uint64(i)+1<<40] = struct{}{}
	}
	if err := d.add(f); err != nil {
		t.Fatal(err)
	}
	if !d.paths[0].overflow || strings.Join(d.overflowed(), ",") != "s" {
		t.Fatal("past the cap: no overflow")
	}
	tt, _ := d.frame().Tensor()
	if v := tt.ToValue().([]any)[0].(map[string]any)["n_unique"]; v != nil {
		t.Errorf("n_unique %v past the cap, want null", v)
	}
}

// TestStreamConvertMatchesWhole converts batch by batch (3-row batches)
// from every input to every format and compares with the whole-input
// conversion: the same bytes for the text formats, the same rows read
// back for Arrow and Parquet.
func TestStreamConvertMatchesWhole(t *testing.T) {
	smallBatches(t, 3)
	dir := t.TempDir()
	for _, in := range streamInputs(t, dir) {
		for _, ext := range []string{"json", "ndjson", "csv", "tsv", "arrow", "parquet"} {
			base := strings.TrimSuffix(filepath.Base(in), filepath.Ext(in))
			out := filepath.Join(dir, fmt.Sprintf("%s-stream.%s", base, ext))
			wout := filepath.Join(dir, fmt.Sprintf("%s-whole.%s", base, ext))
			code, _, errOut := runInProcess("convert", in, out)
			wholeOnly = true
			wcode, _, werrOut := runInProcess("convert", in, wout)
			wholeOnly = false
			if code != wcode || strings.ReplaceAll(errOut, out, wout) != werrOut {
				t.Fatalf("%s to %s: batch by batch: status %d, %q; whole: status %d, %q", in, ext, code, errOut, wcode, werrOut)
			}
			if code != 0 {
				continue
			}
			switch ext {
			case "arrow", "parquet":
				got, err := readFormat(out)
				want, werr := readFormat(wout)
				if err != nil || werr != nil {
					// Both unreadable the same way is the same output.
					if err == nil || werr == nil || strings.ReplaceAll(err.Error(), out, wout) != werr.Error() {
						t.Errorf("%s to %s: read back: batch by batch %v; whole %v", in, ext, err, werr)
					} else {
						t.Logf("%s to %s: neither reads back: %v", in, ext, werr)
					}
					continue
				}
				equalFrames(t, in+" to "+ext, got, want)
			default:
				a, _ := os.ReadFile(out)
				b, _ := os.ReadFile(wout)
				if !bytes.Equal(a, b) {
					t.Errorf("%s to %s: batch by batch:\n%s\nwhole:\n%s", in, ext, a, b)
				}
			}
		}
	}
}

// TestStreamingChoice pins which commands run batch by batch.
func TestStreamingChoice(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want bool
	}{
		{[]string{"schema", "x.json"}, true},
		{[]string{"describe", "x.json"}, true},
		{[]string{"describe", "x.json", "sort", "count"}, true},
		{[]string{"convert", "x.json", "y.parquet"}, true},
		{[]string{"convert", "x.json", "y.parquet", "filter", "a > 1", "select", "a"}, true},
		{[]string{"head", "x.json"}, true},
		{[]string{"x.json"}, false},
		{[]string{"tail", "x.json"}, false},
		{[]string{"sort", "a", "x.json", "head"}, false},
		{[]string{"convert", "x.json", "y.parquet", "sort", "a"}, false},
		{[]string{"filter", "a > mean(a)", "x.json", "head"}, false},
		{[]string{"filter", "a > mean(a)", "x.json", "schema"}, false},
		{[]string{"tail", "x.json", "describe"}, false},
		{[]string{"convert", "x.json", "y.csv", "describe"}, false},
	} {
		p, err := parseArgs(tc.args)
		if err != nil {
			t.Fatal(err)
		}
		if _, got := p.streaming(); got != tc.want {
			t.Errorf("%q: batch by batch %v, want %v", tc.args, got, tc.want)
		}
	}
}

// panicking panics on its first write, as a bug in a writer would.
type panicking struct{}

func (panicking) Write([]byte) (int, error) { panic("injected panic in a writer") }

// TestConvertPanicRemovesTemp: a panic while writing the output removes
// the temporary file (and goes on), leaving no output; an old output
// stays as it was.
func TestConvertPanicRemovesTemp(t *testing.T) {
	old := outputSeam
	outputSeam = func(io.Writer) io.Writer { return panicking{} }
	t.Cleanup(func() { outputSeam = old })
	for _, whole := range []bool{false, true} {
		for _, ext := range []string{"json", "ndjson", "csv", "arrow", "parquet"} {
			dir := t.TempDir()
			in := filepath.Join(dir, "in.json")
			if err := copyFile("recipes.json", in); err != nil {
				t.Fatal(err)
			}
			kept := filepath.Join(dir, "kept."+ext)
			if err := os.WriteFile(kept, []byte("old"), 0o644); err != nil {
				t.Fatal(err)
			}
			for _, out := range []string{filepath.Join(dir, "o."+ext), kept} {
				func() {
					defer func() {
						if r := recover(); r == nil {
							t.Errorf("%s (whole %v): no panic", out, whole)
						}
					}()
					wholeOnly = whole
					defer func() { wholeOnly = false }()
					runInProcess("convert", in, out)
				}()
			}
			entries, _ := os.ReadDir(dir)
			var names []string
			for _, e := range entries {
				names = append(names, e.Name())
			}
			if strings.Join(names, " ") != "in.json kept."+ext {
				t.Errorf("%s (whole %v): files left: %v", ext, whole, names)
			}
			if b, _ := os.ReadFile(kept); string(b) != "old" {
				t.Errorf("%s: the old output was changed: %q", ext, b)
			}
		}
	}
}

// TestSignalRemovesTemp: an interrupt or a termination removes the
// temporary files being written and exits with 128 + the signal.
func TestSignalRemovesTemp(t *testing.T) {
	old := exitOnSignal
	t.Cleanup(func() { exitOnSignal = old })
	for _, tc := range []struct {
		sig  os.Signal
		code int
	}{{os.Interrupt, 130}, {syscall.SIGTERM, 143}} {
		dir := t.TempDir()
		a, b := filepath.Join(dir, ".a.json.1"), filepath.Join(dir, ".b.json.2")
		for _, p := range []string{a, b} {
			if err := os.WriteFile(p, nil, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		removeOnSignal(a)
		forget := removeOnSignal(b)
		forget() // renamed: no longer the command's to remove
		var code int
		exitOnSignal = func(c int) { code = c }
		onSignal(tc.sig)
		if _, err := os.Stat(a); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%v: the temporary file is still there", tc.sig)
		}
		if _, err := os.Stat(b); err != nil {
			t.Errorf("%v: a file forgotten was removed", tc.sig)
		}
		if code != tc.code {
			t.Errorf("%v: exit %d, want %d", tc.sig, code, tc.code)
		}
	}
}

// TestHeadReadsTheStart: a head shows the first rows of a text file
// from its first batch, with no pass over the whole file first: a file
// whose end is not JSON (or whose later cells change type) still shows
// its head, and the rest is never read.
func TestHeadReadsTheStart(t *testing.T) {
	dir := t.TempDir()
	var nd, csvText strings.Builder
	csvText.WriteString("a,b\n")
	for i := range 3000 {
		fmt.Fprintf(&nd, "{\"a\": %d, \"b\": \"x%d\"}\n", i, i)
		fmt.Fprintf(&csvText, "%d,x%d\n", i, i)
	}
	nd.WriteString("{not json at all\n")
	csvText.WriteString("3.5,later\n") // a whole-file pass would type a as float64
	ndPath, csvPath := filepath.Join(dir, "x.ndjson"), filepath.Join(dir, "x.csv")
	if err := os.WriteFile(ndPath, []byte(nd.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(csvPath, []byte(csvText.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{ndPath, csvPath} {
		code, out, errOut := runInProcess("head", "3", path)
		if code != 0 || !strings.Contains(out, "x2") || !strings.Contains(out, "i64") {
			t.Errorf("head 3 %s: status %d\n%s\n%s", filepath.Base(path), code, out, errOut)
		}
	}
	// Reading the whole file still finds the bad line.
	if code, _, _ := runInProcess("tail", "2", ndPath); code == 0 {
		t.Error("tail of a file whose end is not JSON: no error")
	}
}
